import CEpoxy
import ScrawlCore

/// Translucent strokes with one uniform alpha: the stroke's coverage is accumulated with `GL_MAX`
/// into a transparent layer (premultiplied colour times coverage, so where the stroke crosses itself
/// a pixel keeps its largest coverage, whatever the order), and the layer is composited over the
/// target once, inside the stroke's bounds. The same two steps serve committed strokes and the live
/// layer, which keeps the frozen part of a long stroke's coverage and adds only its tail each frame,
/// so live and committed pixels are the same.
extension Renderer {
    /// A transparent-cleared-on-demand layer the size of `target` (the last three sizes are kept).
    func layer(matching target: RenderTarget) -> RenderTarget? {
        if let l = layers.first(where: { $0.width == target.width && $0.height == target.height }) { return l }
        guard let l = try? RenderTarget(width: target.width, height: target.height) else { return nil }
        layers.append(l)
        if layers.count > 3 { layers.removeFirst() }
        return l
    }

    /// The pixel rectangle of `target` that mesh coordinates in `bounds` reach through `transform`,
    /// grown by a pixel (the whole target when `bounds` is nil).
    func pixelRect(_ bounds: Rect?, transform: ViewTransform, in target: RenderTarget) -> PixelRect {
        let all = PixelRect(x: 0, y: 0, width: target.width, height: target.height)
        guard let bounds, !bounds.minX.isNaN else { return all }
        let r = transform.apply(bounds)
        func clamp(_ v: Double) -> Int { Int(min(max(v, -1e9), 1e9)) }
        let x0 = clamp(r.minX.rounded(.down)) - 1, y0 = clamp(r.minY.rounded(.down)) - 1
        let x1 = clamp(r.maxX.rounded(.up)) + 1, y1 = clamp(r.maxY.rounded(.up)) + 1
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0).intersection(all)
    }

    /// Accumulates what `drawGeometry` draws (stroke program, `clip`) into `layer` with `GL_MAX`,
    /// only inside `area`. The layer must be bound-compatible with `clip` (the target's size).
    func accumulate(into layer: RenderTarget, clip: ClipTransform, area: PixelRect, _ drawGeometry: () -> Void) {
        begin(layer)
        scissor(area)
        epoxy_glBlendEquation(GLenum(GL_MAX))
        useStroke(clip)
        drawGeometry()
        epoxy_glBlendEquation(GLenum(GL_FUNC_ADD))
        restoreScissor()
    }

    /// Composites `layer` (the same size as `target`) over `target`, only inside `area`.
    func composite(layer: RenderTarget, over target: RenderTarget, area: PixelRect) {
        begin(target)
        scissor(area)
        epoxy_glActiveTexture(GLenum(GL_TEXTURE0))
        epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), layer.colorTexture)
        compositeProgram.use()
        compositeProgram.setTransform(.target(width: target.width, height: target.height))
        compositeProgram.set("u_opacity", Float(1))
        quad.draw(x0: 0, y0: 0, x1: Float(target.width), y1: Float(target.height))
        restoreScissor()
    }

    /// One translucent stroke with uniform alpha into `target` (bound by the caller): coverage
    /// accumulated into a cleared layer inside `area`, then composited over the target there.
    /// Falls back to the stencil passes when no layer can be allocated.
    func drawUniformAlpha(into target: RenderTarget, clip: ClipTransform, area: PixelRect, _ drawGeometry: () -> Void) -> Bool {
        guard !area.isEmpty else { return true }
        guard let layer = layer(matching: target), layer !== target else { return false }
        clear(layer, to: .clear, in: area)
        accumulate(into: layer, clip: clip, area: area, drawGeometry)
        composite(layer: layer, over: target, area: area)
        return true
    }

    /// Moves `destination`'s pixels in `area` towards `source`'s by `fraction` (0…1):
    /// (1 − f)·destination + f·source, one textured quad blended with the constant alpha f. For two
    /// pictures of one scene that differ in one layer's opacity only (0 and 1), this is the scene at
    /// opacity f: "over" is linear in a layer's opacity. With both targets stored BGRA and
    /// `destination` without a depth/stencil buffer, llvmpipe draws it on its linear rasteriser,
    /// about half the cost of the general one (`composite`) here.
    public func lerp(_ source: RenderTarget, into destination: RenderTarget, area: PixelRect, fraction: Double) {
        let c = area.intersection(PixelRect(x: 0, y: 0, width: destination.width, height: destination.height))
        guard !c.isEmpty, source !== destination else { return }
        begin(destination)
        scissor(c)
        epoxy_glActiveTexture(GLenum(GL_TEXTURE0))
        epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), source.colorTexture)
        TextureParameters.apply(filter: GL_NEAREST)
        mixProgram.use()
        mixProgram.setTransform(.target(width: destination.width, height: destination.height))
        epoxy_glBlendColor(0, 0, 0, Float(min(max(fraction, 0), 1)))
        epoxy_glBlendFunc(GLenum(GL_CONSTANT_ALPHA), GLenum(GL_ONE_MINUS_CONSTANT_ALPHA))
        quad.draw(x0: 0, y0: 0, x1: Float(source.width), y1: Float(source.height))
        epoxy_glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        TextureParameters.apply(filter: GL_LINEAR)
        restoreScissor()
        record("lerp")
    }
}

extension Mesh {
    /// The bounds of the vertices (nil for an empty mesh).
    var vertexBounds: Rect? {
        guard let f = vertices.first else { return nil }
        var r = Rect(minX: Double(f.x), minY: Double(f.y), maxX: Double(f.x), maxY: Double(f.y))
        for v in vertices {
            let x = Double(v.x), y = Double(v.y)
            if x < r.minX { r.minX = x } else if x > r.maxX { r.maxX = x }
            if y < r.minY { r.minY = y } else if y > r.maxY { r.maxY = y }
        }
        return r
    }
}
