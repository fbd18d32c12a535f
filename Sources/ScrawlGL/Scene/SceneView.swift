import ScrawlCore

/// Composes what the window shows: the colour and shape bars, the baked canvas, the live layer.
/// Used by the window (then composited to the screen) and headless by `scrawl render`.
///
/// A frame is two passes, each with its own transforms: the bars (`ToolbarPass`), then the canvas
/// (the baked target placed below the colour bar, the live layer drawn through `canvasView`).
public final class SceneView {
    public let renderer: Renderer
    public let baker: CanvasBaker
    public let live: LiveLayer
    public let toolbar: ToolbarPass
    public let scale: Double

    /// The canvas point at the canvas rows' top-left corner ((0, 0) for the page).
    public let origin: Point

    /// A scene for a canvas (the page, or the rectangle of that size at `origin`) at `scale` device
    /// pixels per point.
    public init(renderer: Renderer, canvas: CanvasSpec, scale: Double, origin: Point = .zero) throws {
        self.renderer = renderer
        self.scale = scale
        self.origin = origin
        baker = try CanvasBaker(renderer: renderer, canvas: canvas, scale: scale, origin: origin)
        live = LiveLayer(renderer: renderer, scale: scale, origin: origin)
        toolbar = ToolbarPass(renderer: renderer, scale: scale)
    }

    /// Height of one bar in device pixels.
    public var barPixels: Int { toolbar.barPixels }

    /// Canvas points to frame pixels: the canvas at the scene's scale, below the colour bar when the
    /// bars are shown (whole pixel rows, so the baked canvas lands pixel for pixel).
    public func canvasView(barsShown: Bool) -> ViewTransform {
        ViewTransform(scale: scale, translation: Point(-origin.x * scale, Double(barsShown ? barPixels : 0) - origin.y * scale))
    }

    /// The frame size in device pixels: the canvas, plus both bars when they are shown.
    public func frameSize(barsShown: Bool) -> (width: Int, height: Int) {
        let t = baker.target
        return (t.width, t.height + (barsShown ? 2 * barPixels : 0))
    }

    /// Brings the canvas and the live layer up to date with the editor.
    public func update(_ editor: Editor) {
        baker.sync(editor.visibleItems)
        live.update(editor.liveItems)
    }

    /// Renders the frame into `frame` (sized by `frameSize`): bars if `barsShown`, canvas, live layer.
    /// The canvas comes with the frozen part of a live Pencil stroke already drawn (`LiveLayer.base`),
    /// so a frame costs the same however long the stroke is.
    public func render(_ editor: Editor, into frame: RenderTarget, barsShown: Bool) {
        baker.sync(editor.visibleItems)
        let items = editor.liveItems
        live.update(items)
        renderer.clear(frame, to: .clear)
        if barsShown { toolbar.draw(editor, into: frame, canvasPixelHeight: baker.target.height) }
        let view = canvasView(barsShown: barsShown)
        let top = barsShown ? barPixels : 0
        let c = live.base(over: baker.target, revision: baker.revision, view: baker.view, items: items)
        if baker.background.isOpaque || !barsShown {
            // An opaque canvas replaces whatever the bars left in its rows, and without bars the
            // frame was transparent there: a copy gives the composite's pixels at a fraction of its cost.
            renderer.copy(c, to: frame, x: 0, y: top)
        } else {
            renderer.composite(c, into: frame, x: 0, y: top, width: c.width, height: c.height)
        }
        live.drawOverBase(items, into: frame, view: view)
    }
}
