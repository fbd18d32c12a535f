import Foundation
import ScrawlCore

/// A block of tiles being rendered: the drawables touching it are drawn into one scratch target a
/// chunk at a time (possibly over several frames), then the block is copied into its tiles. Each
/// drawable is drawn once per block, however many of its tiles it crosses. A change to the drawing
/// that reaches the block's region drops it (`TiledCanvas.dropPendingBlock`).
final class PendingBlock {
    let keys: [TileKey]
    let x0: Int, y0: Int
    let target: RenderTarget
    let view: ViewTransform
    /// The drawables to draw, bottom first, and how many are drawn.
    let ids: [UInt64]
    var next = 0

    init(keys: [TileKey], x0: Int, y0: Int, target: RenderTarget, view: ViewTransform, ids: [UInt64]) {
        self.keys = keys; self.x0 = x0; self.y0 = y0; self.target = target; self.view = view
        self.ids = ids
    }
}

/// Rendering missing tiles and composing a view from the cache.
extension TiledCanvas {
    /// Renders the missing and stale tiles `view` needs for `area` (stale ones first, then from the
    /// centre out) in blocks of up to 8 x 8 tiles. With a `budget`, stops once that many seconds
    /// have passed (the GPU finished before the clock is read), in the middle of a block if need
    /// be, and goes on at the next call. Returns whether every tile is ready.
    @discardableResult
    public func fill(_ view: ViewTransform, area: PixelRect, budget: Double? = nil) -> Bool {
        cache.nextFrame()
        let visible = visibleTiles(view, area: area)
        for key in visible { _ = cache.tile(key) }
        var todo = Set(visible.filter { cache.tiles[$0]?.stale ?? true })
        if let p = pending, p.view.scale != view.scale || !p.keys.contains(where: todo.contains) {
            pending = nil
        }
        guard !todo.isEmpty else { return true }
        let start = Date()
        func overBudget() -> Bool {
            guard let budget else { return false }
            renderer.finish()
            return Date().timeIntervalSince(start) >= budget
        }
        while !todo.isEmpty {
            let block = pending ?? makeBlock(todo: todo, view: view, area: area)
            guard let block else { return false }
            pending = block
            while block.next < block.ids.count {
                let end = min(block.ids.count, block.next + TiledCanvas.chunk)
                draw(Array(block.ids[block.next..<end]), into: block.target, view: block.view)
                block.next = end
                if block.next < block.ids.count && overBudget() { return false }
            }
            finish(block)
            pending = nil
            todo.subtract(block.keys)
            if !todo.isEmpty && overBudget() { return false }
        }
        return true
    }

    /// A block for the first of `todo` (stale first, then nearest the centre) and the other tiles of
    /// `todo` within 8 x 8 tiles around it, cleared to the background, its drawables queried.
    private func makeBlock(todo: Set<TileKey>, view: ViewTransform, area: PixelRect) -> PendingBlock? {
        let cx = Double(area.x + area.width / 2) - view.translation.x, cy = Double(area.y + area.height / 2) - view.translation.y
        func rank(_ k: TileKey) -> (Int, Double) {
            let dx = (Double(k.x) + 0.5) * Double(tileSize) - cx, dy = (Double(k.y) + 0.5) * Double(tileSize) - cy
            return (cache.tiles[k] == nil ? 1 : 0, dx * dx + dy * dy)
        }
        guard let first = todo.min(by: { rank($0) < rank($1) }) else { return nil }
        let m = TiledCanvas.maxBlockTiles
        let near = todo.filter { abs($0.x - first.x) < m / 2 + 1 && abs($0.y - first.y) < m / 2 + 1 }
        let x0 = near.map(\.x).min()!, y0 = near.map(\.y).min()!
        let keys = near.filter { $0.x < x0 + m && $0.y < y0 + m }.sorted { ($0.y, $0.x) < ($1.y, $1.x) }
        let nx = keys.map(\.x).max()! - x0 + 1, ny = keys.map(\.y).max()! - y0 + 1
        guard let target = scratchTarget(width: nx * tileSize, height: ny * tileSize) else { return nil }
        renderer.clear(target, to: background)
        let blockView = ViewTransform(scale: view.scale, translation: Point(-Double(x0 * tileSize), -Double(y0 * tileSize)))
        let ids = contents.query(region(of: keys)).filter { !hidden.contains($0) }
        return PendingBlock(keys: keys, x0: x0, y0: y0, target: target, view: blockView, ids: ids)
    }

    /// Copies a finished block into its tiles.
    private func finish(_ block: PendingBlock) {
        let all = PixelRect(x: 0, y: 0, width: tileSize, height: tileSize)
        for key in block.keys {
            guard let tile = try? cache.make(key) else { continue }
            let from = PixelRect(x: (key.x - block.x0) * tileSize, y: (key.y - block.y0) * tileSize, width: tileSize, height: tileSize)
            renderer.blit(block.target, from: from, to: tile.target, rect: all, clip: all)
            tile.stale = false
            tilesRendered += 1
        }
    }

