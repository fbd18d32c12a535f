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

/// Plays a replay headlessly: feeds every event to an editor and renders what the window would show.
public final class ReplayPlayer {
    public let editor: Editor
    public let scene: SceneView
    public let scale: Double
    /// Include the colour and shape bars in frames (`--toolbar`).
    public var toolbar = false
    public private(set) var stats = RenderStats()
    /// The target of the last frame, reused while the frame size stays the same.
    private var frameTarget: RenderTarget?

    /// A player for `replay` at `scale` (the canvas must already be validated for that scale).
    public init(replay: Replay, scale: Double, stamp: RasterImage, renderer: Renderer, drawables: [Drawable] = []) throws {
        editor = Editor(canvas: replay.canvas, seed: replay.seed, stampImage: stamp, drawables: drawables)
        scene = try SceneView(renderer: renderer, canvas: replay.canvas, scale: scale)
        self.scale = scale
    }

    /// Feeds `events` in order; at each `{"frame": NAME}` calls `onFrame` with the frame's RGBA pixels.
    public func play(_ events: [InputEvent], onFrame: ((String, FrameImage) throws -> Void)? = nil) throws {
        for event in events {
            if case .frame(let name) = event, let onFrame {
                try onFrame(name, renderFrame())
                continue
            }
            Stopwatch.time(&stats.tools) { editor.handle(event) }
        }
        stats.events += events.count
    }

    /// Renders the current frame (canvas, live layer, bars if `toolbar`) and reads it back.
    public func renderFrame() throws -> FrameImage {
        let bars = toolbar && editor.barsVisible
        let (w, h) = scene.frameSize(barsShown: bars)
        let frame = try frameTarget.flatMap { $0.width == w && $0.height == h ? $0 : nil } ?? RenderTarget(width: w, height: h)
        frameTarget = frame
        let before = scene.baker.tessellateSeconds
        var gpu = 0.0
        Stopwatch.time(&gpu) {
            scene.render(editor, into: frame, barsShown: bars)
            scene.renderer.finish()
        }
        let tess = scene.baker.tessellateSeconds - before
        stats.tessellate += tess
        stats.gpu += gpu - tess
        stats.drawables = editor.displayList.count
        return FrameImage(width: w, height: h, rgba: scene.renderer.readPixels(frame))
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
