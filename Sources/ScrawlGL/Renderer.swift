import CEpoxy
import ScrawlCore

/// Executes `DrawCommand`s into `RenderTarget`s with premultiplied-alpha blending, and moves pixels
/// between targets, the window and the CPU.
///
/// Projection: mesh and image coordinates are device pixels with y down, mapped into the target by
/// the `ViewTransform` each draw call takes (scale and translation, applied on the GPU; no state
/// carries over between calls). Into a `RenderTarget` the top row is GL row 0 (clip y = 2y/H - 1), so
/// `readPixels` returns row 0 = top with no flip and PNG output is upright; only `composite` into the
/// window (framebuffer 0, GL row 0 at the bottom) flips (clip y = 1 - 2y/H). Every public method needs the renderer's context current on the calling
/// thread (deinit too: it deletes the programs, buffers and cached textures); the renderer sets all
/// the GL state it relies on at the start of each call.
public final class Renderer {
    let strokeProgram: ShaderProgram
    let strokeSolidProgram: ShaderProgram
    let fillInsideProgram: ShaderProgram
    let mixProgram: ShaderProgram
    let strokeHighlightProgram: ShaderProgram
    let dashProgram: ShaderProgram
    let imageProgram: ShaderProgram
    let compositeProgram: ShaderProgram
    let stream: MeshStream
    let quad: QuadBuffer
    let textures: TextureCache
    /// Layers for translucent strokes, by size (`Renderer+Layers`).
    var layers: [RenderTarget] = []
    /// Programs linked when first needed (the picker's), by name.
    var extraPrograms: [String: ShaderProgram] = [:]

    /// The target and transform of the draw in progress (for translucent strokes' layers).
    var currentTarget: (target: RenderTarget, transform: ViewTransform)?
    /// Size in pixels of the window's framebuffer 0, for `composite(_:into: nil, ...)`.
    public var defaultFramebufferSize: (width: Int, height: Int) = (1, 1)
    /// The first GL error seen by a non-throwing call, when `checksErrors` is on.
    public private(set) var lastError: GLError?
    /// Consecutive `.over` strokes are merged into one upload and draw up to this many vertices.
    public var maxBatchVertices = 4_000_000
    /// While set, draws (`draw`, the live meshes, their layers and fills) write only inside this
    /// pixel rectangle of their target: how a tile's out-of-date part is drawn again in place,
    /// through the same target and transforms as the rest of it, so its pixels are exactly theirs.
    public var drawClip: PixelRect?
    /// While set, draws go into a transparent group (a translucent layer, `TiledCanvas+Layers`):
    /// a darken stroke is also painted behind what the group holds, so that over the group's empty
    /// pixels it shows its colour instead of nothing (it darkens what its own layer holds).
    public var drawsGroup = false

    /// Compiles and links every program (context current); throws typed errors with the driver log.
    public init(maxCachedImages: Int = 64, maxImageCacheBytes: Int = 256 << 20) throws {
        try GLCheck.requireContext()
        stream = MeshStream()
        quad = QuadBuffer()
        strokeProgram = try ShaderProgram(.stroke)
        strokeSolidProgram = try ShaderProgram(.strokeSolid)
        fillInsideProgram = try ShaderProgram(.fillInside)
        mixProgram = try ShaderProgram(.mix)
        strokeHighlightProgram = try ShaderProgram(.strokeHighlight)
        dashProgram = try ShaderProgram(.dash)
        imageProgram = try ShaderProgram(.image)
        compositeProgram = try ShaderProgram(.composite)
        textures = TextureCache(maxEntries: maxCachedImages, maxBytes: maxImageCacheBytes)
        for program in [imageProgram, compositeProgram, mixProgram] {
            program.use()
            program.set("u_texture", Int32(0))
        }
        try GLCheck.checkIfEnabled("Renderer.init")
    }

    /// Number of image textures currently cached.
    public var cachedImageCount: Int { textures.count }

    /// Deletes every cached image texture.
    public func purgeImageCache() { textures.removeAll() }

    /// Forgets the recorded `lastError`.
    public func resetLastError() { lastError = nil }

    /// Whether non-throwing calls check `glGetError` after each operation and record the first error
    /// in `lastError`. On in debug builds; release builds leave it off for speed, and the GL tests
    /// turn it on so the checks run in the release builds CI tests.
    public static var checksErrors: Bool {
        get { GLCheck.enabled }
        set { GLCheck.enabled = newValue }
    }

