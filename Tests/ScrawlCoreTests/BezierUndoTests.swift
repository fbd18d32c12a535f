import XCTest
@testable import ScrawlCore

/// `ctrl+z` while a Bézier path is being built removes its last point, not older drawings.
final class BezierUndoTests: XCTestCase {
    /// A pencil stroke, then the Bézier tool with `points` placed by tap-and-drag.
    private func editorBuilding(_ points: [Point]) -> Editor {
        let e = ToolHelpers.editor()
        ToolHelpers.run(e, ToolHelpers.drag([(0, 0), (10, 10)]))
        e.handle(ToolHelpers.key("b"))
        for (i, p) in points.enumerated() {
            ToolHelpers.run(e, ToolHelpers.drag([(p.x, p.y), (p.x + 10, p.y + Double(i))], id: i))
        }
        return e
    }

    private func anchors(_ path: Path) -> [Point] { path.elements.compactMap(\.endPoint) }

    func testUndoRemovesTheLastPointOnly() {
        let pts = [Point(50, 50), Point(150, 80), Point(250, 50)]
        let e = editorBuilding(pts)
        e.handle(ToolHelpers.key("ctrl+z"))
        XCTAssertEqual(e.displayList.count, 1, "the older pencil stroke stays")
        e.handle(ToolHelpers.key("enter"))
        XCTAssertEqual(e.displayList.count, 2)
        let committed = try! XCTUnwrap(ToolHelpers.paths(e).last)
        XCTAssertEqual(anchors(committed.path), Array(pts.prefix(2)))
    }

    func testUndoThenContinueMatchesBuildingWithoutTheUndonePoint() {
        let pts = [Point(50, 50), Point(150, 80), Point(250, 50)]
        let undone = editorBuilding(pts)
        undone.handle(ToolHelpers.key("ctrl+z"))
        ToolHelpers.run(undone, ToolHelpers.drag([(300, 120), (320, 130)], id: 9))
        undone.handle(ToolHelpers.key("enter"))
        let direct = editorBuilding(Array(pts.prefix(2)))
        ToolHelpers.run(direct, ToolHelpers.drag([(300, 120), (320, 130)], id: 9))
        direct.handle(ToolHelpers.key("enter"))
        XCTAssertEqual(ToolHelpers.paths(undone).last?.path, ToolHelpers.paths(direct).last?.path)
    }

    func testUndoingEveryPointThenTheDrawing() {
        let e = editorBuilding([Point(50, 50), Point(150, 80)])
        e.handle(ToolHelpers.key("ctrl+z"))
        e.handle(ToolHelpers.key("ctrl+z"))
        XCTAssertEqual(e.displayList.count, 1)
        XCTAssertTrue((e.tool as? BezierTool)?.working.isEmpty ?? false)
        e.handle(ToolHelpers.key("ctrl+z"))
        XCTAssertTrue(e.displayList.isEmpty, "with no path in progress ctrl+z undoes the last drawable")
    }

    func testNoPathInProgressUndoesTheLastDrawable() {
        let e = editorBuilding([])
        e.handle(ToolHelpers.key("ctrl+z"))
        XCTAssertTrue(e.displayList.isEmpty)
    }
}
