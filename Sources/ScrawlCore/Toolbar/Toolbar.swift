/// QuartzFun's two bars, laid out around the canvas: the colour bar above, the shape bar below.
/// Coordinates are window points with the origin at the window's top-left; the canvas sits at
/// `canvasOrigin`, so the bars never cover it and touch locations stay canvas-relative.
public struct ToolbarLayout: Hashable, Sendable {
    /// Height of each bar in points.
    public static let barHeight = 44.0
    public let canvas: CanvasSpec
    public let visible: Bool

    public init(canvas: CanvasSpec, visible: Bool) { self.canvas = canvas; self.visible = visible }

    /// Where the canvas's (0,0) lies in the window.
    public var canvasOrigin: Point { Point(0, visible ? Self.barHeight : 0) }
    /// The window content size in points.
    public var contentSize: CanvasSpec {
        CanvasSpec(width: canvas.width, height: canvas.height + (visible ? 2 * Self.barHeight : 0),
                   background: canvas.background)
    }
    public var colorBar: Rect { Rect(x: 0, y: 0, width: canvas.width, height: Self.barHeight) }
    public var shapeBar: Rect { Rect(x: 0, y: Self.barHeight + canvas.height, width: canvas.width, height: Self.barHeight) }

    /// Side of one button; shrinks on narrow canvases so every button fits.
    private func slot(count: Int) -> Double { min(40, max(8, (canvas.width - 8) / Double(count))) }

    /// The swatch rectangles, in colour-bar order.
    public var swatchRects: [Rect] { row(count: ColorChoice.bar.count, in: colorBar) }
    /// The tool button rectangles in `ToolKind.allCases` order, then the width/opacity indicator.
    public var toolRects: [Rect] { row(count: ToolKind.allCases.count + 1, in: shapeBar) }

    private func row(count: Int, in bar: Rect) -> [Rect] {
        let s = slot(count: count)
        let inset = s * 0.1
        return (0..<count).map { i in
            Rect(x: 4 + Double(i) * s + inset, y: bar.minY + (bar.height - s) / 2 + inset,
                 width: s - 2 * inset, height: s - 2 * inset)
        }
    }

    /// What is under a window point, if anything.
    public func hit(_ p: Point) -> ToolbarHit? {
        guard visible else { return nil }
        if let i = swatchRects.firstIndex(where: { $0.contains(p) }) { return .swatch(index: i) }
        if let i = toolRects.firstIndex(where: { $0.contains(p) }), i < ToolKind.allCases.count {
            return .tool(ToolKind.allCases[i])
        }
        return nil
    }
}
