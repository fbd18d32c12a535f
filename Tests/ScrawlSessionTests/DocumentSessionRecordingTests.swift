import Foundation
import XCTest
import ScrawlCore
import ScrawlSession
import ScrawlStorage

/// While a session records its input (`--record`): Open is refused (a replay cannot swap the
/// drawing), a start with drawings and a changed stamp are said, and a failing recording stops.
final class DocumentSessionRecordingTests: XCTestCase {
    private func recorder(_ box: SessionSandbox) throws -> ReplayRecorder {
        try ReplayRecorder(path: box.root + "/tmp/rec.json", canvas: CanvasSpec(width: 300, height: 200), seed: 1)
    }

    func testOpenIsRefusedWhileRecording() throws {
        let box = try SessionSandbox()
        let a = box.root + "/docs/a.scrawl", b = box.root + "/docs/b.scrawl"
        try box.makeDocument(a, count: 1)
        try box.makeDocument(b, count: 2)
        let s = try box.start(a)
        _ = s.takeNotices()
        s.record(to: try recorder(box))
        XCTAssertTrue(s.isRecording)
        _ = s.takeNotices()
        XCTAssertFalse(s.open(b))
        XCTAssertEqual(s.takeNotices(), [.openRefusedWhileRecording])
        XCTAssertEqual(s.documentPath, a)
        XCTAssertEqual(s.editor.displayList.count, 1)
        XCTAssertFalse(s.mayOpen(), "the chooser is not even shown")
        let refusal = SessionNotice.openRefusedWhileRecording
        XCTAssertEqual(refusal.standardError, "Open is not available while recording (--record): the replay could not reproduce it")
        XCTAssertEqual(refusal.toast(box.environment)?.isError, true)

        s.finishRecording()
        XCTAssertTrue(s.mayOpen())
        XCTAssertTrue(s.open(b))
        XCTAssertEqual(s.editor.displayList.count, 2)
    }

    func testARecordingOfASessionThatStartsWithDrawingsSaysItLacksThem() throws {
        let box = try SessionSandbox()
        let a = box.root + "/docs/a.scrawl"
        try box.makeDocument(a, count: 3)
        let s = try box.start(a)
        _ = s.takeNotices()
        s.record(to: try recorder(box))
        XCTAssertEqual(s.takeNotices(), [.recordingOmitsStart(count: DrawingCount(strokes: 3))])

        let empty = try box.start()
        _ = empty.takeNotices()
        empty.record(to: try recorder(box))
        XCTAssertEqual(empty.takeNotices(), [])
    }

    func testTheRecordingHoldsTheEventsAndAFailedWriteStopsIt() throws {
        let box = try SessionSandbox()
        let s = try box.start()
        let r = try recorder(box)
        s.record(to: r)
        s.record(.key(KeyPress("l")))
        s.record(.frame("one"))
        s.finishRecording()
        XCTAssertFalse(s.isRecording)
        XCTAssertEqual(try Replay.load(path: r.path).events, [.key(KeyPress("l")), .frame("one")])

        let closed = try recorder(box)
        try closed.close()
        s.record(to: closed)
        s.record(.frame("lost"))
        guard case .recordingStopped? = s.takeNotices().first else { return XCTFail("the failure is said") }
        XCTAssertFalse(s.isRecording, "the session goes on without the recording")
        s.record(.frame("lost too"))
        XCTAssertEqual(s.takeNotices(), [], "said once")
        XCTAssertTrue(s.mayOpen())
    }

    func testAStampDroppedWhileRecordingIsSaidNotToBeInTheRecording() throws {
        let box = try SessionSandbox()
        let s = try box.start()
        _ = s.takeNotices()
        let image = RasterImage.defaultStamp
        s.useStamp(image, from: "/pics/star.png")
        XCTAssertEqual(s.takeNotices(), [.stamp(path: "/pics/star.png")])
        s.record(to: try recorder(box))
        s.useStamp(image, from: "/pics/star.png")
        XCTAssertEqual(s.takeNotices(), [.stamp(path: "/pics/star.png"), .stampNotRecorded(path: "/pics/star.png")])
    }
}
