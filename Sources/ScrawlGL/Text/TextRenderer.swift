import CEpoxy
import Foundation
import ScrawlCore
import ScrawlText

/// Draws text with FreeType glyphs from a `GlyphAtlas`, into render targets or the window.
///
/// Sizes are device pixels: pass the size in points times the content scale, and the glyphs are
/// rasterised at that size (crisp at every scale, never a scaled bitmap). Each glyph's quad sits on
/// whole device pixels, and is drawn with the renderer's premultiplied-alpha blending (coverage × the
/// colour, premultiplied). Owns GL objects: create, use and release it with the renderer's context
/// current on the calling thread. Not thread-safe (FreeType faces are not).
public final class TextRenderer {
    public let renderer: Renderer
    /// The font file every size is opened from.
    public let fontPath: String
    public let atlas: GlyphAtlas
    let program: ShaderProgram
    private var fonts: [Double: Font] = [:]
    private let vertexArray: GLuint
    private let vertexBuffer: GLuint
    private var vertices: [Float] = []

    /// The line `make` writes to standard error when no font is found.
    public static let noFontMessage = "scrawl: no font found; text in the window is off"
    /// How many times `noFontMessage` was written (at most once a process).
    public private(set) static var noFontReports = 0

    /// A text renderer with the font at `fontPath` (by default fontconfig's sans-serif, see
    /// `FontLocator.sansSerif()`), or nil when there is no usable font or the text program fails to
    /// link. Without a font it says so once a process on standard error (`noFontMessage`), so the
    /// app runs on without text.
    public static func make(renderer: Renderer, fontPath: String? = FontLocator.sansSerif()) -> TextRenderer? {
        do {
            guard let fontPath else { throw TextError.noFont(path: nil) }
            return try TextRenderer(renderer: renderer, fontPath: fontPath)
        } catch is TextError {
            // No font path, or nothing FreeType can open there: the app runs on without text.
            if noFontReports == 0 {
                noFontReports += 1
                FileHandle.standardError.write(Data((noFontMessage + "\n").utf8))
            }
            return nil
        } catch {
            FileHandle.standardError.write(Data("scrawl: text is off: \(error)\n".utf8))
            return nil
        }
    }

    /// Opens the font at `fontPath` (throws `TextError`) and links the text program (throws `GLError`).
    public init(renderer: Renderer, fontPath: String) throws {
        try GLCheck.requireContext()
        GLCheck.drain()  // errors left by earlier calls are not this initialiser's
        self.renderer = renderer
        self.fontPath = fontPath
        let probe = try Font(path: fontPath, pixelSize: 13)
        program = try ShaderProgram(.text)
        program.use()
        program.set("u_atlas", Int32(0))
        atlas = GlyphAtlas()
        fonts[13] = probe
        (vertexArray, vertexBuffer) = QuadBuffer.makeVertexArray()
        try GLCheck.checkIfEnabled("TextRenderer.init")
    }

    deinit {
        var array = vertexArray, buffer = vertexBuffer
        epoxy_glDeleteBuffers(1, &buffer)
        epoxy_glDeleteVertexArrays(1, &array)
    }

    /// The font at `pixelSize` device pixels per em (opened once per size); nil if FreeType fails.
    public func font(pixelSize: Double) -> Font? {
        if let font = fonts[pixelSize] { return font }
        guard let font = try? Font(path: fontPath, pixelSize: pixelSize) else { return nil }
        fonts[pixelSize] = font
        return font
    }

    /// `string` laid out at `pixelSize` (see `TextLayout.layout`), relative to the first baseline's left end.
    public func layout(_ string: String, pixelSize: Double) -> [PlacedGlyph] {
        guard let font = font(pixelSize: pixelSize) else { return [] }
        return TextLayout.layout(string, font: font)
    }

    /// Width and height of `string` at `pixelSize` in device pixels (see `TextLayout.measure`).
    public func measure(_ string: String, pixelSize: Double) -> (width: Double, height: Double) {
        guard let font = font(pixelSize: pixelSize) else { return (0, 0) }
        return TextLayout.measure(string, font: font)
    }