    /// Executes `commands` in order into `target`, merging runs of `.over` strokes into one draw.
    /// `transform` maps the commands' coordinates (device pixels, as tessellated) to target pixels;
    /// a scene gets it from its view with `ViewTransform.meshTransform(tessellatedAt:)`.
    public func draw(_ commands: [DrawCommand], into target: RenderTarget, transform: ViewTransform = .identity) {
        begin(target)
        let clip = clipTransform(transform, into: target)
        currentTarget = (target, transform)
        var i = 0
        while i < commands.count {
            let (batch, next) = overRun(commands, from: i)
            if batch.isEmpty {
                execute(commands[i], clip: clip)
                i += 1
            } else {
                drawStrokes(batch, blend: .over, clip: clip)
                i = next
            }
        }
        record("draw(\(commands.count) commands)")
    }

    /// Draws a live `StreamingMesh` (or only the triangles in `indices`, clamped to its index count)
    /// into `target` with the given blend, its coordinates mapped by `transform` as in `draw(_:into:transform:)`.
    /// Drawing just the newly appended indices onto a live layer that already holds the rest keeps an
    /// `.over` stroke's per-event cost independent of its length.
    public func draw(_ streaming: StreamingMesh, blend: StrokeBlend, into target: RenderTarget,
                     transform: ViewTransform = .identity, indices: Range<Int>? = nil, bounds: Rect? = nil) {
        let all = 0..<streaming.indexCount
        let range = indices?.clamped(to: all) ?? all
        guard !range.isEmpty else { return }
        begin(target)
        streaming.buffers.bind()
        currentTarget = (target, transform)
        strokePasses(blend, clip: clipTransform(transform, into: target), bounds: bounds) {
            streaming.buffers.drawTriangles(first: range.lowerBound, count: range.count)
        }
        record("draw(StreamingMesh)")
    }

    /// Fills `target` with `color` (premultiplied on the way) and resets its stencil.
    public func clear(_ target: RenderTarget, to color: Color) {
        begin(target)
        clearBound(to: color)
        record("clear")
    }

    /// Clears the bound framebuffer's colour to `color` (premultiplied) and its stencil to 0.
    func clearBound(to color: Color) {
        let p = color.premultipliedRGBA
        func f(_ shift: UInt32) -> Float { Float((p >> shift) & 0xff) / 255 }
        epoxy_glClearColor(f(0), f(8), f(16), f(24))
        epoxy_glClearStencil(0)
        epoxy_glClear(GLbitfield(GL_COLOR_BUFFER_BIT | GL_STENCIL_BUFFER_BIT))
    }

