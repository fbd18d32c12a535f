import Foundation
import ScrawlCore

/// The committed drawing of an unbounded canvas, cached in GPU tiles at the scales it is viewed at.
///
/// A frame composes the visible tiles of its exact scale (`compose`); tiles that are missing are
/// rendered by `fill`, a few blocks at a time within a time budget, while tiles of other cached
/// scales stand in, scaled. `sync` keeps the tiles in step with the display list: a new drawable is
/// drawn into the cached tiles it touches, at every cached scale, and nowhere else; undo, redo,
/// clear and edits mark only the tiles whose region the change touched as stale. A spatial index
/// over the drawables' painted bounds answers which drawables touch a tile.
public final class TiledCanvas {
    public let renderer: Renderer
    /// The page background, which also fills the canvas beyond the page.
    public let background: Color
    /// Side of a tile in device pixels.
    public let tileSize: Int
    let cache: TileCache
    /// The drawables synced: painted bounds, list positions, drawables.
    public private(set) var contents = DisplayListIndex()
    /// Reused targets for rendering blocks of tiles at once, and the block being rendered.
    var scratchTargets: [RenderTarget] = []
    var pending: PendingBlock?
    /// Changes whenever the pixels `compose` would give may have changed.
    public private(set) var revision: UInt64 = 0
    /// Tiles rendered and seconds spent tessellating so far (for `--stats` and the benchmark).
    public internal(set) var tilesRendered = 0
    public internal(set) var tessellateSeconds = 0.0
    /// Drawables left out for now (a selection being dragged, shown live instead).
    public private(set) var hidden: Set<UInt64> = []
    /// Appending more drawables than this at once marks their tiles stale instead of drawing into them.
    static let incrementalLimit = 64
    /// Changes touching more drawables than this mark every tile stale.
    static let regionLimit = 2048
    /// Device pixels beyond a drawable's painted bounds that its antialiased fringe may reach (half a
    /// pixel for round ends, more at miter tips, which the tessellator pushes out by up to 0.5 px x
    /// the miter limit): tiles and views look this far around every drawable.
    public static let fringeMargin = 4.0
    /// Tiles rendered together in one block: at most `maxBlockTiles` x `maxBlockTiles`.
    static let maxBlockTiles = 8
    /// Drawables drawn between two looks at the clock while filling within a budget.
    static let chunk = 12

    /// A canvas with no drawables; tiles of `tileSize` pixels within `budgetBytes` of GPU memory.
    public init(renderer: Renderer, background: Color, tileSize: Int = 256, budgetBytes: Int = 256 << 20) {
        self.renderer = renderer
        self.background = background
        self.tileSize = tileSize
        cache = TileCache(tileSize: tileSize, budgetBytes: budgetBytes)
    }

    /// Bytes of GPU memory the tile cache holds.
    public var cacheBytes: Int { cache.byteCount }
    /// Number of cached tiles.
    public var tileCount: Int { cache.tiles.count }
    /// The synced drawable with `id`.
    func drawable(_ id: UInt64) -> Drawable? { contents.drawable(id) }

    // MARK: Keeping up with the display list

    /// Brings the tiles up to date with `list` through its feed (`DisplayListIndex.sync`), leaving
    /// out `hidden`: free when neither changed since the last call, so a frame neither compares
    /// 100000 ids nor passes over the list.
    public func sync(_ list: DisplayList, hidden: Set<UInt64> = []) {
        if let changes = contents.sync(list) { apply(changes) }
        if hidden != self.hidden { hide(hidden) }
    }

    /// Drawables on top of everything (appends, a few at a time) are drawn straight into the cached
    /// tiles they touch; the tiles that removed drawables and others added reach are marked stale.
    private func apply(_ changes: DisplayListIndex.Changes) {
        revision &+= 1
        let added = changes.added.filter { !hidden.contains($0.id) }
        let addedBounds = added.compactMap { contents.bounds(of: $0.id) }
        dropPendingBlock(ifTouching: changes.removedBounds + addedBounds)
        invalidate(changes.removedBounds)
        if changes.addedOnTop && added.count <= TiledCanvas.incrementalLimit {
            for item in added {
                if let b = contents.bounds(of: item.id) { drawIntoCachedTiles(item.drawable, bounds: b) }
            }
        } else {
            invalidate(addedBounds)
        }
    }

    /// Leaves out `ids` from now on (and shows again the ones hidden before but not now): the tiles
    /// where either set's drawables lie are marked stale.
    private func hide(_ ids: Set<UInt64>) {
        let changed = ids.symmetricDifference(hidden)
        hidden = ids
        let bounds = changed.compactMap { contents.bounds(of: $0) }
        guard !bounds.isEmpty else { return }
        revision &+= 1
        dropPendingBlock(ifTouching: bounds)
        invalidate(bounds)
    }

    /// Draws one new drawable into every cached, up-to-date tile it touches, at every cached scale.
    private func drawIntoCachedTiles(_ drawable: Drawable, bounds: Rect) {
        for scale in cache.cachedScales {
            var commands: [DrawCommand]?
            let anchor = MeshAnchor.anchor(for: bounds, scale: scale)
            for tile in tilesTouching(bounds, scale: scale) where !tile.stale {
                if commands == nil {
                    commands = Stopwatch.time(&tessellateSeconds) { MeshAnchor.commands(drawable, anchor: anchor, scale: scale) }
                }
                let view = tileView(tile.key)
                renderer.draw(commands!, into: tile.target, transform: MeshAnchor.transform(anchor: anchor, view: view))
            }
        }
    }

