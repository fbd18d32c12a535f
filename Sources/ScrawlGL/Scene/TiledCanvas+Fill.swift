import Foundation
import ScrawlCore

/// Rendering missing tiles and composing a view from the cache.
extension TiledCanvas {
    /// Renders the missing and stale tiles `view` needs for `area` (stale ones first, then from
    /// the centre out), a block of up to 4 x 4 tiles at a time, stopping once `budget` seconds have
    /// passed (with the GPU finished) when a budget is given. Returns whether every tile is ready.
    @discardableResult
    public func fill(_ view: ViewTransform, area: PixelRect, budget: Double? = nil) -> Bool {
        cache.nextFrame()
        let visible = visibleTiles(view, area: area)
        for key in visible { _ = cache.tile(key) }
        var todo = visible.filter { cache.tiles[$0]?.stale ?? true }
        guard !todo.isEmpty else { return true }
        let cx = Double(area.x + area.width / 2) - view.translation.x, cy = Double(area.y + area.height / 2) - view.translation.y
        func rank(_ k: TileKey) -> (Int, Double) {
            let dx = (Double(k.x) + 0.5) * Double(tileSize) - cx, dy = (Double(k.y) + 0.5) * Double(tileSize) - cy
            return (cache.tiles[k] == nil ? 1 : 0, dx * dx + dy * dy)
        }
        todo.sort { rank($0) < rank($1) }
        let start = Date()
        while let first = todo.first {
            let b = TiledCanvas.blockTiles
            let bx = floorDiv(first.x, b), by = floorDiv(first.y, b)
            let block = todo.filter { floorDiv($0.x, b) == bx && floorDiv($0.y, b) == by }
            let done = renderBlock(block, budgeted: budget != nil)
            todo.removeAll { done.contains($0) }
            if let budget {
                renderer.finish()
                if Date().timeIntervalSince(start) >= budget { break }
            }
        }
        return todo.isEmpty
    }

    /// Renders `keys` (tiles of one scale within one block) from the display list: all at once into
    /// the scratch target, then copied into their tiles. A budgeted block with many drawables renders
    /// only its first tile, so one step of the fill stays short. Returns the keys rendered.
    private func renderBlock(_ keys: [TileKey], budgeted: Bool) -> Set<TileKey> {
        guard let scale = keys.first?.scale else { return [] }
        var keys = keys
        var ids = contents.index.query(region(of: keys))
        if budgeted && keys.count > 1 && ids.count > 400 {
            keys = [keys[0]]
            ids = contents.index.query(region(of: keys))
        }
        let x0 = keys.map(\.x).min()!, y0 = keys.map(\.y).min()!
        guard let scratch = scratchTarget() else { return [] }
        let view = ViewTransform(scale: scale, translation: Point(-Double(x0 * tileSize), -Double(y0 * tileSize)))
        renderer.clear(scratch, to: background)
        draw(ids, into: scratch, view: view)
        var done = Set<TileKey>()
        for key in keys {
            guard let tile = try? cache.make(key) else { continue }
            let from = PixelRect(x: (key.x - x0) * tileSize, y: (key.y - y0) * tileSize, width: tileSize, height: tileSize)
            let all = PixelRect(x: 0, y: 0, width: tileSize, height: tileSize)
            renderer.blit(scratch, from: from, to: tile.target, rect: all, clip: all)
            tile.stale = false
            tilesRendered += 1
            done.insert(key)
        }
        return done
    }

    /// The canvas rectangle covered by `keys`, grown by `fringeMargin` device pixels for antialiasing.
    private func region(of keys: [TileKey]) -> Rect {
        var r = canvasRect(keys[0])
        for k in keys.dropFirst() { r = r.union(canvasRect(k)) }
        let m = TiledCanvas.fringeMargin / keys[0].scale
        return r.insetBy(-m)
    }

