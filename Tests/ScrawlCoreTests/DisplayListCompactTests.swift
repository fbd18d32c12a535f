import ScrawlCore
import XCTest

/// A committed path keeps no spare room (memory per committed point).
final class DisplayListCompactTests: XCTestCase {
    func testAddedPathIsStoredAtItsSizeAndUnchanged() {
        let points = (0..<1000).map { Point(Double($0), Double($0 % 7)) }
        let drawable = Drawable.path(PathDrawable(path: .polyline(points), stroke: .black, fill: nil, style: .round(width: 3)))
        guard case .path(let built) = drawable else { return XCTFail("not a path") }
        XCTAssertGreaterThan(built.path.points.capacity, 1010, "Path.polyline grows by doubling (this test needs spare room)")
        var list = DisplayList()
        let item = list.add(drawable)
        XCTAssertEqual(item.drawable, drawable)
        guard case .path(let stored) = list.items[0].drawable else { return XCTFail("not a path") }
        XCTAssertLessThanOrEqual(stored.path.points.capacity, 1002)
        XCTAssertEqual(stored.path.elements.count, 1000)
        XCTAssertTrue(list.undo())
        XCTAssertTrue(list.redo())
        XCTAssertEqual(list.drawables, [drawable])
    }
}
