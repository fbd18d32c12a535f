import ScrawlCore

/// Composes what `render` and `export` show: the colour and shape bars, the canvas, the live layer.
/// The canvas is the same canvas cache the window uses (`TiledCanvas`), as one whole-target tile
/// the size of the picture: committed drawables are drawn into it once, and edits draw again only
/// the pixels they reach.
///
/// A frame is two passes, each with its own transforms: the bars (`ToolbarPass`), then the canvas
/// (the canvas picture placed below the colour bar, the live layer drawn through `canvasView`).
public final class SceneView {
    public let renderer: Renderer
    public let canvas: TiledCanvas
    public let live: LiveLayer
    public let toolbar: ToolbarPass
    public let scale: Double
    /// The canvas point at the canvas rows' top-left corner ((0, 0) for the page).
    public let origin: Point
    /// The picture's size in device pixels: floor(W·S) x floor(H·S) of the canvas rectangle.
    public let width: Int, height: Int

    /// A scene for a canvas (the page, or the rectangle of that size at `origin`) at `scale` device
    /// pixels per point; throws for sizes outside what the driver supports.
    public init(renderer: Renderer, canvas spec: CanvasSpec, scale: Double, origin: Point = .zero) throws {
        self.renderer = renderer
        self.scale = scale
        self.origin = origin
        (width, height) = SceneView.pixelSize(spec, scale: scale)
        let view = ViewTransform(scale: scale, translation: Point(-origin.x * scale, -origin.y * scale))
        canvas = try TiledCanvas(renderer: renderer, background: spec.background, width: width, height: height, view: view)
        live = LiveLayer(renderer: renderer, scale: scale, origin: origin)
        toolbar = ToolbarPass(renderer: renderer, scale: scale)
    }

    /// The device pixel size of `canvas` at `scale` (at least 1 x 1).
    public static func pixelSize(_ canvas: CanvasSpec, scale: Double) -> (Int, Int) {
        let size = canvas.devicePixelSize(scale: scale)
        return (max(1, size.width), max(1, size.height))
    }

    /// Height of one bar in device pixels.
    public var barPixels: Int { toolbar.barPixels }
    public var background: Color { canvas.background }

    /// Canvas points to frame pixels: the canvas at the scene's scale, below the colour bar when the
    /// bars are shown (whole pixel rows, so the canvas picture lands pixel for pixel).
    public func canvasView(barsShown: Bool) -> ViewTransform {
        ViewTransform(scale: scale, translation: Point(-origin.x * scale, Double(barsShown ? barPixels : 0) - origin.y * scale))
    }

    /// The frame size in device pixels: the canvas, plus both bars when they are shown.
    public func frameSize(barsShown: Bool) -> (width: Int, height: Int) {
        (width, height + (barsShown ? 2 * barPixels : 0))
    }

    /// The canvas picture, up to date with `list` (less `hidden`).
    public func canvasTarget(_ list: DisplayList, hidden: Set<UInt64> = []) -> RenderTarget? {
        canvas.sync(list, hidden: hidden)
        let view = canvasView(barsShown: false)
        canvas.fill(view, area: PixelRect(x: 0, y: 0, width: width, height: height))
        return canvas.wholeTarget
    }

    /// Brings the canvas and the live layer up to date with the editor.
    public func update(_ editor: Editor) {
        _ = canvasTarget(editor.displayList, hidden: editor.hiddenIDs)
        live.update(editor.liveItems)
    }

    /// Renders the frame into `frame` (sized by `frameSize`): bars if `barsShown`, canvas, live layer.
    /// The canvas comes with the frozen part of a live Pencil stroke already drawn (`LiveLayer.base`),
    /// so a frame costs the same however long the stroke is.
    public func render(_ editor: Editor, into frame: RenderTarget, barsShown: Bool) {
        guard let picture = canvasTarget(editor.displayList, hidden: editor.hiddenIDs) else { return }
        let items = editor.liveItems
        live.update(items)
        renderer.clear(frame, to: .clear)
        if barsShown { toolbar.draw(editor, into: frame, canvasPixelHeight: height) }
        let view = canvasView(barsShown: barsShown)
        let top = barsShown ? barPixels : 0
        let c = live.base(over: picture, revision: canvas.revision, view: canvasView(barsShown: false), items: items)
        if background.isOpaque || !barsShown {
            // An opaque canvas replaces whatever the bars left in its rows, and without bars the
            // frame was transparent there: a copy gives the composite's pixels at a fraction of its cost.
            renderer.copy(c, to: frame, x: 0, y: top)
        } else {
            renderer.composite(c, into: frame, x: 0, y: top, width: c.width, height: c.height)
        }
        live.drawOverBase(items, into: frame, view: view)
    }
}
