import CEpoxy

/// An offscreen canvas: an 8-bit RGBA colour texture (stored BGRA) plus a DEPTH24_STENCIL8 renderbuffer
/// in a framebuffer.
///
/// Pixels hold premultiplied sRGB-encoded values. GL row 0 of the texture is the canvas's top row
/// (the renderer's projection is y-down into targets), so `glReadPixels` and PNG output are upright.
/// Creating and destroying a target needs the owning context current on the calling thread: deinit
/// deletes the GL objects and must run where the context is current (e.g. inside `withContext`).
public final class RenderTarget {
    public let width: Int
    public let height: Int
    /// The GL framebuffer name.
    public let framebuffer: GLuint
    /// The GL texture holding the colour attachment (premultiplied RGBA8, linear filtering).
    public let colorTexture: GLuint
    /// The GL renderbuffer holding depth and stencil (stencil is kept at 0 between draws); 0 for a
    /// target made without one.
    public let depthStencil: GLuint
    /// The depth/stencil buffer this target shares with others (tiles), or nil when it owns its own.
    public let sharedDepthStencil: DepthStencilBuffer?

    /// Allocates a transparent `width` x `height` target; throws typed errors for empty or
    /// oversized canvases, allocation failures and incomplete framebuffers. With `sharing`, the
    /// target uses that depth/stencil buffer (at least as large) instead of allocating one: tiles
    /// are drawn one at a time and leave the stencil at 0, so they can all share one. Without
    /// `stencil`, the target has no depth/stencil buffer at all: fills and translucent strokes
    /// cannot be drawn into it, but llvmpipe's linear rasteriser can (`Renderer.lerp`).
    public init(width: Int, height: Int, sharing shared: DepthStencilBuffer? = nil, stencil: Bool = true) throws {
        guard width > 0, height > 0 else { throw GLError.emptyCanvas(width: width, height: height) }
        try GLCheck.requireContext()
        let limit = RenderTarget.maxSide()
        guard width <= limit, height <= limit else {
            throw GLError.canvasTooLarge(width: width, height: height, max: limit)
        }
        self.width = width
        self.height = height
        sharedDepthStencil = shared
        GLCheck.drain()
        colorTexture = RenderTarget.makeColorTexture(width: width, height: height)
        depthStencil = !stencil ? 0 : shared?.renderbuffer ?? RenderTarget.makeDepthStencil(width: width, height: height)
        framebuffer = RenderTarget.makeFramebuffer(color: colorTexture, depthStencil: depthStencil)
        let ownDepth = shared == nil ? depthStencil : 0
        do {
            try GLCheck.check("RenderTarget(\(width)x\(height)) allocation")
            let status = epoxy_glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
            guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else { throw GLError.framebufferIncomplete(status: status) }
        } catch {
            RenderTarget.delete(framebuffer: framebuffer, texture: colorTexture, renderbuffer: ownDepth)
            throw error
        }
        epoxy_glViewport(0, 0, GLsizei(width), GLsizei(height))
        epoxy_glDisable(GLenum(GL_SCISSOR_TEST))
        epoxy_glColorMask(1, 1, 1, 1)
        epoxy_glStencilMask(0xff)
        epoxy_glClearColor(0, 0, 0, 0)
        epoxy_glClearStencil(0)
        epoxy_glClear(GLbitfield(GL_COLOR_BUFFER_BIT | GL_STENCIL_BUFFER_BIT | GL_DEPTH_BUFFER_BIT))
    }

    deinit {
        RenderTarget.delete(framebuffer: framebuffer, texture: colorTexture,
                            renderbuffer: sharedDepthStencil == nil ? depthStencil : 0)
    }

    /// Bytes of GPU memory the target holds: 4 per pixel of colour, plus 4 of depth/stencil unless shared.
    public var byteCount: Int { width * height * (sharedDepthStencil == nil && depthStencil != 0 ? 8 : 4) }