    /// The cached tiles of `scale` whose pixels (fringe included) `bounds` may reach.
    private func tilesTouching(_ bounds: Rect, scale: Double) -> [Tile] {
        let range = tileRange(bounds, scale: scale)
        let count = Double(range.x.count) * Double(range.y.count)
        if count > 64 {
            return cache.tiles(atScale: scale).filter { range.x.contains($0.key.x) && range.y.contains($0.key.y) }
        }
        var out: [Tile] = []
        for y in range.y { for x in range.x { if let t = cache.tiles[TileKey(scale: scale, x: x, y: y)] { out.append(t) } } }
        return out
    }

    /// Columns and rows of the tiles of `scale` that canvas rectangle `r` reaches, with the
    /// antialiasing margin (`fringeMargin`).
    func tileRange(_ r: Rect, scale: Double) -> (x: ClosedRange<Int>, y: ClosedRange<Int>) {
        let t = Double(tileSize)
        func cell(_ v: Double) -> Int { Int(max(min((v / t).rounded(.down), 1e15), -1e15)) }
        let m = TiledCanvas.fringeMargin
        let x0 = cell(r.minX * scale - m), x1 = cell(r.maxX * scale + m)
        let y0 = cell(r.minY * scale - m), y1 = cell(r.maxY * scale + m)
        return (x0...max(x0, x1), y0...max(y0, y1))
    }

    /// Forgets the block being filled when a change reaches its region (its drawables and what is
    /// drawn so far would be out of date); changes elsewhere leave it going.
    private func dropPendingBlock(ifTouching rects: [Rect]) {
        guard let p = pending, let first = p.keys.first else { return }
        let s = first.scale
        let region = p.keys.dropFirst().reduce(canvasRect(first)) { $0.union(canvasRect($1)) }
            .insetBy(-TiledCanvas.fringeMargin / s)
        let touches = rects.count > TiledCanvas.regionLimit || rects.contains {
            $0.maxX >= region.minX && $0.minX <= region.maxX && $0.maxY >= region.minY && $0.minY <= region.maxY
        }
        if touches { pending = nil }
    }

    /// Marks stale every cached tile whose region one of `rects` reaches (every tile for many rects).
    private func invalidate(_ rects: [Rect]) {
        guard !rects.isEmpty else { return }
        if rects.count > TiledCanvas.regionLimit { cache.invalidateAll(); return }
        for rect in rects {
            for scale in cache.cachedScales {
                for tile in tilesTouching(rect, scale: scale) { tile.stale = true }
            }
        }
    }

    // MARK: Geometry of tiles

    /// Canvas points to the pixels of tile `key`.
    func tileView(_ key: TileKey) -> ViewTransform {
        ViewTransform(scale: key.scale, translation: Point(-Double(key.x * tileSize), -Double(key.y * tileSize)))
    }

    /// The canvas rectangle tile `key` shows.
    func canvasRect(_ key: TileKey) -> Rect {
        let t = Double(tileSize), s = key.scale
        return Rect(minX: Double(key.x) * t / s, minY: Double(key.y) * t / s,
                    maxX: Double(key.x + 1) * t / s, maxY: Double(key.y + 1) * t / s)
    }

    /// Whether every tile of `view`'s scale under `rect` (canvas points) within `area` is rendered
    /// and up to date.
    public func areFresh(_ rect: Rect, view: ViewTransform, area: PixelRect) -> Bool {
        let r = view.apply(rect)
        guard r.minX.isFinite, r.minY.isFinite, r.maxX.isFinite, r.maxY.isFinite else { return true }
        let x0 = max(Double(area.x), r.minX.rounded(.down)), y0 = max(Double(area.y), r.minY.rounded(.down))
        let x1 = min(Double(area.maxX), r.maxX.rounded(.up)), y1 = min(Double(area.maxY), r.maxY.rounded(.up))
        guard x1 > x0, y1 > y0 else { return true }
        let shown = PixelRect(x: Int(x0), y: Int(y0), width: Int(x1 - x0), height: Int(y1 - y0))
        return visibleTiles(view, area: shown).allSatisfy { cache.tiles[$0].map { !$0.stale } ?? false }
    }

    /// The tiles of `view`'s scale that cover `area` of a target the view draws into; the view's
    /// translation must be whole pixels.
    public func visibleTiles(_ view: ViewTransform, area: PixelRect) -> [TileKey] {
        let t = tileSize
        func floorDiv(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a + b - 1) / b) }
        let ox = Int(view.translation.x), oy = Int(view.translation.y)
        let x0 = floorDiv(area.x - ox, t), x1 = floorDiv(area.maxX - 1 - ox, t)
        let y0 = floorDiv(area.y - oy, t), y1 = floorDiv(area.maxY - 1 - oy, t)
        guard x1 >= x0, y1 >= y0 else { return [] }
        var keys: [TileKey] = []
        for y in y0...y1 { for x in x0...x1 { keys.append(TileKey(scale: view.scale, x: x, y: y)) } }
        return keys
    }
}
