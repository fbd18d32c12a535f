import XCTest
@testable import ScrawlCore

/// Clicks, shift-clicks, the lasso, select all and escape.
final class SelectPickTests: XCTestCase {
    typealias S = SelectTestSupport

    /// Two crossing lines: the later one is on top where they cross.
    private func crossing(zoom: Double = 1) -> Editor {
        S.editor([S.line(Point(50, 100), Point(250, 100)), S.line(Point(150, 50), Point(150, 150))], zoom: zoom)
    }

    func testClickPicksTopmostWithinFourScreenPixels() {
        for zoom in [1.0, 4.0] {
            let e = crossing(zoom: zoom)
            let ids = S.ids(e), px = 1 / zoom
            S.click(e, Point(150, 100))
            XCTAssertEqual(S.tool(e).selectedIDs, [ids[1]], "topmost at zoom \(zoom)")
            // The horizontal line's body ends 1 point above/below its centre line.
            S.click(e, Point(80, 101 + 4 * px))
            XCTAssertEqual(S.tool(e).selectedIDs, [ids[0]], "4 screen px away at zoom \(zoom)")
            S.click(e, Point(80, 101 + 6 * px))
            XCTAssertEqual(S.tool(e).selectedIDs, [], "6 screen px away at zoom \(zoom)")
        }
    }

    func testShiftClickAddsAndRemoves() {
        let e = crossing()
        let ids = S.ids(e)
        S.click(e, Point(60, 100))
        S.click(e, Point(150, 60), shift: true)
        XCTAssertEqual(S.tool(e).selectedIDs, Set(ids))
        XCTAssertEqual(S.tool(e).statusText, "2 selected")
        S.click(e, Point(60, 100), shift: true)
        XCTAssertEqual(S.tool(e).selectedIDs, [ids[1]])
        S.click(e, Point(300, 250), shift: true)
        XCTAssertEqual(S.tool(e).selectedIDs, [ids[1]], "a shift-click on nothing keeps the selection")
    }

    func testLassoSelectsOnlyEnclosedDrawables() {
        let e = S.editor([S.line(Point(20, 20), Point(60, 20)), S.line(Point(20, 60), Point(60, 70)),
                          S.line(Point(50, 90), Point(200, 90))])
        let ids = S.ids(e)
        e.handle(.key(KeyPress("v")))  // `v` again: lasso instead of box
        XCTAssertEqual(e.selectionMode, .lasso)
        let loop = [Point(10, 10), Point(100, 10), Point(100, 100), Point(10, 100), Point(10, 12)]
        e.handle(S.touch(.began, loop[0]))
        for p in loop.dropFirst() { e.handle(S.touch(.moved, p)) }
        let live = e.liveItems
        XCTAssertTrue(live.contains { if case .dashed = $0 { return true } else { return false } }, "the lasso shows")
        e.handle(S.touch(.ended, loop.last!))
        XCTAssertEqual(S.tool(e).selectedIDs, [ids[0], ids[1]], "the third line leaves the lasso")
        XCTAssertEqual(S.undoDepth(e), 0, "selecting changes nothing")
    }

    func testSelectAllEscapeAndBoxHandles() {
        let e = crossing(zoom: 2)
        e.handle(.key(KeyPress("a", ctrl: true)))
        XCTAssertEqual(S.tool(e).selectedIDs, Set(S.ids(e)))
        let squares = e.liveItems.compactMap { item -> Rect? in
            guard case .mark(.path(let p)) = item, p.fill == .white else { return nil }
            return Rect.bounding(p.path.elements.compactMap(\.endPoint))
        }
        XCTAssertEqual(squares.count, 8)
        XCTAssertTrue(squares.allSatisfy { abs($0.width - 4) < 1e-9 }, "8 screen points at zoom 2")
        e.handle(.key(KeyPress("escape")))
        XCTAssertTrue(S.tool(e).selectedIDs.isEmpty)
        XCTAssertTrue(e.liveItems.isEmpty)
    }

    func testThinSelectionKeepsOnlyItsEndHandlesSoItCanBeGrabbed() {
        let e = S.editor([S.line(Point(50, 50), Point(150, 50))])
        S.click(e, Point(100, 50))
        let handles = e.liveItems.filter { if case .mark(.path(let p)) = $0 { return p.fill == .white } else { return false } }
        XCTAssertEqual(handles.count, 2, "a 2-point-high box has no handles that scale its height")
        e.handle(S.touch(.began, Point(100, 50)))
        e.handle(S.touch(.moved, Point(100, 60)))
        XCTAssertEqual(e.hiddenIDs, S.tool(e).selectedIDs, "grabbing the line moves it")
    }
}
