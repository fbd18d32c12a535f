/// QuartzFun's two bars, laid out around the canvas: the colour bar above, the shape bar below.
/// Coordinates are window points with the origin at the window's top-left; the canvas sits at
/// `canvasOrigin`, so the bars never cover it and touch locations stay canvas-relative.
///
/// The colour bar: the command buttons (`ToolbarCommand`: save, export, undo, redo, layers), the
/// current layer's name beside the layers button (`layerName`, where it has room), the eight swatches, the current-colour squares (fill behind, stroke in front), the recent colours as far as
/// they fit, and at its right end the current tool's options (the pressure and stabilizer labels,
/// the selection's mode) where the window is wide enough. The shape bar: the tools, the labelled
/// width and opacity, and at its right end the mirror and recording indicators and the zoom.
///
/// Buttons sit in square slots that shrink on narrow windows; the values' words keep their size,
/// so the room they need is taken first and the slots share what is left. A value that does not
/// fit in the bar at all (a very narrow window) is not shown.
public struct ToolbarLayout: Hashable, Sendable {
    /// Height of each bar in points.
    public static let barHeight = 44.0
    public let canvas: CanvasSpec
    public let visible: Bool
    /// The current layer's name, shown beside the layers button (`Toolbar+LayerName`); nil: none
    /// (the window gives it while the drawing has more than one layer).
    public let layerName: String?

    public init(canvas: CanvasSpec, visible: Bool, layerName: String? = nil) {
        self.canvas = canvas; self.visible = visible; self.layerName = layerName
    }

    /// Where the canvas's (0,0) lies in the window.
    public var canvasOrigin: Point { Point(0, visible ? Self.barHeight : 0) }
    /// The window content size in points.
    public var contentSize: CanvasSpec {
        CanvasSpec(width: canvas.width, height: canvas.height + (visible ? 2 * Self.barHeight : 0),
                   background: canvas.background)
    }
    public var colorBar: Rect { Rect(x: 0, y: 0, width: canvas.width, height: Self.barHeight) }
    public var shapeBar: Rect { Rect(x: 0, y: Self.barHeight + canvas.height, width: canvas.width, height: Self.barHeight) }

    // MARK: Slots

    /// The widest a button's slot gets, and the narrowest: on narrow windows the buttons shrink
    /// (the words beside the values keep their size, so their boxes do too).
    static let maxSlot = 40.0, minSlot = 8.0
    /// The gap between groups of buttons, in slots.
    static let groupGap = 0.4
    private static func slot(room: Double, units: Double) -> Double { min(maxSlot, max(minSlot, room / units)) }

    /// The button rectangles of `count` slots of side `s` from `x` along `bar`.
    private func row(count: Int, slot s: Double, from x: Double, in bar: Rect) -> [Rect] {
        let inset = s * 0.1
        return (0..<count).map { i in
            Rect(x: x + Double(i) * s + inset, y: bar.minY + (bar.height - s) / 2 + inset,
                 width: s - 2 * inset, height: s - 2 * inset)
        }
    }

    // MARK: The colour bar

    /// Recent colours the colour bar's slots make room for beside the tool options.
    static let minRecentSlots = 4
    /// Colour bar slot units: the commands, a gap, the swatches, the colour squares with their
    /// gaps, and `minRecentSlots` recent colours (0.7 of a slot each; beside the layer's name, whose
    /// box takes the room of the others, `minRecentSlotsBesideName`).
    var colorUnits: Double { colorUnits(besideName: showsLayerName) }
    func colorUnits(besideName: Bool) -> Double {
        let recent = besideName ? Self.minRecentSlotsBesideName : Self.minRecentSlots
        return Double(ToolbarCommand.allCases.count) + Self.groupGap + Double(ColorChoice.bar.count) + 1.9 + 0.7 * Double(recent)
    }
    /// The tool options at the colour bar's right end: "pressure 50%" and "steady 0.6", or the
    /// selection's mode ("box select") in the pressure label's place and width.
    static let pressureWidth = 106.0, stabilizerWidth = 84.0, optionGap = 6.0
    static var optionsWidth: Double { pressureWidth + optionGap + stabilizerWidth }
    /// The tool options show when the colour bar's slots stay at least this wide beside them.
    static let minSlotBesideOptions = 28.0
    /// Whether the window is wide enough for the tool options (else they are not shown).
    public var showsToolOptions: Bool {
        (canvas.width - 8 - layerNameRoom - Self.optionsWidth - Self.optionGap) / colorUnits >= Self.minSlotBesideOptions
    }
    var colorSlot: Double {
        Self.slot(room: canvas.width - 8 - layerNameRoom - (showsToolOptions ? Self.optionsWidth + Self.optionGap : 0), units: colorUnits)
    }