    /// The canvas rectangle covered by `keys`, grown by `fringeMargin` device pixels for antialiasing.
    private func region(of keys: [TileKey]) -> Rect {
        var r = canvasRect(keys[0])
        for k in keys.dropFirst() { r = r.union(canvasRect(k)) }
        let m = TiledCanvas.fringeMargin / keys[0].scale
        return r.insetBy(-m)
    }

    /// Draws the drawables `ids` (bottom first) into `target` through `view`, batching runs that
    /// share a mesh anchor, up to about `Renderer.maxBatchVertices` tessellated vertices held at once.
    func draw(_ ids: [UInt64], into target: RenderTarget, view: ViewTransform) {
        var run: [DrawCommand] = []
        var runAnchor = Point.zero
        var held = 0
        func flush() {
            guard !run.isEmpty else { return }
            renderer.draw(run, into: target, transform: MeshAnchor.transform(anchor: runAnchor, view: view))
            run.removeAll(keepingCapacity: true)
            held = 0
        }
        for id in ids {
            guard let d = drawable(id) else { continue }
            let anchor = MeshAnchor.anchor(for: contents.bounds(of: id), scale: view.scale)
            if anchor != runAnchor { flush(); runAnchor = anchor }
            let more = Stopwatch.time(&tessellateSeconds) { MeshAnchor.commands(d, anchor: anchor, scale: view.scale) }
            run += more
            held += more.reduce(0) { $0 + $1.heldVertices }
            if held >= renderer.maxBatchVertices { flush() }
        }
        flush()
    }

    /// A scratch target of exactly this size (the last two sizes are kept).
    private func scratchTarget(width: Int, height: Int) -> RenderTarget? {
        if let t = scratchTargets.first(where: { $0.width == width && $0.height == height }) { return t }
        guard let t = try? RenderTarget(width: width, height: height) else { return nil }
        scratchTargets.append(t)
        if scratchTargets.count > 2 { scratchTargets.removeFirst() }
        return t
    }

    // MARK: Composing

    /// Draws what `view` shows of the canvas into `area` of `target`: the exact scale's tiles pixel
    /// for pixel, other cached scales scaled where a tile is missing, the background elsewhere.
    /// `view`'s translation must be whole pixels; call `fill` first.
    public func compose(_ view: ViewTransform, into target: RenderTarget, area: PixelRect) {
        let visible = visibleTiles(view, area: area)
        let missing = visible.filter { cache.tiles[$0] == nil }
        if !missing.isEmpty {
            renderer.clear(target, to: background, in: area)
            drawStandIns(for: missing, view: view, into: target, area: area)
        }
        let ox = Int(view.translation.x), oy = Int(view.translation.y)
        var placements: [(source: RenderTarget, x: Int, y: Int)] = []
        for key in visible {
            guard let tile = cache.tile(key) else { continue }
            placements.append((tile.target, key.x * tileSize + ox, key.y * tileSize + oy))
        }
        renderer.copy(placements, into: target, clip: area)
    }

    /// Fills missing tiles' places with the tiles of up to three other cached scales (nearest on top).
    private func drawStandIns(for missing: [TileKey], view: ViewTransform, into target: RenderTarget, area: PixelRect) {
        let s = view.scale
        let candidates = cache.cachedScales.filter { $0 != s && $0 / s <= 16 && s / $0 <= 16 }
            .sorted { abs(log2($0 / s)) > abs(log2($1 / s)) }.suffix(3)
        let ox = Int(view.translation.x), oy = Int(view.translation.y)
        for level in candidates {
            let k = s / level, t = Double(tileSize)
            for key in missing {
                let clip = PixelRect(x: key.x * tileSize + ox, y: key.y * tileSize + oy, width: tileSize, height: tileSize)
                    .intersection(area)
                let range = tileRange(canvasRect(key), scale: level)
                guard range.x.count * range.y.count <= 256 else { continue }
                var placements: [(source: RenderTarget, rect: PixelRect)] = []
                for y in range.y { for x in range.x {
                    guard let tile = cache.tile(TileKey(scale: level, x: x, y: y)) else { continue }
                    let x0 = Int((Double(x) * t * k).rounded(.down)) + ox, x1 = Int((Double(x + 1) * t * k).rounded(.up)) + ox
                    let y0 = Int((Double(y) * t * k).rounded(.down)) + oy, y1 = Int((Double(y + 1) * t * k).rounded(.up)) + oy
                    placements.append((tile.target, PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)))
                } }
                renderer.drawTextures(placements, into: target, clip: clip)
            }
        }
    }
}

func floorDiv(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a + b - 1) / b) }
