import Foundation
import ScrawlCore

/// The committed drawing, cached in GPU tiles: the one canvas cache of the window, `render`,
/// `export` and the benchmark.
///
/// The window's cache (`init(renderer:background:tileSize:budgetBytes:)`) covers the unbounded
/// canvas with square tiles at every scale it is viewed at: a frame composes the visible tiles of
/// its exact scale (`compose`); missing tiles are rendered by `fill` in one block per frame's worth
/// (each drawable drawn once per block, however many of its tiles it crosses), within a time
/// budget, while tiles of other cached scales stand in, scaled. A whole-target cache
/// (`init(renderer:background:width:height:view:)`) is one tile the size of the picture, at one
/// scale: `render` and `export` read it directly.
///
/// `sync` keeps the tiles in step with the display list's feed: a drawable added on top of
/// everything is drawn into the cached tiles it touches, at every cached scale, and nowhere else;
/// anything else (undo, redo, clear, edits, insertions below the top, a hidden set) marks out of
/// date only the pixels its painted bounds reach, which `fill` draws again from the drawables that
/// touch them. A spatial index over the drawables' painted bounds answers which those are.
public final class TiledCanvas {
    public let renderer: Renderer
    /// The page background, which also fills the canvas beyond the page.
    public let background: Color
    let grid: TileGrid
    /// The tiles (traded with the stash's when a layer turns back: `TiledCanvas+Stash`).
    var cache: TileCache
    var stash: StyleStash?
    /// The drawables synced: painted bounds, order keys, drawables.
    /// (A part of a split reads its owner's: it follows the list through the changes its owner's
    /// sync passes on, drawing the drawables of its layers.)
    public var contents: DisplayListIndex {
        _read { if let owner { yield owner.ownContents } else { yield ownContents } }
    }
    private(set) var ownContents = DisplayListIndex()
    /// Reused targets for rendering blocks of tiles at once, and the block being rendered.
    var scratchTargets: [RenderTarget] = []
    /// The layer table last synced, and targets for drawing translucent layers as groups (`TiledCanvas+Layers`).
    var layerTable: [Layer] = [.initial]
    var groupTargets: [RenderTarget] = []
    var pending: PendingBlock?
    /// A part of a layer split (`TiledCanvas+Split`): the layers its index holds (nil: all), a
    /// layer whose visibility and opacity it ignores (drawn shown and at 100 %: its split composites
    /// it at its opacity), whether its tiles are transparent (drawn as a group), and the canvas it
    /// is part of (which counts its tiles).
    var indexLayers: Set<LayerID>?
    var styleIgnored: LayerID?
    var transparent = false
    unowned(unsafe) var owner: TiledCanvas?
    /// The window's cache split around the layer last shown, hidden or made more or less opaque.
    var split: LayerSplit?
    /// Whether a fill with a split goes on to draw the whole canvas again (tests turn it off to see
    /// the split's pictures), and whether the last fill left some of it to draw: the window keeps
    /// drawing frames until it has none.
    var catchesUp = true
    var lastFillRevision: UInt64 = 0
    /// Tiles rendered of this canvas's own and of its split's parts (`pictureToken`).
    var wholeTilesRendered = 0, partTilesRendered = 0
    public internal(set) var hasBackgroundWork = false
    /// Whether a layer's style changed since the whole canvas was last up to date where a split
    /// fill looked (its parts are then filled first).
    var wholeRestyled = false
    /// Changes whenever the pixels `compose` would give may have changed.
    public private(set) var revision: UInt64 = 0
    /// Tiles (and parts of tiles) rendered and seconds spent tessellating so far (for `--stats`
    /// and the benchmark).
    public internal(set) var tilesRendered = 0
    public internal(set) var tessellateSeconds = 0.0
    /// Drawables left out for now (a selection being dragged, shown live instead).
    public private(set) var hidden: Set<UInt64> = []
    /// Appending more drawables than this at once marks their pixels out of date instead of
    /// drawing them into the tiles.
    static let incrementalLimit = 64
    /// Changes touching more drawables than this mark every tile out of date.
    static let regionLimit = 2048
    /// Device pixels beyond a drawable's painted bounds that its antialiased fringe may reach (half a
    /// pixel for round ends, more at miter tips, which the tessellator pushes out by up to 0.5 px x
    /// the miter limit): tiles and views look this far around every drawable.
    public static let fringeMargin = 4.0
    /// The largest block of missing tiles rendered together, in tiles per side.
    static let maxBlockTiles = 16
    /// Drawables drawn between two looks at the clock while filling within a budget.
    static let chunk = 12
    /// Device pixels beyond the view drawn with the tiles at its edge, so a small pan shows no part
    /// left out of date (a larger one has the strips it shows drawn again, in place when few
    /// drawables touch them); every pixel more is drawn by every fill after a zoom.
    static let trimMargin = 24
    /// The share of the budget the clock may show before the fill waits for the GPU to read it.
    static let clockShare = 0.6
    /// An out-of-date part of a tile touched by at most this many drawables is drawn again in the
    /// tile itself, in one go (exactly the pixels a whole tile would have there); a larger one
    /// through a scratch over as many frames as the budget needs, the tile shown as it was meanwhile.
    public var inPlaceLimit = 256
    /// Tiles keep a picture of what stacks below a recent drawable (`Tile.below`), taken again after
    /// this many more are drawn on top, so undoing recent strokes draws again only the strokes above
    /// it, not every stroke under the undone one; nil keeps none (the window's tiles, whose memory
    /// it would double). A whole-target cache keeps one when its picture is at most `belowMaxBytes`.
    public var belowLimit: Int?
    /// Whether a drawable has left the list yet: until then no picture is kept (a drawing that is
    /// only ever added to, as `render` of most replays, pays nothing for it).
    private var hasRemoved = false
    static let belowMaxBytes = 64 << 20

