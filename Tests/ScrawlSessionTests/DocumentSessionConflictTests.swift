import Foundation
import XCTest
import ScrawlCore
import ScrawlSession
import ScrawlStorage

/// Two windows on one file: a save in place never overwrites what the other saved since this one
/// opened or saved the file; the drawing goes to a sibling file instead, with a notice.
final class DocumentSessionConflictTests: XCTestCase {
    /// Two sessions on `x` (with 1 stroke); the second draws 2 and saves.
    private func twoWindows(_ box: SessionSandbox, _ x: String) throws -> (DocumentSession, DocumentSession) {
        try box.makeDocument(x, count: 1)
        let a = try box.start(x), b = try box.start(x)
        a.draw(1)
        b.draw(2)
        XCTAssertTrue(b.save())
        XCTAssertEqual(try box.drawables(x), 3)
        return (a, b)
    }

    func testASaveAfterAnotherWindowSavedGoesToASibling() throws {
        let box = try SessionSandbox()
        let x = box.root + "/docs/x.scrawl", sibling = box.root + "/docs/x (2).scrawl"
        let (a, b) = try twoWindows(box, x)
        _ = a.takeNotices()
        XCTAssertTrue(a.save())
        XCTAssertEqual(try box.drawables(x), 3, "the other window's save is kept")
        XCTAssertEqual(try box.drawables(sibling), 2)
        XCTAssertEqual(a.documentPath, sibling, "the sibling is the drawing's file from now on")
        let notices = a.takeNotices()
        // Said once the sibling is written (a failed write says only that), and last, so its toast stays.
        XCTAssertEqual(notices, [.saved(path: sibling), .changedSince(path: x, savedAs: sibling)])
        XCTAssertEqual(notices.last?.standardError,
                       "\(x): changed since this window opened or saved it; saved as x (2).scrawl instead")
        a.draw(1)
        XCTAssertTrue(a.save())
        XCTAssertEqual(try box.drawables(sibling), 3, "its own saves are no change")
        XCTAssertEqual(box.documents(in: "docs"), ["x (2).scrawl", "x.scrawl"])
        XCTAssertTrue(a.quit())
        XCTAssertTrue(b.quit())
    }

    /// A quit keeps the unsaved work in the autosave folder, not in the file; when another window
    /// saved the file meanwhile, that work comes back untitled at the next start, never over the
    /// newer file.
    func testAQuitAfterAnotherWindowSavedKeepsTheWorkAndNeverWritesOverTheFile() throws {
        let box = try SessionSandbox()
        let x = box.root + "/docs/x.scrawl"
        let (a, b) = try twoWindows(box, x)
        XCTAssertTrue(b.quit())
        XCTAssertTrue(a.quit())
        XCTAssertEqual(try box.drawables(x), 3, "the other window's save is kept")
        XCTAssertEqual(box.documents(in: "docs"), ["x.scrawl"])
        XCTAssertEqual(box.sessions.count, 1, "a's work is in the state folder")
        let next = try box.start()
        XCTAssertNil(next.documentPath, "x changed since: the work comes back untitled")
        XCTAssertEqual(next.editor.displayList.count, 2)
        XCTAssertTrue(next.takeNotices().contains(.recoveredAsUntitled(path: x, reason: "changed since")))
        XCTAssertTrue(next.quit())
    }

    /// When autosave cannot keep the work, a quit saves it, and then to a sibling rather than over
    /// the other window's save.
    func testAQuitWithoutAutosaveAfterAnotherWindowSavedGoesToASibling() throws {
        let box = try SessionSandbox()
        box.variables["XDG_STATE_HOME"] = box.blocked + "/state"
        let x = box.root + "/docs/x.scrawl"
        try FileManager.default.createDirectory(atPath: box.root + "/docs/x (2).scrawl", withIntermediateDirectories: true)
        let (a, b) = try twoWindows(box, x)
        XCTAssertTrue(b.quit())
        XCTAssertTrue(a.quit())
        XCTAssertEqual(try box.drawables(x), 3)
        XCTAssertEqual(try box.drawables(box.root + "/docs/x (3).scrawl"), 2, "the next free sibling name")
    }

    /// A file deleted since is no conflict: the save recreates it.
    func testAFileDeletedSinceIsSavedInPlace() throws {
        let box = try SessionSandbox()
        let x = box.root + "/docs/x.scrawl"
        try box.makeDocument(x, count: 1)
        let a = try box.start(x)
        a.draw(1)
        try FileManager.default.removeItem(atPath: x)
        XCTAssertTrue(a.save())
        XCTAssertEqual(try box.drawables(x), 2)
        XCTAssertEqual(box.documents(in: "docs"), ["x.scrawl"])
        XCTAssertTrue(a.quit())
    }

    /// Opening the file another window saved since: the unsaved work is kept in the autosave
    /// folder (untitled at the next start, since the file changed), and the newer file opens.
    func testOpeningTheFileAnotherWindowSavedShowsItAndKeepsTheWork() throws {
        let box = try SessionSandbox()
        let x = box.root + "/docs/x.scrawl"
        let (a, b) = try twoWindows(box, x)
        XCTAssertTrue(a.open(x))
        XCTAssertEqual(a.editor.displayList.count, 3, "the newer file")
        XCTAssertEqual(a.documentPath, x)
        XCTAssertFalse(a.hasUnsavedChanges)
        XCTAssertTrue(a.quit())
        XCTAssertTrue(b.quit())
        XCTAssertEqual(try box.drawables(x), 3)
        XCTAssertEqual(box.documents(in: "docs"), ["x.scrawl"])
        let next = try box.start()
        XCTAssertNil(next.documentPath)
        XCTAssertEqual(next.editor.displayList.count, 2, "the work, kept")
        XCTAssertTrue(next.quit())
    }
}