    /// The command buttons (`ToolbarCommand.allCases`) at the colour bar's left end.
    public var commandRects: [Rect] { row(count: ToolbarCommand.allCases.count, slot: colorSlot, from: 4, in: colorBar) }
    /// The swatch rectangles, in colour-bar order, after the commands.
    public var swatchRects: [Rect] {
        let s = colorSlot
        return row(count: ColorChoice.bar.count, slot: s, from: 4 + layerNameRoom + (Double(ToolbarCommand.allCases.count) + Self.groupGap) * s,
                   in: colorBar)
    }
    /// Where the line between the commands (and the layer's name) and the swatches is drawn (x).
    var commandSeparatorX: Double { 4 + layerNameRoom + (Double(ToolbarCommand.allCases.count) + Self.groupGap / 2) * colorSlot }

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

    /// Where the tool options begin (x), when they are shown.
    private var optionsMinX: Double { canvas.width - 4 - Self.optionsWidth }

    /// Slots for recent colours that fit in the colour bar before the tool options (at most
    /// `Editor.recentColourLimit`).
    public var recentRects: [Rect] {
        let s = colorSlot * 0.7, start = colorIndicatorRect.maxX + colorSlot * 0.4
        let end = showsToolOptions ? optionsMinX - Self.optionGap : canvas.width - 4
        let fit = Int(((end - start) / s).rounded(.down))
        let side = s * 0.8
        return (0..<max(0, min(Editor.recentColourLimit, fit))).map { i in
            Rect(x: start + Double(i) * s, y: colorBar.center.y - side / 2, width: side, height: side)
        }
    }

    /// The ink labels at the colour bar's right end, pressure then stabilizer, when the tool
    /// options fit (else nil: not shown).
    public var inkRects: (pressure: Rect, stabilizer: Rect)? {
        guard showsToolOptions else { return nil }
        let h = swatchRects[0].height, y = colorBar.center.y - h / 2, x = optionsMinX
        return (Rect(x: x, y: y, width: Self.pressureWidth, height: h),
                Rect(x: x + Self.pressureWidth + Self.optionGap, y: y, width: Self.stabilizerWidth, height: h))
    }

    /// The selection's mode ("box select", "lasso select") in the tool options, when they fit.
    public var selectModeRect: Rect? { inkRects?.pressure }

    // MARK: The shape bar

    /// Room for the words of the values and indicators, in points at `ToolbarLabel.textPoints`:
    /// "12.5 pt", "100 %", "6400 %", "Mirror", "Rec" fit with a little to spare.
    static let widthTextRoom = 50.0, opacityTextRoom = 42.0, zoomTextRoom = 50.0, mirrorTextRoom = 42.0, recTextRoom = 26.0
    /// Space right of a value's words, and between two values.
    static let valuePad = 6.0, valueGap = 6.0
    /// A value box's height in slots (as high as a tool button), and at least this many points, so
    /// that its words fit it however narrow the window.
    private static let boxSlots = 0.8, minBoxHeight = 22.0
    /// The marks in box heights: a value's mark (the width's dot, the opacity's chip, the zoom's
    /// magnifier) is as wide as its box is high; then the mirror mark and the recording dot.
    private static let marksPerBox = 3 + mirrorMarkBoxes + recMarkBoxes, mirrorMarkBoxes = 0.875, recMarkBoxes = 0.7
    /// What the shape bar's values take in points beside their marks: margins, words, pads, gaps.
    private static var shapeFixed: Double {
        8 + (2 + widthTextRoom + valuePad) + valueGap + (2 + opacityTextRoom + valuePad) + valueGap + 4 + valueGap + (2 + zoomTextRoom + valuePad)
    }
    /// The shape bar's slot: the tools (and the gap after them) share what the values leave, their
    /// marks growing with the slot down to the boxes' least height.
    private var shapeSlot: Double {
        let tools = Double(ToolKind.allCases.count) + 0.3, room = canvas.width - Self.shapeFixed
        let s = room / (tools + Self.boxSlots * Self.marksPerBox)
        if s * Self.boxSlots >= Self.minBoxHeight { return Self.slot(room: room, units: tools + Self.boxSlots * Self.marksPerBox) }
        return Self.slot(room: room - Self.minBoxHeight * Self.marksPerBox, units: tools)
    }
    /// A value box's height.
    private var boxHeight: Double { max(shapeSlot * Self.boxSlots, Self.minBoxHeight) }

    /// The tool button rectangles in `ToolKind.allCases` order.
    public var toolRects: [Rect] { row(count: ToolKind.allCases.count, slot: shapeSlot, from: 4, in: shapeBar) }

    /// A value's box at `x`: its mark (a square as high as the box), then `words` points of text.
    private func valueBox(x: Double, words: Double) -> Rect {
        let h = boxHeight
        return Rect(x: x, y: shapeBar.center.y - h / 2, width: h + 2 + words + Self.valuePad, height: h)
    }

