import XCTest
@testable import ScrawlCore

/// While a Bézier path is built, its anchors and handles show as live marks (never committed) and
/// the pointer previews the segment a click there would add.
final class BezierMarksTests: XCTestCase {
    typealias T = ToolHelpers

    /// Marks of the path being built: white squares at the anchors, round blue grips at the handles.
    private func marks(_ e: Editor) -> (anchors: [Point], grips: [Point]) {
        var anchors: [Point] = [], grips: [Point] = []
        for item in e.liveItems {
            guard case .mark(.path(let p)) = item, let fill = p.fill,
                  let box = Rect.bounding(p.path.elements.compactMap(\.endPoint)) else { continue }
            if fill == .white { anchors.append(box.center) }
            if fill == BezierTool.markColor { grips.append(box.center) }
        }
        return (anchors, grips)
    }

    private func assertPoints(_ got: [Point], _ want: [Point], _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(got.count, want.count, "\(what): \(got)", file: file, line: line)
        for (g, w) in zip(got, want) { XCTAssertEqual(g.distance(to: w), 0, accuracy: 1e-6, "\(what): \(got)", file: file, line: line) }
    }

    func testTheBezierShowsItsAnchorsAndHandlesAndPreviewsTheNextSegment() throws {
        let e = T.editor()
        e.handle(T.key("b"))
        XCTAssertEqual(e.cursorFeedback(at: Point(10, 10), pointerDown: false), .none, "nothing before the first point")
        T.run(e, T.drag([(100, 100), (130, 100)]))  // the first point, its handle dragged out to (130, 100)
        var m = marks(e)
        assertPoints(m.anchors, [Point(100, 100)], "the first anchor")
        assertPoints(m.grips, [Point(130, 100)], "its handle")
        guard case .segment(let next, _, _) = e.cursorFeedback(at: Point(200, 160), pointerDown: false) else {
            return XCTFail("a preview of the next segment")
        }
        XCTAssertEqual(next.elements, [.move(Point(100, 100)), .cubic(c1: Point(130, 100), c2: Point(200, 160), to: Point(200, 160))])
        XCTAssertEqual(e.cursorFeedback(at: Point(200, 160), pointerDown: true), .none, "none while a touch is down")
        T.run(e, T.drag([(200, 160), (200, 160)]))  // a click there adds what the preview showed
        XCTAssertEqual(e.tool.liveItems(e).compactMap { item -> Path? in
            if case .drawable(.path(let p)) = item, p.fill == nil { return p.path } else { return nil }
        }.first?.elements, next.elements)
        m = marks(e)
        assertPoints(m.anchors, [Point(100, 100), Point(200, 160)], "both anchors")
        assertPoints(m.grips, [Point(130, 100)], "a click's handle lies on its anchor: only the first's shows")
        e.handle(T.key("enter"))
        XCTAssertEqual(e.displayList.items.count, 1, "the marks are never committed")
        XCTAssertEqual(e.liveItems.count, 0)
        XCTAssertEqual(e.cursorFeedback(at: Point(250, 200), pointerDown: false), .none, "no path, no preview")
    }
}
