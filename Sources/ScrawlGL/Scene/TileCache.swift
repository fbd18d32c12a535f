import ScrawlCore

/// Names one tile: the device scale it is rendered at (its level) and its column and row in that
/// level's grid. Tile (x, y) holds device pixels [x·T, (x+1)·T) x [y·T, (y+1)·T) of the canvas drawn
/// at that scale, T being the cache's tile size, so canvas point (0, 0) is the top-left of tile (0, 0).
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

/// One cached tile: its pixels (the page background with every drawable that touches it) and
/// whether a change to the drawing has made them out of date (it is still shown until re-rendered).
final class Tile {
    let key: TileKey
    let target: RenderTarget
    /// The cache's frame counter when the tile was last shown or rendered.
    var lastUsed: UInt64
    var stale = false

    init(key: TileKey, target: RenderTarget, lastUsed: UInt64) {
        self.key = key; self.target = target; self.lastUsed = lastUsed
    }
}

/// GPU tiles of the committed drawing, keyed by level and position, within a memory budget.
///
/// Every tile is a square colour texture of `tileSize` pixels; all share one depth/stencil buffer
/// (tiles are drawn one at a time and leave the stencil at 0). When a new tile would pass the
/// budget, the least recently used tile not shown in the current frame is reused.
final class TileCache {
    let tileSize: Int
    let budgetBytes: Int
    private(set) var tiles: [TileKey: Tile] = [:]
    /// The keys of each level's tiles.
    private var levels: [UInt64: Set<TileKey>] = [:]
    private let depthStencil: DepthStencilBuffer
    /// Counts frames; tiles used in the current one are never evicted.
    private(set) var frame: UInt64 = 1

    init(tileSize: Int, budgetBytes: Int) {
        self.tileSize = tileSize
        self.budgetBytes = budgetBytes
        depthStencil = DepthStencilBuffer(width: tileSize, height: tileSize)
    }

    /// Bytes of GPU memory the tiles and their shared depth/stencil buffer hold.
    var byteCount: Int { (tiles.count + 1) * tileSize * tileSize * 4 }
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
        if let old = tiles[key] { old.lastUsed = frame; old.stale = false; return old }
        var target: RenderTarget?
        if byteCount + tileSize * tileSize * 4 > budgetBytes, let victim = leastRecentlyUsed() {
            remove(victim.key)
            target = victim.target
        }
        let t = Tile(key: key, target: try target ?? RenderTarget(width: tileSize, height: tileSize, sharing: depthStencil),
                     lastUsed: frame)
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

    /// Marks every tile stale.
    func invalidateAll() {
        for t in tiles.values { t.stale = true }
    }

    /// Drops every tile.
    func removeAll() {
        tiles.removeAll()
        levels.removeAll()
    }
}
