import XCTest
@testable import ScrawlCore

/// New ids are always valid (1 to 2^53, what files store): a list opened with ids near the top of
/// that range is renumbered, its history kept step for step.
final class DisplayListIDRoomTests: XCTestCase {
    private func line(_ i: Int) -> Drawable {
        .path(PathDrawable(path: .polyline([Point(Double(i), 0), Point(Double(i), 10)]), stroke: .black, fill: nil,
                           style: .round(width: 2)))
    }

    /// A list holding `ids` (the last item's id the largest) with undo and redo history.
    private func list(_ top: UInt64) throws -> DisplayList {
        let items = [DisplayItem(id: top, drawable: line(1)), DisplayItem(id: 5, drawable: line(2))]
        var list = try DisplayList(restoring: DisplayList.History(items: items))
        list.add(line(3))      // top + 1: past 2^53 when top is 2^53
        list.replace([5: [line(4), line(5)]])
        list.undo()
        return list
    }

    func testAListWithTheLargestIdIsRenumberedWithItsHistory() throws {
        let top = DisplayList.maxID
        let before = try list(top)
        var after = before.withRoomForNewIDs()
        XCTAssertEqual(after.drawables, before.drawables)
        XCTAssertEqual(after.items.map(\.id), [2, 1, 3], "1…n in the order of the old ids: 5, 2^53, 2^53 + 1")
        // The history goes through the same states.
        var original = before
        while original.canUndo {
            XCTAssertTrue(original.undo() && after.undo())
            XCTAssertEqual(after.drawables, original.drawables)
        }
        while original.canRedo {
            XCTAssertTrue(original.redo() && after.redo())
            XCTAssertEqual(after.drawables, original.drawables)
        }
        let added = after.add(line(9))
        XCTAssertLessThanOrEqual(added.id, DisplayList.renumberAbove, "new ids are far from the top")
        XCTAssertFalse(after.items.dropLast().map(\.id).contains(added.id))
    }

    func testAListWithRoomIsKeptAsItIs() throws {
        let before = try list(DisplayList.renumberAbove - 10)
        let after = before.withRoomForNewIDs()
        XCTAssertEqual(after.history, before.history)
        XCTAssertEqual(DisplayList().withRoomForNewIDs().history, DisplayList().history)
    }
}
