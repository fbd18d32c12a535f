import Foundation
import XCTest
@testable import ScrawlCore
@testable import ScrawlStorage
import ScrawlWorkload

/// `ReplayStream` (what `scrawl render` plays): the same header, events, truncation rule and errors
/// as `Replay.loadRecording`, event by event.
final class ReplayStreamTests: XCTestCase {
    private var dir = ""

    override func setUpWithError() throws {
        dir = NSTemporaryDirectory() + "scrawl-replay-stream-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

    private func write(_ bytes: [UInt8], _ name: String = "r.json") -> String {
        let path = dir + "/" + name
        FileManager.default.createFile(atPath: path, contents: Data(bytes))
        return path
    }

    /// What `loadRecording` gives, or its error, beside what a stream gives (events collected from `play`).
    private enum Outcome: Equatable {
        case replay(Replay, truncated: Bool)
        case failure(ReplayError)
    }

    private func loaded(_ path: String) -> Outcome {
        do {
            let (replay, truncated) = try Replay.loadRecording(path: path)
            return .replay(replay, truncated: truncated)
        } catch { return .failure(error) }
    }

    private func streamed(_ path: String) -> Outcome {
        do {
            let stream = try ReplayStream(path: path)
            var events: [InputEvent] = []
            try stream.play { events.append($0) }
            XCTAssertEqual(stream.header.events, [])
            XCTAssertEqual(stream.eventCount, events.count)
            var replay = stream.header
            replay.events = events
            return .replay(replay, truncated: stream.truncated)
        } catch { return .failure(error) }
    }

    func testSampleAndLargeFilesStreamTheirEvents() {
        let sample = ReplaySample.make(seed: 5)
        let path = write(Array(sample.encoded().utf8))
        XCTAssertEqual(streamed(path), .replay(sample, truncated: false))
        // Over 2 MiB, so the pages read are released (and, on a second pass, read again) as it goes.
        let large = BenchmarkWorkload.replay(strokes: 500, points: 100)
        let bytes = Array(large.encoded().utf8)
        XCTAssertGreaterThan(bytes.count, 3 << 20)
        let largePath = write(bytes, "large.json")
        XCTAssertEqual(streamed(largePath), .replay(large, truncated: false))
        XCTAssertEqual(streamed(largePath), loaded(largePath))
    }

    func testHeaderAfterTheEvents() {
        let text = #"{"events": [{"key": "b"}], "seed": 9, "canvas": {"width": 300, "height": 200}, "version": 1}"#
        let path = write(Array(text.utf8))
        guard case .replay(let replay, false) = streamed(path) else { return XCTFail("\(streamed(path))") }
        XCTAssertEqual(replay.canvas.width, 300)
        XCTAssertEqual(replay.seed, 9)
        XCTAssertEqual(replay.events.count, 1)
    }

    func testEveryTruncationGivesWhatLoadRecordingGives() {
        var replay = ReplaySample.make(seed: 2)
        replay.events = Array(replay.events.prefix(12))
        let bytes = Array(replay.encoded().utf8)
        for cut in 0...bytes.count {
            let path = write(Array(bytes[0..<cut]))
            XCTAssertEqual(streamed(path), loaded(path), "cut at \(cut)")
        }
    }

    func testMutationsGiveWhatLoadRecordingGives() {
        var rng = SplitMix64(seed: 91)
        let base = Array(ReplaySample.make(seed: 3).encoded().utf8)
        let interesting = Array(#"{}[],:"\-.0e9Nx "#.utf8) + [0x00, 0x80, 0xFF]
        for round in 0..<200 {
            var bytes = base
            let i = Int(rng.next() % UInt64(bytes.count))
            switch rng.next() % 3 {
            case 0: bytes[i] = interesting[Int(rng.next() % UInt64(interesting.count))]
            case 1: bytes.remove(at: i)
            default: bytes.insert(interesting[Int(rng.next() % UInt64(interesting.count))], at: i)
            }
            let path = write(bytes)
            XCTAssertEqual(streamed(path), loaded(path), "round \(round)")
        }
    }

    func testProblemsLoadReportsAreReportedAlike() {
        let texts = ["", "  \n", "[]", #"{"version": 2, "events": []}"#, #"{"events": []}"#,
                     #"{"version": 1, "events": [{"key": "a"}, {"touches": []}]}"#,
                     #"{"version": 1, "events": [{"key": "a"}, {"key": "Bad"}, {"key": "b"}"#,
                     #"{"version": 1, "events": [{"key": "a"}], "canvas": {"width": -1}}"#]
        for text in texts {
            let path = write(Array(text.utf8))
            guard case .failure = loaded(path) else { return XCTFail("\(text) loads") }
            XCTAssertEqual(streamed(path), loaded(path), text)
        }
        for path in ["/nonexistent/replay.json", "/", dir] {
            XCTAssertEqual(streamed(path), loaded(path), path)
        }
    }
    /// A replay truncated by another process between the passes (re-recorded into the same name):
    /// the second pass reads zero bytes past the new end instead of dying of SIGBUS, hands on no
    /// event past the cut, and `play` says the file changed. Grown or rewritten: the same error
    /// once the pass ends (the mapped bytes were still whole).
    func testFileTruncatedOrRewrittenBetweenThePassesIsAnErrorNotACrash() throws {
        let text = BenchmarkWorkload.replay(strokes: 300, points: 60).encoded()
        for change in ["truncate", "grow", "rewrite"] {
            let path = write(Array(text.utf8), change + ".json")
            let stream = try ReplayStream(path: path)
            let handle = try XCTUnwrap(FileHandle(forUpdatingAtPath: path))
            switch change {
            case "truncate": try handle.truncate(atOffset: 1000)
            case "grow": try handle.seekToEnd(); try handle.write(contentsOf: Data("  ".utf8))
            default: try handle.write(contentsOf: Data("{".utf8))  // same size, new modification time
            }
            try handle.close()
            if change == "rewrite" { usleep(20_000); _ = utime(path, nil) }
            var handed = 0
            XCTAssertThrowsError(try stream.play { _ in handed += 1 }, change) { error in
                XCTAssertEqual(error as? ReplayError, .unreadable(reason: "it changed while it was being read"), change)
            }
            if change == "truncate" { XCTAssertLessThan(handed, stream.eventCount, "none after the cut") }
        }
    }
}
