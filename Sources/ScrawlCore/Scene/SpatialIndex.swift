/// Finds the items whose bounds meet a rectangle without walking every item: a hierarchy of uniform
/// grids over canvas points, cells 256·4^k points wide for k = 0…9.
///
/// Each item lives on the finest level whose cells are at least as large as its larger side, so it
/// occupies at most 2 × 2 cells there, whether it is a dot or a stroke two million points long.
/// Items too large for the coarsest level, or with infinite coordinates, are kept in a short list
/// that every query checks. A query visits, on each level holding items, the cells it covers (or
/// that level's occupied cells, when those are fewer), so its cost follows cells visited and hits.
public struct SpatialIndex: Sendable {
    /// One item in a cell: its id and its bounds, so queries need no lookup.
    struct Entry: Sendable {
        var id: UInt64
        var rect: Rect
    }

    /// A cell's column and row on one level.
    struct Cell: Hashable, Sendable {
        var x: Int
        var y: Int
    }

    /// The side of a cell on level 0, in canvas points.
    static let baseCellSize = 256.0
    static let levelCount = 10
    /// Coordinates beyond this go to the overflow list, so cell indices always fit an `Int`.
    static let coordinateLimit = 1e15

    /// Every item's bounds (normalized: min ≤ max).
    private var items: [UInt64: Rect] = [:]
    /// Per level, the occupied cells and their entries.
    var levels = [[Cell: [Entry]]](repeating: [:], count: SpatialIndex.levelCount)
    /// Items no level can hold.
    private var overflow: [UInt64: Rect] = [:]
    /// The union of all bounds, valid unless `unionStale`.
    private var union: Rect? = nil
    private var unionStale = false

    /// An empty index.
    public init() {}

    /// How many items the index holds.
    public var count: Int { items.count }

    /// Whether an item with `id` is in the index.
    public func contains(_ id: UInt64) -> Bool { items[id] != nil }

    /// The bounds stored for `id` (corners ordered), or nil when it is absent.
    public func bounds(of id: UInt64) -> Rect? { items[id] }

    /// The union of all item bounds, nil when empty (O(n) after a removal that shrank it).
    public var bounds: Rect? {
        guard unionStale else { return union }
        return items.values.reduce(nil as Rect?) { $0?.union($1) ?? $1 }
    }

    /// Adds `id` with `bounds`, replacing any entry it had; a rectangle with a NaN coordinate is not
    /// inserted (the id ends up absent).
    public mutating func insert(_ id: UInt64, bounds: Rect) {
        remove(id)
        guard !bounds.minX.isNaN, !bounds.minY.isNaN, !bounds.maxX.isNaN, !bounds.maxY.isNaN else { return }
        let rect = Rect(corner: Point(bounds.minX, bounds.minY), Point(bounds.maxX, bounds.maxY))
        items[id] = rect
        if !unionStale { union = union?.union(rect) ?? rect }
        guard let level = SpatialIndex.level(for: rect) else {
            overflow[id] = rect
            return
        }
        let r = SpatialIndex.cellRange(rect, level)
        for y in r.min.y...r.max.y {
            for x in r.min.x...r.max.x {
                levels[level][Cell(x: x, y: y), default: []].append(Entry(id: id, rect: rect))
            }
        }
    }

    /// Removes `id`; does nothing when it is absent.
    public mutating func remove(_ id: UInt64) {
        guard let rect = items.removeValue(forKey: id) else { return }
        if items.isEmpty {
            union = nil; unionStale = false
        } else if let u = union, !unionStale,
                  rect.minX <= u.minX || rect.minY <= u.minY || rect.maxX >= u.maxX || rect.maxY >= u.maxY {
            unionStale = true
        }
        guard let level = SpatialIndex.level(for: rect) else {
            overflow[id] = nil
            return
        }
        let r = SpatialIndex.cellRange(rect, level)
        for y in r.min.y...r.max.y {
            for x in r.min.x...r.max.x { removeEntry(id, from: Cell(x: x, y: y), level) }
        }
    }

    private mutating func removeEntry(_ id: UInt64, from cell: Cell, _ level: Int) {
        guard var entries = levels[level].removeValue(forKey: cell) else { return }
        if let i = entries.firstIndex(where: { $0.id == id }) {
            entries.swapAt(i, entries.count - 1)
            entries.removeLast()
        }
        if !entries.isEmpty { levels[level][cell] = entries }
    }

    /// Removes every item.
    public mutating func removeAll() {
        items.removeAll()
        overflow.removeAll()
        levels = [[Cell: [Entry]]](repeating: [:], count: SpatialIndex.levelCount)
        union = nil
        unionStale = false
    }

    /// Every id whose bounds meet `rect` (touching edges count), each once, in no particular order.
    public func query(_ rect: Rect) -> [UInt64] {
        guard !rect.minX.isNaN, !rect.minY.isNaN, !rect.maxX.isNaN, !rect.maxY.isNaN else { return [] }
        let q = Rect(corner: Point(rect.minX, rect.minY), Point(rect.maxX, rect.maxY))
        var hits: [UInt64] = []
        for (id, r) in overflow where SpatialIndex.meets(r, q) { hits.append(id) }
        for level in 0..<SpatialIndex.levelCount where !levels[level].isEmpty {
            query(q, level: level, into: &hits)
        }
        return hits
    }
}
