/// How much undo history a list keeps: every step while what only the history holds (the items its
/// undo steps removed) stays within a budget, else the newest steps within it, the newest always.
///
/// Without a bound the history of big edits grows without end: 20000 strokes nudged 40 times hold
/// 820000 strokes, most of them copies only undo can reach, and every autosave snapshot (and the
/// next start's recovery) carries them all. The budget is the larger of `historyBudget` and what the
/// list shows, so memory, snapshots and recovery stay proportional to the drawing plus a constant.
extension DisplayList {
    /// The history's budget beyond what is shown, in `historyCost` units (about a million points,
    /// some 23 MB of snapshot JSON and 16 MB of points in memory).
    public static let historyBudget = 1_000_000

    /// What `items` cost the history: their points (`storedPointCount`), plus 8 for each item (a
    /// stamp's image is shared, not copied, so it counts as one item).
    static func historyCost<C: Collection>(of items: C) -> Int where C.Element == DisplayItem {
        var cost = 0
        for item in items { cost += item.drawable.storedPointCount + 8 }
        return cost
    }

    /// What an undo step holds that nothing shown holds: the items it removed.
    static func undoCost(of step: Step) -> Int { historyCost(of: step.removed.lazy.map(\.item)) }

    /// How many of the oldest steps of `undo` (whose items only the history holds cost `cost`) to
    /// drop so that the rest fit the budget for a list showing `items`; never the newest step.
    static func stepsOverBudget(_ undo: [Step], cost: Int, items: [DisplayItem]) -> (count: Int, freed: Int) {
        guard cost > historyBudget, undo.count > 1 else { return (0, 0) }
        let budget = max(historyBudget, historyCost(of: items))
        var over = cost - budget, count = 0, freed = 0
        while over > 0, count < undo.count - 1 {
            let c = undoCost(of: undo[count])
            over -= c
            freed += c
            count += 1
        }
        return (count, freed)
    }
}
