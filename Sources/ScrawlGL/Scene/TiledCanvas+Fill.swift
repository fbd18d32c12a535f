import Foundation
import ScrawlCore

/// A region of one level being rendered: the drawables touching it are drawn into a scratch target
/// a chunk at a time (possibly over several frames), then the region is copied into its tiles:
/// missing tiles whole, or the out-of-date part of cached ones. Each drawable is drawn once per
/// block, however many of its tiles it crosses. A change to the drawing that reaches the block's
/// region drops it (`TiledCanvas.dropPendingBlock`).
final class PendingBlock {
    /// The level pixels drawn, and canvas points to the target's pixels.
    let region: PixelRect
    let view: ViewTransform
    let target: RenderTarget
    /// The tiles it completes, with the out-of-date part each had when the block began (nil for a
    /// missing tile, which the region covers whole).
    let tiles: [(key: TileKey, dirty: PixelRect?)]
    /// Drawn straight into the (single) tile's target: no copy at the end. `clip` is the tile's
    /// part drawn again (tile pixels), nil for a whole tile.
    let inPlace: Bool
    let clip: PixelRect?
    /// The drawables to draw, bottom first, and how many are drawn.
    let ids: [UInt64]
    var next = 0
    /// Where draws may write: `clip` in place, the region in a scratch (larger than the region, its
    /// sides rounded up: drawables crossing the region's edge are not drawn beyond it).
    var drawClip: PixelRect? { inPlace ? clip : PixelRect(x: 0, y: 0, width: region.width, height: region.height) }

    /// Whether a drawable of the block reaches the tile at `key` of `canvas` (fringe included).
    func touches(_ key: TileKey, _ canvas: TiledCanvas) -> Bool {
        let r = canvas.grid.canvasRect(key).insetBy(-TiledCanvas.fringeMargin / key.scale)
        return ids.contains { id in
            guard let b = canvas.contents.bounds(of: id) else { return true }
            return b.maxX >= r.minX && b.minX <= r.maxX && b.maxY >= r.minY && b.minY <= r.maxY
        }
    }

    init(region: PixelRect, view: ViewTransform, target: RenderTarget, tiles: [(key: TileKey, dirty: PixelRect?)],
         inPlace: Bool, clip: PixelRect? = nil, ids: [UInt64]) {
        self.region = region; self.view = view; self.target = target; self.tiles = tiles
        self.inPlace = inPlace; self.clip = clip; self.ids = ids
    }
}

/// Rendering missing and out-of-date tiles.
extension TiledCanvas {
    /// Renders what `view` needs for `area`: the out-of-date parts of cached tiles first, then the
    /// missing tiles from the centre out, each group in one block. With a `budget`, stops once that
    /// many seconds have passed (the GPU finished before the clock is read), in the middle of a
    /// block if need be, and goes on at the next call. Returns whether every tile is ready.
    @discardableResult
    public func fill(_ view: ViewTransform, area: PixelRect, budget: Double? = nil) -> Bool {
        if let s = split { return fillSplit(s, view: view, area: area, budget: budget) }
        hasBackgroundWork = false
        return fillWhole(view, area: area, budget: budget)
    }

