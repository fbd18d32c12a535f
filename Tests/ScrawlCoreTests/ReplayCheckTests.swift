import Foundation
import XCTest
@testable import ScrawlCore
import ScrawlWorkload

/// `Replay.check` (the first pass of `scrawl render`, which builds no event) against the building
/// decoder: for any input both accept (with the same header and event count) or both reject with the
/// same error, strict and as a cut recording.
enum ReplayCheckAgreement {
    /// Fails the calling test unless `check` and `parse` agree on `bytes`, both ways of truncation.
    static func assertAgree(_ bytes: [UInt8], _ context: @autoclosure () -> String = "",
                            file: StaticString = #filePath, line: UInt = #line) {
        for cut in [false, true] {
            let built = Result { () throws(ReplayError) in try Replay.parse(bytes, allowTruncatedEvents: cut) }
            let checked = Result { () throws(ReplayError) in
                try bytes.withUnsafeBufferPointer { (b) throws(ReplayError) in try Replay.check(b, allowTruncatedEvents: cut) }
            }
            switch (built, checked) {
            case (.success(let replay), .success(let (header, count))):
                var expected = replay
                expected.events = []
                XCTAssertEqual(header, expected, "\(context()) cut: \(cut)", file: file, line: line)
                XCTAssertEqual(count, replay.events.count, "\(context()) cut: \(cut)", file: file, line: line)
            case (.failure(let a), .failure(let b)):
                XCTAssertEqual(b.message(file: "r"), a.message(file: "r"), "\(context()) cut: \(cut)", file: file, line: line)
                XCTAssertEqual(b, a, "\(context()) cut: \(cut)", file: file, line: line)
            default:
                XCTFail("\(context()) cut: \(cut): parse gives \(built), check gives \(checked)", file: file, line: line)
            }
        }
    }
}

final class ReplayCheckTests: XCTestCase {
    /// Every edge case, a few strokes, colour events and a stamp: every event kind and field.
    private static func sample() -> Replay {
        var replay = ReplayWorkload.make(strokes: 3, points: 4, seed: 5)
        replay.stamp = "st\u{e9}mp.png"
        replay.events += ReplayEdgeCases.events(seed: 9)
        replay.events += [.color(.stroke(.red)), .color(.fill(Color(r: 1, g: 2, b: 3, a: 4))), .color(.fill(nil))]
        return replay
    }

    /// The sample's events less most of its one-touch moves (alike but for their numbers): the
    /// inputs of the every-byte and mutation tests, which would be slow on all of them.
    private static func distinctEvents() -> [InputEvent] {
        sample().events.enumerated().filter { i, event in
            if case .touches(let touches) = event, touches.count == 1 { return i % 25 == 0 }
            return true
        }.map(\.element)
    }

