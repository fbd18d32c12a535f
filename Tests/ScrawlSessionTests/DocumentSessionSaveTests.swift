import Foundation
import XCTest
import ScrawlCore
import ScrawlSession
import ScrawlStorage

/// Saving, the unsaved marker and opening, headless.
final class DocumentSessionSaveTests: XCTestCase {
    func testUndoingBackToTheSavedStateClearsTheUnsavedMarker() throws {
        let box = try SessionSandbox()
        let s = try box.start()
        XCTAssertFalse(s.hasUnsavedChanges, "a fresh canvas has nothing to save")
        s.draw(1)
        XCTAssertTrue(s.hasUnsavedChanges)
        s.editor.undo()
        XCTAssertFalse(s.hasUnsavedChanges, "undone back to the start")
        s.draw(2)
        XCTAssertTrue(s.save())
        XCTAssertFalse(s.hasUnsavedChanges)
        s.draw(1)
        XCTAssertTrue(s.hasUnsavedChanges)
        s.editor.undo()
        XCTAssertFalse(s.hasUnsavedChanges, "undone back to what was saved")
        s.editor.undo()
        XCTAssertTrue(s.hasUnsavedChanges, "one step before the save differs from the file")
        s.editor.redo()
        XCTAssertFalse(s.hasUnsavedChanges, "redone back to the saved state")
        XCTAssertTrue(s.quit())
    }

    func testCtrlSOnAnUntitledDrawingSavesToThePicturesFolderAndSaysSo() throws {
        let box = try SessionSandbox()
        let s = try box.start()
        _ = s.takeNotices()
        s.draw(2)
        XCTAssertTrue(s.save())
        let saved = box.documents(in: "pics")
        XCTAssertEqual(saved.count, 1)
        let path = box.root + "/pics/" + saved[0]
        XCTAssertEqual(s.documentPath, path, "the saved file becomes the document's")
        let notices = s.takeNotices()
        XCTAssertEqual(notices, [.saved(path: path)])
        XCTAssertEqual(notices[0].standardOutput, "saved: " + path)
        XCTAssertEqual(notices[0].toast(box.environment)?.text, "Saved to ~/pics/" + saved[0])
        s.draw(1)
        XCTAssertTrue(s.save())
        XCTAssertEqual(box.documents(in: "pics"), saved, "the second ctrl+s saves to the same file")
        XCTAssertEqual(try box.drawables(path), 3)
        XCTAssertTrue(s.quit())
    }

    func testAFailedSaveKeepsThePreviousFileAndSaysTheJournalHasIt() throws {
        let box = try SessionSandbox()
        let s = try box.start()
        _ = s.takeNotices()
        s.draw(1)
        XCTAssertFalse(s.write(to: box.blocked + "/x.scrawl"))
        let notices = s.takeNotices()
        guard case .saveFailed(let path, _, let safe)? = notices.first else { return XCTFail("\(notices)") }
        XCTAssertEqual(path, box.blocked + "/x.scrawl")
        XCTAssertTrue(safe, "autosave works, so the drawing is safe in the journal")
        XCTAssertEqual(notices.first?.toast(box.environment)?.isError, true)
        XCTAssertTrue(notices.first?.toast(box.environment)?.text.contains("safe in the autosave journal") ?? false)
        XCTAssertTrue(s.hasUnsavedChanges)
        XCTAssertTrue(s.quit())
    }

    /// Opening another file keeps the current drawing's unsaved work in the autosave folder, an
    /// untitled drawing's and a document's alike; nothing is written to a file.
    func testOpeningKeepsUnsavedWorkForLaterAndWritesNoFile() throws {
        let box = try SessionSandbox()
        let a = box.root + "/docs/a.scrawl", b = box.root + "/docs/b.scrawl"
        try box.makeDocument(a, count: 1)
        try box.makeDocument(b, count: 2)
        let s = try box.start()
        s.draw(3)
        XCTAssertTrue(s.open(a))
        XCTAssertEqual(box.documents(in: "pics"), [], "the untitled drawing is not written to the pictures folder")
        XCTAssertEqual(s.documentPath, a)
        XCTAssertEqual(s.editor.displayList.count, 1)
        s.draw(1)
        XCTAssertTrue(s.open(b))
        XCTAssertEqual(try box.drawables(a), 1, "a's change is kept, not written into it")
        XCTAssertFalse(s.open(box.root + "/docs/missing.scrawl"))
        XCTAssertEqual(s.documentPath, b, "a failed open changes nothing")
        XCTAssertTrue(s.quit())
        let next = try box.start(a)
        XCTAssertEqual(next.editor.displayList.count, 2, "a's change comes back with a")
        XCTAssertTrue(next.revert(), "and can be dropped")
        XCTAssertTrue(next.quit())
        let untitled = try box.start()
        XCTAssertEqual(untitled.editor.displayList.count, 3, "the untitled drawing came back")
        XCTAssertNil(untitled.documentPath)
        XCTAssertTrue(untitled.quit())
    }
}
