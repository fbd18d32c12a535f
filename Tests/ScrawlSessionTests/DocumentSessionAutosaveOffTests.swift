import Foundation
import XCTest
import ScrawlCore
import ScrawlSession
@testable import ScrawlStorage

/// A recovered drawing whose new journal cannot start: the old session stays until the drawing is
/// safe elsewhere, then goes, so it never comes back at every start.
final class DocumentSessionAutosaveOffTests: XCTestCase {
    override func tearDown() { StorageFaults.clear() }

    /// A crashed untitled session recovered while no journal can be opened.
    private func recoverWithAutosaveOff(_ box: SessionSandbox) throws -> DocumentSession {
        let s = try box.start()
        s.draw(2)
        s.crash()
        let start = try SessionStart.make(file: nil, environment: box.environment)
        StorageFaults.inject(.open, ENOSPC, path: "/journal-")
        let editor = Editor(canvas: start.canvas, seed: 1, stampImage: .defaultStamp, displayList: start.displayList)
        let t = DocumentSession(start: start, environment: box.environment, editor: editor)
        XCTAssertNil(t.journal)
        XCTAssertNotNil(t.autosaveProblem)
        XCTAssertEqual(t.editor.displayList.count, 2)
        return t
    }

    func testACleanQuitLeavesNoRecoveryBehind() throws {
        let box = try SessionSandbox()
        let t = try recoverWithAutosaveOff(box)
        XCTAssertEqual(box.sessions.count, 1)
        XCTAssertTrue(t.quit())
        XCTAssertEqual(box.documents(in: "pics").count, 1, "the drawing went to the pictures folder")
        XCTAssertEqual(box.sessions, [], "and the recovered session is gone")
        StorageFaults.clear()
        XCTAssertTrue(try box.start().editor.displayList.isEmpty, "nothing comes back")
    }

    func testASaveDiscardsTheRecoveredSessionAndItIsNotOfferedTwiceMeanwhile() throws {
        let box = try SessionSandbox()
        let t = try recoverWithAutosaveOff(box)
        StorageFaults.clear()
        let other = try box.start()
        XCTAssertTrue(other.editor.displayList.isEmpty, "this window still holds the recovered session")
        XCTAssertTrue(other.quit())
        XCTAssertEqual(box.sessions.count, 1, "a crash now would still recover it")
        XCTAssertTrue(t.save())
        XCTAssertEqual(box.sessions, [], "saved: the session goes at once")
        XCTAssertTrue(t.quit())
    }
}