    /// `fill` for this canvas's own tiles.
    func fillWhole(_ view: ViewTransform, area: PixelRect, budget: Double?) -> Bool {
        cache.nextFrame()
        let visible = grid.visible(view, area: area)
        for key in visible { _ = cache.tile(key) }
        let shown = levelArea(view, area: area)
        var todo = Set(visible.filter { needsDrawing($0, shown: shown) })
        if let p = pending, p.view.scale != view.scale || !p.tiles.contains(where: { todo.contains($0.key) }) {
            pending = nil
        }
        guard !todo.isEmpty else { return true }
        var clock = FillClock(budget: budget, renderer: renderer)
        if budget != nil { FlushPacer.eagerIndices = FlushPacer.fillEagerIndices }
        defer { FlushPacer.eagerIndices = nil }
        while !todo.isEmpty {
            guard let block = pending ?? makeBlock(todo: todo, view: view, area: area, shown: shown, budget: budget) else { return false }
            pending = block
            renderer.drawClip = block.drawClip
            while block.next < block.ids.count {
                let end = groupEnd(block.ids, min(block.ids.count, block.next + clock.chunk))
                drawLayered(Array(block.ids[block.next..<end]), into: block.target, view: block.view)
                let count = end - block.next
                block.next = end
                // A part drawn again in place is shown as it is: it is finished in this call.
                if block.clip == nil && block.next < block.ids.count && clock.isOver(drawn: count) { renderer.drawClip = nil; return false }
            }
            renderer.drawClip = nil
            finish(block)
            pending = nil
            todo = todo.filter { needsDrawing($0, shown: shown) }  // a tile may have another part to draw
            if !todo.isEmpty && clock.isOver() { return false }
        }
        return true
    }

    /// The next block for `todo`: the out-of-date parts of cached tiles (together when they lie
    /// close, as one edit's do), else a rectangle of missing tiles around the first one from the
    /// centre (`missingBlock`); cleared (or copied from the tiles) and its drawables queried.
    private func makeBlock(todo: Set<TileKey>, view: ViewTransform, area: PixelRect, shown: PixelRect,
                           budget: Double?) -> PendingBlock? {
        // The out-of-date parts that show, in level pixels, with their tiles.
        let dirty = todo.sorted { ($0.y, $0.x) < ($1.y, $1.x) }.flatMap { key -> [(key: TileKey, part: PixelRect, rect: PixelRect)] in
            guard let tile = cache.tiles[key] else { return [] }
            let t = grid.pixelRect(key)
            return tile.dirty.map { (key, $0, $0.offsetBy(t.x, t.y)) }.filter { !$0.rect.intersection(shown).isEmpty }
        }
        if let (key, part, rect) = dirty.first, let tile = cache.tiles[key] {
            // From the tile's picture of what lies below its mark, when it has one, and the drawables above.
            let repair = block(rect, tiles: [(key, part)], target: tile.target, inPlace: true, clip: part, above: tile.below?.mark)
            if budget == nil || repair.ids.count <= inPlaceLimit {
                if let below = tile.below {
                    renderer.blit(below.target, from: part, to: tile.target, rect: part, clip: part)
                } else {
                    renderer.clear(tile.target, to: background, in: part)
                }
                return repair
            }
            return repairBlock(dirty.map { ($0.key, $0.part, $0.rect) }, scale: view.scale)
        }
        let keys = missingBlock(todo: todo, view: view, area: area)
        guard let first = keys.first else { return nil }
        let tilesRect = keys.dropFirst().reduce(grid.pixelRect(first)) { $0.union(grid.pixelRect($1)) }
        let region = trimmed(tilesRect, to: shown)
        if keys.count == 1, budget == nil, region == tilesRect, let tile = try? cache.make(first) {
            renderer.clear(tile.target, to: background)
            return block(region, tiles: [(first, nil)], target: tile.target, inPlace: true)
        }
        guard let target = scratchTarget(width: region.width, height: region.height) else { return nil }
        renderer.clear(target, to: background)
        return block(region, tiles: keys.map { ($0, nil) }, target: target, inPlace: false)
    }

    /// A block drawing again out-of-date parts of cached tiles (`rect` in level pixels): all of them
    /// when their union is at most twice their area, else the first alone.
    private func repairBlock(_ dirty: [(key: TileKey, part: PixelRect, rect: PixelRect)], scale: Double) -> PendingBlock? {
        let union = dirty.dropFirst().reduce(dirty[0].rect) { $0.union($1.rect) }
        let parts = union.area <= 2 * dirty.reduce(0) { $0 + $1.rect.area } ? dirty : [dirty[0]]
        let region = parts.dropFirst().reduce(parts[0].rect) { $0.union($1.rect) }
        guard let target = scratchTarget(width: region.width, height: region.height) else { return nil }
        renderer.clear(target, to: background)
        return block(region, tiles: parts.map { ($0.key, $0.part) }, target: target, inPlace: false)
    }

