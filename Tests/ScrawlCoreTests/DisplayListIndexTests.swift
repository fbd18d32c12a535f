import XCTest
@testable import ScrawlCore

/// The index follows a display list by what changed: appends, undo, and edits of drawables far
/// apart report only those drawables, and queries come back in list order.
final class DisplayListIndexTests: XCTestCase {
    private func dot(_ x: Double) -> Drawable {
        .path(PathDrawable(path: .polyline([Point(x, 0), Point(x + 1, 0)]), stroke: .black, fill: nil, style: .round(width: 2)))
    }

    func testEditsFarApartReportOnlyWhatChanged() {
        var list = DisplayList(drawables: (0..<1000).map { dot(Double($0) * 10) })
        var index = DisplayListIndex()
        XCTAssertEqual(index.sync(list)?.added.count, 1000)
        XCTAssertNil(index.sync(list), "nothing changed")
        let first = list.items[3].id, last = list.items[990].id
        list.replace([first: [dot(-50)], last: []])
        let changes = index.sync(list)!
        XCTAssertEqual(changes.added.count, 1, "only the replacement is new")
        XCTAssertEqual(changes.removedBounds.count, 2, "only the two edited drawables left")
        XCTAssertFalse(changes.appendedOnly)
        XCTAssertEqual(index.count, 999)
        // Positions stay exact: a query comes back in list order.
        let ids = index.query(Rect(x: -100, y: -10, width: 20_000, height: 20))
        XCTAssertEqual(ids, list.items.map(\.id))
        list.undo()
        XCTAssertEqual(index.sync(list)?.added.count, 2)
        XCTAssertEqual(index.query(Rect(x: -100, y: -10, width: 20_000, height: 20)), list.items.map(\.id))
    }
}
