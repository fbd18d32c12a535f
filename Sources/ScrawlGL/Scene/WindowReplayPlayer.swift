import ScrawlCore

/// Plays a replay headlessly and renders what a window of a given size shows (`scrawl render
/// --window`): the canvas through the editor's current viewport (the last `view` event), the page
/// border, the live layer, and the bars unless the replay hid them.
public final class WindowReplayPlayer: FramePlayer {
    public let editor: Editor
    public let scene: WindowScene
    /// The frame size in device pixels.
    public let width: Int, height: Int
    public var stats = RenderStats()
    private let frame: RenderTarget

    /// A player for `replay` in a window of `width` x `height` device pixels at `scale` device
    /// pixels per window point. Every tile is rendered at once (no fill budget).
    public init(replay: Replay, scale: Double, stamp: RasterImage, renderer: Renderer, drawables: [Drawable] = [],
                width: Int, height: Int) throws {
        editor = Editor(canvas: replay.canvas, seed: replay.seed, stampImage: stamp, drawables: drawables)
        editor.textShaper = SystemTextShaper.make().shaper
        // Room for the whole frame's tiles twice over, so no tile of one frame evicts another.
        let budget = max(256 << 20, width * height * 4 * 2)
        scene = WindowScene(renderer: renderer, canvas: replay.canvas, contentScale: scale, tileBudgetBytes: budget)
        scene.fillBudget = nil
        self.width = width
        self.height = height
        frame = try RenderTarget(width: width, height: height)
    }

    /// Renders the current frame and reads it back.
    public func renderFrame() throws -> FrameImage {
        var gpu = 0.0
        Stopwatch.time(&gpu) {
            scene.render(editor, viewport: editor.viewport, into: frame, barsShown: editor.barsVisible)
            scene.renderer.finish()
        }
        stats.gpu += gpu
        stats.drawables = editor.displayList.count
        return FrameImage(width: width, height: height, rgba: scene.renderer.readPixels(frame))
    }
}
