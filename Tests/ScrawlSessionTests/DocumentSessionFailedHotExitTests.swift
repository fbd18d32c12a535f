import Foundation
import XCTest
import ScrawlCore
import ScrawlSession
@testable import ScrawlStorage

/// A hot exit that cannot reach the disk: autosave goes on, and the journal it closed never comes
/// back as a second session once the drawing is safe.
final class DocumentSessionFailedHotExitTests: XCTestCase {
    override func tearDown() { StorageFaults.clear() }

    /// The next write to a journal file fails once (the hot exit's marker).
    private func failNextJournalWrite(_ s: DocumentSession) {
        s.journal?.waitForBackgroundWork()
        StorageFaults.inject(.write, ENOSPC, path: "journal-", times: 1)
    }

    /// Nowhere to save and the hot exit fails: the quit is refused, autosave still holds the drawing,
    /// and the next quit keeps it with one session left, not two.
    func testARefusedQuitStillHasAJournalAndTheNextHotExitLeavesOneSession() throws {
        let box = try SessionSandbox()
        box.variables["XDG_PICTURES_DIR"] = box.blocked + "/pics"
        box.variables["HOME"] = box.blocked + "/home"
        box.variables["TMPDIR"] = box.blocked + "/tmp"
        let s = try box.start()
        s.draw(2)
        failNextJournalWrite(s)
        XCTAssertFalse(s.quit(), "the hot exit failed and no folder works")
        XCTAssertNotNil(s.journal, "autosave starts again after a refused quit")
        XCTAssertNil(s.currentAutosaveProblem)
        s.draw(1)
        XCTAssertEqual(s.journal?.drawables.count, 3, "and follows the drawing")
        XCTAssertTrue(s.quit(), "this hot exit works")
        XCTAssertEqual(box.sessions.count, 1, "the journal the failed hot exit closed is gone")
        let next = try box.start()
        XCTAssertEqual(next.editor.displayList.count, 3)
        XCTAssertEqual(box.sessions.count, 1)
    }

    /// Opening a file when the hot exit fails and no folder works: the open is refused and autosave
    /// goes on.
    func testARefusedOpenStillHasAJournal() throws {
        let box = try SessionSandbox()
        let a = box.root + "/docs/a.scrawl"
        try box.makeDocument(a, count: 1)
        box.variables["XDG_PICTURES_DIR"] = box.blocked + "/pics"
        box.variables["HOME"] = box.blocked + "/home"
        let s = try box.start()
        s.draw(2)
        failNextJournalWrite(s)
        XCTAssertFalse(s.open(a))
        XCTAssertNil(s.documentPath)
        XCTAssertNotNil(s.journal, "autosave starts again after a refused open")
        XCTAssertNil(s.currentAutosaveProblem)
        s.crash()
        XCTAssertEqual(try box.start().editor.displayList.count, 2, "a crash now loses nothing")
    }

    /// Opening a file when the hot exit fails: the drawing goes to the pictures folder, and the
    /// journal that held it is removed at once (it would come back as a duplicate of a saved drawing).
    func testAnOpenThatSavedTheDrawingRemovesTheAbandonedJournal() throws {
        let box = try SessionSandbox()
        let a = box.root + "/docs/a.scrawl"
        try box.makeDocument(a, count: 1)
        let s = try box.start()
        s.draw(2)
        failNextJournalWrite(s)
        XCTAssertTrue(s.open(a))
        XCTAssertEqual(box.documents(in: "pics").count, 1, "saved to the pictures folder")
        XCTAssertEqual(box.sessions.count, 1, "only the journal of the opened file")
        s.crash()
        let next = try box.start()
        XCTAssertEqual(next.documentPath, a)
        XCTAssertEqual(box.sessions.count, 1)
    }
}