    /// A block drawing level pixels `region` into `target`: a scratch whose top-left is the
    /// region's, or in place a tile's own target (through the tile's view, within `clip`).
    /// `above`: only the drawables stacking at or above it (the rest is there already).
    private func block(_ region: PixelRect, tiles: [(key: TileKey, dirty: PixelRect?)], target: RenderTarget,
                       inPlace: Bool, clip: PixelRect? = nil, above: OrderKey? = nil) -> PendingBlock {
        let key = tiles[0].key, scale = key.scale
        let view = inPlace ? grid.view(key) : grid.view(scale: scale, x: region.x, y: region.y)
        let canvas = grid.canvasRect(region, scale: scale).insetBy(-TiledCanvas.fringeMargin / scale)
        var ids = contents.query(canvas).filter { !hidden.contains($0) && isOnShownLayer($0) }
        if let above { ids = ids.filter { (contents.order(of: $0) ?? above) >= above } }
        return PendingBlock(region: region, view: view, target: target, tiles: tiles, inPlace: inPlace, clip: clip, ids: ids)
    }

    /// Missing tiles of `todo` to render together: the first one from the centre and, of the others
    /// within `maxBlockTiles` around it, those in its rectangle of missing tiles (a whole view after
    /// a zoom; a strip after a pan), so no drawable is drawn twice for tiles it could share.
    private func missingBlock(todo: Set<TileKey>, view: ViewTransform, area: PixelRect) -> [TileKey] {
        let missing = todo.filter { cache.tiles[$0] == nil }
        let cx = Double(area.x + area.width / 2) - view.translation.x, cy = Double(area.y + area.height / 2) - view.translation.y
        func distance(_ k: TileKey) -> Double {
            let dx = (Double(k.x) + 0.5) * Double(grid.width) - cx, dy = (Double(k.y) + 0.5) * Double(grid.height) - cy
            return dx * dx + dy * dy
        }
        guard let first = missing.min(by: { distance($0) < distance($1) }) else { return [] }
        let m = TiledCanvas.maxBlockTiles
        // Grow a rectangle of missing tiles from `first` one row or column at a time, while it stays
        // wholly missing and within m x m.
        var x0 = first.x, x1 = first.x, y0 = first.y, y1 = first.y
        func allMissing(_ xs: ClosedRange<Int>, _ ys: ClosedRange<Int>) -> Bool {
            for y in ys { for x in xs where !missing.contains(TileKey(scale: first.scale, x: x, y: y)) { return false } }
            return true
        }
        var grew = true
        while grew {
            grew = false
            if x1 - x0 + 1 < m, allMissing((x1 + 1)...(x1 + 1), y0...y1) { x1 += 1; grew = true }
            if x1 - x0 + 1 < m, allMissing((x0 - 1)...(x0 - 1), y0...y1) { x0 -= 1; grew = true }
            if y1 - y0 + 1 < m, allMissing(x0...x1, (y1 + 1)...(y1 + 1)) { y1 += 1; grew = true }
            if y1 - y0 + 1 < m, allMissing(x0...x1, (y0 - 1)...(y0 - 1)) { y0 -= 1; grew = true }
        }
        var keys: [TileKey] = []
        for y in y0...y1 { for x in x0...x1 { keys.append(TileKey(scale: first.scale, x: x, y: y)) } }
        return keys
    }

