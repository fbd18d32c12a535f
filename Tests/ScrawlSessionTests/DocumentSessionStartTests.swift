import Foundation
import XCTest
import ScrawlCore
import ScrawlSession
import ScrawlStorage

/// What a start does with its file and with the sessions left in the state folder, headless.
final class DocumentSessionStartTests: XCTestCase {
    func testACrashWithADocumentOpenIsRecoveredAsThatDocument() throws {
        let box = try SessionSandbox()
        let doc = box.root + "/docs/d.scrawl"
        try box.makeDocument(doc, count: 1)
        let s = try box.start(doc)
        s.draw(2)
        s.crash()

        let next = try box.start()
        XCTAssertEqual(next.documentPath, doc, "recovered as the file it belonged to")
        XCTAssertTrue(next.recovered, "the title says (recovered)")
        XCTAssertEqual(next.editor.displayList.count, 3)
        let notice = next.takeNotices().first
        XCTAssertEqual(notice, .recovered(count: DrawingCount(strokes: 3), document: doc, detail: nil))
        XCTAssertEqual(notice?.toast(box.environment)?.text, "Recovered 3 strokes from the last session as d.scrawl")
        XCTAssertTrue(next.save(), "ctrl+s saves to the file")
        XCTAssertFalse(next.recovered, "(recovered) leaves once it is saved")
        XCTAssertEqual(try box.drawables(doc), 3)
        XCTAssertTrue(next.quit())
        XCTAssertEqual(box.documents(in: "pics"), [])
    }

    func testARenamedDocumentIsRememberedAcrossJournalGenerations() throws {
        let box = try SessionSandbox()
        let s = try box.start()
        s.draw(1)
        XCTAssertTrue(s.save())
        let path = try XCTUnwrap(s.documentPath)
        s.draw(1)
        s.crash()
        let next = try box.start()
        XCTAssertEqual(next.documentPath, path, "ctrl+s on an untitled drawing named it; recovery knows")
        XCTAssertTrue(next.save())
        XCTAssertTrue(next.quit())
        XCTAssertEqual(try box.drawables(path), 2)
    }

    func testStartingWithTheCrashedDocumentRecoversItAndAnotherFileLeavesItForLater() throws {
        let box = try SessionSandbox()
        let a = box.root + "/docs/a.scrawl", b = box.root + "/docs/b.scrawl"
        try box.makeDocument(a, count: 1)
        try box.makeDocument(b, count: 4)
        let s = try box.start(a)
        s.draw(2)
        s.crash()

        let other = try box.start(b)
        XCTAssertEqual(other.documentPath, b)
        XCTAssertEqual(other.editor.displayList.count, 4)
        XCTAssertTrue(other.takeNotices().contains(.sessionKept(count: DrawingCount(strokes: 3))))
        XCTAssertTrue(other.quit())
        XCTAssertEqual(box.documents(in: "pics"), [], "the crashed drawing is not written to the pictures folder")

        let same = try box.start(box.root + "/docs/../docs/a.scrawl")
        XCTAssertTrue(same.recovered)
        XCTAssertEqual(same.editor.displayList.count, 3, "starting with the crashed file recovers its drawing")
        XCTAssertTrue(same.save())
        XCTAssertTrue(same.quit())
        XCTAssertEqual(try box.drawables(a), 3)
        XCTAssertEqual(box.sessions, [])
    }

    func testANewDocumentNameStartsEmptyAndSavesThere() throws {
        let box = try SessionSandbox()
        let path = box.root + "/docs/new.scrawl"
        let s = try box.start(path)
        XCTAssertEqual(s.documentPath, path)
        XCTAssertTrue(s.editor.displayList.isEmpty)
        let notice = s.takeNotices().first
        XCTAssertEqual(notice, .newDocument(path: path))
        XCTAssertEqual(notice?.standardOutput?.hasPrefix("new: " + path), true)
        XCTAssertTrue(s.quit())
        XCTAssertFalse(FileManager.default.fileExists(atPath: path), "nothing drawn, nothing written")
        let t = try box.start(path)
        t.draw(2)
        XCTAssertTrue(t.save())
        XCTAssertEqual(try box.drawables(path), 2)
        XCTAssertTrue(t.quit())
    }

    func testAPictureBecomesTheStampOfANewDrawing() throws {
        let box = try SessionSandbox()
        let png = box.root + "/docs/picture.png"
        try PNGCodec.write(rgba: [255, 0, 0, 255, 0, 255, 0, 255], width: 2, height: 1, to: png)
        let start = try SessionStart.make(file: png, environment: box.environment)
        XCTAssertEqual(start.stamp?.width, 2)
        XCTAssertNil(start.documentPath)
        XCTAssertEqual(start.notices, [.stamp(path: png)])
        XCTAssertEqual(start.notices.first?.standardOutput, "stamp: " + png)
    }