    /// The largest side a target may have: the smallest of the texture, renderbuffer and viewport limits.
    public static func maxSide() -> Int {
        var texture: GLint = 0, renderbuffer: GLint = 0
        var viewport: [GLint] = [0, 0]
        epoxy_glGetIntegerv(GLenum(GL_MAX_TEXTURE_SIZE), &texture)
        epoxy_glGetIntegerv(GLenum(GL_MAX_RENDERBUFFER_SIZE), &renderbuffer)
        epoxy_glGetIntegerv(GLenum(GL_MAX_VIEWPORT_DIMS), &viewport)
        return Int(min(texture, renderbuffer, viewport[0], viewport[1]))
    }

    /// Binds the framebuffer for drawing and sets the viewport to the whole target.
    func bindForDrawing() {
        epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        epoxy_glViewport(0, 0, GLsizei(width), GLsizei(height))
    }

    private static func makeColorTexture(width: Int, height: Int) -> GLuint {
        var texture: GLuint = 0
        epoxy_glGenTextures(1, &texture)
        epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        // One level, set before the image is given: Mesa allocates a mipmap chain for a texture
        // whose filter mipmaps (the default), and llvmpipe's linear rasteriser samples none.
        epoxy_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAX_LEVEL), 0)
        TextureParameters.apply(filter: GL_LINEAR)
        // Unsized RGBA given as BGRA bytes: Mesa then stores B8G8R8A8 (a sized GL_RGBA8 stores
        // R8G8B8A8), the layout of X11 windows and the one llvmpipe's linear rasteriser takes
        // (`Renderer.lerp`); every target shares it, so copies between them stay memory copies.
        epoxy_glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA, GLsizei(width), GLsizei(height), 0,
                           GLenum(GL_BGRA), GLenum(GL_UNSIGNED_BYTE), nil)
        return texture
    }

    static func makeDepthStencil(width: Int, height: Int) -> GLuint {
        var renderbuffer: GLuint = 0
        epoxy_glGenRenderbuffers(1, &renderbuffer)
        epoxy_glBindRenderbuffer(GLenum(GL_RENDERBUFFER), renderbuffer)
        epoxy_glRenderbufferStorage(GLenum(GL_RENDERBUFFER), GLenum(GL_DEPTH24_STENCIL8), GLsizei(width), GLsizei(height))
        return renderbuffer
    }

    private static func makeFramebuffer(color: GLuint, depthStencil: GLuint) -> GLuint {
        var framebuffer: GLuint = 0
        epoxy_glGenFramebuffers(1, &framebuffer)
        epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        epoxy_glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), color, 0)
        guard depthStencil != 0 else { return framebuffer }
        epoxy_glFramebufferRenderbuffer(GLenum(GL_FRAMEBUFFER), GLenum(GL_DEPTH_STENCIL_ATTACHMENT),
                                        GLenum(GL_RENDERBUFFER), depthStencil)
        return framebuffer
    }

    private static func delete(framebuffer: GLuint, texture: GLuint, renderbuffer: GLuint) {
        var f = framebuffer, t = texture, r = renderbuffer
        epoxy_glDeleteFramebuffers(1, &f)
        epoxy_glDeleteTextures(1, &t)
        if r != 0 { epoxy_glDeleteRenderbuffers(1, &r) }
    }
}

/// A DEPTH24_STENCIL8 renderbuffer that several same-sized targets attach (the tiles of a cache).
/// Created and deleted with the owning context current.
public final class DepthStencilBuffer {
    public let width: Int
    public let height: Int
    let renderbuffer: GLuint

    /// Allocates the buffer (context current).
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
        renderbuffer = RenderTarget.makeDepthStencil(width: width, height: height)
    }

    deinit {
        var r = renderbuffer
        epoxy_glDeleteRenderbuffers(1, &r)
    }
}

/// Sampler settings shared by render-target and image textures.
enum TextureParameters {
    /// Sets min/mag filter and clamp-to-edge wrapping on the bound 2D texture.
    static func apply(filter: Int32) {
        let target = GLenum(GL_TEXTURE_2D)
        epoxy_glTexParameteri(target, GLenum(GL_TEXTURE_MIN_FILTER), filter)
        epoxy_glTexParameteri(target, GLenum(GL_TEXTURE_MAG_FILTER), filter)
        epoxy_glTexParameteri(target, GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        epoxy_glTexParameteri(target, GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
    }
}
