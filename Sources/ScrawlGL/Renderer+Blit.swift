import CEpoxy
import ScrawlCore

/// A rectangle of whole pixels in a target, top-left origin (as the renderer's targets are laid out).
public struct PixelRect: Hashable, Sendable {
    public var x: Int, y: Int, width: Int, height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    public var isEmpty: Bool { width <= 0 || height <= 0 }
    public var maxX: Int { x + width }
    public var maxY: Int { y + height }

    /// The overlap of two rectangles (empty when they do not overlap).
    public func intersection(_ o: PixelRect) -> PixelRect {
        let x0 = max(x, o.x), y0 = max(y, o.y)
        return PixelRect(x: x0, y: y0, width: max(0, min(maxX, o.maxX) - x0), height: max(0, min(maxY, o.maxY) - y0))
    }
}

/// Pixel moves between targets: scaled blits and scissored clears, for composing tiles.
extension Renderer {
    /// Copies `source`'s pixels in `from` onto `destination`'s rectangle `to` (scaled with bilinear
    /// filtering when the sizes differ, else pixel for pixel), writing only inside `clip`.
    public func blit(_ source: RenderTarget, from: PixelRect, to destination: RenderTarget, rect to: PixelRect,
                     clip: PixelRect) {
        let c = clip.intersection(PixelRect(x: 0, y: 0, width: destination.width, height: destination.height))
        guard source !== destination, !c.isEmpty, !from.isEmpty, !to.isEmpty else { return }
        let scaled = from.width != to.width || from.height != to.height
        // Unscaled and wholly inside the clip: no scissor, so llvmpipe copies memory instead of shading.
        let scissor = scaled || to.intersection(c) != to
        if scissor {
            epoxy_glEnable(GLenum(GL_SCISSOR_TEST))
            epoxy_glScissor(GLint(c.x), GLint(c.y), GLsizei(c.width), GLsizei(c.height))
        } else {
            epoxy_glDisable(GLenum(GL_SCISSOR_TEST))
        }
        epoxy_glColorMask(1, 1, 1, 1)
        epoxy_glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), source.framebuffer)
        epoxy_glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), destination.framebuffer)
        epoxy_glBlitFramebuffer(GLint(from.x), GLint(from.y), GLint(from.maxX), GLint(from.maxY),
                                GLint(to.x), GLint(to.y), GLint(to.maxX), GLint(to.maxY),
                                GLbitfield(GL_COLOR_BUFFER_BIT), GLenum(scaled ? GL_LINEAR : GL_NEAREST))
        epoxy_glDisable(GLenum(GL_SCISSOR_TEST))
        epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        record("blit")
    }

    /// Copies each source's whole colour into its pixel rectangle of `destination` (same size),
    /// clipped to `clip` by shrinking the rectangles rather than with the scissor: an unscaled,
    /// unscissored `glBlitFramebuffer` is a plain memory copy on llvmpipe, where a scissored or
    /// scaled one shades a quad.
    public func copy(_ placements: [(source: RenderTarget, x: Int, y: Int)], into destination: RenderTarget, clip: PixelRect) {
        let c = clip.intersection(PixelRect(x: 0, y: 0, width: destination.width, height: destination.height))
        guard !c.isEmpty, !placements.isEmpty else { return }
        epoxy_glDisable(GLenum(GL_SCISSOR_TEST))
        epoxy_glColorMask(1, 1, 1, 1)
        epoxy_glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), destination.framebuffer)
        for (source, x, y) in placements {
            let r = PixelRect(x: x, y: y, width: source.width, height: source.height).intersection(c)
            guard !r.isEmpty else { continue }
            let sx = r.x - x, sy = r.y - y
            epoxy_glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), source.framebuffer)
            epoxy_glBlitFramebuffer(GLint(sx), GLint(sy), GLint(sx + r.width), GLint(sy + r.height),
                                    GLint(r.x), GLint(r.y), GLint(r.maxX), GLint(r.maxY),
                                    GLbitfield(GL_COLOR_BUFFER_BIT), GLenum(GL_NEAREST))
        }
        epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        record("copy(placements)")
    }

    /// Draws each source's whole colour texture into its pixel rectangle of `destination`, replacing
    /// what is there (no blending; scaled with bilinear filtering when the sizes differ), only
    /// inside `clip`. One bound framebuffer for all of them: llvmpipe flushes its work whenever the
    /// framebuffer changes. For scaled pictures (stand-in tiles); `copy(_:into:clip:)` is faster
    /// for unscaled ones.
    /// With an `opacity`, draws them over what is there (premultiplied "over") times it instead.
    public func drawTextures(_ placements: [(source: RenderTarget, rect: PixelRect)], into destination: RenderTarget,
                             clip: PixelRect, opacity: Double? = nil) {
        let c = clip.intersection(PixelRect(x: 0, y: 0, width: destination.width, height: destination.height))
        guard !c.isEmpty, !placements.isEmpty else { return }
        begin(destination)
        if opacity == nil { epoxy_glDisable(GLenum(GL_BLEND)) }
        epoxy_glEnable(GLenum(GL_SCISSOR_TEST))
        epoxy_glScissor(GLint(c.x), GLint(c.y), GLsizei(c.width), GLsizei(c.height))
        epoxy_glActiveTexture(GLenum(GL_TEXTURE0))
        compositeProgram.use()
        compositeProgram.setTransform(.target(width: destination.width, height: destination.height))
        compositeProgram.set("u_opacity", Float(min(max(opacity ?? 1, 0), 1)))
        for (source, r) in placements where !r.intersection(c).isEmpty {
            epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), source.colorTexture)
            // Pixel for pixel: nearest sampling gives the same texels for less work on llvmpipe.
            let unscaled = r.width == source.width && r.height == source.height
            if unscaled { TextureParameters.apply(filter: GL_NEAREST) }
            quad.draw(x0: Float(r.x), y0: Float(r.y), x1: Float(r.maxX), y1: Float(r.maxY))
            if unscaled { TextureParameters.apply(filter: GL_LINEAR) }
        }
        epoxy_glDisable(GLenum(GL_SCISSOR_TEST))
        epoxy_glEnable(GLenum(GL_BLEND))
        record("drawTextures")
    }

    /// Fills `rect` of `target` with `color` (premultiplied on the way), leaving the rest as it was.
    public func clear(_ target: RenderTarget, to color: Color, in rect: PixelRect) {
        let c = rect.intersection(PixelRect(x: 0, y: 0, width: target.width, height: target.height))
        guard !c.isEmpty else { return }
        begin(target)
        scissor(c)
        clearBound(to: color)
        restoreScissor()
        record("clear(in:)")
    }
}