    /// Copies `source`'s colour into `destination` (same size; the overlap otherwise) with `glBlitFramebuffer`.
    public func copy(_ source: RenderTarget, to destination: RenderTarget) {
        guard source !== destination else { return }
        epoxy_glDisable(GLenum(GL_SCISSOR_TEST))
        epoxy_glColorMask(1, 1, 1, 1)
        epoxy_glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), source.framebuffer)
        epoxy_glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), destination.framebuffer)
        let w = GLint(min(source.width, destination.width)), h = GLint(min(source.height, destination.height))
        epoxy_glBlitFramebuffer(0, 0, w, h, 0, 0, w, h, GLbitfield(GL_COLOR_BUFFER_BIT), GLenum(GL_NEAREST))
        epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        record("copy")
    }

    /// Copies all of `source`'s colour into `destination` with its top-left corner at pixel (`x`, `y`)
    /// (top-left origin; clipped to the destination), pixel for pixel with `glBlitFramebuffer`: what
    /// `composite` gives over a transparent destination, without shading a quad.
    public func copy(_ source: RenderTarget, to destination: RenderTarget, x: Int, y: Int) {
        guard source !== destination else { return }
        let w = min(source.width, destination.width - x), h = min(source.height, destination.height - y)
        guard x >= 0, y >= 0, w > 0, h > 0 else { return }
        epoxy_glDisable(GLenum(GL_SCISSOR_TEST))
        epoxy_glColorMask(1, 1, 1, 1)
        epoxy_glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), source.framebuffer)
        epoxy_glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), destination.framebuffer)
        epoxy_glBlitFramebuffer(0, 0, GLint(w), GLint(h), GLint(x), GLint(y), GLint(x + w), GLint(y + h),
                                GLbitfield(GL_COLOR_BUFFER_BIT), GLenum(GL_NEAREST))
        epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        record("copy(to:x:y:)")
    }

    /// The whole target as RGBA bytes, row 0 = top, alpha straight (un-premultiplied where alpha < 255).
    public func readPixels(_ target: RenderTarget) -> [UInt8] {
        readPixels(target, x: 0, y: 0, width: target.width, height: target.height)
    }

    /// A rectangle of the target (top-left origin, clipped by the caller) as straight RGBA, row 0 = top.
    public func readPixels(_ target: RenderTarget, x: Int, y: Int, width: Int, height: Int) -> [UInt8] {
        precondition(x >= 0 && y >= 0 && width >= 0 && height >= 0 && x + width <= target.width
                     && y + height <= target.height, "readPixels: rectangle outside the target")
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        guard !pixels.isEmpty else { return pixels }
        epoxy_glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), target.framebuffer)
        epoxy_glReadBuffer(GLenum(GL_COLOR_ATTACHMENT0))
        epoxy_glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        pixels.withUnsafeMutableBytes { bytes in
            epoxy_glReadPixels(GLint(x), GLint(y), GLsizei(width), GLsizei(height),
                               GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), bytes.baseAddress)
        }
        record("readPixels")
        Renderer.unpremultiply(&pixels)
        return pixels
    }

    /// Blocks until every issued GL command has completed (`glFinish`).
    public func finish() {
        epoxy_glFinish()
        FlushPacer.reset()
    }

    /// The driver's `GL_RENDERER` and `GL_VERSION` strings, e.g. "llvmpipe (LLVM 15.0.7, 256 bits)".
    public var driverDescription: (renderer: String, version: String) {
        func string(_ name: Int32) -> String {
            guard let p = epoxy_glGetString(GLenum(name)) else { return "" }
            return String(cString: p)
        }
        return (string(GL_RENDERER), string(GL_VERSION))
    }

    /// Straight alpha from premultiplied, rounding; pixels with alpha 0 or 255 are left as they are.
    static func unpremultiply(_ pixels: inout [UInt8]) {
        pixels.withUnsafeMutableBufferPointer { p in
            var i = 0
            while i < p.count {
                let a = Int(p[i + 3])
                if a > 0 && a < 255 {
                    for c in 0..<3 { p[i + c] = UInt8(min(255, (Int(p[i + c]) * 255 + a / 2) / a)) }
                }
                i += 4
            }
        }
    }

    /// Binds `target` and sets the state every draw relies on (blend on, no depth, cull, scissor, stencil).
    func begin(_ target: RenderTarget) {
        target.bindForDrawing()
        setDrawState()
    }

    func setDrawState() {
        epoxy_glDisable(GLenum(GL_DEPTH_TEST))
        epoxy_glDisable(GLenum(GL_CULL_FACE))
        restoreScissor()
        epoxy_glDisable(GLenum(GL_STENCIL_TEST))
        epoxy_glDisable(GLenum(GL_FRAMEBUFFER_SRGB))
        epoxy_glEnable(GLenum(GL_BLEND))
        epoxy_glBlendEquation(GLenum(GL_FUNC_ADD))
        epoxy_glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        epoxy_glColorMask(1, 1, 1, 1)
        epoxy_glStencilMask(0xff)
    }

    /// Sets the scissor to `area` within `drawClip` (or to `drawClip` alone, or off with neither).
    func scissor(_ area: PixelRect?) {
        guard let r = area.map({ a in drawClip.map { a.intersection($0) } ?? a }) ?? drawClip else {
            epoxy_glDisable(GLenum(GL_SCISSOR_TEST))
            return
        }
        epoxy_glEnable(GLenum(GL_SCISSOR_TEST))
        epoxy_glScissor(GLint(r.x), GLint(r.y), GLsizei(max(r.width, 0)), GLsizei(max(r.height, 0)))
    }

    /// Back to the scissor draws use: `drawClip`, or none.
    func restoreScissor() { scissor(nil) }

    /// Records the first GL error after `call` in `lastError` when `checksErrors` is on.
    func record(_ call: @autoclosure () -> String) {
        guard GLCheck.enabled else { return }
        do { try GLCheck.check(call()) } catch let error as GLError {
            if lastError == nil { lastError = error }
        } catch {}
    }

    /// The clip-space transform for mesh and image coordinates mapped by `transform` into `target`.
    func clipTransform(_ transform: ViewTransform, into target: RenderTarget) -> ClipTransform {
        ClipTransform.target(width: target.width, height: target.height).after(transform)
    }
}
