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

        public init(items: [DisplayItem], undo: [Step] = [], redo: [Step] = []) {
            self.items = items
            self.undo = undo
            self.redo = redo
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
        /// id; and that an id names one drawable throughout. Returns the largest id.
        func validate() throws(HistoryError) -> UInt64 {
            var drawables: [UInt64: Drawable] = [:]
            for item in allItemMentions() {
                if let known = drawables.updateValue(item.drawable, forKey: item.id), known != item.drawable {
                    throw .conflictingID(item.id)
                }
            }
            let maxID = drawables.keys.max() ?? 0
            guard maxID < UInt64.max else { throw .conflictingID(maxID) }
            var walk = try HistoryWalk(items)
            for (i, step) in undo.enumerated().reversed() {
                guard !step.isEmpty, walk.replace(step.inserted, with: step.removed) else {
                    throw .inconsistentStep(stack: .undo, index: i)
                }
            }
            walk = try HistoryWalk(items)
            for (i, step) in redo.enumerated().reversed() {
                guard !step.isEmpty, walk.replace(step.removed, with: step.inserted) else {
                    throw .inconsistentStep(stack: .redo, index: i)
                }
            }
            return maxID
        }

        private func allItemMentions() -> [DisplayItem] {
            items + (undo + redo).flatMap { $0.removed.map(\.item) + $0.inserted.map(\.item) }
        }
    }
}

/// The list states a history passes through, with the ids of the current one.
private struct HistoryWalk {
    var items: [DisplayItem]
    var ids: Set<UInt64> = []

    init(_ items: [DisplayItem]) throws(HistoryError) {
        self.items = items
        for item in items where !ids.insert(item.id).inserted { throw .conflictingID(item.id) }
    }

    /// One step (see `Array.replace`), refused when an inserted id is already shown.
    mutating func replace(_ remove: [DisplayList.Placed], with insert: [DisplayList.Placed]) -> Bool {
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

    public var description: String {
        switch self {
        case .conflictingID(let id): return "item id \(id) is used inconsistently"
        case .inconsistentStep(let stack, let index): return "\(stack.rawValue) step \(index) does not fit the list"
        }
    }
}
