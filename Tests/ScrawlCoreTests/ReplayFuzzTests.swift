import XCTest
@testable import ScrawlCore

/// Truncations, garbage and mutations: nothing may crash, and only `allowTruncatedEvents` may
/// turn a truncated file into a (prefix) replay.
final class ReplayFuzzTests: XCTestCase {
    private func sample() -> Replay {
        var replay = ReplayWorkload.make(strokes: 3, points: 4, seed: 3)
        replay.stamp = "s\u{e9}.png"
        replay.events += [.frame("end"), .touches([Touch(id: 1, phase: .moved, location: Point(0.1, -7e-9), shift: true),
                                                   Touch(id: 2, phase: .cancelled, location: Point(1e6, 12))])]
        return replay
    }

    /// The byte offset just past each event's closing brace in canonical text.
    private func eventEnds(_ bytes: [UInt8]) -> [Int] {
        var ends: [Int] = []
        var lineStart = 0
        for (i, c) in bytes.enumerated() where c == 0x0A {
            if lineStart > 0 && bytes[lineStart] == UInt8(ascii: "{") {
                ends.append(bytes[i - 1] == UInt8(ascii: ",") ? i - 1 : i)
            }
            lineStart = i + 1
        }
        return ends
    }

    func testEveryTruncation() throws {
        let replay = sample()
        let bytes = Array(replay.encoded().utf8)
        let ends = eventEnds(bytes)
        XCTAssertEqual(ends.count, replay.events.count)
        let eventsStart = (bytes.firstIndex(of: UInt8(ascii: "[")) ?? 0) + 1
        let contentEnd = (bytes.lastIndex(of: UInt8(ascii: "}")) ?? 0) + 1
        for cut in 0..<bytes.count {
            let prefix = Array(bytes[0..<cut])
            if cut < contentEnd {
                XCTAssertThrowsError(try Replay.parse(prefix), "cut at \(cut)")
            }
            do {
                let recovered = try Replay.parse(prefix, allowTruncatedEvents: true)
                XCTAssertGreaterThanOrEqual(cut, eventsStart, "cut at \(cut)")
                let complete = ends.filter { $0 <= cut }.count
                XCTAssertEqual(recovered.events, Array(replay.events.prefix(complete)), "cut at \(cut)")
                XCTAssertEqual(recovered.canvas, replay.canvas)
                XCTAssertEqual(recovered.seed, replay.seed)
            } catch {
                XCTAssertLessThan(cut, eventsStart, "cut at \(cut): \(error)")
            }
        }
        XCTAssertEqual(try Replay.parse(bytes, allowTruncatedEvents: true), replay)
    }

    func testTruncationsOfHandWrittenFile() {
        let bytes = Array(ReplayParseTests.example.utf8)
        for cut in 0..<bytes.count {
            XCTAssertThrowsError(try Replay.parse(Array(bytes[0..<cut])))
            _ = try? Replay.parse(Array(bytes[0..<cut]), allowTruncatedEvents: true)
        }
    }

    func testTruncationStillReportsRealProblems() {
        let text = #"{"version": 1, "events": [{"key": "a"}, {"key": "Bad"}, {"key": "b"}"#
        XCTAssertThrowsError(try Replay.parse(Array(text.utf8), allowTruncatedEvents: true)) { error in
            XCTAssertEqual(error as? ReplayError, .event(index: 1, problem: #""key" is not a valid key name: "Bad""#))
        }
        let garbage = #"{"version": 1, "events": [{"key": "a"}, {"key": "b"} x"#
        XCTAssertThrowsError(try Replay.parse(Array(garbage.utf8), allowTruncatedEvents: true)) { error in
            guard case .invalidJSON = error as? ReplayError else { return XCTFail("\(error)") }
        }
        let badCanvas = #"{"version": 1, "canvas": {"width": "1"}, "events": [{"key": "a"}, {"ke"#
        XCTAssertThrowsError(try Replay.parse(Array(badCanvas.utf8), allowTruncatedEvents: true)) { error in
            XCTAssertEqual(error as? ReplayError, .field(path: "canvas.width", problem: "must be a number"))
        }
        let noVersion = #"{"events": [{"key": "a"}"#
        XCTAssertThrowsError(try Replay.parse(Array(noVersion.utf8), allowTruncatedEvents: true))
        let afterEvents = #"{"version": 1, "events": [{"key": "a"}], "canvas": {"width": 1"#
        XCTAssertThrowsError(try Replay.parse(Array(afterEvents.utf8), allowTruncatedEvents: true))
    }

    func testRandomGarbage() {
        var rng = SplitMix64(seed: 2024)
        let alphabet = Array(#"{}[]:,"\ 0123456789.eE+-truefalsnNaIfiy#keytouchesframeidphasexyversion"#.utf8) + [0x0A, 0xC3, 0xA9, 0xFF]
        for _ in 0..<5_000 {
            let length = Int(rng.next() % 80)
            let random = (0..<length).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            XCTAssertThrowsError(try Replay.parse(random))
            ReplayCheckAgreement.assertAgree(random)
            let tokens = (0..<length).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] }
            _ = try? Replay.parse(tokens, allowTruncatedEvents: rng.next() % 2 == 0)
            ReplayCheckAgreement.assertAgree(tokens)
        }
    }

    func testMutationsOfAValidFile() {
        var rng = SplitMix64(seed: 77)
        let base = Array(sample().encoded().utf8)
        let interesting = Array(#"{}[],:"\-.0e9Nx "#.utf8) + [0x00, 0x80, 0xFF]
        for _ in 0..<3_000 {
            var bytes = base
            for _ in 0..<(1 + Int(rng.next() % 4)) {
                let i = Int(rng.next() % UInt64(bytes.count))
                switch rng.next() % 3 {
                case 0: bytes[i] = interesting[Int(rng.next() % UInt64(interesting.count))]
                case 1: bytes.remove(at: i)
                default: bytes.insert(interesting[Int(rng.next() % UInt64(interesting.count))], at: i)
                }
            }
            if let replay = try? Replay.parse(bytes, allowTruncatedEvents: rng.next() % 2 == 0) {
                XCTAssertEqual(try? Replay.parse(Array(replay.encoded().utf8)), replay)
            }
        }
    }

    func testDeepNestingEverywhere() {
        for template in [#"{"version": 1, "events": [X]}"#, #"{"version": 1, "events": [{"key": "a", "x": X}]}"#,
                         #"{"version": 1, "canvas": X, "events": []}"#, "X"] {
            for bomb in [String(repeating: "[", count: 100_000), String(repeating: "{\"a\":", count: 50_000),
                         String(repeating: "[", count: 70) + String(repeating: "]", count: 70)] {
                let text = template.replacingOccurrences(of: "X", with: bomb)
                XCTAssertThrowsError(try Replay.parse(Array(text.utf8), allowTruncatedEvents: true))
                ReplayCheckAgreement.assertAgree(Array(text.utf8))
            }
        }
    }
}
