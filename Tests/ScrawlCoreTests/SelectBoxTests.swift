import XCTest
@testable import ScrawlCore

/// The Select tool's drag from empty canvas draws a box and selects what lies wholly inside it;
/// `v` again switches to the lasso and back.
final class SelectBoxTests: XCTestCase {
    typealias S = SelectTestSupport

    func testABoxFromEmptyCanvasSelectsWhatLiesInsideIt() {
        let e = S.editor([S.line(Point(20, 20), Point(60, 20)), S.line(Point(20, 60), Point(60, 70)),
                          S.line(Point(50, 90), Point(200, 90))])
        let ids = S.ids(e)
        XCTAssertEqual(e.selectionMode, .box, "a box by default")
        XCTAssertTrue(e.statusLine.contains("box select"), e.statusLine)
        e.handle(S.touch(.began, Point(10, 10)))
        e.handle(S.touch(.moved, Point(50, 50)))
        e.handle(S.touch(.moved, Point(100, 100)))
        let dashed = e.liveItems.compactMap { item -> Rect? in
            if case .dashed(let path, _, _, _) = item { return Rect.bounding(path.elements.compactMap(\.endPoint)) }
            return nil
        }
        XCTAssertEqual(dashed, [Rect(x: 10, y: 10, width: 90, height: 90)], "the box shows, dashed")
        e.handle(S.touch(.ended, Point(100, 100)))
        XCTAssertEqual(S.tool(e).selectedIDs, [ids[0], ids[1]], "the third line reaches out of the box")
        S.drag(e, [Point(190, 80), Point(210, 95), Point(210, 100)], shift: true)
        XCTAssertEqual(S.tool(e).selectedIDs, [ids[0], ids[1]], "shift: a box round nothing whole adds nothing")
        S.drag(e, [Point(40, 80), Point(205, 100)], shift: true)
        XCTAssertEqual(S.tool(e).selectedIDs, Set(ids), "shift adds what a box holds")
        XCTAssertEqual(S.undoDepth(e), 0, "selecting changes nothing")
    }

    func testVAgainSwitchesBetweenBoxAndLassoKeepingTheSelection() {
        let e = S.editor([S.line(Point(20, 20), Point(60, 20))])
        e.handle(.key(KeyPress("a", ctrl: true)))
        e.handle(.key(KeyPress("v")))
        XCTAssertEqual(e.selectionMode, .lasso)
        XCTAssertTrue(e.statusLine.contains("lasso select"), e.statusLine)
        XCTAssertEqual(S.tool(e).selectedIDs.count, 1)
        e.handle(.key(KeyPress("v")))
        XCTAssertEqual(e.selectionMode, .box)
        e.handle(.key(KeyPress("p")))
        XCTAssertNil(e.selectionMode, "only while selecting")
        e.handle(.key(KeyPress("v")))
        XCTAssertEqual(e.selectionMode, .box, "choosing Select does not switch the mode")
    }
}
