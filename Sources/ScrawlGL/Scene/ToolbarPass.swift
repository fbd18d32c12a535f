import ScrawlCore

/// Draws the bars into a frame in a pass of their own: the colour bar along the top edge, the shape
/// bar below the canvas's pixel rows. The bars are UI: each has its own transform at the device
/// scale, whatever view the canvas is shown through.
public struct ToolbarPass {
    public let renderer: Renderer
    /// Device pixels per window point.
    public let scale: Double

    public init(renderer: Renderer, scale: Double) {
        self.renderer = renderer
        self.scale = scale
    }

    /// Height of one bar in device pixels.
    public var barPixels: Int { Int((ToolbarLayout.barHeight * scale).rounded()) }

    /// Window points of the colour bar to frame pixels: the bar at the top edge.
    public var colorBarView: ViewTransform { ViewTransform(scale: scale) }

    /// The shape bar's points (relative to its top edge) to frame pixels: the bar just below the
    /// colour bar and `canvasPixelHeight` rows of canvas.
    public func shapeBarView(canvasPixelHeight: Int) -> ViewTransform {
        ViewTransform(scale: scale, translation: Point(0, Double(barPixels + canvasPixelHeight)))
    }

    /// Draws both bars for the editor's settings and tool into `frame`, around a canvas of
    /// `canvasPixelHeight` device pixel rows, `width` window points wide (default: the page's width).
    public func draw(_ editor: Editor, into frame: RenderTarget, canvasPixelHeight: Int, width: Double? = nil) {
        let area = CanvasSpec(width: width ?? editor.canvas.width, height: Double(canvasPixelHeight) / scale,
                              background: editor.canvas.background)
        let layout = ToolbarLayout(canvas: area, visible: true)
        let bars = layout.drawables(settings: editor.settings, tool: editor.tool.kind)
        draw(bars.colorBar, into: frame, view: colorBarView)
        draw(bars.shapeBar, into: frame, view: shapeBarView(canvasPixelHeight: canvasPixelHeight))
    }

    private func draw(_ drawables: [Drawable], into frame: RenderTarget, view: ViewTransform) {
        renderer.draw(drawables.flatMap { $0.commands(scale: view.scale) }, into: frame,
                      transform: view.meshTransform(tessellatedAt: view.scale))
    }
}
