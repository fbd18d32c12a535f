import ScrawlCore

/// The canvas with a translucent first live stroke's frozen part composited in, kept up to date by
/// re-compositing only where new triangles froze.
struct TranslucentBase {
    let target: RenderTarget
    var revision: UInt64
    var serial: UInt64
    var view: ViewTransform
}

/// What the last `base(over:)` prepared for a translucent first stroke: the canvas it started from
/// (to restore the tail's rectangle) and its view.
struct TranslucentUse {
    let id: LiveStrokeID
    let canvas: RenderTarget
    let canvasView: ViewTransform
    let stable: Int
}

/// A translucent live stroke at a cost independent of its length and of its extent: the base holds
/// the canvas with the frozen part's coverage (a `GL_MAX` layer) composited in, updated only where
/// triangles froze; a frame restores the canvas in the tail's rectangle, adds the tail's coverage to
/// the frozen coverage there, and composites that rectangle once. Same pixels as the committed stroke.
extension LiveLayer {
    func translucentBase(_ id: LiveStrokeID, _ live: LivePolyline, canvas c: RenderTarget, revision: UInt64,
                         view: ViewTransform) -> RenderTarget? {
        guard var cov = coverageLayer(id, live, like: c, view: view) else { return nil }
        if translucentBase == nil || translucentBase!.target.width != c.width || translucentBase!.target.height != c.height {
            guard let t = try? RenderTarget(width: c.width, height: c.height) else { return nil }
            translucentBase = TranslucentBase(target: t, revision: revision &- 1, serial: 0, view: view)
        }
        let transform = meshTransform(view)
        let clip = ClipTransform.target(width: c.width, height: c.height).after(transform)
        var b = translucentBase!
        if b.revision != revision || b.serial != live.serial || b.view != view {
            renderer.copy(c, to: b.target)
            let all = renderer.pixelRect(live.bounds, transform: transform, in: c)
            if cov.drawn > 0 { renderer.composite(layer: cov.layer, over: b.target, area: all) }
            b.revision = revision; b.serial = live.serial; b.view = view
        }
        let stable = min(live.stroker.stableIndexCount, live.mesh.indexCount)
        if stable > cov.drawn {
            let area = renderer.pixelRect(indexBounds(live, cov.drawn..<stable), transform: transform, in: c)
            let from = cov.drawn
            live.mesh.buffers.bind()
            renderer.accumulate(into: cov.layer, clip: clip, area: area) {
                live.mesh.buffers.drawTriangles(first: from, count: stable - from)
            }
            cov.drawn = stable
            renderer.blit(c, from: area, to: b.target, rect: area, clip: area)
            renderer.composite(layer: cov.layer, over: b.target, area: area)
        }
        coverage[id] = cov
        translucentBase = b
        translucentUsed = TranslucentUse(id: id, canvas: c, canvasView: view, stable: stable)
        return b.target
    }

    /// The coverage layer of stroke `id`, the size of `c`, valid for `view` (a new, clear one otherwise).
    func coverageLayer(_ id: LiveStrokeID, _ live: LivePolyline, like c: RenderTarget, view: ViewTransform) -> Coverage? {
        if let cov = coverage[id], cov.serial == live.serial, cov.view == view,
           cov.layer.width == c.width, cov.layer.height == c.height { return cov }
        guard let layer = try? RenderTarget(width: c.width, height: c.height) else { return nil }
        translucentBase?.serial = 0  // the base must be rebuilt from this layer
        return Coverage(layer: layer, serial: live.serial, view: view, drawn: 0)
    }

    /// Draws the tail of the translucent first stroke over a frame that holds the base: the canvas
    /// restored in the tail's rectangle, the frozen coverage plus the tail's composited there.
    func drawTail(_ live: LivePolyline, _ used: TranslucentUse, into frame: RenderTarget, view: ViewTransform) -> Bool {
        guard let cov = coverage[used.id], let scratch = renderer.layer(matching: frame), scratch !== frame else { return false }
        let count = live.mesh.indexCount
        guard count > used.stable else { return true }
        let canvasTransform = meshTransform(used.canvasView), frameTransform = meshTransform(view)
        let bounds = indexBounds(live, used.stable..<count)
        let inCanvas = renderer.pixelRect(bounds, transform: canvasTransform, in: used.canvas)
        let dx = Int((view.translation.x - used.canvasView.translation.x).rounded())
        let dy = Int((view.translation.y - used.canvasView.translation.y).rounded())
        let inFrame = PixelRect(x: inCanvas.x + dx, y: inCanvas.y + dy, width: inCanvas.width, height: inCanvas.height)
        renderer.blit(used.canvas, from: inCanvas, to: frame, rect: inFrame, clip: inFrame)
        renderer.blit(cov.layer, from: inCanvas, to: scratch, rect: inFrame, clip: inFrame)
        let clip = ClipTransform.target(width: frame.width, height: frame.height).after(frameTransform)
        live.mesh.buffers.bind()
        renderer.accumulate(into: scratch, clip: clip, area: inFrame) {
            live.mesh.buffers.drawTriangles(first: used.stable, count: count - used.stable)
        }
        renderer.composite(layer: scratch, over: frame, area: inFrame)
        return true
    }

    /// Bounds (mesh coordinates) of the vertices the triangles `range` of the stroke's indices use.
    func indexBounds(_ live: LivePolyline, _ range: Range<Int>) -> Rect? {
        let mesh = live.stroker.mesh
        var r: Rect?
        for i in range where i < mesh.indices.count {
            let v = mesh.vertices[Int(mesh.indices[i])]
            let x = Double(v.x), y = Double(v.y)
            if r == nil { r = Rect(minX: x, minY: y, maxX: x, maxY: y) } else {
                r!.minX = min(r!.minX, x); r!.maxX = max(r!.maxX, x)
                r!.minY = min(r!.minY, y); r!.maxY = max(r!.maxY, y)
            }
        }
        return r
    }
}
