import XCTest
@testable import ScrawlCore

/// The undo history's budget (`DisplayList.historyBudget`): big edits repeated on the same
/// drawables keep only the newest steps that fit, so the history (and every snapshot and recovery
/// of it) stops growing; small drawings keep every step; the newest step is always kept.
final class DisplayListHistoryBudgetTests: XCTestCase {
    /// `count` strokes of `points` points each (10 strokes of 30000 points: 300080 a nudge).
    private func strokes(_ count: Int, points: Int) -> [Drawable] {
        (0..<count).map { i in
            .path(PathDrawable(path: .polyline((0..<points).map { Point(Double($0) * 0.01, Double(i)) }),
                               stroke: .black, fill: nil, style: StrokeOptions()))
        }
    }

    /// Moves every shown drawable by one point, as a nudge of the whole selection does.
    private func nudgeAll(_ list: inout DisplayList) {
        list.replace(Dictionary(uniqueKeysWithValues: list.items.map { ($0.id, [$0.drawable.translated(by: Point(1, 0))]) }))
    }

    /// What only the history holds (items it reaches that are not shown).
    private func historyOnlyCost(_ list: DisplayList) -> Int {
        let shown = Set(list.items.map(\.id))
        return DisplayList.historyCost(of: list.history.allItems.filter { !shown.contains($0.id) })
    }

    func testRepeatedBigEditsKeepOnlyTheNewestStepsThatFit() {
        var list = DisplayList()
        for d in strokes(10, points: 30_000) { list.add(d) }
        var states = [list.items]
        for _ in 0..<20 {
            nudgeAll(&list)
            states.append(list.items)
            XCTAssertLessThanOrEqual(historyOnlyCost(list), DisplayList.historyBudget, "the history stays within its budget")
        }
        XCTAssertEqual(list.history.undo.count, 3, "three nudges of 300080 fit in 1000000")
        for k in 1...3 {
            XCTAssertTrue(list.undo())
            XCTAssertTrue(list.items == states[20 - k], "undo \(k) goes back one nudge")
        }
        XCTAssertFalse(list.undo(), "older steps were dropped")
        for _ in 1...3 { XCTAssertTrue(list.redo()) }
        XCTAssertTrue(list.items == states[20])
    }

    func testSmallDrawingsKeepEveryStep() {
        var list = DisplayList()
        for d in strokes(100, points: 50) { list.add(d) }
        for _ in 0..<50 { nudgeAll(&list) }
        XCTAssertEqual(list.history.undo.count, 150)
        while list.undo() {}
        XCTAssertTrue(list.isEmpty, "undo goes back to the empty page")
    }

    /// A clear of a drawing bigger than the budget stays undoable until the next edit over it.
    func testTheNewestStepIsKeptHoweverBig() {
        var list = DisplayList()
        let big = strokes(40, points: 30_000)
        for d in big { list.add(d) }
        list.clear()
        XCTAssertEqual(list.history.undo.count, 1)
        XCTAssertTrue(list.undo())
        XCTAssertTrue(list.drawables == big)
    }

    /// A mirror making the same changes (the journal, a recovery) drops the same steps.
    func testAMirrorDropsTheSameSteps() throws {
        var list = DisplayList(), mirror = DisplayList()
        var seen = list.revision
        for d in strokes(10, points: 30_000) { list.add(d) }
        for i in 0..<12 {
            nudgeAll(&list)
            if i % 4 == 3 { list.undo() }
            for change in try XCTUnwrap(list.changes(since: seen)) { XCTAssertTrue(mirror.apply(change)) }
            seen = list.revision
        }
        XCTAssertTrue(mirror.history == list.history)
        var restored = try DisplayList(restoring: list.history)
        nudgeAll(&list)
        nudgeAll(&restored)
        XCTAssertEqual(restored.history.undo.count, list.history.undo.count, "a restored list goes on as the original")
    }
}
