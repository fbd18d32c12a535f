extension DisplayList {
    /// A list's whole state: its items and its undo and redo steps, for saving it elsewhere (the
    /// journal's snapshots) and restoring it with `DisplayList(restoring:)`.
    public struct History: Hashable, Sendable {
        /// The items shown, in order.
        public var items: [DisplayItem]
        /// The undoable steps, oldest first (the next to undo last).
        public var undo: [Step]
        /// The undone steps, the next to redo last.
        public var redo: [Step]
        /// The layers now, bottom to top.
        public var layers: [Layer]

        public init(items: [DisplayItem], undo: [Step] = [], redo: [Step] = [], layers: [Layer] = [.initial]) {
            self.items = items
            self.undo = undo
            self.redo = redo
            self.layers = layers
        }

        /// The largest layer id the history names (now or in a step).
        var largestLayerID: LayerID {
            let tables = [layers] + (undo + redo).compactMap(\.layers).flatMap { [$0.before, $0.after] }
            let items = allItemMentions().map(\.layer)
            return (tables.flatMap { $0.map(\.id) } + items).max() ?? .first
        }

        /// Every item the history holds, shown or only in a step, once each, by id.
        public var allItems: [DisplayItem] {
            var byID: [UInt64: DisplayItem] = [:]
            for item in items { byID[item.id] = item }
            for step in undo + redo {
                for p in step.removed + step.inserted { byID[p.item.id] = p.item }
            }
            return byID.keys.sorted().compactMap { byID[$0] }
        }

        /// Checks that undoing every undo step from `items`, and redoing every redo step from
        /// `items`, works step for step: each step changes something, removes items that are
        /// there, inserts at indices that exist, and never makes two items of one state share an
        /// id; that an id names one drawable throughout; that the layer table is valid and each
        /// step's table change starts from the table it meets; and that the items shown belong
        /// to the layers, grouped in their order. Returns the largest id.
        func validate() throws(HistoryError) -> UInt64 {
            var drawables: [UInt64: Drawable] = [:]
            for item in allItemMentions() {
                if let known = drawables.updateValue(item.drawable, forKey: item.id), known != item.drawable {
                    throw .conflictingID(item.id)
                }
            }
            let maxID = drawables.keys.max() ?? 0
            guard maxID < UInt64.max else { throw .conflictingID(maxID) }
            guard DisplayList.isValidTable(layers), DisplayList.isGrouped(items, by: layers) else { throw .layersDoNotFit }
            var walk = try HistoryWalk(items, layers: layers)
            for (i, step) in undo.enumerated().reversed() {
                guard !step.isEmpty, walk.replace(step.inserted, with: step.removed, layers: step.layers?.reversed) else {
                    throw .inconsistentStep(stack: .undo, index: i)
                }
            }
            walk = try HistoryWalk(items, layers: layers)
            for (i, step) in redo.enumerated().reversed() {
                guard !step.isEmpty, walk.replace(step.removed, with: step.inserted, layers: step.layers) else {
                    throw .inconsistentStep(stack: .redo, index: i)
                }
            }
            return maxID
        }

        func allItemMentions() -> [DisplayItem] {
            items + (undo + redo).flatMap { $0.removed.map(\.item) + $0.inserted.map(\.item) }
        }
    }
}

/// The list states a history passes through, with the ids of the current one.
private struct HistoryWalk {
    var items: [DisplayItem]
    var ids: Set<UInt64> = []
    var layers: [Layer]

    init(_ items: [DisplayItem], layers: [Layer]) throws(HistoryError) {
        self.items = items
        self.layers = layers
        for item in items where !ids.insert(item.id).inserted { throw .conflictingID(item.id) }
    }

    /// One step (see `Array.replace`), refused when an inserted id is already shown or its layer
    /// change does not start from the table it meets.
    mutating func replace(_ remove: [DisplayList.Placed], with insert: [DisplayList.Placed],
                          layers change: LayerTableChange?) -> Bool {
        if let change {
            guard change.before == layers, DisplayList.isValidTable(change.after) else { return false }
            layers = change.after
        }
        guard items.replace(remove, with: insert) else { return false }
        for p in remove { ids.remove(p.item.id) }
        for p in insert where !ids.insert(p.item.id).inserted { return false }
        return true
    }
}

/// Why a history cannot be restored (`DisplayList(restoring:)`).
public enum HistoryError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The undo or the redo stack.
    public enum Stack: String, Hashable, Sendable {
        case undo, redo
    }

    /// Two items of one state share an id, one id names two different drawables, or an id is
    /// so large that no new one would follow it.
    case conflictingID(UInt64)
    /// The step at `index` of `stack` (0 is the oldest) changes nothing or does not fit the
    /// items it meets when the history is walked from the current state.
    case inconsistentStep(stack: Stack, index: Int)
    /// The layer table is empty or repeats an id, or the items do not belong to its layers in order.
    case layersDoNotFit

    public var description: String {
        switch self {
        case .conflictingID(let id): return "item id \(id) is used inconsistently"
        case .inconsistentStep(let stack, let index): return "\(stack.rawValue) step \(index) does not fit the list"
        case .layersDoNotFit: return "the drawables do not fit the layers"
        }
    }
}
