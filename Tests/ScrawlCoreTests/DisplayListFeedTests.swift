import XCTest
@testable import ScrawlCore

/// The list publishes each change once, with stacking order keys apart from storage: appends stack
/// on top, insertions below the top take keys between their neighbours', a full renumbering tells
/// followers to start over, and the saved-state mark follows undo and redo.
final class DisplayListFeedTests: XCTestCase {
    private func dot(_ x: Double) -> Drawable {
        .path(PathDrawable(path: .polyline([Point(x, 0), Point(x + 1, 0)]), stroke: .black, fill: nil, style: .round(width: 2)))
    }

    private func assertOrdered(_ list: DisplayList, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(list.orders.count, list.items.count, file: file, line: line)
        XCTAssertEqual(list.orders, list.orders.sorted(), "keys ascend with the stack", file: file, line: line)
        XCTAssertEqual(Set(list.orders).count, list.orders.count, "keys are distinct", file: file, line: line)
    }

    func testEveryChangeIsPublishedOnceWithItsItems() throws {
        var list = DisplayList()
        let a = list.add(dot(0)), b = list.add(dot(10))
        list.replace([a.id: [dot(1), dot(2)]])
        list.undo()
        list.redo()
        list.clear()
        let edits = try XCTUnwrap(list.edits(since: 0, of: list.lineage))
        XCTAssertEqual(edits.count, 6)
        XCTAssertEqual(edits.map(\.change), [.add(dot(0)), .add(dot(10)), edits[2].change, .undo, .redo, .clear])
        XCTAssertEqual(edits[2].removed, [a.id])
        XCTAssertEqual(edits[2].inserted.count, 2)
        XCTAssertTrue(edits[2].inserted.allSatisfy { $0.order < edits[1].inserted[0].order }, "the pieces stack below b")
        XCTAssertEqual(edits[3].removed.count, 2, "undo removes the pieces")
        XCTAssertEqual(edits[3].inserted.map(\.item.id), [a.id], "and puts a back")
        XCTAssertEqual(Set(edits[5].removed), Set(edits[4].inserted.map(\.item.id) + [b.id]))
        XCTAssertEqual(list.changes(since: 0), edits.map(\.change), "the journal reads the same feed")
        XCTAssertEqual(list.edits(since: list.revision, of: list.lineage)?.count, 0)
    }

    func testInsertionsBelowTheTopTakeKeysBetweenTheirNeighbours() {
        var list = DisplayList(drawables: (0..<5).map { dot(Double($0)) })
        assertOrdered(list)
        var top = list.orders.last!
        // Split the second item into three pieces, again and again at the same place: keys go
        // between the neighbours' until there is no room, then everything is renumbered once.
        var renumberings = 0
        for _ in 0..<40 {
            let before = list.revision
            list.replace([list.items[1].id: [dot(100), dot(101), dot(102)]])
            assertOrdered(list)
            if list.edits(since: before, of: list.lineage) == nil {
                renumberings += 1
                top = list.orders.last!
            }
            XCTAssertEqual(list.orders.last, top, "the top item keeps its key but for a renumbering")
        }
        XCTAssertTrue((1...3).contains(renumberings), "a few dozen splits fit between two keys a gap apart: \(renumberings)")
        XCTAssertEqual(list.count, 5 + 40 * 2)
        list.add(dot(7))
        XCTAssertGreaterThan(list.orders.last!, top, "an append stacks on top")
        assertOrdered(list)
    }

    func testRenumberingTellsFollowersToStartOver() {
        var list = DisplayList(drawables: [dot(0), dot(1)])
        let before = list.revision
        var renumbered = false
        for k in 0..<80 where !renumbered {
            list.replace([list.items[0].id: [dot(Double(k)), dot(Double(k) + 0.5)]])
            assertOrdered(list)
            renumbered = list.edits(since: before, of: list.lineage) == nil
        }
        XCTAssertTrue(renumbered, "splitting at the bottom again and again runs out of room between keys")
        XCTAssertEqual(list.orders, (0..<list.count).map { OrderKey(UInt64($0 + 1) * OrderKey.gap) })
        XCTAssertNotNil(list.changes(since: before), "the journal's changes are not keys: it still reads them")
        var index = DisplayListIndex()
        index.sync(list)
        XCTAssertEqual(index.query(Rect(x: -10, y: -10, width: 200, height: 20)), list.items.map(\.id))
    }

    func testTheSavedStateMarkFollowsUndoAndRedo() {
        var list = DisplayList()
        let empty = list.state
        list.add(dot(0))
        let one = list.state
        XCTAssertNotEqual(one, empty)
        list.add(dot(1))
        let two = list.state
        list.undo()
        XCTAssertEqual(list.state, one, "undo goes back to the state after the first add")
        list.redo()
        XCTAssertEqual(list.state, two)
        list.undo()
        list.add(dot(2))
        XCTAssertNotEqual(list.state, two, "a new step after an undo is a state never seen")
        XCTAssertNotEqual(list.state, one)
        list.undo(); list.undo()
        XCTAssertEqual(list.state, empty)
    }

    func testARestoredListStacksInItsOrderAndUndoesThroughItsHistory() throws {
        var list = DisplayList()
        for k in 0..<4 { list.add(dot(Double(k))) }
        list.replace([list.items[2].id: []])
        let restored = try DisplayList(restoring: list.history)
        XCTAssertEqual(restored.items, list.items)
        assertOrdered(restored)
        var copy = restored
        copy.undo()
        assertOrdered(copy)
        XCTAssertEqual(copy.items.map(\.drawable), (0..<4).map { dot(Double($0)) })
    }
}