    /// The window's cache: tiles of `tileSize` pixels within `budgetBytes` of GPU memory.
    public init(renderer: Renderer, background: Color, tileSize: Int = 256, budgetBytes: Int = 256 << 20) {
        self.renderer = renderer
        self.background = background
        grid = .tiles(tileSize)
        cache = TileCache(width: tileSize, height: tileSize, budgetBytes: budgetBytes)
    }

    /// A whole-target cache: one tile of `width` x `height` pixels showing the canvas through
    /// `view`, allocated now (throws for sizes the driver cannot hold) and drawn by the first `fill`.
    public init(renderer: Renderer, background: Color, width: Int, height: Int, view: ViewTransform) throws {
        self.renderer = renderer
        self.background = background
        grid = .whole(width: width, height: height, view: view)
        cache = TileCache(width: width, height: height, budgetBytes: .max)
        let tile = try cache.make(TileKey(scale: view.scale, x: 0, y: 0))
        tile.markDirty(PixelRect(x: 0, y: 0, width: width, height: height))
        if cache.tileBytes <= TiledCanvas.belowMaxBytes { belowLimit = 256 }
    }

    /// A part of `owner`'s split: its tiles' size and budget, its `background` (the page, or clear
    /// for a transparent part).
    init(partOf owner: TiledCanvas, layers: Set<LayerID>, table: [Layer], ignoring: LayerID?, transparent: Bool) {
        renderer = owner.renderer
        background = transparent ? .clear : owner.background
        grid = owner.grid
        cache = TileCache(width: owner.grid.width, height: owner.grid.height, budgetBytes: owner.cache.budgetBytes)
        indexLayers = layers
        styleIgnored = ignoring
        self.transparent = transparent
        self.owner = owner
        layerTable = table
    }

    /// Side of a tile in device pixels (the width of a whole-target tile).
    public var tileSize: Int { grid.width }
    /// Bytes of GPU memory the tile cache holds.
    public var cacheBytes: Int { cache.byteCount + (split?.cacheBytes ?? 0) + (stash?.cache.byteCount ?? 0) }
    /// Number of cached tiles.
    public var tileCount: Int { cache.tiles.count + (split?.tileCount ?? 0) }
    /// The synced drawable with `id`.
    func drawable(_ id: UInt64) -> Drawable? { contents.drawable(id) }

    // MARK: Keeping up with the display list

    /// Brings the tiles up to date with `list` through its feed (`DisplayListIndex.sync`), leaving
    /// out `hidden`: free when neither changed since the last call, so a frame neither compares
    /// 100000 ids nor passes over the list.
    public func sync(_ list: DisplayList, hidden: Set<UInt64> = []) {
        let oldTable = layerTable
        let changes = ownContents.sync(list)
        let restyled = absorb(list, changes: changes, onTop: changes?.addedOnTop ?? true, hidden: hidden)
        // A layer that is new is not restyled: it has no pixels yet.
        let kept = restyled.filter { id in oldTable.contains { $0.id == id } }
        updateSplit(list, restyled: kept, changes: changes, hidden: hidden)
    }

