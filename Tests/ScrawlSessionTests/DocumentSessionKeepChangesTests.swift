import Foundation
import XCTest
import ScrawlCore
import ScrawlSession
import ScrawlStorage

/// A quit (or an Open) never writes an opened file's unsaved changes into it: they stay in the
/// autosave folder and come back, marked unsaved, at the next start or when the file is opened
/// again, until ctrl+s writes them or Revert to saved drops them (as VS Code's hot exit and the
/// GNOME apps do).
final class DocumentSessionKeepChangesTests: XCTestCase {
    private func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    func testQuittingADocumentWithUnsavedChangesLeavesTheFileAsSavedAndKeepsTheChanges() throws {
        let box = try SessionSandbox()
        let doc = box.root + "/docs/d.scrawl"
        try box.makeDocument(doc, count: 2)
        let before = try bytes(doc)
        let s = try box.start(doc)
        s.draw(3)
        _ = s.takeNotices()
        XCTAssertTrue(s.quit())
        let notices = s.takeNotices()
        XCTAssertEqual(notices, [.keptForNextStart(document: doc)])
        XCTAssertTrue(notices[0].standardOutput?.contains("d.scrawl stay in the autosave folder") == true, "\(notices)")
        XCTAssertNotNil(notices[0].toast(box.environment), "the window says so")
        XCTAssertEqual(try bytes(doc), before, "the file is as it was saved")
        XCTAssertEqual(box.sessions.count, 1, "the changes are in the state folder")
        XCTAssertEqual(box.documents(in: "pics"), [])

        let next = try box.start()
        XCTAssertEqual(next.documentPath, doc, "they come back as the document's")
        XCTAssertEqual(next.editor.displayList.count, 5)
        XCTAssertTrue(next.hasUnsavedChanges, "marked unsaved until ctrl+s")
        XCTAssertFalse(next.recovered, "a hot exit is not a crash")
        XCTAssertTrue(next.editor.displayList.canUndo, "with their undo history")
        XCTAssertEqual(next.takeNotices(), [.hotExitRestored(count: DrawingCount(strokes: 5), document: doc)])
        XCTAssertTrue(next.save())
        XCTAssertEqual(try box.drawables(doc), 5, "ctrl+s writes them")
        XCTAssertFalse(next.hasUnsavedChanges)
        XCTAssertTrue(next.quit())
        XCTAssertEqual(box.sessions, [], "saved: nothing left to keep")
    }

    /// `scrawl FILE` finds the changes kept for FILE even when another drawing was kept after them.
    func testStartingWithTheFileBringsItsKeptChangesBackPastNewerSessions() throws {
        let box = try SessionSandbox()
        let a = box.root + "/docs/a.scrawl", b = box.root + "/docs/b.scrawl"
        try box.makeDocument(a, count: 1)
        try box.makeDocument(b, count: 1)
        let s = try box.start(a)
        s.draw(2)
        XCTAssertTrue(s.quit())
        let t = try box.start(b)
        t.draw(4)
        XCTAssertTrue(t.quit())
        XCTAssertEqual(box.sessions.count, 2)

        let again = try box.start(a)
        XCTAssertEqual(again.documentPath, a)
        XCTAssertEqual(again.editor.displayList.count, 3, "a's changes, not b's newer ones")
        XCTAssertTrue(again.hasUnsavedChanges)
        XCTAssertEqual(again.takeNotices(), [.hotExitRestored(count: DrawingCount(strokes: 3), document: a)])
        XCTAssertTrue(again.quit())
        let other = try box.start(b)
        XCTAssertEqual(other.editor.displayList.count, 5, "b's are still kept for b")
        XCTAssertTrue(other.quit())
    }

