import ScrawlCore

/// Draws the bars into a frame in a pass of their own: the colour bar along the top edge, the shape
/// bar below the canvas's pixel rows. The bars are UI: each has its own transform at the device
/// scale, whatever view the canvas is shown through. Their values and indicators are text, drawn
/// with the font at the device size (left out, with the rest of the bars drawn, when no font is found).
public final class ToolbarPass {
    public let renderer: Renderer
    /// Device pixels per window point.
    public let scale: Double
    /// The bars' text, made at the first frame with labels; nil without a font.
    public private(set) lazy var text: TextRenderer? = TextRenderer.make(renderer: renderer)

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

    /// The bars' layout around a canvas of `canvasPixelHeight` device rows, `width` window points
    /// wide, with the current layer's name while the drawing has more than one layer.
    public func layout(for editor: Editor, canvasPixelHeight: Int, width: Double? = nil) -> ToolbarLayout {
        let area = CanvasSpec(width: width ?? editor.canvas.width, height: Double(canvasPixelHeight) / scale,
                              background: editor.canvas.background)
        return ToolbarLayout(canvas: area, visible: true, layerName: editor.barLayerName)
    }

    /// What the bars show, as values: equal bars draw equal pixels.
    public struct Bars: Hashable {
        public let colorBar: [Drawable], shapeBar: [Drawable]
        public let labels: [ToolbarLabel]
        public let canvasPixelHeight: Int
    }

    /// The bars for the editor's tool, its style and recent colours and the window's `status`,
    /// around a canvas of `canvasPixelHeight` device pixel rows, `width` window points wide
    /// (default: the page's width).
    public func bars(for editor: Editor, canvasPixelHeight: Int, width: Double? = nil, status: BarStatus = BarStatus()) -> Bars {
        var status = status
        status.ink = editor.shownInk  // the tool's pressure and stabilizer labels, like its style
        status.selectMode = editor.selectionMode
        status.zoom = editor.viewport.zoom
        let layout = layout(for: editor, canvasPixelHeight: canvasPixelHeight, width: width)
        let bars = layout.drawables(style: editor.shownStyle, tool: editor.tool.kind, recent: editor.recentColours, status: status)
        return Bars(colorBar: bars.colorBar, shapeBar: bars.shapeBar, labels: layout.labels(style: editor.shownStyle, status: status),
                    canvasPixelHeight: canvasPixelHeight)
    }

    /// Draws both bars (`bars(for:canvasPixelHeight:width:status:)`) into `frame`.
    public func draw(_ editor: Editor, into frame: RenderTarget, canvasPixelHeight: Int, width: Double? = nil,
                     status: BarStatus = BarStatus()) {
        draw(bars(for: editor, canvasPixelHeight: canvasPixelHeight, width: width, status: status), into: frame)
    }

    /// Draws `bars` into `frame`: the colour bar along the top edge, the shape bar below the canvas
    /// rows. The bars are opaque and own their rows, so they are drawn once into a target the size
    /// of the frame (the same transforms, so the same bytes) and their rows copied from it while they
    /// stay the same: a frame whose canvas changed (a pan, a stroke committed, a layer's opacity)
    /// copies them instead of tessellating their icons and setting their text again.
    public func draw(_ bars: Bars, into frame: RenderTarget) {
        let h = barPixels, w = frame.width
        guard h > 0, frame.height >= 2 * h + bars.canvasPixelHeight else { return drawDirectly(bars, into: frame) }
        if strip?.bars != bars || strip?.target.width != w || strip?.target.height != frame.height {
            let target = strip.flatMap { $0.target.width == w && $0.target.height == frame.height ? $0.target : nil }
                ?? (try? RenderTarget(width: w, height: frame.height))
            guard let target else { strip = nil; return drawDirectly(bars, into: frame) }
            drawDirectly(bars, into: target)
            strip = (bars, target)
        }
        guard let strip else { return }
        let all = PixelRect(x: 0, y: 0, width: w, height: frame.height)
        for y in [0, h + bars.canvasPixelHeight] {
            let rows = PixelRect(x: 0, y: y, width: w, height: h)
            renderer.blit(strip.target, from: rows, to: frame, rect: rows, clip: all)
        }
    }

    /// The bars last drawn and the frame-sized target whose bar rows hold them (`draw(_:into:)`).
    private var strip: (bars: Bars, target: RenderTarget)?

    /// Draws `bars` straight into `frame`.
    func drawDirectly(_ bars: Bars, into frame: RenderTarget) {
        draw(bars.colorBar, into: frame, view: colorBarView)
        let shapeView = shapeBarView(canvasPixelHeight: bars.canvasPixelHeight)
        draw(bars.shapeBar, into: frame, view: shapeView)
        guard let text else { return }
        let size = (ToolbarLabel.textPoints * scale).rounded()
        for label in bars.labels {
            let top = label.onShapeBar ? shapeView.translation.y : 0
            let baseline = top + label.rect.center.y * scale + size * 0.36
            let words = label.cutToFit
                ? ToolbarLabel.fitted(label.text, room: label.rect.width * scale) { text.measure($0, pixelSize: size).width } : label.text
            text.draw(words, at: Point((label.rect.minX * scale).rounded(), baseline.rounded()), pixelSize: size,
                      color: label.color, into: frame)
        }
    }

    private func draw(_ drawables: [Drawable], into frame: RenderTarget, view: ViewTransform) {
        renderer.draw(drawables.flatMap { $0.commands(scale: view.scale) }, into: frame,
                      transform: view.meshTransform(tessellatedAt: view.scale))
    }
}
