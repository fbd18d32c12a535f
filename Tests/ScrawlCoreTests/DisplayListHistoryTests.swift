import XCTest
@testable import ScrawlCore

/// `DisplayList`'s steps, `history` and `init(restoring:)`: a list's history restores to a list
/// that undoes and redoes through the same states, and no restored history, however hostile,
/// makes the list trap: inconsistent ones are refused, and undo and redo check every step.
final class DisplayListHistoryTests: XCTestCase {
    private func drawable(_ n: Int) -> Drawable {
        .path(PathDrawable(path: Path(elements: [.move(Point(Double(n), 0)), .line(Point(0, Double(n)))]),
                           stroke: .black, fill: nil, style: StrokeOptions()))
    }

    private func item(_ id: UInt64) -> DisplayItem { DisplayItem(id: id, drawable: drawable(Int(id))) }

    private func placed(_ index: Int, _ id: UInt64) -> DisplayList.Placed { .init(index: index, item: item(id)) }

    /// Every state the list reaches by undoing all the way, then by redoing all the way.
    private func states(_ list: DisplayList) -> [[UInt64]] {
        var l = list
        var out = [l.items.map(\.id)]
        while l.undo() { out.append(l.items.map(\.id)) }
        while l.redo() { out.append(l.items.map(\.id)) }
        return out
    }

    private func sampleList() -> DisplayList {
        var list = DisplayList(drawables: [drawable(0)])
        for change: DisplayList.Change in [.add(drawable(1)), .add(drawable(2)), .clear, .add(drawable(3)), .undo,
                                           .undo, .redo, .add(drawable(4)), .add(drawable(5)), .undo] {
            list.apply(change)
        }
        return list
    }

    func testStepsRecordRemovedAndInsertedItems() {
        var list = DisplayList()
        let a = list.add(drawable(1)), b = list.add(drawable(2))
        XCTAssertEqual(list.history.undo, [DisplayList.Step(removed: [], inserted: [.init(index: 0, item: a)]),
                                           DisplayList.Step(removed: [], inserted: [.init(index: 1, item: b)])])
        list.clear()
        XCTAssertEqual(list.history.undo.last, DisplayList.Step(removed: [.init(index: 0, item: a), .init(index: 1, item: b)],
                                                                inserted: []))
        list.undo()
        XCTAssertEqual(list.history.redo.count, 1)
        XCTAssertEqual(list.items, [a, b])
    }

    func testApplyMatchesTheMethods() {
        var list = DisplayList()
        XCTAssertFalse(list.apply(.undo))
        XCTAssertFalse(list.apply(.redo))
        XCTAssertFalse(list.apply(.clear))
        XCTAssertTrue(list.apply(.add(drawable(1))))
        XCTAssertTrue(list.apply(.clear))
        XCTAssertTrue(list.apply(.undo))
        XCTAssertEqual(list.changes(since: 0), [.add(drawable(1)), .clear, .undo])
    }

    func testHistoryRestoresToTheSameStates() throws {
        let list = sampleList()
        let restored = try DisplayList(restoring: list.history)
        XCTAssertEqual(restored.items, list.items)
        XCTAssertEqual(restored.history, list.history)
        XCTAssertEqual(states(restored), states(list))
        XCTAssertEqual(list.history.allItems.map(\.id), [1, 2, 3, 5, 6], "4 was cut off the redo stack by adding 5")
    }

    /// New items after a restore get ids no item of the history has.
    func testIdsAfterRestoreNeverRepeat() throws {
        var restored = try DisplayList(restoring: .init(items: [item(7)], undo: [.init(removed: [], inserted: [placed(0, 7)])],
                                                        redo: [.init(removed: [], inserted: [placed(1, 40)])]))
        XCTAssertEqual(restored.add(drawable(9)).id, 41)
    }