    /// Opening another file keeps the current file's changes as a quit does; opening it again
    /// brings them back, with their history.
    func testOpeningTheFileAgainBringsItsKeptChangesBack() throws {
        let box = try SessionSandbox()
        let a = box.root + "/docs/a.scrawl", b = box.root + "/docs/b.scrawl"
        try box.makeDocument(a, count: 1)
        try box.makeDocument(b, count: 2)
        let before = try bytes(a)
        let s = try box.start(a)
        s.draw(2)
        _ = s.takeNotices()
        XCTAssertTrue(s.open(b))
        XCTAssertTrue(s.takeNotices().contains(.keptForNextStart(document: a)))
        XCTAssertEqual(try bytes(a), before, "a is not written")
        XCTAssertFalse(s.hasUnsavedChanges, "b as it is on disk")
        XCTAssertTrue(s.open(a))
        XCTAssertEqual(s.documentPath, a)
        XCTAssertEqual(s.editor.displayList.count, 3)
        XCTAssertTrue(s.hasUnsavedChanges)
        XCTAssertTrue(s.takeNotices().contains(.hotExitRestored(count: DrawingCount(strokes: 3), document: a)))
        s.editor.undo()
        XCTAssertEqual(s.editor.displayList.count, 2, "the history came back too")
        XCTAssertTrue(s.quit())
        XCTAssertEqual(try bytes(a), before)
    }

    /// Opening the file being edited leaves its unsaved changes as they are (nothing is written,
    /// nothing reread) and says so.
    func testOpeningTheFileBeingEditedKeepsItsUnsavedChanges() throws {
        let box = try SessionSandbox()
        let a = box.root + "/docs/a.scrawl"
        try box.makeDocument(a, count: 1)
        let s = try box.start(a)
        s.draw(2)
        XCTAssertTrue(s.save())
        s.draw(1)
        let before = try bytes(a)
        _ = s.takeNotices()
        XCTAssertFalse(s.open(box.root + "/docs/../docs/a.scrawl"), "nothing was replaced")
        XCTAssertEqual(s.takeNotices(), [.alreadyOpen(path: a)])
        XCTAssertEqual(s.editor.displayList.count, 4, "every stroke stays")
        XCTAssertTrue(s.hasUnsavedChanges)
        XCTAssertEqual(try bytes(a), before, "and the file is not written")
        XCTAssertTrue(s.editor.displayList.canUndo)
        XCTAssertTrue(s.save())
        XCTAssertEqual(try box.drawables(a), 4)
        XCTAssertTrue(s.quit())
        XCTAssertEqual(box.sessions, [])
    }

    /// Revert to saved drops the unsaved changes as one undo step: undo brings them back (marked
    /// unsaved again), redo reverts again (saved again).
    func testRevertToSavedIsOneUndoStep() throws {
        let box = try SessionSandbox()
        let doc = box.root + "/docs/d.scrawl"
        try box.makeDocument(doc, count: 2)
        let s = try box.start(doc)
        let saved = s.editor.displayList.drawables
        s.draw(3)
        _ = s.takeNotices()
        XCTAssertTrue(s.revert())
        XCTAssertEqual(s.takeNotices(), [.reverted(path: doc)])
        XCTAssertEqual(s.editor.displayList.drawables, saved)
        XCTAssertFalse(s.hasUnsavedChanges)
        s.editor.undo()
        XCTAssertEqual(s.editor.displayList.count, 5, "undo brings the changes back")
        XCTAssertTrue(s.hasUnsavedChanges)
        s.editor.redo()
        XCTAssertEqual(s.editor.displayList.count, 2)
        XCTAssertFalse(s.hasUnsavedChanges)
        XCTAssertFalse(s.revert(), "nothing to revert")
        XCTAssertEqual(s.takeNotices(), [.revertRefused(reason: "d.scrawl has no unsaved changes")])
        XCTAssertTrue(s.quit())
        XCTAssertEqual(try box.drawables(doc), 2)
        XCTAssertEqual(box.sessions, [])
    }

    /// The changes kept at a quit can be reverted after the restart too, and a revert never
    /// writes the file; an untitled drawing has nothing to revert to.
    func testKeptChangesCanBeRevertedAfterARestart() throws {
        let box = try SessionSandbox()
        let doc = box.root + "/docs/d.scrawl"
        try box.makeDocument(doc, count: 1)
        let s = try box.start(doc)
        s.draw(2)
        XCTAssertTrue(s.quit())
        let next = try box.start(doc)
        XCTAssertTrue(next.hasUnsavedChanges)
        XCTAssertTrue(next.revert())
        XCTAssertEqual(next.editor.displayList.count, 1)
        XCTAssertFalse(next.hasUnsavedChanges)
        XCTAssertTrue(next.quit())
        XCTAssertEqual(box.sessions, [], "reverted: nothing left to keep")
        let untitled = try box.start()
        untitled.draw(1)
        _ = untitled.takeNotices()
        XCTAssertFalse(untitled.revert())
        XCTAssertEqual(untitled.takeNotices(), [.revertRefused(reason: "this drawing has no file yet (ctrl+s saves it)")])
        XCTAssertEqual(untitled.editor.displayList.count, 1)
    }

