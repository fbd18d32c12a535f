import XCTest
@testable import ScrawlCore

/// The index follows a display list through its feed: appends, undo, and edits of drawables far
/// apart report only those drawables, and queries come back bottom first.
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
        XCTAssertFalse(changes.addedOnTop, "the replacement stacks where the drawable was, below the top")
        XCTAssertEqual(index.count, 999)
        // Positions stay exact: a query comes back in list order.
        let ids = index.query(Rect(x: -100, y: -10, width: 20_000, height: 20))
        XCTAssertEqual(ids, list.items.map(\.id))
        list.undo()
        XCTAssertEqual(index.sync(list)?.added.count, 2)
        XCTAssertEqual(index.query(Rect(x: -100, y: -10, width: 20_000, height: 20)), list.items.map(\.id))
    }

    /// A follower that is behind by more than the feed holds, or that followed another list,
    /// starts over from the list's entries (and says what it removed and added).
    func testAFollowerTooFarBehindOrOfAnotherListStartsOver() {
        var list = DisplayList(drawables: (0..<3).map { dot(Double($0) * 10) })
        var index = DisplayListIndex()
        index.sync(list)
        for k in 0..<(2 * DisplayList.changeLogLimit + 5) { list.add(dot(Double(k))) }
        XCTAssertNil(list.edits(since: 0, of: list.lineage), "the feed no longer reaches back that far")
        let changes = index.sync(list)!
        XCTAssertEqual(changes.removedBounds.count, 3, "it starts over")
        XCTAssertEqual(index.count, list.count)
        XCTAssertEqual(index.query(Rect(x: -100, y: -10, width: 20_000, height: 20)), list.items.map(\.id))
        let other = DisplayList(drawables: [dot(5)])
        XCTAssertEqual(index.sync(other)?.added.count, 1, "another list (another lineage) is followed from scratch")
        XCTAssertEqual(index.count, 1)
    }

    /// A copy that changes on its own is another list to its followers: they never take its
    /// edits for the original's at the same revision.
    func testACopyThatChangesGetsALineageOfItsOwn() {
        var list = DisplayList(drawables: [dot(0)])
        var index = DisplayListIndex()
        index.sync(list)
        var copy = list
        copy.add(dot(100))
        XCTAssertFalse(copy.lineage === list.lineage)
        list.add(dot(200))
        XCTAssertEqual(list.revision, copy.revision)
        index.sync(copy)
        XCTAssertNotNil(index.bounds(of: copy.items[1].id))
        index.sync(list)
        XCTAssertEqual(index.query(Rect(x: -10, y: -10, width: 300, height: 20)), list.items.map(\.id))
        XCTAssertEqual(index.bounds(of: list.items[1].id)?.minX, 199)
    }
}