    /// Draws the drawables `ids` in display-list order into `target` through `view`, batching runs
    /// that share a mesh anchor.
    func draw(_ ids: [UInt64], into target: RenderTarget, view: ViewTransform) {
        let ordered = ids.sorted { (positionOf($0) ?? 0) < (positionOf($1) ?? 0) }
        var run: [DrawCommand] = []
        var runAnchor = Point.zero
        var vertices = 0
        func flush() {
            guard !run.isEmpty else { return }
            renderer.draw(run, into: target, transform: MeshAnchor.transform(anchor: runAnchor, view: view))
            run.removeAll(keepingCapacity: true)
            vertices = 0
        }
        for id in ordered {
            guard let d = drawable(id) else { continue }
            let anchor = MeshAnchor.anchor(for: contents.bounds(of: id), scale: view.scale)
            if anchor != runAnchor || vertices > 2_000_000 { flush(); runAnchor = anchor }
            let commands = Stopwatch.time(&tessellateSeconds) { MeshAnchor.commands(d, anchor: anchor, scale: view.scale) }
            for case .stroke(let mesh, _) in commands { vertices += mesh.vertices.count }
            run += commands
        }
        flush()
    }

    private func scratchTarget() -> RenderTarget? {
        let side = TiledCanvas.blockTiles * tileSize
        if scratchStorage == nil { scratchStorage = try? RenderTarget(width: side, height: side) }
        return scratchStorage
    }

    // MARK: Composing

    /// Draws what `view` shows of the canvas into `area` of `target`: the exact scale's tiles pixel
    /// for pixel, other cached scales scaled where a tile is missing, the background elsewhere.
    /// `view`'s translation must be whole pixels; call `fill` first.
    public func compose(_ view: ViewTransform, into target: RenderTarget, area: PixelRect) {
        renderer.clear(target, to: background, in: area)
        let visible = visibleTiles(view, area: area)
        let missing = visible.filter { cache.tiles[$0] == nil }
        if !missing.isEmpty { drawStandIns(for: missing, view: view, into: target, area: area) }
        let ox = Int(view.translation.x), oy = Int(view.translation.y)
        let all = PixelRect(x: 0, y: 0, width: tileSize, height: tileSize)
        for key in visible {
            guard let tile = cache.tile(key) else { continue }
            let to = PixelRect(x: key.x * tileSize + ox, y: key.y * tileSize + oy, width: tileSize, height: tileSize)
            renderer.blit(tile.target, from: all, to: target, rect: to, clip: area)
        }
    }

    /// Fills missing tiles' places with the tiles of up to three other cached scales (nearest on top).
    private func drawStandIns(for missing: [TileKey], view: ViewTransform, into target: RenderTarget, area: PixelRect) {
        let s = view.scale
        let candidates = cache.cachedScales.filter { $0 != s && $0 / s <= 16 && s / $0 <= 16 }
            .sorted { abs(log2($0 / s)) > abs(log2($1 / s)) }.suffix(3)
        let ox = Int(view.translation.x), oy = Int(view.translation.y)
        let all = PixelRect(x: 0, y: 0, width: tileSize, height: tileSize)
        for level in candidates {
            let k = s / level, t = Double(tileSize)
            for key in missing {
                let clip = PixelRect(x: key.x * tileSize + ox, y: key.y * tileSize + oy, width: tileSize, height: tileSize)
                    .intersection(area)
                let range = tileRange(canvasRect(key), scale: level)
                guard range.x.count * range.y.count <= 256 else { continue }
                for y in range.y { for x in range.x {
                    guard let tile = cache.tile(TileKey(scale: level, x: x, y: y)) else { continue }
                    let x0 = Int((Double(x) * t * k).rounded(.down)) + ox, x1 = Int((Double(x + 1) * t * k).rounded(.up)) + ox
                    let y0 = Int((Double(y) * t * k).rounded(.down)) + oy, y1 = Int((Double(y + 1) * t * k).rounded(.up)) + oy
                    renderer.blit(tile.target, from: all, to: target,
                                  rect: PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0), clip: clip)
                } }
            }
        }
    }
}

func floorDiv(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a + b - 1) / b) }
