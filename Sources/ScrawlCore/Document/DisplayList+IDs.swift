/// The range of item ids, and making room for new ones in a list opened from a file.
///
/// A list gives each new item the id above the largest it knows, so ids never repeat within it:
/// the undo steps, the journal's mirror and the renderer's tiles all name items by id and rely on
/// an id always naming one drawable. Ids are stored in documents and the journal as JSON
/// integers, exact only up to 2^53, so a list must never give an id above that: a file may hold
/// any id up to 2^53, and a list opened from one (`withRoomForNewIDs()`) is renumbered when its
/// largest id leaves less than 2^52 new ids ahead. Reusing ids below the largest instead would
/// need proof that no step, mirror or cache still knows the old drawable by it; renumbering at
/// opening time happens before any of them exists.
extension DisplayList {
    /// The largest id a list gives or keeps: 2^53 (9007199254740992), exact in any JSON reader.
    public static let maxID: UInt64 = 1 << 53
    /// A list opened with an id above this (2^52) is renumbered (`withRoomForNewIDs()`), so it
    /// always has at least 2^52 new ids ahead: more than any session can use.
    public static let renumberAbove: UInt64 = 1 << 52

    /// This list ready for editing: itself when its largest id (shown or in the history) is at
    /// most `renumberAbove`, else the same drawables and history with every id renumbered 1…n in
    /// the order of the old ids (the history stays exactly as it was, step for step).
    public func withRoomForNewIDs() -> DisplayList {
        let history = self.history
        let all = history.allItems
        guard let top = all.last?.id, top > DisplayList.renumberAbove else { return self }
        var ids: [UInt64: UInt64] = [:]
        ids.reserveCapacity(all.count)
        for (k, item) in all.enumerated() { ids[item.id] = UInt64(k + 1) }
        func renumbered(_ item: DisplayItem) -> DisplayItem { DisplayItem(id: ids[item.id] ?? item.id, drawable: item.drawable, layer: item.layer) }
        func renumbered(_ step: Step) -> Step {
            Step(removed: step.removed.map { Placed(index: $0.index, item: renumbered($0.item)) },
                 inserted: step.inserted.map { Placed(index: $0.index, item: renumbered($0.item)) }, layers: step.layers)
        }
        let restored = History(items: history.items.map(renumbered), undo: history.undo.map(renumbered),
                               redo: history.redo.map(renumbered), layers: history.layers)
        return (try? DisplayList(restoring: restored)) ?? DisplayList(drawables: drawables)
    }
}