    func testBadFilesAreOneLineErrors() throws {
        let box = try SessionSandbox()
        XCTAssertThrowsError(try SessionStart.make(file: "rendr", environment: box.environment)) { error in
            let e = error as? SessionStartError
            XCTAssertEqual(e?.isUsage, true, "a bare word that is no file reads as a mistyped command")
            XCTAssertTrue(e?.message.contains("unknown command 'rendr'") ?? false, "\(error)")
        }
        XCTAssertThrowsError(try SessionStart.make(file: box.root + "/nope/x.scrawl", environment: box.environment)) { error in
            XCTAssertTrue("\(error)".contains("no such folder"), "\(error)")
        }
        XCTAssertThrowsError(try SessionStart.make(file: box.root + "/docs/x.txt", environment: box.environment)) { error in
            XCTAssertEqual("\(error)", "x.txt: no such file")
        }
        let junk = box.root + "/docs/junk.scrawl"
        try Data("{".utf8).write(to: URL(fileURLWithPath: junk))
        XCTAssertThrowsError(try SessionStart.make(file: junk, environment: box.environment)) { error in
            XCTAssertTrue("\(error)".hasPrefix("junk.scrawl"), "\(error)")
        }
    }

    func testAutosaveTroubleAndRecoveryAreNotices() throws {
        let box = try SessionSandbox()
        box.variables["XDG_STATE_HOME"] = box.blocked + "/state"
        let s = try box.start()
        guard case .autosaveStopped(let reason)? = s.takeNotices().first else { return XCTFail("autosave is off") }
        XCTAssertTrue(reason.contains("autosave is off"), reason)
        XCTAssertEqual(SessionNotice.autosaveStopped(reason: reason).standardError?.hasPrefix("autosave stopped working"), true)
        box.variables["XDG_STATE_HOME"] = box.root + "/state"
        let t = try box.start()
        XCTAssertNil(t.autosaveProblem)
        XCTAssertEqual(t.takeNotices(), [], "nothing to say when autosave works from the start")
        XCTAssertTrue(s.quit())
        XCTAssertTrue(t.quit())
    }

    /// `scrawl NEW.scrawl` after a crash of a session of that same new file (never saved) recovers
    /// the drawing as NEW.scrawl.
    func testStartingWithACrashedNewDocumentRecoversIt() throws {
        let box = try SessionSandbox()
        let x = box.root + "/docs/new.scrawl"
        let s = try box.start(x)
        s.draw(2)
        s.crash()
        let next = try box.start(box.root + "/docs/../docs/new.scrawl")
        XCTAssertEqual(next.editor.displayList.count, 2)
        XCTAssertTrue(next.recovered)
        XCTAssertEqual(next.documentPath, box.root + "/docs/../docs/new.scrawl")
        XCTAssertEqual(next.takeNotices(), [.recovered(count: DrawingCount(strokes: 2), document: x, detail: nil)])
        XCTAssertTrue(next.save())
        XCTAssertTrue(next.quit())
        XCTAssertEqual(try box.drawables(x), 2)
        XCTAssertEqual(box.sessions, [])
    }

    /// A crashed session of another new file, or of this name once saved and since deleted, is kept
    /// aside: the start is a new empty drawing, as before.
    func testANewDocumentLeavesOtherCrashedSessionsForLater() throws {
        let box = try SessionSandbox()
        let x = box.root + "/docs/x.scrawl", y = box.root + "/docs/y.scrawl"
        let s = try box.start(y)
        s.draw(2)
        s.crash()
        let other = try box.start(x)
        XCTAssertTrue(other.editor.displayList.isEmpty)
        XCTAssertEqual(other.takeNotices(), [.newDocument(path: x), .sessionKept(count: DrawingCount(strokes: 2))])
        XCTAssertTrue(other.quit())
        XCTAssertEqual(box.sessions.count, 1)
        XCTAssertEqual(try box.start(y).editor.displayList.count, 2, "the session was kept for its file")
    }

    func testADeletedDocumentDoesNotTakeOverItsOldSession() throws {
        let box = try SessionSandbox()
        let x = box.root + "/docs/x.scrawl"
        let s = try box.start(x)
        s.draw(2)
        XCTAssertTrue(s.save())
        s.draw(1)
        s.crash()
        try FileManager.default.removeItem(atPath: x)
        let next = try box.start(x)
        XCTAssertTrue(next.editor.displayList.isEmpty, "deleted on purpose: a new drawing")
        XCTAssertTrue(next.takeNotices().contains(.sessionKept(count: DrawingCount(strokes: 3))))
        XCTAssertTrue(next.quit())
        XCTAssertEqual(box.sessions.count, 1)
    }
}