    /// Draws `string` with its first baseline starting at `baselineLeft` (device pixels of `target`,
    /// y down; rounded to a whole pixel), glyphs rasterised at `pixelSize`, in `color`.
    public func draw(_ string: String, at baselineLeft: Point, pixelSize: Double, color: Color,
                     into target: RenderTarget) {
        renderer.begin(target)
        draw(string, at: baselineLeft, pixelSize: pixelSize, color: color,
             clip: .target(width: target.width, height: target.height))
        renderer.record("TextRenderer.draw")
    }

    /// As `draw(_:at:pixelSize:color:into:)`, into the window's framebuffer 0 (sized
    /// `renderer.defaultFramebufferSize`; window pixels, y down).
    public func drawInWindow(_ string: String, at baselineLeft: Point, pixelSize: Double, color: Color) {
        let size = renderer.defaultFramebufferSize
        epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        epoxy_glViewport(0, 0, GLsizei(size.width), GLsizei(size.height))
        renderer.setDrawState()
        draw(string, at: baselineLeft, pixelSize: pixelSize, color: color,
             clip: .window(width: max(size.width, 1), height: max(size.height, 1)))
        renderer.record("TextRenderer.drawInWindow")
    }

    private func draw(_ string: String, at baselineLeft: Point, pixelSize: Double, color: Color, clip: ClipTransform) {
        guard color.a > 0, let font = font(pixelSize: pixelSize) else { return }
        let placed = TextLayout.layout(string, font: font)
        guard !placed.isEmpty else { return }
        let p = color.premultipliedRGBA
        func channel(_ shift: UInt32) -> Float { Float((p >> shift) & 0xff) / 255 }
        program.use()
        program.setTransform(clip)
        program.set("u_color", channel(0), channel(8), channel(16), channel(24))
        epoxy_glActiveTexture(GLenum(GL_TEXTURE0))
        epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), atlas.texture)
        epoxy_glBindVertexArray(vertexArray)
        epoxy_glBindBuffer(GLenum(GL_ARRAY_BUFFER), vertexBuffer)

        let originX = baselineLeft.x.rounded(), originY = baselineLeft.y.rounded()
        let texel = 1 / Float(atlas.size)
        vertices.removeAll(keepingCapacity: true)
        for glyph in placed {
            guard let entry = atlas.entry(glyphIndex: glyph.glyphIndex, font: font, flush: flush),
                  entry.width > 0, entry.height > 0 else { continue }
            let x0 = Float(originX + glyph.origin.x.rounded() + Double(entry.bearingX))
            let y0 = Float(originY + glyph.origin.y.rounded() - Double(entry.bearingY))
            let x1 = x0 + Float(entry.width), y1 = y0 + Float(entry.height)
            let u0 = Float(entry.x) * texel, v0 = Float(entry.y) * texel
            let u1 = Float(entry.x + entry.width) * texel, v1 = Float(entry.y + entry.height) * texel
            vertices += [x0, y0, u0, v0, x1, y0, u1, v0, x0, y1, u0, v1,
                         x1, y0, u1, v0, x1, y1, u1, v1, x0, y1, u0, v1]
        }
        flush()
        epoxy_glBindVertexArray(0)
    }

    /// Draws the batched glyph quads (the atlas texture as it is now) and empties the batch.
    private func flush() {
        guard !vertices.isEmpty else { return }
        epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), atlas.texture)
        vertices.withUnsafeBytes { bytes in
            epoxy_glBufferData(GLenum(GL_ARRAY_BUFFER), bytes.count, bytes.baseAddress, GLenum(GL_STREAM_DRAW))
        }
        epoxy_glDrawArrays(GLenum(GL_TRIANGLES), 0, GLsizei(vertices.count / 4))
        vertices.removeAll(keepingCapacity: true)
    }
}
