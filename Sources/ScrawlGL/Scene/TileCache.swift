import ScrawlCore

/// Names one tile: the device scale it is rendered at (its level) and its column and row in that
/// level's grid (`TileGrid` says which pixels that is).
public struct TileKey: Hashable, Sendable {
    /// The level's scale (device pixels per canvas point) as its bit pattern: levels are exact scales.
    public let level: UInt64
    public let x: Int
    public let y: Int

    public init(scale: Double, x: Int, y: Int) {
        self.level = scale.bitPattern; self.x = x; self.y = y
    }

    /// Device pixels per canvas point of the tile's level.
    public var scale: Double { Double(bitPattern: level) }
}

/// One cached tile: its pixels (the page background with every drawable that touches it) and the
/// part a change to the drawing has made out of date (still shown until it is drawn again).
final class Tile {
    let key: TileKey
    let target: RenderTarget
    /// The cache's frame counter when the tile was last shown or rendered.
    var lastUsed: UInt64
    /// The tile's pixels that are out of date (tile coordinates), at most two rectangles (a
    /// change's, or the strips of an edge tile drawn only where it showed); empty when it is up to date.
    private(set) var dirty: [PixelRect] = []
    var stale: Bool { !dirty.isEmpty }
    /// A copy of the tile showing exactly the drawables stacked below `mark` (up to date for them),
    /// so an out-of-date part whose changes all stack at or above `mark` (an undo of recent strokes)
    /// is drawn again from it and the drawables above the mark alone: see `TiledCanvas.belowLimit`.
    var below: (target: RenderTarget, mark: OrderKey)?
    /// Drawables drawn on top of the tile since `below` was taken.
    var drawnAbove = 0
    /// Whether the tile holds no drawable, only its canvas's background (set by the fill of a
    /// transparent part of a split, whose composite then skips it; false when not known).
    var blank = false

    /// Marks `part` out of date: merged with a rectangle it overlaps or completes to a larger
    /// rectangle (sharing a whole side), or kept apart while there are fewer than two (more are merged
    /// into one bounding rectangle). Two strips meeting at a corner stay apart: the two strips an edge
    /// tile keeps out of date (beside and above the part it shows) are not the whole tile.
    func markDirty(_ part: PixelRect) {
        guard !part.isEmpty else { return }
        var merged = part
        var rest: [PixelRect] = []
        for r in dirty {
            let overlap = r.intersection(merged).area
            if overlap > 0 || merged.union(r).area == merged.area + r.area { merged = merged.union(r) } else { rest.append(r) }
        }
        dirty = rest + [merged]
        if dirty.count > 2 { dirty = [dirty.dropFirst().reduce(dirty[0]) { $0.union($1) }] }
    }

    /// The tile is up to date but for `part`, which was drawn again when it was out of date as
    /// `was` (nothing changes when a change has made more of it out of date since).
    func markDrawn(_ was: PixelRect) { dirty.removeAll { $0 == was } }

    /// Marks all of the tile up to date.
    func markClean() { dirty = [] }

    init(key: TileKey, target: RenderTarget, lastUsed: UInt64) {
        self.key = key; self.target = target; self.lastUsed = lastUsed
    }
}

/// GPU tiles of the committed drawing, keyed by level and position, within a memory budget.
///
/// Every tile is a colour texture of `width` x `height` pixels; all share one depth/stencil buffer
/// (tiles are drawn one at a time and leave the stencil at 0). When a new tile would pass the
/// budget, the least recently used tile not shown in the current frame is reused.
final class TileCache {
    let width: Int, height: Int
    let budgetBytes: Int
    private(set) var tiles: [TileKey: Tile] = [:]
    /// The keys of each level's tiles.
    private var levels: [UInt64: Set<TileKey>] = [:]
    private let depthStencil: DepthStencilBuffer
    /// Counts frames; tiles used in the current one are never evicted.
    private(set) var frame: UInt64 = 1

    init(width: Int, height: Int, budgetBytes: Int) {
        self.width = width
        self.height = height
        self.budgetBytes = budgetBytes
        depthStencil = DepthStencilBuffer(width: width, height: height)
    }

    /// Bytes of one tile's colour (and of the shared depth/stencil buffer).
    var tileBytes: Int { width * height * 4 }
    /// Bytes of GPU memory the tiles and their shared depth/stencil buffer hold.
    var byteCount: Int { (tiles.count + 1) * tileBytes }
    /// The levels that have tiles, as scales.
    var cachedScales: [Double] { levels.compactMap { $0.value.isEmpty ? nil : Double(bitPattern: $0.key) } }

    /// Starts a new frame (for least-recently-used bookkeeping).
    func nextFrame() { frame &+= 1 }

    /// The tile at `key`, marked as used in this frame, or nil.
    func tile(_ key: TileKey) -> Tile? {
        guard let t = tiles[key] else { return nil }
        t.lastUsed = frame
        return t
    }

    /// The tiles of the level with `scale`.
    func tiles(atScale scale: Double) -> [Tile] {
        (levels[scale.bitPattern] ?? []).compactMap { tiles[$0] }
    }

    /// A tile for `key` with undefined pixels: a new texture while within budget, else the least
    /// recently used tile's (not one used in this frame; over budget when every tile is).
    func make(_ key: TileKey) throws -> Tile {
        if let old = tiles[key] { old.lastUsed = frame; old.markClean(); old.below = nil; old.blank = false; return old }
        var target: RenderTarget?
        if byteCount + tileBytes > budgetBytes, let victim = leastRecentlyUsed() {
            remove(victim.key)
            target = victim.target
        }
        let t = Tile(key: key, target: try target ?? RenderTarget(width: width, height: height, sharing: depthStencil),
                     lastUsed: frame)
        t.blank = false
        tiles[key] = t
        levels[key.level, default: []].insert(key)
        return t
    }

    private func leastRecentlyUsed() -> Tile? {
        var best: Tile?
        for t in tiles.values where t.lastUsed != frame {
            if best == nil || t.lastUsed < best!.lastUsed { best = t }
        }
        return best
    }

    /// Drops the tile at `key`.
    func remove(_ key: TileKey) {
        tiles[key] = nil
        levels[key.level]?.remove(key)
        if levels[key.level]?.isEmpty == true { levels[key.level] = nil }
    }

    /// Marks every tile wholly out of date.
    func invalidateAll() {
        for t in tiles.values {
            t.markDirty(PixelRect(x: 0, y: 0, width: width, height: height))
            t.below = nil
        }
    }

    /// Drops every tile not used in `frame`.
    func keepOnly(usedIn frame: UInt64) {
        for t in tiles.values where t.lastUsed != frame { remove(t.key) }
    }

    /// Drops every tile.
    func removeAll() {
        tiles.removeAll()
        levels.removeAll()
    }
}
