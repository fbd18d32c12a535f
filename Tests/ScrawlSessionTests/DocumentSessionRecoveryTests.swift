import Foundation
import XCTest
import ScrawlCore
import ScrawlSession
import ScrawlStorage

/// Which file a recovered drawing may be saved to.
final class DocumentSessionRecoveryTests: XCTestCase {
    /// A crashed session whose journal names `path`, started without a file.
    private func recover(naming path: String, in box: SessionSandbox) throws -> DocumentSession {
        let journal = try Journal(directory: box.environment.stateDirectory, canvas: CanvasSpec(width: 300, height: 200),
                                  drawables: [stroke(1), stroke(2)], documentPath: path)
        journal.close()
        return try box.start()
    }

    /// A journal naming a relative path, a folder, or a file that is not a document: the drawing
    /// comes back untitled, with a notice, and nothing is saved over that file.
    func testARecoveredPathThatIsNoDocumentNameComesBackUntitled() throws {
        for name in ["rel.scrawl", "", "/", "docs", "blocker", "docs/x.scrawl/"] {
            let box = try SessionSandbox()
            let path = name.hasPrefix("/") || name == "rel.scrawl" || name.isEmpty ? name : box.root + "/" + name
            let s = try recover(naming: path, in: box)
            XCTAssertEqual(s.editor.displayList.count, 2, "'\(path)'")
            XCTAssertNil(s.documentPath, "'\(path)'")
            let notices = s.takeNotices()
            if !path.isEmpty {
                XCTAssertTrue(notices.contains { if case .recoveredAsUntitled(path, _) = $0 { return true } else { return false } },
                              "'\(path)': \(notices)")
            }
            XCTAssertTrue(notices.contains(.recovered(count: DrawingCount(strokes: 2), document: nil, detail: nil)), "\(notices)")
            XCTAssertTrue(s.quit())
            XCTAssertEqual(try String(contentsOfFile: box.root + "/blocker", encoding: .utf8), "not a folder")
        }
    }

    /// An absolute `.scrawl` name (existing or not) and an existing document of another name are
    /// save targets.
    func testAnAbsoluteDocumentNameIsKept() throws {
        let box = try SessionSandbox()
        let other = box.root + "/docs/drawing.json"
        try box.makeDocument(other, count: 1)
        for path in [box.root + "/docs/new.scrawl", other] {
            let s = try recover(naming: path, in: box)
            XCTAssertEqual(s.documentPath, path)
            XCTAssertTrue(s.takeNotices().contains(.recovered(count: DrawingCount(strokes: 2), document: path, detail: nil)))
            s.documentPath = nil
            s.editor.clear()
            XCTAssertTrue(s.quit())
        }
    }

    /// A crashed session of X, then X is saved by someone else: a plain start recovers the drawing
    /// untitled (its quit must not save the older drawing over the newer X), and `scrawl X` opens X.
    func testAFileChangedSinceTheSessionIsNotOverwritten() throws {
        let box = try SessionSandbox()
        let x = box.root + "/docs/x.scrawl"
        try box.makeDocument(x, count: 1)
        let s = try box.start(x)
        s.draw(2)
        s.crash()
        try box.makeDocument(x, count: 5)

        let opened = try box.start(x)
        XCTAssertEqual(opened.editor.displayList.count, 5, "scrawl X opens the newer file")
        XCTAssertTrue(opened.takeNotices().contains(.sessionKept(count: DrawingCount(strokes: 3))))
        XCTAssertTrue(opened.quit())

        let next = try box.start()
        XCTAssertEqual(next.editor.displayList.count, 3)
        XCTAssertNil(next.documentPath)
        let notices = next.takeNotices()
        XCTAssertTrue(notices.contains(.recoveredAsUntitled(path: x, reason: "changed since")), "\(notices)")
        XCTAssertEqual(notices.first { $0.standardError != nil }?.standardError,
                       "\(x): changed since; recovered as an untitled drawing")
        XCTAssertTrue(next.quit())
        XCTAssertEqual(try box.drawables(x), 5, "the newer file is untouched")
    }