    func testInconsistentHistoriesAreRefused() {
        let add1 = DisplayList.Step(removed: [], inserted: [placed(0, 1)])
        let cases: [(DisplayList.History, HistoryError)] = [
            // The undo step added an item that is not where it says.
            (.init(items: [item(2)], undo: [add1]), .inconsistentStep(stack: .undo, index: 0)),
            // Two items share an id.
            (.init(items: [item(1), item(1)]), .conflictingID(1)),
            // One id, two drawables.
            (.init(items: [item(1)], undo: [.init(removed: [], inserted: [.init(index: 0, item: DisplayItem(id: 1, drawable: drawable(9)))])]),
             .conflictingID(1)),
            // A redo that inserts an id already shown.
            (.init(items: [item(1)], redo: [.init(removed: [], inserted: [placed(1, 1)])]), .inconsistentStep(stack: .redo, index: 0)),
            // An empty step.
            (.init(items: [], undo: [.init(removed: [], inserted: [])]), .inconsistentStep(stack: .undo, index: 0)),
            // Indices out of range, negative, or not ascending.
            (.init(items: [], redo: [.init(removed: [], inserted: [placed(5, 1)])]), .inconsistentStep(stack: .redo, index: 0)),
            (.init(items: [], redo: [.init(removed: [], inserted: [placed(-1, 1)])]), .inconsistentStep(stack: .redo, index: 0)),
            (.init(items: [item(1), item(2)], redo: [.init(removed: [placed(1, 2), placed(0, 1)], inserted: [])]),
             .inconsistentStep(stack: .redo, index: 0)),
            (.init(items: [item(1)], redo: [.init(removed: [placed(0, 1), placed(0, 1)], inserted: [])]),
             .inconsistentStep(stack: .redo, index: 0)),
            // The second undo step does not fit what the first leaves.
            (.init(items: [item(1)], undo: [.init(removed: [], inserted: [placed(0, 3)]), add1]),
             .inconsistentStep(stack: .undo, index: 0)),
            // An id with no successor.
            (.init(items: [DisplayItem(id: .max, drawable: drawable(0))]), .conflictingID(.max)),
        ]
        for (i, (history, expected)) in cases.enumerated() {
            XCTAssertThrowsError(try DisplayList(restoring: history), "case \(i)") { error in
                XCTAssertEqual(error as? HistoryError, expected, "case \(i)")
            }
        }
    }

    /// Random histories: restoring either refuses them or gives a list that undoes and redoes
    /// all the way without trapping, every state free of repeated ids.
    func testRandomHistoriesNeverTrap() {
        var rng = SplitMix64(seed: 7)
        var accepted = 0
        for _ in 0..<3000 {
            func randomPlaced() -> [DisplayList.Placed] {
                (0..<Int(rng.next() % 3)).map { _ in placed(Int(rng.next() % 4) - 1, rng.next() % 5 + 1) }
            }
            func randomSteps() -> [DisplayList.Step] {
                (0..<Int(rng.next() % 4)).map { _ in DisplayList.Step(removed: randomPlaced(), inserted: randomPlaced()) }
            }
            let items = (0..<Int(rng.next() % 3)).map { _ in item(rng.next() % 5 + 1) }
            guard let list = try? DisplayList(restoring: .init(items: items, undo: randomSteps(), redo: randomSteps())) else { continue }
            accepted += 1
            for state in states(list) { XCTAssertEqual(Set(state).count, state.count) }
        }
        XCTAssertGreaterThan(accepted, 50, "some random histories are consistent")
    }

    /// A step that does not fit the items (as only a hand-made history could hold) is refused by
    /// undo and redo, which then change nothing.
    func testUndoAndRedoCheckTheirStep() throws {
        var list = try DisplayList(restoring: .init(items: [item(1)], undo: [.init(removed: [], inserted: [placed(0, 1)])]))
        XCTAssertTrue(list.undo())
        XCTAssertTrue(list.redo())
        var items: [DisplayItem] = [item(1)]
        XCTAssertFalse(items.replace([placed(0, 2)], with: []), "the item at 0 is not 2")
        XCTAssertFalse(items.replace([], with: [placed(3, 2)]), "index 3 is past the end")
        XCTAssertEqual(items, [item(1)], "a refused step changes nothing")
        XCTAssertTrue(items.replace([placed(0, 1)], with: [placed(0, 2), placed(1, 3)]), "one item replaced by two")
        XCTAssertEqual(items.map(\.id), [2, 3])
    }
}
