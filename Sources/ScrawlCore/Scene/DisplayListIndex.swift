/// A spatial index that follows a display list through its feed: which drawables touch a
/// rectangle, and where each stacks. A sync applies the edits made since the last one, so it costs
/// what changed (an insertion below the top as much as an append); it starts over from the list's
/// entries only when the feed cannot bring it up to date (another list, or long ago).
public struct DisplayListIndex: Sendable {
    /// Painted bounds by id.
    public private(set) var index = SpatialIndex()
    private var entries: [UInt64: DisplayList.Entry] = [:]
    /// The list followed and the revision last synced (the lineage is held weakly: a list that is
    /// gone is never mistaken for a new one at the same address).
    private weak var lineage: DisplayList.Lineage?
    private var revision: UInt64 = 0
    /// The largest order key indexed (the list's top at the last sync).
    public private(set) var top: OrderKey?
    /// The one layer indexed (nil: every layer; `sync(_:layer:)`).
    public private(set) var layer: LayerID?

    public init() {}

    /// What one sync changed.
    public struct Changes: Sendable {
        /// Items now in the list that were not, bottom first.
        public var added: [DisplayItem] = []
        /// Painted bounds of the items that left the list.
        public var removedBounds: [Rect] = []
        /// Whether every added item stacks above everything that was indexed before (an append, or
        /// a redo of one), so a cache may draw it straight over what it holds.
        public var addedOnTop = true
        /// The lowest order key of the items added or removed (zero when the index started over,
        /// its keys renumbered): a cache's picture of what stacks below a higher key is still right.
        public var lowestChanged: OrderKey?
    }

    /// Brings the index up to date with `list`, indexing only the items of `layer` (nil: all;
    /// `LayerID.none`: none); starts over when `layer` differs from the last sync's.
    @discardableResult
    public mutating func sync(_ list: DisplayList, layer: LayerID?) -> Changes? {
        if layer != self.layer {
            self.layer = layer
            lineage = nil
        }
        return sync(list)
    }

    /// Brings the index up to date with `list`; nil when nothing changed since the last sync.
    @discardableResult
    public mutating func sync(_ list: DisplayList) -> Changes? {
        if lineage === list.lineage, revision == list.revision { return nil }
        var changes = Changes()
        if let edits = list.edits(since: revision, of: lineage) {
            for edit in edits { apply(edit, &changes) }
            // Items added and removed again within these edits, and repeats (removed, then back).
            var seen = Set<UInt64>()
            changes.added = changes.added.filter { entries[$0.id] != nil && seen.insert($0.id).inserted }
            changes.added.sort { (entries[$0.id]?.order.value ?? 0) < (entries[$1.id]?.order.value ?? 0) }
            changes.addedOnTop = top.map { before in changes.added.allSatisfy { (entries[$0.id]?.order ?? before) > before } } ?? true
        } else {
            changes = rebuild(list)
        }
        top = list.orders.last
        lineage = list.lineage
        revision = list.revision
        return changes.added.isEmpty && changes.removedBounds.isEmpty ? nil : changes
    }

    private mutating func apply(_ edit: DisplayList.ListEdit, _ changes: inout Changes) {
        for id in edit.removed {
            if let b = index.bounds(of: id) { changes.removedBounds.append(b) }
            if let o = entries[id]?.order { changes.lowestChanged = min(changes.lowestChanged ?? o, o) }
            index.remove(id)
            entries[id] = nil
        }
        for entry in edit.inserted where layer == nil || entry.item.layer == layer {
            entries[entry.item.id] = entry
            if let b = entry.item.drawable.paintedBounds { index.insert(entry.item.id, bounds: b) }
            changes.added.append(entry.item)
            changes.lowestChanged = min(changes.lowestChanged ?? entry.order, entry.order)
        }
    }

    /// Indexes `list` from scratch: everything indexed before is removed, everything shown added.
    private mutating func rebuild(_ list: DisplayList) -> Changes {
        var changes = Changes()
        changes.addedOnTop = entries.isEmpty
        changes.lowestChanged = OrderKey(0)
        for id in entries.keys {
            if let b = index.bounds(of: id) { changes.removedBounds.append(b) }
        }
        index = SpatialIndex()
        entries.removeAll(keepingCapacity: true)
        for entry in list.entries where layer == nil || entry.item.layer == layer {
            entries[entry.item.id] = entry
            if let b = entry.item.drawable.paintedBounds { index.insert(entry.item.id, bounds: b) }
            changes.added.append(entry.item)
        }
        return changes
    }

    /// Ids of the drawables whose painted bounds meet `rect`, bottom first.
    public func query(_ rect: Rect) -> [UInt64] { bottomFirst(index.query(rect)) }

    /// `ids` the list shows, bottom first.
    public func bottomFirst<S: Sequence>(_ ids: S) -> [UInt64] where S.Element == UInt64 {
        ids.compactMap { id in entries[id].map { (id, $0.order) } }.sorted { $0.1 < $1.1 }.map(\.0)
    }

    /// The drawable with `id`, if the list holds it.
    public func drawable(_ id: UInt64) -> Drawable? { entries[id]?.item.drawable }
    /// The item with `id`, if the list holds it.
    public func item(_ id: UInt64) -> DisplayItem? { entries[id]?.item }
    /// Where `id` stacks (nil when the list does not show it).
    public func order(of id: UInt64) -> OrderKey? { entries[id]?.order }
    /// Whether the list shows `id`.
    public func contains(_ id: UInt64) -> Bool { entries[id] != nil }
    /// Painted bounds of `id`.
    public func bounds(of id: UInt64) -> Rect? { index.bounds(of: id) }
    /// The ids indexed, in no order.
    public var ids: Dictionary<UInt64, DisplayList.Entry>.Keys { entries.keys }
    /// Number of drawables indexed.
    public var count: Int { entries.count }
}
