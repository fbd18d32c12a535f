/// A spatial index kept in step with a display list: which drawables touch a rectangle, and where
/// each is in the list. Syncing compares ids (the common prefix and suffix of the old and new
/// lists), so an append, an undo or an edit in the middle costs what it changed, plus one pass over
/// the ids when the list changed at all.
public struct DisplayListIndex: Sendable {
    /// Painted bounds by id.
    public private(set) var index = SpatialIndex()
    private var ids: [UInt64] = []
    private var positions: [UInt64: Int] = [:]
    private var drawables: [UInt64: Drawable] = [:]
    /// The last list synced: revision, length and last id (a changed list always differs in one).
    private var synced: (revision: UInt64, count: Int, last: UInt64?)?

    public init() {}

    /// What one sync changed.
    public struct Changes: Sendable {
        /// Items now in the list that were not, in list order.
        public var added: [DisplayItem] = []
        /// Painted bounds of the items that left the list.
        public var removedBounds: [Rect] = []
        /// Whether the change only appended items at the end.
        public var appendedOnly = true
    }

    /// Brings the index up to date with `list`; nil when nothing changed since the last sync.
    @discardableResult
    public mutating func sync(_ list: DisplayList) -> Changes? {
        let key = (list.revision, list.items.count, list.items.last?.id)
        if let s = synced, s == key { return nil }
        let changes = sync(list.items)
        synced = key
        return changes
    }

    /// Brings the index up to date with `items`. Between the common prefix and suffix, ids found
    /// in both the old and the new list stay indexed (an id always names the same drawable), so an
    /// edit of two drawables far apart costs those two, not everything between them.
    public mutating func sync(_ items: [DisplayItem]) -> Changes {
        synced = nil
        let prefix = commonPrefix(items)
        var changes = Changes()
        guard prefix != ids.count || prefix != items.count else { return changes }
        let suffix = prefix == ids.count ? 0 : commonSuffix(items, prefix: prefix)
        changes.appendedOnly = prefix == ids.count
        let newMiddle = items[prefix..<(items.count - suffix)]
        let kept = Set(newMiddle.lazy.map(\.id)).intersection(ids[prefix..<(ids.count - suffix)])
        for id in ids[prefix..<(ids.count - suffix)] where !kept.contains(id) {
            if let b = index.bounds(of: id) { changes.removedBounds.append(b) }
            index.remove(id)
            drawables[id] = nil
            positions[id] = nil
        }
        for item in newMiddle where !kept.contains(item.id) {
            drawables[item.id] = item.drawable
            if let b = item.drawable.paintedBounds { index.insert(item.id, bounds: b) }
            changes.added.append(item)
        }
        let oldCount = ids.count
        ids = items.map(\.id)
        // Positions from the first change on: the middle, and the suffix when the length changed.
        let end = oldCount == ids.count ? ids.count - suffix : ids.count
        for k in prefix..<end { positions[ids[k]] = k }
        return changes
    }

    /// Ids of the drawables whose painted bounds meet `rect`, in list order (bottom first).
    public func query(_ rect: Rect) -> [UInt64] {
        index.query(rect).sorted { (positions[$0] ?? 0) < (positions[$1] ?? 0) }
    }

    /// The drawable with `id`, if the list holds it.
    public func drawable(_ id: UInt64) -> Drawable? { drawables[id] }
    /// Where `id` is in the list.
    public func position(of id: UInt64) -> Int? { positions[id] }
    /// Painted bounds of `id`.
    public func bounds(of id: UInt64) -> Rect? { index.bounds(of: id) }
    /// Number of drawables indexed.
    public var count: Int { ids.count }

    private func commonPrefix(_ items: [DisplayItem]) -> Int {
        let n = min(ids.count, items.count)
        var i = 0
        while i < n && ids[i] == items[i].id { i += 1 }
        return i
    }

    private func commonSuffix(_ items: [DisplayItem], prefix: Int) -> Int {
        let n = min(ids.count, items.count) - prefix
        var k = 0
        while k < n && ids[ids.count - 1 - k] == items[items.count - 1 - k].id { k += 1 }
        return k
    }
}