    /// The session's own saves move the stamp: after ctrl+s and a crash the drawing is still X.
    func testTheSessionsOwnSaveIsNotAChange() throws {
        let box = try SessionSandbox()
        let x = box.root + "/docs/x.scrawl"
        try box.makeDocument(x, count: 1)
        let s = try box.start(x)
        s.draw(2)
        XCTAssertTrue(s.save())
        s.draw(1)
        s.crash()
        let next = try box.start()
        XCTAssertEqual(next.documentPath, x)
        XCTAssertEqual(next.editor.displayList.count, 4)
        XCTAssertTrue(next.save(), "ctrl+s saves it there")
        XCTAssertTrue(next.quit())
        XCTAssertEqual(try box.drawables(x), 4)
    }

    /// A new document's session (no file yet) whose file appeared since comes back untitled.
    func testANewDocumentWhoseFileAppearedSinceIsNotOverwritten() throws {
        let box = try SessionSandbox()
        let x = box.root + "/docs/new.scrawl"
        let s = try box.start(x)
        s.draw(2)
        s.crash()
        try box.makeDocument(x, count: 1)
        let next = try box.start()
        XCTAssertNil(next.documentPath)
        XCTAssertTrue(next.quit())
        XCTAssertEqual(try box.drawables(x), 1)
    }

    /// `lnk/../x.scrawl` with `lnk -> real/deep` is `real/x.scrawl` (the system resolves the link
    /// before `..`): the journal names that file, so a recovery never saves over `./x.scrawl`.
    func testARelativePathThroughASymlinkIsRecordedAsTheFileItOpened() throws {
        let box = try SessionSandbox()
        let fm = FileManager.default
        try fm.createDirectory(atPath: box.root + "/real/deep", withIntermediateDirectories: true)
        try fm.createSymbolicLink(atPath: box.root + "/docs/lnk", withDestinationPath: box.root + "/real/deep")
        let target = box.root + "/real/x.scrawl", unrelated = box.root + "/docs/x.scrawl"
        try box.makeDocument(target, count: 1)
        try box.makeDocument(unrelated, count: 7)
        let cwd = fm.currentDirectoryPath
        XCTAssertTrue(fm.changeCurrentDirectoryPath(box.root + "/docs"))
        defer { fm.changeCurrentDirectoryPath(cwd) }
        let s = try box.start("lnk/../x.scrawl")
        XCTAssertEqual(s.editor.displayList.count, 1, "the system opened real/x.scrawl")
        XCTAssertEqual(s.journal?.documentPath, target)
        XCTAssertEqual(s.journal?.documentStamp, FileStamp.of(target))
        s.draw(2)
        s.crash()
        fm.changeCurrentDirectoryPath(cwd)
        let next = try box.start()
        XCTAssertEqual(next.documentPath, target)
        XCTAssertTrue(next.save())
        XCTAssertTrue(next.quit())
        XCTAssertEqual(try box.drawables(target), 3)
        XCTAssertEqual(try box.drawables(unrelated), 7, "the unrelated file is untouched")
    }

    /// A new file's name is resolved through its folder too (the file does not exist yet).
    func testANewFileThroughASymlinkedFolderIsRecordedResolved() throws {
        let box = try SessionSandbox()
        let fm = FileManager.default
        try fm.createDirectory(atPath: box.root + "/real/deep", withIntermediateDirectories: true)
        try fm.createSymbolicLink(atPath: box.root + "/docs/lnk", withDestinationPath: box.root + "/real/deep")
        let cwd = fm.currentDirectoryPath
        XCTAssertTrue(fm.changeCurrentDirectoryPath(box.root + "/docs"))
        defer { fm.changeCurrentDirectoryPath(cwd) }
        let s = try box.start("lnk/../new.scrawl")
        XCTAssertEqual(s.journal?.documentPath, box.root + "/real/new.scrawl")
        XCTAssertEqual(s.journal?.documentStamp, .missing)
        XCTAssertTrue(s.quit())
    }
}
