extension DisplayList {
    /// An item at a position in the list.
    public struct Placed: Hashable, Sendable {
        public var index: Int
        public var item: DisplayItem

        public init(index: Int, item: DisplayItem) {
            self.index = index
            self.item = item
        }
    }

    /// One undoable step: the items it removed, at their indices in the list before it, and the
    /// items it inserted, at their indices in the list after it, both in ascending index order.
    ///
    /// Adding a drawable removes nothing and inserts one item at the end; clearing removes every
    /// item and inserts nothing. Later edits fit the same shape: removing a selection, replacing
    /// one item by several, or transforming items (each removed and inserted again, changed, under
    /// a new id). Redo removes `removed` and inserts `inserted`; undo does the opposite.
    public struct Step: Hashable, Sendable {
        public var removed: [Placed]
        public var inserted: [Placed]
        /// The layer table before and after, for a step that changes it (`DisplayList+Layers`).
        public var layers: LayerTableChange?

        public init(removed: [Placed], inserted: [Placed], layers: LayerTableChange? = nil) {
            self.removed = removed
            self.inserted = inserted
            self.layers = layers
        }

        /// Removes and inserts nothing, and leaves the layers as they are.
        public var isEmpty: Bool { removed.isEmpty && inserted.isEmpty && layers == nil }

        /// The step that undoes this one: it removes what this inserted and inserts what it removed.
        public var reversed: Step { Step(removed: inserted, inserted: removed, layers: layers?.reversed) }
    }
}

extension Array where Element == DisplayItem {
    /// Removes the items `remove` names (indices into the array as it is) and inserts `insert`
    /// (indices into the result), both in ascending index order. Changes nothing and returns
    /// false when the array does not hold those items at those indices or an index is out of
    /// range, so a step that does not fit is refused, never a trap.
    mutating func replace(_ remove: [DisplayList.Placed], with insert: [DisplayList.Placed]) -> Bool {
        var previous = -1
        for p in remove {
            guard p.index > previous, p.index < count, self[p.index].id == p.item.id else { return false }
            previous = p.index
        }
        previous = -1
        let remaining = count - remove.count
        for (k, p) in insert.enumerated() {
            guard p.index > previous, p.index <= remaining + k else { return false }
            previous = p.index
        }
        if remove.count == count {
            removeAll(keepingCapacity: true)
        } else {
            for p in remove.reversed() { self.remove(at: p.index) }
        }
        for p in insert { self.insert(p.item, at: p.index) }
        return true
    }
}
