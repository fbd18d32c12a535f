/// Edits in the middle of the list, each one undoable step: removing a set, splitting one drawable
/// into several, transforming or restyling a set (each item replaced in place under a new id), and
/// appending several at once (a paste, a mirrored pair).
extension DisplayList {
    /// The item with `id`, if the list shows it.
    public func item(_ id: UInt64) -> DisplayItem? {
        items.first { $0.id == id }
    }

    /// Replaces each listed item by its drawables, at its place (an empty array removes it), as one
    /// undoable step; ids the list does not show are ignored. Returns the step (nil when it
    /// changes nothing); its `inserted` items carry the new ids, in list order.
    @discardableResult
    public mutating func replace(_ replacements: [UInt64: [Drawable]]) -> Step? {
        guard !replacements.isEmpty else { return nil }
        var removed: [Placed] = [], inserted: [Placed] = []
        var resultIndex = 0
        for (index, item) in items.enumerated() {
            guard let pieces = replacements[item.id] else { resultIndex += 1; continue }
            removed.append(Placed(index: index, item: item))
            for d in pieces {
                inserted.append(Placed(index: resultIndex, item: makeItem(d, layer: item.layer)))
                resultIndex += 1
            }
        }
        let step = Step(removed: removed, inserted: inserted)
        guard !step.isEmpty, perform(step, as: .edit(step)) else { return nil }
        commit(step)
        return step
    }

    /// Removes the items with `ids` as one undoable step; nil when none is shown.
    @discardableResult
    public mutating func remove(_ ids: Set<UInt64>) -> Step? {
        replace(Dictionary(uniqueKeysWithValues: ids.map { ($0, [Drawable]()) }))
    }

    /// Appends `drawables` to the top layer as one undoable step (nothing for an empty array);
    /// returns the new items (`append(_:to:)` adds them to another layer).
    @discardableResult
    public mutating func append(_ drawables: [Drawable]) -> [DisplayItem] {
        guard !drawables.isEmpty else { return [] }
        if drawables.count == 1 { return [add(drawables[0])] }
        let start = items.count
        let placed = drawables.enumerated().map { Placed(index: start + $0.offset, item: makeItem($0.element)) }
        let step = Step(removed: [], inserted: placed)
        perform(step, as: .edit(step))
        commit(step)
        return placed.map(\.item)
    }

    /// Replaces every item by `drawables` (new ids, in order) as one undoable step: a revert to a
    /// saved file, which undo takes back. Nil when both are empty.
    @discardableResult
    public mutating func replaceAll(with drawables: [Drawable]) -> Step? {
        let removed = items.enumerated().map { Placed(index: $0.offset, item: $0.element) }
        let inserted = drawables.enumerated().map { Placed(index: $0.offset, item: makeItem($0.element.compacted())) }
        let step = Step(removed: removed, inserted: inserted)
        guard !step.isEmpty, perform(step, as: .edit(step)) else { return nil }
        commit(step)
        return step
    }

    /// Applies a step recorded elsewhere (a journal's `edit`), ids included; false when it does not
    /// fit the list or an inserted id is already shown.
    mutating func applyRecorded(_ step: Step) -> Bool {
        guard !step.isEmpty else { return false }
        let removing = Set(step.removed.map(\.item.id))
        let shown = Set(items.map(\.id)).subtracting(removing)
        guard step.inserted.allSatisfy({ !shown.contains($0.item.id) }) else { return false }
        let table = Set((step.layers?.after ?? layers).map(\.id))
        guard step.inserted.allSatisfy({ table.contains($0.item.layer) }) else { return false }
        guard perform(step, as: .edit(step)) else { return false }
        if let top = step.inserted.map(\.item.id).max(), top >= nextID, top < UInt64.max { nextID = top + 1 }
        commit(step)
        return true
    }
}