    /// Opening a PNG does what `scrawl PICTURE.png` does: a new untitled drawing with the picture
    /// as the stamp (the current one kept first, as at a quit).
    func testOpeningAPictureStartsANewDrawingWithItAsTheStamp() throws {
        let box = try SessionSandbox()
        let doc = box.root + "/docs/d.scrawl", png = box.root + "/docs/pic.png"
        try box.makeDocument(doc, count: 1)
        try PNGCodec.write(rgba: [UInt8](repeating: 90, count: 7 * 3 * 4), width: 7, height: 3, to: png)
        let s = try box.start(doc)
        s.draw(1)
        _ = s.takeNotices()
        XCTAssertTrue(s.open(png))
        XCTAssertNil(s.documentPath)
        XCTAssertTrue(s.editor.displayList.isEmpty)
        XCTAssertEqual(s.editor.stampImage.width, 7)
        XCTAssertEqual(s.editor.stampImage.height, 3)
        let notices = s.takeNotices()
        XCTAssertTrue(notices.contains(.stamp(path: png)), "\(notices)")
        XCTAssertTrue(notices.contains(.keptForNextStart(document: doc)), "\(notices)")
        XCTAssertFalse(notices.contains { $0.standardError?.contains("JSON") == true }, "\(notices)")
        XCTAssertTrue(s.quit())
    }
}

/// A cleared or emptied drawing with an undo history is a changed drawing: nothing a slip of the
/// keyboard did is lost at a quit.
final class DocumentSessionClearedTests: XCTestCase {
    func testAClearedUntitledDrawingIsKeptWithItsHistory() throws {
        let box = try SessionSandbox()
        let s = try box.start()
        s.draw(3)
        s.editor.clear()
        s.autosave()
        XCTAssertTrue(s.editor.displayList.isEmpty)
        XCTAssertTrue(s.hasUnsavedChanges, "the title keeps its mark")
        XCTAssertTrue(s.quit())
        XCTAssertEqual(box.sessions.count, 1, "the cleared drawing is kept")

        let next = try box.start()
        XCTAssertTrue(next.editor.displayList.isEmpty)
        XCTAssertTrue(next.hasUnsavedChanges)
        let notices = next.takeNotices()
        XCTAssertEqual(notices, [.hotExitRestored(count: DrawingCount(), document: nil)])
        XCTAssertTrue(notices[0].toast(box.environment)?.text.contains("ctrl+z") == true, "\(notices)")
        next.editor.undo()
        XCTAssertEqual(next.editor.displayList.count, 3, "ctrl+z after the restart brings the strokes back")
        XCTAssertTrue(next.quit())
    }

    /// Erasing everything stroke by stroke is the same.
    func testAnUntitledDrawingEmptiedByEditsIsKept() throws {
        let box = try SessionSandbox()
        let s = try box.start()
        s.draw(2)
        s.editor.replace(Dictionary(uniqueKeysWithValues: s.editor.displayList.items.map { ($0.id, [Drawable]()) }))
        s.autosave()
        XCTAssertTrue(s.editor.displayList.isEmpty)
        XCTAssertTrue(s.quit())
        let next = try box.start()
        next.editor.undo()
        XCTAssertEqual(next.editor.displayList.count, 2)
        XCTAssertTrue(next.quit())
    }

    /// Opening another file over a cleared untitled drawing keeps it too.
    func testOpeningOverAClearedUntitledDrawingKeepsIt() throws {
        let box = try SessionSandbox()
        let a = box.root + "/docs/a.scrawl"
        try box.makeDocument(a, count: 1)
        let s = try box.start()
        s.draw(2)
        s.editor.clear()
        XCTAssertTrue(s.open(a))
        XCTAssertEqual(box.sessions.count, 2, "the cleared drawing's and a's")
        XCTAssertTrue(s.quit())
        let next = try box.start()
        XCTAssertTrue(next.editor.displayList.isEmpty)
        next.editor.undo()
        XCTAssertEqual(next.editor.displayList.count, 2)
    }
}