    /// Takes in what changed in `list` since the last sync: the layer table, the `changes` of the
    /// index (`onTop`: every drawable added stacks above what this canvas drew), the hidden set.
    /// Returns the layers whose visibility or opacity changed.
    @discardableResult
    func absorb(_ list: DisplayList, changes: DisplayListIndex.Changes?, onTop: Bool, hidden: Set<UInt64>) -> [LayerID] {
        var restyled: [LayerID] = []
        var swapped = false
        if list.layers != layerTable {
            restyled = layersChangingPixels(to: list.layers)
            swapped = takeStash(restyled: restyled, old: layerTable, new: list.layers)
            layerTable = list.layers
        }
        if let changes { apply(changes, onTop: onTop) }
        if !restyled.isEmpty {
            revision &+= 1
            wholeRestyled = true
            if !swapped { markRestyled(restyled, in: list) }
        }
        if hidden != self.hidden { hide(hidden) }
        return restyled
    }

    /// Marks out of date the pixels the drawables of `layers` reach, in the tiles and in the stash
    /// (but for the stash's own layer, whose style it keeps as it was).
    private func markRestyled(_ layers: [LayerID], in list: DisplayList) {
        func count(_ ls: [LayerID]) -> Int { ls.reduce(0) { $0 + list.items(of: $1).count } }
        if count(layers) > TiledCanvas.regionLimit {
            pending = nil
            cache.invalidateAll()
        } else {
            let (bounds, lowest) = layerRegions(layers, in: list)
            dropPendingBlock(ifTouching: bounds)
            markOutOfDate(bounds, lowest: lowest, in: cache)
        }
        let others = layers.filter { $0 != stash?.layer }
        guard let s = stash, !others.isEmpty else { return }
        if count(others) > TiledCanvas.regionLimit { s.cache.invalidateAll() } else {
            markOutOfDate(layerRegions(others, in: list).bounds, lowest: nil, in: s.cache)
        }
    }

    /// Drawables on top of everything (appends, a few at a time) are drawn straight into the cached
    /// tiles they touch; the pixels that removed drawables and others added reach go out of date.
    private func apply(_ changes: DisplayListIndex.Changes, onTop: Bool) {
        revision &+= 1
        let added = changes.added.filter { !hidden.contains($0.id) && isOnShownLayer($0.id) }
        let addedBounds = added.compactMap { contents.bounds(of: $0.id) }
        dropPendingBlock(ifTouching: changes.removedBounds + addedBounds)
        if !changes.removedBounds.isEmpty { hasRemoved = true }
        invalidate(changes.removedBounds, lowest: changes.lowestChanged)
        if onTop && added.count <= TiledCanvas.incrementalLimit && added.allSatisfy(drawsDirectly) {
            for item in added {
                if let b = contents.bounds(of: item.id), let order = contents.order(of: item.id) {
                    drawIntoCachedTiles(item.drawable, bounds: b, order: order)
                    invalidateStash([b])
                }
            }
        } else {
            invalidate(addedBounds, lowest: changes.lowestChanged)
        }
    }

    /// Leaves out `ids` from now on (and shows again the ones hidden before but not now): the
    /// pixels of either set's drawables go out of date.
    private func hide(_ ids: Set<UInt64>) {
        let changed = ids.symmetricDifference(hidden)
        hidden = ids
        let bounds = changed.compactMap { contents.bounds(of: $0) }
        guard !bounds.isEmpty else { return }
        revision &+= 1
        dropPendingBlock(ifTouching: bounds)
        invalidate(bounds, lowest: changed.compactMap { contents.order(of: $0) }.min())
    }

    /// Draws one new drawable into every cached tile it touches, at every cached scale (over a
    /// tile's out-of-date part too: drawing that part again draws this drawable on top as well).
    /// `order` is where it stacks: a tile due a new picture of what lies below takes it first.
    private func drawIntoCachedTiles(_ drawable: Drawable, bounds: Rect, order: OrderKey) {
        for scale in cache.cachedScales {
            var commands: [Point: [DrawCommand]] = [:]  // by anchor: nearly always one
            for tile in tilesTouching(bounds, scale: scale) {
                takeBelow(tile, mark: order)
                tile.blank = false
                let view = grid.view(tile.key), anchor = MeshAnchor.anchor(forTarget: view)
                if commands[anchor] == nil {
                    commands[anchor] = Stopwatch.time(&tessellateSeconds) { MeshAnchor.commands(drawable, anchor: anchor, scale: scale) }
                }
                asGroup { renderer.draw(commands[anchor]!, into: tile.target, transform: MeshAnchor.transform(anchor: anchor, view: view)) }
            }
        }
    }

    /// The cached tiles of `scale` whose pixels (fringe included) `bounds` may reach.
    private func tilesTouching(_ bounds: Rect, scale: Double, in cache: TileCache? = nil) -> [Tile] {
        let cache = cache ?? self.cache
        guard let range = grid.range(bounds, scale: scale, margin: TiledCanvas.fringeMargin) else { return [] }
        let count = Double(range.x.count) * Double(range.y.count)
        if count > 64 {
            return cache.tiles(atScale: scale).filter { range.x.contains($0.key.x) && range.y.contains($0.key.y) }
        }
        var out: [Tile] = []
        for y in range.y { for x in range.x { if let t = cache.tiles[TileKey(scale: scale, x: x, y: y)] { out.append(t) } } }
        return out
    }

