import XCTest
@testable import ScrawlCore

/// Moving, nudging and scaling the selection: one undo step each, new ids selected.
final class SelectTransformTests: XCTestCase {
    typealias S = SelectTestSupport

    private func twoLines() -> Editor {
        S.editor([S.line(Point(50, 50), Point(150, 50)), S.line(Point(50, 200), Point(150, 200))])
    }

    func testMoveShowsLiveCommitsOneStepAndUndoRestoresExactly() {
        let e = twoLines()
        let before = e.displayList.items
        S.click(e, Point(100, 50))
        let selected = S.tool(e).selectedIDs
        e.handle(S.touch(.began, Point(100, 50)))
        e.handle(S.touch(.moved, Point(120, 70)))
        XCTAssertEqual(e.hiddenIDs, selected, "the dragged selection is hidden from the renderer")
        let moved = before[0].drawable.translated(by: Point(20, 20))
        XCTAssertTrue(e.liveItems.contains { $0.shownDrawable == moved }, "the moved copy is shown live")
        XCTAssertTrue(e.liveItems.contains { if case .moved(before[0].drawable, _) = $0 { return true } else { return false } },
                      "as the committed drawable with an offset (tessellated once by the renderer)")
        e.handle(S.touch(.ended, Point(130, 80)))
        XCTAssertEqual(e.hiddenIDs, [])
        XCTAssertEqual(S.undoDepth(e), 1)
        let after = e.displayList.items
        XCTAssertEqual(after[0].drawable, before[0].drawable.translated(by: Point(30, 30)))
        XCTAssertEqual(after[1], before[1], "the unselected line keeps its id and place")
        XCTAssertFalse(before.map(\.id).contains(after[0].id), "the moved item has a new id")
        XCTAssertEqual(S.tool(e).selectedIDs, [after[0].id])
        e.undo()
        XCTAssertEqual(e.displayList.items, before)
        XCTAssertTrue(S.tool(e).selectedIDs.isSubset(of: Set(S.ids(e))), "stale ids are dropped")
    }

    func testMoveKeepsListOrderOfSeveralItems() {
        let e = S.editor([S.line(Point(50, 50), Point(150, 50)), S.line(Point(50, 100), Point(150, 100)),
                          S.line(Point(50, 150), Point(150, 150))])
        let before = e.displayList.drawables
        e.handle(.key(KeyPress("a", ctrl: true)))
        S.drag(e, [Point(100, 100), Point(105, 100), Point(110, 95)])
        XCTAssertEqual(e.displayList.drawables, before.map { $0.translated(by: Point(10, -5)) })
        XCTAssertEqual(S.tool(e).selectedIDs, Set(S.ids(e)))
        XCTAssertEqual(S.undoDepth(e), 1)
    }

    func testNudgeMovesOneOrTenPointsOneStepEach() {
        let e = twoLines()
        let before = e.displayList.drawables
        S.click(e, Point(100, 200))
        e.handle(.key(KeyPress("right")))
        e.handle(.key(KeyPress("down", shift: true)))
        XCTAssertEqual(S.undoDepth(e), 2)
        XCTAssertEqual(e.displayList.drawables, [before[0], before[1].translated(by: Point(1, 10))])
        XCTAssertEqual(S.tool(e).selectedIDs, [S.ids(e)[1]])
    }

    /// A 100-point square of width 4 (painted box 98…202): its bottom-right handle dragged by `d`.
    private func scaled(by d: Point, handle: Point = Point(202, 202), shift: Bool = false,
                        alt: Bool = false) -> PathDrawable? {
        let e = S.editor([S.square(Rect(minX: 100, minY: 100, maxX: 200, maxY: 200))])
        e.handle(.key(KeyPress("a", ctrl: true)))
        S.drag(e, [handle, handle + d * 0.5, handle + d], shift: shift, alt: alt)
        XCTAssertEqual(S.undoDepth(e), 1)
        return S.tool(e).selectedIDs.first.flatMap { S.path(e, $0) }
    }

    func testCornerHandleScalesWithTheOppositeCornerFixedAndWidths() throws {
        let p = try XCTUnwrap(scaled(by: Point(104, 104)))
        XCTAssertEqual(Rect.bounding(p.path.elements.compactMap(\.endPoint)),
                       Rect(minX: 102, minY: 102, maxX: 302, maxY: 302))
        XCTAssertEqual(p.style.width, 8, accuracy: 1e-9, "widths scale by the geometric mean")
        let kept = try XCTUnwrap(scaled(by: Point(104, 104), alt: true))
        XCTAssertEqual(kept.style.width, 4, "alt keeps the widths")
        XCTAssertEqual(kept.path, p.path)
    }

    func testShiftKeepsAspectRatioAndEdgesScaleOneAxis() throws {
        let uniform = try XCTUnwrap(scaled(by: Point(104, 0), shift: true))
        XCTAssertEqual(Rect.bounding(uniform.path.elements.compactMap(\.endPoint)),
                       Rect(minX: 102, minY: 102, maxX: 302, maxY: 302))
        let edge = try XCTUnwrap(scaled(by: Point(104, 50), handle: Point(202, 150)))
        XCTAssertEqual(Rect.bounding(edge.path.elements.compactMap(\.endPoint)),
                       Rect(minX: 102, minY: 100, maxX: 302, maxY: 200), "the right edge scales x only")
        XCTAssertEqual(edge.style.width, 4 * 2.0.squareRoot(), accuracy: 1e-9)
    }

    func testScaledStampScalesItsRect() {
        let stamp = Drawable.stamp(StampDrawable(image: ToolHelpers.image, rect: Rect(x: 10, y: 10, width: 4, height: 2),
                                                 opacity: 1))
        guard case .stamp(let s) = stamp.scaled(about: Point(10, 10), sx: 2, sy: -3, scalingWidths: true) else {
            return XCTFail("a stamp stays a stamp")
        }
        XCTAssertEqual(s.rect, Rect(minX: 10, minY: 4, maxX: 18, maxY: 10))
    }
}

/// Dragging an unselected drawable selects and moves it in one go.
final class SelectGrabTests: XCTestCase {
    typealias S = SelectTestSupport

    func testDragOnAnUnselectedDrawableSelectsAndMovesIt() {
        let e = S.editor([S.line(Point(50, 50), Point(150, 50)), S.line(Point(50, 200), Point(150, 200))])
        let before = e.displayList.drawables
        S.click(e, Point(100, 50))
        S.drag(e, [Point(100, 200), Point(100, 205), Point(110, 210)])
        XCTAssertEqual(e.displayList.drawables, [before[0], before[1].translated(by: Point(10, 10))])
        XCTAssertEqual(S.tool(e).selectedIDs, [S.ids(e)[1]])
        XCTAssertEqual(S.undoDepth(e), 1)
    }

    func testStampsMoveAndRestyleOpacityOnly() throws {
        let stamp = Drawable.stamp(StampDrawable(image: ToolHelpers.image, center: Point(100, 100)))
        let e = S.editor([stamp])
        S.click(e, Point(100, 100))
        e.handle(.key(KeyPress("1")))
        e.handle(.key(KeyPress("[", shift: true)))
        e.handle(.key(KeyPress("left")))
        guard case .stamp(let s)? = e.displayList.drawables.first else { return XCTFail("still a stamp") }
        XCTAssertEqual(s.opacity, 0.75)
        XCTAssertEqual(s.rect.center, Point(99, 100))
        XCTAssertEqual(S.undoDepth(e), 2, "the colour key changes nothing on a stamp")
    }
}
