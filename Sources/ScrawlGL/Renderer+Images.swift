import CEpoxy
import ScrawlCore

/// Textured quads: images into targets, and targets into targets or the window.
extension Renderer {
    /// Draws `image` (straight alpha, cached as a texture) into `rect` (device pixels, mapped by
    /// `clip`), times `opacity`.
    func drawImage(_ image: RasterImage, rect: Rect, opacity: Double, clip: ClipTransform) {
        guard !rect.isEmpty, opacity > 0, image.width > 0, image.height > 0 else { return }
        epoxy_glActiveTexture(GLenum(GL_TEXTURE0))
        _ = textures.texture(for: image)
        imageProgram.use()
        imageProgram.setTransform(clip)
        imageProgram.set("u_opacity", Float(min(opacity, 1)))
        quad.draw(x0: Float(rect.minX), y0: Float(rect.minY), x1: Float(rect.maxX), y1: Float(rect.maxY))
    }

    /// Draws `source`'s colour texture (premultiplied) over `destination` into the pixel rectangle
    /// `x, y, width, height` (top-left origin). A nil destination is the window's framebuffer 0, sized
    /// `defaultFramebufferSize`; its rows are flipped there so the canvas appears upright.
    public func composite(_ source: RenderTarget, into destination: RenderTarget?, x: Int, y: Int,
                          width: Int, height: Int, opacity: Double = 1) {
        let transform: ClipTransform
        if let destination {
            begin(destination)
            transform = .target(width: destination.width, height: destination.height)
        } else {
            let size = defaultFramebufferSize
            epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
            epoxy_glViewport(0, 0, GLsizei(size.width), GLsizei(size.height))
            setDrawState()
            transform = .window(width: max(size.width, 1), height: max(size.height, 1))
        }
        epoxy_glActiveTexture(GLenum(GL_TEXTURE0))
        epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), source.colorTexture)
        compositeProgram.use()
        compositeProgram.setTransform(transform)
        compositeProgram.set("u_opacity", Float(min(max(opacity, 0), 1)))
        quad.draw(x0: Float(x), y0: Float(y), x1: Float(x + width), y1: Float(y + height))
        record("composite")
    }
}

/// One reusable quad: two triangles of (x, y, u, v) vertices, texture (0,0) at (x0, y0). Six
/// vertices, not a strip: llvmpipe's linear rasteriser takes a quad given so (`Renderer.lerp`).
final class QuadBuffer {
    let vertexArray: GLuint
    let vertexBuffer: GLuint

    init() {
        (vertexArray, vertexBuffer) = QuadBuffer.makeVertexArray()
        epoxy_glBindBuffer(GLenum(GL_ARRAY_BUFFER), vertexBuffer)
        epoxy_glBufferData(GLenum(GL_ARRAY_BUFFER), 16 * 6, nil, GLenum(GL_STREAM_DRAW))
    }

    /// A vertex array and its buffer laid out as (x, y, u, v) floats, 16 bytes a vertex (quads, glyphs).
    static func makeVertexArray() -> (GLuint, GLuint) {
        var array: GLuint = 0, buffer: GLuint = 0
        epoxy_glGenVertexArrays(1, &array)
        epoxy_glGenBuffers(1, &buffer)
        epoxy_glBindVertexArray(array)
        epoxy_glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
        epoxy_glEnableVertexAttribArray(0)
        epoxy_glVertexAttribPointer(0, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 16, UnsafeRawPointer(bitPattern: 0))
        epoxy_glEnableVertexAttribArray(1)
        epoxy_glVertexAttribPointer(1, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 16, UnsafeRawPointer(bitPattern: 8))
        epoxy_glBindVertexArray(0)
        return (array, buffer)
    }

    deinit {
        var array = vertexArray, buffer = vertexBuffer
        epoxy_glDeleteBuffers(1, &buffer)
        epoxy_glDeleteVertexArrays(1, &array)
    }

    /// Draws the rectangle (x0, y0)-(x1, y1) with texture coordinates (0, 0)-(1, 1).
    func draw(x0: Float, y0: Float, x1: Float, y1: Float) {
        let data: [Float] = [x0, y0, 0, 0, x1, y0, 1, 0, x1, y1, 1, 1, x0, y0, 0, 0, x1, y1, 1, 1, x0, y1, 0, 1]
        epoxy_glBindVertexArray(vertexArray)
        epoxy_glBindBuffer(GLenum(GL_ARRAY_BUFFER), vertexBuffer)
        data.withUnsafeBytes { bytes in
            epoxy_glBufferData(GLenum(GL_ARRAY_BUFFER), bytes.count, bytes.baseAddress, GLenum(GL_STREAM_DRAW))
        }
        epoxy_glDrawArrays(GLenum(GL_TRIANGLES), 0, 6)
    }
}