    /// Copies a finished block into its tiles: a missing tile whole, a cached one's out-of-date
    /// part (which is then up to date, unless a change made more of it so meanwhile).
    private func finish(_ block: PendingBlock) {
        for (key, dirty) in block.tiles {
            let t = grid.pixelRect(key)
            if block.inPlace {
                if let tile = cache.tiles[key] { if let dirty { tile.markDrawn(dirty) } else { tile.markClean() } }
            } else if dirty == nil {
                guard let tile = try? cache.make(key) else { continue }
                let part = t.intersection(block.region)
                if part != t {
                    // Drawn only where it shows (and a margin): the rest waits, out of date.
                    renderer.clear(tile.target, to: background)
                    for r in TiledCanvas.remainder(of: t, outside: part) { tile.markDirty(r.offsetBy(-t.x, -t.y)) }
                }
                blit(block, part, into: tile, at: t)
            } else if let tile = cache.tiles[key], let dirty {
                blit(block, dirty.offsetBy(t.x, t.y).intersection(block.region), into: tile, at: t)
                tile.markDrawn(dirty)
            }
            if transparent, let tile = cache.tiles[key] { tile.blank = (dirty == nil || tile.blank) && !block.touches(key, self) }
            (owner ?? self).tilesRendered += 1
            if let owner { owner.partTilesRendered += 1 } else { wholeTilesRendered += 1 }
        }
    }

    /// Whether every tile `view` shows of `area` is drawn and up to date there.
    func isFresh(_ view: ViewTransform, area: PixelRect) -> Bool {
        let shown = levelArea(view, area: area)
        return grid.visible(view, area: area).allSatisfy { !needsDrawing($0, shown: shown) }
    }

    /// Whether every tile `view` shows of `area` is cached (up to date or not).
    func hasEveryTile(_ view: ViewTransform, area: PixelRect) -> Bool {
        grid.visible(view, area: area).allSatisfy { cache.tiles[$0] != nil }
    }

    /// The level pixels `view` shows of `area` (the whole tile of a whole-target cache).
    private func levelArea(_ view: ViewTransform, area: PixelRect) -> PixelRect {
        if grid.wholeScale != nil { return PixelRect(x: 0, y: 0, width: grid.width, height: grid.height) }
        return area.offsetBy(-Int(view.translation.x), -Int(view.translation.y))
    }

    /// Whether tile `key` must be drawn for the level pixels `shown`: it is missing, or an
    /// out-of-date part of it shows.
    private func needsDrawing(_ key: TileKey, shown: PixelRect) -> Bool {
        guard let tile = cache.tiles[key] else { return true }
        let t = grid.pixelRect(key)
        return tile.dirty.contains { !$0.offsetBy(t.x, t.y).intersection(shown).isEmpty }
    }

    /// `region` (whole tiles) cut to what shows of it plus `trimMargin`: the tiles at the edge of a
    /// view are drawn only where they show, their rest left out of date until a pan shows it.
    private func trimmed(_ region: PixelRect, to shown: PixelRect) -> PixelRect {
        guard grid.wholeScale == nil else { return region }
        let cut = region.intersection(shown.grown(TiledCanvas.trimMargin))
        return cut.isEmpty ? region : cut
    }

    /// The parts of tile rectangle `t` outside `part` (which lies in it and touches at least one
    /// corner of it, as a view's edge cuts its tiles): none, one strip, or two.
    static func remainder(of t: PixelRect, outside part: PixelRect) -> [PixelRect] {
        var out: [PixelRect] = []
        // Beside the part (full height of the tile), then above or below it (its width).
        if part.x > t.x { out.append(PixelRect(x: t.x, y: t.y, width: part.x - t.x, height: t.height)) }
        if part.maxX < t.maxX { out.append(PixelRect(x: part.maxX, y: t.y, width: t.maxX - part.maxX, height: t.height)) }
        if part.y > t.y { out.append(PixelRect(x: part.x, y: t.y, width: part.width, height: part.y - t.y)) }
        if part.maxY < t.maxY { out.append(PixelRect(x: part.x, y: part.maxY, width: part.width, height: t.maxY - part.maxY)) }
        return out
    }

