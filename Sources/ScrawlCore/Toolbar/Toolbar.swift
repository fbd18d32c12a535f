/// QuartzFun's two bars, laid out around the canvas: the colour bar above, the shape bar below.
/// Coordinates are window points with the origin at the window's top-left; the canvas sits at
/// `canvasOrigin`, so the bars never cover it and touch locations stay canvas-relative.
///
/// The colour bar: the eight swatches, the current-colour squares (fill behind, stroke in front),
/// the recent colours as far as they fit, and at its right end the current tool's pressure and
/// stabilizer labels (for the tools that use them, where they fit). The shape bar: the tools, the labelled width and opacity,
/// the touch mode (with a touchscreen), and the mirror and recording indicators.
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

    /// Side of one button slot; shrinks on narrow windows so every button fits (`units` slots wide).
    private func slot(units: Double) -> Double { min(40, max(8, (canvas.width - 8) / units)) }
    /// Colour bar slots: 8 swatches, the colour squares with gaps, and room for some recent colours.
    private var colorSlot: Double { slot(units: 11.5) }
    /// Shape bar slots: the tools, then the width and opacity values and the Insert image button,
    /// with a little room to spare.
    private var shapeSlot: Double { slot(units: Double(ToolKind.allCases.count) + 5.7) }

    /// The swatch rectangles, in colour-bar order.
    public var swatchRects: [Rect] { row(count: ColorChoice.bar.count, slot: colorSlot, in: colorBar) }
    /// The tool button rectangles in `ToolKind.allCases` order.
    public var toolRects: [Rect] { row(count: ToolKind.allCases.count, slot: shapeSlot, in: shapeBar) }

    private func row(count: Int, slot s: Double, in bar: Rect) -> [Rect] {
        let inset = s * 0.1
        return (0..<count).map { i in
            Rect(x: 4 + Double(i) * s + inset, y: bar.minY + (bar.height - s) / 2 + inset,
                 width: s - 2 * inset, height: s - 2 * inset)
        }
    }

    /// The box holding the current-colour squares, after the swatches.
    public var colorIndicatorRect: Rect {
        let s = colorSlot, last = swatchRects.last!
        return Rect(x: last.maxX + s * 0.5, y: last.minY, width: last.height, height: last.height)
    }
    /// The stroke square (front, top-left) and the fill square (behind, bottom-right).
    public var strokeSquare: Rect {
        let r = colorIndicatorRect
        return Rect(x: r.minX, y: r.minY, width: r.width * 0.64, height: r.height * 0.64)
    }
    public var fillSquare: Rect {
        let r = colorIndicatorRect
        return Rect(x: r.minX + r.width * 0.36, y: r.minY + r.height * 0.36, width: r.width * 0.64, height: r.height * 0.64)
    }

    /// Slots for recent colours that fit in the colour bar (at most `Editor.recentColourLimit`).
    public var recentRects: [Rect] {
        let s = colorSlot * 0.7, start = colorIndicatorRect.maxX + colorSlot * 0.4
        let fit = Int(((canvas.width - 4 - start) / s).rounded(.down))
        let side = s * 0.8
        return (0..<max(0, min(Editor.recentColourLimit, fit))).map { i in
            Rect(x: start + Double(i) * s, y: colorBar.center.y - side / 2, width: side, height: side)
        }
    }

    /// The ink labels at the colour bar's right end, pressure then stabilizer, when they fit after
    /// all the recent colours' slots (else nil: not shown).
    public var inkRects: (pressure: Rect, stabilizer: Rect)? {
        let h = swatchRects[0].height, y = colorBar.center.y - h / 2
        let pressureWidth = 92.0, stabilizerWidth = 76.0, gap = 6.0
        let x = canvas.width - 4 - stabilizerWidth - gap - pressureWidth
        let s = colorSlot * 0.7, recentEnd = colorIndicatorRect.maxX + colorSlot * 0.4 + Double(Editor.recentColourLimit) * s
        guard x >= recentEnd else { return nil }
        return (Rect(x: x, y: y, width: pressureWidth, height: h),
                Rect(x: x + pressureWidth + gap, y: y, width: stabilizerWidth, height: h))
    }

    /// The labelled width value, after the tools: a dot of the width on its left, "12 pt" beside it.
    public var widthRect: Rect {
        let last = toolRects.last!, s = shapeSlot
        return Rect(x: last.maxX + s * 0.3, y: last.minY, width: s * 2, height: last.height)
    }
    /// Where the width dot sits in `widthRect`.
    public var widthDotCenter: Point { Point(widthRect.minX + widthRect.height / 2, widthRect.center.y) }
    /// The labelled opacity value ("75 %").
    public var opacityRect: Rect {
        let w = widthRect
        return Rect(x: w.maxX + shapeSlot * 0.15, y: w.minY, width: shapeSlot * 1.4, height: w.height)
    }
    /// The Insert image button, after the opacity value.
    public var insertImageRect: Rect {
        let o = opacityRect
        return Rect(x: o.maxX + shapeSlot * 0.3, y: o.minY, width: o.height, height: o.height)
    }
    /// The mirror and recording indicators, right-aligned at the shape bar's end (shown when on).
    public var mirrorRect: Rect {
        let r = recordingRect, w = shapeSlot * 1.8
        return Rect(x: r.minX - w - 4, y: r.minY, width: w, height: r.height)
    }
    /// The touch mode's label ("touch draws", a click switches), after the opacity value; nil
    /// where it would reach the recording indicator, or the mirror indicator while `mirror` is on.
    public func touchModeRect(mirror: Bool = false) -> Rect? {
        let o = opacityRect
        let r = Rect(x: o.maxX + 8, y: o.minY, width: 84, height: o.height)
        let end = mirror ? mirrorRect.minX : recordingRect.minX
        return r.maxX + 4 <= end ? r : nil
    }
    public var recordingRect: Rect {
        let w = shapeSlot * 1.5, o = insertImageRect
        return Rect(x: max(canvas.width - 4 - w, o.maxX + shapeSlot * 1.8 + 8), y: o.minY, width: w, height: o.height)
    }

    /// What is under a window point, if anything.
    public func hit(_ p: Point) -> ToolbarHit? {
        guard visible else { return nil }
        if let i = swatchRects.firstIndex(where: { $0.contains(p) }) { return .swatch(index: i) }
        if strokeSquare.contains(p) { return .colorIndicator(fill: false) }
        if fillSquare.contains(p) { return .colorIndicator(fill: true) }
        if let i = recentRects.firstIndex(where: { $0.contains(p) }) { return .recent(index: i) }
        if let ink = inkRects {
            if ink.pressure.contains(p) { return .pressure }
            if ink.stabilizer.contains(p) { return .stabilizer }
        }
        if let i = toolRects.firstIndex(where: { $0.contains(p) }) { return .tool(ToolKind.allCases[i]) }
        if widthRect.contains(p) { return .width }
        if let r = touchModeRect(), r.contains(p) { return .touchMode }
        if opacityRect.contains(p) { return .opacity }
        if insertImageRect.contains(p) { return .insertImage }
        return nil
    }
}
