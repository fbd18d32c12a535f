import XCTest
@testable import ScrawlCore

/// Copy, cut, paste and duplicate, and text pasted from another window.
final class ClipboardSelectTests: XCTestCase {
    typealias S = SelectTestSupport

    private func twoLines() -> Editor {
        S.editor([S.line(Point(50, 50), Point(150, 50)), S.line(Point(50, 200), Point(150, 200))])
    }

    func testCopyThenPastePlacesTenPointsAwayAndSelects() {
        let e = twoLines()
        let before = e.displayList.drawables
        S.click(e, Point(100, 50))
        e.handle(.key(KeyPress("c", ctrl: true)))
        XCTAssertEqual(e.copiedDrawables, [before[0]])
        XCTAssertEqual(S.undoDepth(e), 0)
        e.handle(.key(KeyPress("v", ctrl: true)))
        XCTAssertEqual(S.undoDepth(e), 1)
        XCTAssertEqual(e.displayList.drawables, before + [before[0].translated(by: Point(10, 10))])
        XCTAssertEqual(S.tool(e).selectedIDs, [S.ids(e)[2]])
    }

    func testCutThenPasteRestoresAtTheSamePlace() {
        let e = twoLines()
        let before = e.displayList.drawables
        S.click(e, Point(100, 50))
        e.handle(.key(KeyPress("x", ctrl: true)))
        XCTAssertEqual(e.displayList.drawables, [before[1]])
        e.handle(.key(KeyPress("v", ctrl: true)))
        XCTAssertEqual(e.displayList.drawables, [before[1], before[0]])
        XCTAssertEqual(S.undoDepth(e), 2, "cut and paste are one step each")
    }

    func testDuplicateIsOneStepAndSelectsTheCopies() {
        let e = twoLines()
        let before = e.displayList.drawables
        e.handle(.key(KeyPress("a", ctrl: true)))
        e.handle(.key(KeyPress("d", ctrl: true)))
        XCTAssertEqual(S.undoDepth(e), 1)
        XCTAssertEqual(e.displayList.drawables, before + before.map { $0.translated(by: Point(10, 10)) })
        XCTAssertEqual(S.tool(e).selectedIDs, Set(S.ids(e).suffix(2)))
        e.undo()
        XCTAssertEqual(e.displayList.drawables, before)
        XCTAssertTrue(S.tool(e).selectedIDs.isEmpty, "undo drops the pasted ids")
    }

    func testPastedTextThatIsNotASelectionSaysSo() {
        let e = twoLines()
        let problem = e.pasteSelection(text: "hello") { (_, _) throws(PasteRefusal) in throw .notASelection }
        XCTAssertNotNil(problem)
        XCTAssertEqual(S.tool(e).lastPasteProblem, problem)
        XCTAssertEqual(S.undoDepth(e), 0)
        let pasted = [S.line(Point(1, 1), Point(9, 9))]
        XCTAssertNil(e.pasteSelection(text: "scrawl") { (text, _) throws(PasteRefusal) in
            guard text == "scrawl" else { throw .notASelection }
            return pasted
        })
        XCTAssertEqual(e.displayList.drawables.last, pasted[0])
        XCTAssertEqual(S.tool(e).selectedIDs, [S.ids(e).last!])
        XCTAssertNil(S.tool(e).lastPasteProblem)
    }

    /// Text that pastes nothing (not a selection, or no decoder) leaves the tool and the drawing as
    /// they were, in the window and in a replay alike; a paste that works chooses the selection tool.
    func testAFailedPasteKeepsTheTool() {
        let e = twoLines()
        e.handle(.key(KeyPress("p")))
        XCTAssertEqual(e.tool.kind, .pencil)
        let refuse: SelectionDecoder = { (_, _) throws(PasteRefusal) in throw .notASelection }
        XCTAssertNotNil(e.pasteSelection(text: "hello", decoder: refuse))
        XCTAssertNotNil(e.pasteSelection(text: "hello", decoder: nil))
        XCTAssertNotNil(e.pasteSelection(text: "hello") { (_, _) throws(PasteRefusal) in [] }, "an empty selection pastes nothing")
        e.selectionDecoder = refuse
        e.handle(.paste("hello"))
        XCTAssertEqual(e.tool.kind, .pencil, "a failed paste does not choose the selection tool")
        XCTAssertEqual(S.undoDepth(e), 0)
        XCTAssertEqual(e.displayList.count, 2)
        let pasted = [S.line(Point(1, 1), Point(9, 9))]
        XCTAssertNil(e.pasteSelection(text: "scrawl") { (text, _) throws(PasteRefusal) in
            guard text == "scrawl" else { throw .notASelection }
            return pasted
        })
        XCTAssertEqual(e.tool.kind, .select)
        XCTAssertEqual(S.tool(e).selectedIDs, [S.ids(e).last!])
    }
}
