import Foundation
import XCTest
import ScrawlCore
import ScrawlSession
import ScrawlStorage

/// The quit policy, headless: never asks, never litters, never loses a drawing.
final class DocumentSessionQuitTests: XCTestCase {
    func testQuittingAnUnchangedDocumentWritesNothing() throws {
        let box = try SessionSandbox()
        let doc = box.root + "/docs/d.scrawl"
        try box.makeDocument(doc, count: 2)
        let before = try FileManager.default.attributesOfItem(atPath: doc)[.modificationDate] as? Date
        let s = try box.start(doc)
        XCTAssertTrue(s.quit())
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: doc)[.modificationDate] as? Date, before)
        XCTAssertEqual(box.sessions, [])
    }

    func testQuittingUntitledKeepsTheDrawingAndItsHistoryForTheNextStart() throws {
        let box = try SessionSandbox()
        let s = try box.start()
        s.draw(3)
        s.editor.undo()
        _ = s.takeNotices()
        XCTAssertTrue(s.quit())
        XCTAssertEqual(s.takeNotices(), [.keptForNextStart(document: nil)])
        XCTAssertEqual(box.documents(in: "pics"), [], "nothing is written to the pictures folder")
        XCTAssertEqual(box.sessions.count, 1, "the drawing stays in the state folder")

        let next = try box.start()
        XCTAssertEqual(next.editor.displayList.count, 2)
        XCTAssertTrue(next.editor.displayList.canRedo, "the undo history came back")
        XCTAssertTrue(next.editor.displayList.canUndo)
        XCTAssertFalse(next.recovered, "a hot exit is not a crash")
        XCTAssertTrue(next.hasUnsavedChanges, "it was never saved")
        let notices = next.takeNotices()
        XCTAssertEqual(notices.first, .hotExitRestored(count: DrawingCount(strokes: 2), document: nil))
        XCTAssertEqual(notices.first?.standardOutput, "restored: 2 strokes kept at the last quit")
        XCTAssertNotNil(notices.first?.toast(box.environment))
        next.editor.redo()
        XCTAssertEqual(next.editor.displayList.count, 3)
        XCTAssertTrue(next.quit(), "and it is kept again")
        XCTAssertEqual(box.sessions.count, 1, "one session: the restored one was taken over")
        XCTAssertEqual(try box.start().editor.displayList.count, 3)
    }

    func testAnEmptyUntitledQuitLeavesNothing() throws {
        let box = try SessionSandbox()
        XCTAssertTrue(try box.start().quit())
        XCTAssertEqual(box.sessions, [])
        XCTAssertEqual(box.documents(in: "pics"), [])
    }

    /// Saving in place fails (the folder went away): the journal keeps the drawing, as that
    /// document, for the next start.
    func testAFailedInPlaceSaveAtQuitFallsBackToTheJournal() throws {
        let box = try SessionSandbox()
        let s = try box.start()
        s.draw(2)
        s.documentPath = box.blocked + "/gone.scrawl"
        _ = s.takeNotices()
        XCTAssertTrue(s.quit())
        let notices = s.takeNotices()
        XCTAssertTrue(notices.contains(.keptForNextStart(document: box.blocked + "/gone.scrawl")), "\(notices)")
        XCTAssertEqual(box.documents(in: "pics"), [])
        let next = try box.start()
        XCTAssertEqual(next.documentPath, box.blocked + "/gone.scrawl")
        XCTAssertEqual(next.editor.displayList.count, 2)
        XCTAssertTrue(next.takeNotices().contains(.hotExitRestored(count: DrawingCount(strokes: 2), document: box.blocked + "/gone.scrawl")))
        next.documentPath = nil
        XCTAssertTrue(next.quit())
    }

    /// Autosave off: an untitled quit falls back to a new file in the pictures folder, then home,
    /// then the temporary folder; with nothing writable the quit is refused until a folder works.
    func testWithAutosaveOffAQuitFallsBackToFilesAndRefusesOnlyWhenNothingWorks() throws {
        let box = try SessionSandbox()
        box.variables["XDG_STATE_HOME"] = box.blocked + "/state"
        let s = try box.start()
        XCTAssertTrue(s.takeNotices().contains { if case .autosaveStopped = $0 { return true } else { return false } })
        XCTAssertNotNil(s.autosaveProblem)
        s.draw(1)
        XCTAssertTrue(s.quit())
        XCTAssertEqual(box.documents(in: "pics").count, 1, "autosave off: the pictures folder, as before")

        box.variables["XDG_PICTURES_DIR"] = box.blocked + "/pics"
        let t = try box.start()
        t.draw(2)
        XCTAssertTrue(t.quit())
        XCTAssertEqual(box.documents(in: "").count, 1, "then the home folder: \(t.takeNotices())")

        box.variables["HOME"] = box.blocked + "/home"
        box.variables["TMPDIR"] = box.blocked + "/tmp"
        let u = try box.start()
        u.draw(1)
        _ = u.takeNotices()
        XCTAssertFalse(u.quit(), "nowhere to save and no autosave: the window stays open")
        XCTAssertNotNil(u.quitRefusal)
        XCTAssertTrue(u.takeNotices().contains { if case .quitRefused = $0 { return true } else { return false } })
        try FileManager.default.removeItem(atPath: box.blocked)
        try FileManager.default.createDirectory(atPath: box.blocked + "/tmp", withIntermediateDirectories: true)
        XCTAssertTrue(u.quit(), "once a folder works, the next quit saves there")
        XCTAssertNil(u.quitRefusal)
        XCTAssertEqual(box.documents(in: "blocker/tmp").count, 1)
    }
}

/// What a quit keeps of an untitled drawing with everything undone.
final class DocumentSessionEmptyQuitTests: XCTestCase {
    /// An untitled drawing with nothing shown is not kept, even with undo history (it would come
    /// back as "0 drawings" at every start).
    func testAnUntitledDrawingWithEverythingUndoneIsNotKept() throws {
        let box = try SessionSandbox()
        let s = try box.start()
        s.draw(2)
        XCTAssertTrue(s.quit())
        XCTAssertEqual(box.sessions.count, 1)
        let next = try box.start()
        next.editor.undo()
        next.editor.undo()
        next.autosave()
        XCTAssertTrue(next.editor.displayList.isEmpty)
        XCTAssertTrue(next.quit())
        XCTAssertEqual(box.sessions, [], "nothing shown, nothing kept")
        XCTAssertEqual(box.documents(in: "pics"), [])
        XCTAssertTrue(try box.start().takeNotices().isEmpty, "no restored session at the next start")
    }

    /// Opening a file treats it the same way.
    func testOpeningOverAnUntitledDrawingWithEverythingUndoneKeepsNothing() throws {
        let box = try SessionSandbox()
        let a = box.root + "/docs/a.scrawl"
        try box.makeDocument(a, count: 1)
        let s = try box.start()
        s.draw(2)
        s.editor.undo()
        s.editor.undo()
        XCTAssertTrue(s.open(a))
        XCTAssertTrue(s.quit())
        XCTAssertEqual(box.sessions, [])
        XCTAssertEqual(box.documents(in: "pics"), [])
    }
}