    /// Forgets the block being filled when a change reaches its region (its drawables and what is
    /// drawn so far would be out of date); changes elsewhere leave it going.
    private func dropPendingBlock(ifTouching rects: [Rect]) {
        guard let p = pending else { return }
        let region = grid.canvasRect(p.region, scale: p.view.scale).insetBy(-TiledCanvas.fringeMargin / p.view.scale)
        let touches = rects.count > TiledCanvas.regionLimit || rects.contains {
            $0.maxX >= region.minX && $0.minX <= region.maxX && $0.maxY >= region.minY && $0.minY <= region.maxY
        }
        if touches { pending = nil }
    }

    /// Marks out of date the pixels of every cached tile that one of `rects` reaches (all of every
    /// tile for many rects). The changed drawables stack at `lowest` and above (nil: unknown): a
    /// tile's picture of what lies below a mark above that stays right, any other is dropped.
    private func invalidate(_ rects: [Rect], lowest: OrderKey?) {
        guard !rects.isEmpty else { return }
        invalidateStash(rects)
        if rects.count > TiledCanvas.regionLimit { cache.invalidateAll(); return }
        markOutOfDate(rects, lowest: lowest, in: cache)
    }

    /// Marks out of date the pixels of `cache`'s tiles that `rects` reach (see `invalidate`).
    func markOutOfDate(_ rects: [Rect], lowest: OrderKey?, in cache: TileCache) {
        for rect in rects {
            for scale in cache.cachedScales {
                guard let pixels = grid.levelPixels(rect, scale: scale, margin: TiledCanvas.fringeMargin) else { continue }
                for tile in tilesTouching(rect, scale: scale, in: cache) {
                    let t = grid.pixelRect(tile.key)
                    let part = pixels.intersection(t).offsetBy(-t.x, -t.y)
                    guard !part.isEmpty else { continue }
                    tile.markDirty(part)
                    if let below = tile.below, lowest.map({ $0 < below.mark }) ?? true { tile.below = nil }
                }
            }
        }
    }

    /// Before a drawable stacking at `mark` is drawn on top of `tile`: copies the tile as its picture
    /// of what lies below `mark` when it has none or `belowLimit` drawables were drawn over its
    /// picture since, and the tile is wholly up to date (once anything has been removed: undo).
    private func takeBelow(_ tile: Tile, mark: OrderKey) {
        tile.drawnAbove += 1
        guard let limit = belowLimit, hasRemoved, tile.dirty.isEmpty, tile.below == nil || tile.drawnAbove > limit else { return }
        guard let target = tile.below?.target ?? (try? RenderTarget(width: tile.target.width, height: tile.target.height)) else { return }
        renderer.copy(tile.target, to: target)
        tile.below = (target, mark)
        tile.drawnAbove = 1
    }

    // MARK: Geometry of tiles

    /// Whether every tile of `view`'s scale under `rect` (canvas points) within `area` is rendered
    /// and up to date.
    public func areFresh(_ rect: Rect, view: ViewTransform, area: PixelRect) -> Bool {
        if let s = shownSplit(view, area: area) { return s.areFresh(rect, view: view, area: area, style: layerStyle(s.layer)) }
        let r = view.apply(rect)
        guard r.minX.isFinite, r.minY.isFinite, r.maxX.isFinite, r.maxY.isFinite else { return true }
        let x0 = max(Double(area.x), r.minX.rounded(.down)), y0 = max(Double(area.y), r.minY.rounded(.down))
        let x1 = min(Double(area.maxX), r.maxX.rounded(.up)), y1 = min(Double(area.maxY), r.maxY.rounded(.up))
        guard x1 > x0, y1 > y0 else { return true }
        let shown = PixelRect(x: Int(x0), y: Int(y0), width: Int(x1 - x0), height: Int(y1 - y0))
        let level = shown.offsetBy(-Int(view.translation.x), -Int(view.translation.y))
        return visibleTiles(view, area: shown).allSatisfy { key in
            guard let tile = cache.tiles[key] else { return false }
            let t = grid.pixelRect(key)
            return tile.dirty.allSatisfy { $0.offsetBy(t.x, t.y).intersection(level).isEmpty }
        }
    }

    /// The tiles of `view`'s scale that cover `area` of a target the view draws into; the view's
    /// translation must be whole pixels.
    public func visibleTiles(_ view: ViewTransform, area: PixelRect) -> [TileKey] { grid.visible(view, area: area) }
}