    /// The labelled width value, after the tools: a dot of the width on its left, "12 pt" beside it.
    public var widthRect: Rect { valueBox(x: toolRects.last!.maxX + shapeSlot * 0.3, words: Self.widthTextRoom) }
    /// Where the width dot sits in `widthRect`.
    public var widthDotCenter: Point { Point(widthRect.minX + widthRect.height / 2, widthRect.center.y) }
    /// The labelled opacity value: a chip of the stroke colour at the opacity on a checkerboard, and "75 %".
    public var opacityRect: Rect { valueBox(x: widthRect.maxX + Self.valueGap, words: Self.opacityTextRoom) }
    /// The zoom at the shape bar's right end: a magnifier and "100 %".
    public var zoomRect: Rect { valueBox(x: canvas.width - 4 - (boxHeight + 2 + Self.zoomTextRoom + Self.valuePad), words: Self.zoomTextRoom) }
    /// Whether a box lies inside the bar.
    private func fits(_ r: Rect) -> Bool { r.maxX <= canvas.width - 4 + 1e-9 }
    /// Whether the right end (the indicators' marks, then the zoom) has room after the opacity.
    private var showsRightEnd: Bool {
        let marks = (Self.mirrorMarkBoxes + Self.recMarkBoxes) * boxHeight + 4 + Self.valueGap
        return fits(opacityRect) && zoomRect.minX - marks >= opacityRect.maxX + Self.valueGap - 1e-9
    }
    /// The values the shape bar shows, in order: the width, the opacity and the zoom, less those
    /// that do not fit (on a very narrow window the last ones do not, and are neither drawn nor hit).
    public var shownValues: [(hit: ToolbarHit, rect: Rect)] {
        var out: [(hit: ToolbarHit, rect: Rect)] = []
        if fits(widthRect) { out.append((.width, widthRect)) }
        if fits(opacityRect) { out.append((.opacity, opacityRect)) }
        if showsRightEnd { out.append((.zoom, zoomRect)) }
        return out
    }
    /// Whether the mirror and recording indicators have room (left of the zoom).
    public var showsIndicators: Bool { showsRightEnd }

    /// Whether the indicators have room for their words beside their marks.
    private var indicatorWords: Bool {
        guard showsRightEnd else { return false }
        let room = zoomRect.minX - Self.valueGap - (opacityRect.maxX + Self.valueGap)
        return room >= (Self.mirrorMarkBoxes + Self.recMarkBoxes) * boxHeight + Self.mirrorTextRoom + Self.recTextRoom + 8
    }
    /// The mirror and recording indicators, left of the zoom (shown when on): their marks, with
    /// "Mirror" and "Rec" where the bar has room.
    public var recordingRect: Rect {
        let h = boxHeight, z = zoomRect
        let w = Self.recMarkBoxes * h + (indicatorWords ? Self.recTextRoom + 2 : 0)
        return Rect(x: z.minX - Self.valueGap - w, y: z.minY, width: w, height: h)
    }
    public var mirrorRect: Rect {
        let h = boxHeight, r = recordingRect
        let w = Self.mirrorMarkBoxes * h + (indicatorWords ? Self.mirrorTextRoom + 2 : 0)
        return Rect(x: r.minX - 4 - w, y: r.minY, width: w, height: h)
    }
    /// Whether the indicators show their words.
    public var showsIndicatorWords: Bool { indicatorWords }
    /// The touch mode's box (a click switches it), after the opacity value: its mark (a finger that
    /// draws or pans), with the words ("touch draws") where the bar has room; nil where even the
    /// mark would reach the recording indicator, or the mirror indicator while `mirror` is on.
    public func touchModeRect(mirror: Bool = false) -> Rect? {
        guard showsRightEnd else { return nil }
        let o = opacityRect, h = boxHeight, end = (mirror ? mirrorRect.minX : recordingRect.minX) - 4 + 1e-9
        let x = o.maxX + 4, words = h + 2 + Self.touchTextRoom + Self.valuePad
        if x + words <= end { return Rect(x: x, y: o.minY, width: words, height: h) }
        return x + h <= end ? Rect(x: x, y: o.minY, width: h, height: h) : nil
    }
    /// Room for the touch mode's words ("touch draws", "touch pans") at `ToolbarLabel.textPoints`.
    static let touchTextRoom = 66.0

    /// What is under a window point, if anything; `selectMode`: the tool options show the
    /// selection's mode (the Select tool), in the pressure label's place.
    public func hit(_ p: Point, selectMode: Bool = false) -> ToolbarHit? {
        guard visible else { return nil }
        if let i = commandRects.firstIndex(where: { $0.contains(p) }) { return .command(ToolbarCommand.allCases[i]) }
        if let r = layerNameRect, r.contains(p) { return .command(.layers) }
        if let i = swatchRects.firstIndex(where: { $0.contains(p) }) { return .swatch(index: i) }
        if strokeSquare.contains(p) { return .colorIndicator(fill: false) }
        if fillSquare.contains(p) { return .colorIndicator(fill: true) }
        if let i = recentRects.firstIndex(where: { $0.contains(p) }) { return .recent(index: i) }
        if let ink = inkRects {
            if ink.pressure.contains(p) { return selectMode ? .selectMode : .pressure }
            if ink.stabilizer.contains(p) { return .stabilizer }
        }
        if let i = toolRects.firstIndex(where: { $0.contains(p) }) { return .tool(ToolKind.allCases[i]) }
        if let r = touchModeRect(), r.contains(p) { return .touchMode }
        return shownValues.first { $0.rect.contains(p) }?.hit
    }
}