    /// Copies level pixels `part` from the block's target into `tile` (whose level pixels are `t`).
    private func blit(_ block: PendingBlock, _ part: PixelRect, into tile: Tile, at t: PixelRect) {
        guard !part.isEmpty else { return }
        let from = part.offsetBy(-block.region.x, -block.region.y)
        let to = part.offsetBy(-t.x, -t.y)
        renderer.blit(block.target, from: from, to: tile.target, rect: to,
                      clip: PixelRect(x: 0, y: 0, width: tile.target.width, height: tile.target.height))
    }

    /// Draws the drawables `ids` (bottom first) into `target` through `view`, tessellated relative
    /// to the target's anchor, up to about `Renderer.maxBatchVertices` tessellated vertices held at once.
    func draw(_ ids: [UInt64], into target: RenderTarget, view: ViewTransform) {
        let anchor = MeshAnchor.anchor(forTarget: view)
        let transform = MeshAnchor.transform(anchor: anchor, view: view)
        var run: [DrawCommand] = []
        var held = 0
        func flush() {
            guard !run.isEmpty else { return }
            renderer.draw(run, into: target, transform: transform)
            run.removeAll(keepingCapacity: true)
            held = 0
        }
        let wasGroup = renderer.drawsGroup
        if transparent { renderer.drawsGroup = true }
        defer { renderer.drawsGroup = wasGroup }
        for id in ids {
            guard let d = drawable(id) else { continue }
            let more = Stopwatch.time(&tessellateSeconds) { MeshAnchor.commands(d, anchor: anchor, scale: view.scale) }
            run += more
            held += more.reduce(0) { $0 + $1.heldVertices }
            if held >= renderer.maxBatchVertices { flush() }
        }
        flush()
    }

    /// A scratch target at least this size, sides rounded up to 128 pixels so that out-of-date
    /// parts of many sizes share a few targets (the last three are kept).
    private func scratchTarget(width: Int, height: Int) -> RenderTarget? {
        func up(_ v: Int) -> Int { (v + 127) / 128 * 128 }
        let w = up(width), h = up(height)
        if let t = scratchTargets.first(where: { $0.width == w && $0.height == h }) { return t }
        guard let t = try? RenderTarget(width: w, height: h) else { return nil }
        scratchTargets.append(t)
        if scratchTargets.count > 3 { scratchTargets.removeFirst() }
        return t
    }
}

/// When a budgeted fill stops. The GPU is waited for (so that the time read is the frame's) only
/// twice a frame at most: once the clock nears the budget, and after the last chunk sized from the
/// rate measured then. Waiting after every chunk would keep the GPU from drawing one chunk while
/// the next is tessellated; chunks also grow while the clock is far from the budget, so draws stay large.
struct FillClock {
    let budget: Double?
    let renderer: Renderer
    let start = Date()
    /// Drawables to draw before the next look at the clock.
    private(set) var chunk = TiledCanvas.chunk
    private var drawn = 0
    private var lastChunk = false

    init(budget: Double?, renderer: Renderer) {
        self.budget = budget
        self.renderer = renderer
        if budget == nil { chunk = Int.max / 2 }
    }

    /// Whether the budget is spent (never without one), after `count` more drawables were drawn.
    mutating func isOver(drawn count: Int = 0) -> Bool {
        guard let budget else { return false }
        drawn += count
        let elapsed = Date().timeIntervalSince(start)
        if lastChunk { return true }
        if elapsed < budget * TiledCanvas.clockShare {
            if elapsed < budget / 4 { chunk = min(chunk * 2, 8 * TiledCanvas.chunk) }
            return false
        }
        renderer.finish()
        let done = Date().timeIntervalSince(start)
        guard done < budget else { return true }
        // One more chunk, as many as the rate so far says fit in what is left.
        let rate = Double(max(drawn, 1)) / max(done, 1e-4)
        chunk = max(1, Int(rate * (budget - done) * 0.8))
        lastChunk = true
        return false
    }
}
