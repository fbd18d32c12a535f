import Foundation
import XCTest
@testable import ScrawlCore
@testable import ScrawlStorage

final class ReplayRecorderTests: XCTestCase {
    private var directory = ""

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "scrawl-replay-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    private func bytes(_ path: String) -> [UInt8] { Array(FileManager.default.contents(atPath: path) ?? Data()) }

    private func sample() -> Replay {
        ReplaySample.make(seed: 9)
    }

    func testRecordedFileParsesAndMatchesEncoded() throws {
        let replay = sample()
        let path = directory + "/rec.json"
        let recorder = try ReplayRecorder(path: path, canvas: replay.canvas, seed: replay.seed)
        for event in replay.events { try recorder.record(event) }
        try recorder.close()
        try recorder.close()
        XCTAssertEqual(String(decoding: bytes(path), as: UTF8.self), replay.encoded())
        XCTAssertEqual(try Replay.load(path: path), replay)
        XCTAssertThrowsError(try recorder.record(.frame("late")))
    }

    func testEmptyRecordingAndStamp() throws {
        let path = directory + "/empty.json"
        try ReplayRecorder(path: path, canvas: CanvasSpec(), seed: 3, stamp: "images/star.png").close()
        XCTAssertEqual(try Replay.load(path: path), Replay(seed: 3, stamp: "images/star.png"))
    }

    func testUnterminatedRecordingRecoversCompleteEvents() throws {
        let replay = sample()
        let path = directory + "/crash.json"
        let recorder = try ReplayRecorder(path: path, canvas: replay.canvas, seed: replay.seed)
        try withExtendedLifetime(recorder) {
            for event in replay.events { try recorder.record(event) }
            let written = bytes(path)
            XCTAssertThrowsError(try Replay.parse(written)) { error in
                guard case .invalidJSON(_, _, let message) = error as? ReplayError else { return XCTFail("\(error)") }
                XCTAssertEqual(message, "unexpected end of input")
            }
            XCTAssertEqual(try Replay.load(path: path, allowTruncatedEvents: true), replay)
            // A process killed halfway through writing the last line loses only that event.
            let torn = Array(written.dropLast(9))
            XCTAssertEqual(try Replay.parse(torn, allowTruncatedEvents: true).events, Array(replay.events.dropLast()))
        }
    }

    func testDroppedRecorderFinishesTheFile() throws {
        let path = directory + "/dropped.json"
        do {
            let recorder = try ReplayRecorder(path: path, canvas: CanvasSpec(), seed: 1)
            try recorder.record(.key(KeyPress("a")))
        }
        XCTAssertEqual(try Replay.load(path: path).events, [.key(KeyPress("a"))])
    }

    func testUnwritablePath() {
        XCTAssertThrowsError(try ReplayRecorder(path: directory + "/missing/dir/r.json", canvas: CanvasSpec(), seed: 0)) { error in
            XCTAssertEqual((error as? ReplayWriteError)?.reason, "No such file or directory")
        }
    }
}