    private static let interesting = Array(#"{}[],:"\-.0e9Nxnlu "#.utf8) + [0x00, 0x0A, 0x80, 0xC3, 0xFF]

    func testValidReplaysAreAcceptedAlike() throws {
        let replay = Self.sample()
        let bytes = Array(replay.encoded().utf8)
        ReplayCheckAgreement.assertAgree(bytes, "sample")
        let (header, count) = try bytes.withUnsafeBufferPointer { (b) throws(ReplayError) in
            try Replay.check(b, allowTruncatedEvents: false)
        }
        XCTAssertEqual(count, replay.events.count)
        XCTAssertEqual(header.stamp, replay.stamp)
        XCTAssertEqual(header.events, [])
    }

    func testProgressFollowsEachEvent() throws {
        let bytes = Array(Self.sample().encoded().utf8)
        var offsets: [Int] = []
        let (_, count) = try bytes.withUnsafeBufferPointer { (b) throws(ReplayError) in
            try Replay.check(b, allowTruncatedEvents: false) { offsets.append($0) }
        }
        var handed: [Int] = []
        _ = try bytes.withUnsafeBufferPointer { (b) throws(ReplayError) in
            try Replay.decode(b, allowTruncatedEvents: false) { _, offset in handed.append(offset) }
        }
        XCTAssertEqual(offsets.count, count)
        XCTAssertEqual(offsets, handed)
    }

    /// Each edge-case event alone, whole and cut at every byte.
    func testEachEdgeCaseWholeAndCutAtEveryByte() {
        for (i, event) in Self.distinctEvents().enumerated() {
            let bytes = Array(Replay(seed: 3, events: [.key(KeyPress("a")), event]).encoded().utf8)
            for cut in 0...bytes.count {
                ReplayCheckAgreement.assertAgree(Array(bytes[0..<cut]), "event \(i) cut at \(cut)")
            }
        }
    }

    func testRandomTruncations() {
        var rng = SplitMix64(seed: 17)
        let bytes = Array(Replay(seed: 1, stamp: "s.png", events: Self.distinctEvents()).encoded().utf8)
        for _ in 0..<200 {
            let cut = Int(rng.next() % UInt64(bytes.count + 1))
            ReplayCheckAgreement.assertAgree(Array(bytes[0..<cut]), "cut at \(cut)")
        }
    }

    /// One byte replaced, removed or inserted, anywhere in a valid replay (and in each event alone).
    func testRandomSingleByteMutations() {
        var rng = SplitMix64(seed: 29)
        let events = Self.distinctEvents()
        let whole = Array(Replay(seed: 1, stamp: "s.png", events: events).encoded().utf8)
        let singles = events.map { Array(Replay(events: [$0]).encoded().utf8) }
        for round in 0..<3_000 {
            var bytes = round % 10 == 0 ? whole : singles[Int(rng.next() % UInt64(singles.count))]
            let i = Int(rng.next() % UInt64(bytes.count))
            let byte = rng.next() % 4 == 0 ? UInt8(truncatingIfNeeded: rng.next())
                : Self.interesting[Int(rng.next() % UInt64(Self.interesting.count))]
            switch rng.next() % 3 {
            case 0: bytes[i] = byte
            case 1: bytes.remove(at: i)
            default: bytes.insert(byte, at: i)
            }
            ReplayCheckAgreement.assertAgree(bytes, "round \(round): \(String(decoding: bytes, as: UTF8.self).prefix(200))")
        }
    }

    /// Problems in the header around the events (precedence, version, canvas, seed, stamp) and a few
    /// in events that the hooked helpers of the other replay tests do not see.
    func testHandWrittenProblems() {
        let texts = [
            #"{"events": [{"key": "b"}], "seed": 9, "canvas": {"width": 300, "height": 200}, "version": 1}"#,
            #"{"events": [{"key": "Q"}], "version": 3}"#, #"{"events": [{"key": "Q"}], "version": "1"}"#,
            #"{"version": 1, "events": [{"key": "Q"}], "canvas": {"width": "x"}}"#,
            #"{"canvas": {"width": "x"}, "version": 1, "events": [{"key": "Q"}]}"#,
            #"{"version": 1, "seed": -1, "events": [{"touches": []}]}"#,
            #"{"version": 1, "stamp": 3, "events": [{"key": "a"}, {"ke"#,
            #"{"version": 1, "events": [{"key": "a"}], "canvas": {"width": 1"#,
            #"{"version": 1, "events": [{"key": "a"}, {"key": "Bad"}, {"key": "b"}"#,
            #"{"version": 1, "events": [{"key": "a"}, {"key": "b"} x"#, #"{"events": [{"key": "a"}"#,
            "", " \n", "[1]", "{}", #"{"version": 1}"#, #"{"version": 1, "events": {}}"#,
            #"{"version": 1, "events": [{"paste": 3}]}"#, #"{"version": 1, "events": [{"frame": "a b"}, {"key": 1}]}"#,
            #"{"version": 1, "events": [{"touches": [{"id": 0, "phase": "moved", "x": 1, "y": 2, "alt": 1}]}]}"#,
        ]
        for text in texts { ReplayCheckAgreement.assertAgree(Array(text.utf8), text) }
    }

    /// The seed corpus of `make fuzz`'s replay target.
    func testFuzzCorpusFiles() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Fuzz/Corpus/replay").standardizedFileURL.path
        let names = try FileManager.default.contentsOfDirectory(atPath: folder)
        XCTAssertFalse(names.isEmpty)
        for name in names {
            let data = try XCTUnwrap(FileManager.default.contents(atPath: folder + "/" + name))
            ReplayCheckAgreement.assertAgree(Array(data), name)
        }
    }
}
