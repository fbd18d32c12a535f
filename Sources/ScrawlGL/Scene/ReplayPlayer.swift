import ScrawlCore

/// Phase timings of one headless render, in seconds (`scrawl render --stats`).
public struct RenderStats: Sendable {
    public var parse = 0.0, tools = 0.0, tessellate = 0.0, gpu = 0.0, encode = 0.0, total = 0.0
    public var events = 0, drawables = 0

    public init() {}

    /// One JSON object with the keys `parse_s`, `tools_s`, `tessellate_s`, `gpu_s`, `encode_s`, `total_s`.
    public var json: String {
        let seconds = [("parse_s", parse), ("tools_s", tools), ("tessellate_s", tessellate), ("gpu_s", gpu),
                       ("encode_s", encode), ("total_s", total)]
        var w = JSONWriter()
        w.object { w in
            for (name, v) in seconds {
                w.key(name)
                w.number((v * 1e6).rounded() / 1e6)
            }
            w.key("events")
            w.integer(events)
            w.key("drawables")
            w.integer(drawables)
        }
        return w.text
    }
}

/// A headless player of replay events: an editor fed event by event and frames rendered from it.
public protocol FramePlayer: AnyObject {
    var editor: Editor { get }
    var stats: RenderStats { get set }
    /// Renders what the player shows now and reads it back.
    func renderFrame() throws -> FrameImage
}

extension FramePlayer {
    /// Feeds `events` in order; at each `{"frame": NAME}` calls `onFrame` with the frame's RGBA pixels.
    public func play(_ events: [InputEvent], onFrame: ((String, FrameImage) throws -> Void)? = nil) throws {
        for event in events { try play(event, onFrame: onFrame) }
    }

    /// Feeds one event (see `play(_:onFrame:)`), e.g. as a streaming decoder hands it on.
    public func play(_ event: InputEvent, onFrame: ((String, FrameImage) throws -> Void)? = nil) throws {
        stats.events += 1
        if case .frame(let name) = event, let onFrame {
            try onFrame(name, renderFrame())
            return
        }
        Stopwatch.time(&stats.tools) { editor.handle(event) }
    }
}

/// Plays a replay headlessly: feeds every event to an editor and renders the page (or a rectangle
/// of canvas points), as the window would show it at zoom 1.
public final class ReplayPlayer: FramePlayer {
    public let editor: Editor
    public let scene: SceneView
    public let scale: Double
    /// Include the colour and shape bars in frames (`--toolbar`).
    public var toolbar = false
    public var stats = RenderStats()
    /// The target of the last frame, reused while the frame size stays the same.
    private var frameTarget: RenderTarget?

    /// A player for `replay` at `scale` rendering the page, or `region` when given (the caller
    /// validates its size).
    public init(replay: Replay, scale: Double, stamp: RasterImage, renderer: Renderer, drawables: [Drawable] = [],
                region: FrameRegion? = nil) throws {
        editor = Editor(canvas: replay.canvas, seed: replay.seed, stampImage: stamp, drawables: drawables)
        editor.textShaper = SystemTextShaper.makeSayingWhenMissing()
        if let region {
            // Half a pixel more than the whole pixels wanted, so SceneView's floor gives exactly them.
            let canvas = CanvasSpec(width: (Double(region.width) + 0.5) / scale, height: (Double(region.height) + 0.5) / scale,
                                    background: replay.canvas.background)
            scene = try SceneView(renderer: renderer, canvas: canvas, scale: scale, origin: region.origin)
        } else {
            scene = try SceneView(renderer: renderer, canvas: replay.canvas, scale: scale)
        }
        self.scale = scale
    }

    /// Renders the current frame (canvas, live layer, bars if `toolbar`) and reads it back.
    public func renderFrame() throws -> FrameImage {
        let bars = toolbar && editor.barsVisible
        if !bars && editor.liveItems.isEmpty { return renderCanvas() }
        let (w, h) = scene.frameSize(barsShown: bars)
        let frame = try frameTarget.flatMap { $0.width == w && $0.height == h ? $0 : nil } ?? RenderTarget(width: w, height: h)
        frameTarget = frame
        let before = scene.canvas.tessellateSeconds
        var gpu = 0.0
        Stopwatch.time(&gpu) {
            scene.render(editor, into: frame, barsShown: bars)
            scene.renderer.finish()
        }
        let tess = scene.canvas.tessellateSeconds - before
        stats.tessellate += tess
        stats.gpu += gpu - tess
        stats.drawables = editor.displayList.count
        return FrameImage(width: w, height: h, rgba: scene.renderer.readPixels(frame))
    }
}

extension ReplayPlayer {
    /// A frame with nothing over the canvas is the canvas itself (`SceneView.render` would copy it
    /// into a cleared frame of its size): it is drawn and read back directly, without the frame
    /// target (a second canvas-sized allocation) or the copy.
    private func renderCanvas() -> FrameImage {
        let before = scene.canvas.tessellateSeconds
        var gpu = 0.0
        Stopwatch.time(&gpu) {
            scene.update(editor)
            scene.renderer.finish()
        }
        let tess = scene.canvas.tessellateSeconds - before
        stats.tessellate += tess
        stats.gpu += gpu - tess
        stats.drawables = editor.displayList.count
        guard let t = scene.canvas.wholeTarget else { return FrameImage(width: 0, height: 0, rgba: []) }
        return FrameImage(width: t.width, height: t.height, rgba: scene.renderer.readPixels(t))
    }
}

/// A rectangle of canvas points as frames show it: its top-left canvas point and its size in device pixels.
public struct FrameRegion: Hashable, Sendable {
    public var origin: Point
    public var width: Int, height: Int

    public init(origin: Point, width: Int, height: Int) {
        self.origin = origin; self.width = width; self.height = height
    }

    /// The rectangle at (`x`, `y`) of `width` x `height` canvas points at `scale`: ceil(W·S) x
    /// ceil(H·S) device pixels (sides too large for an Int become `Int.max / 4`, which no limit allows).
    public init(x: Double, y: Double, width: Double, height: Double, scale: Double) {
        func side(_ v: Double) -> Int {
            let px = (v * scale).rounded(.up)
            return px.isFinite && px < 1e15 ? max(1, Int(px)) : Int.max / 4
        }
        self.init(origin: Point(x, y), width: side(width), height: side(height))
    }
}

/// RGBA pixels of a rendered frame, row 0 at the top.
public struct FrameImage: Sendable {
    public let width: Int
    public let height: Int
    public let rgba: [UInt8]

    public init(width: Int, height: Int, rgba: [UInt8]) {
        self.width = width; self.height = height; self.rgba = rgba
    }

    /// The pixel at (x, y) as (r, g, b, a).
    public func pixel(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8, UInt8) {
        let i = (y * width + x) * 4
        return (rgba[i], rgba[i + 1], rgba[i + 2], rgba[i + 3])
    }
}
