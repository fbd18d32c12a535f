import Foundation

/// Draws the bars with Scrawl's own paths and tessellator, as drawables in window points; the
/// values and indicators in words come as `labels` for the renderer's text.
extension ToolbarLayout {
    static let panel = Color(r: 0xee, g: 0xee, b: 0xec)
    static let ink = Color(r: 0x2e, g: 0x34, b: 0x36)
    static let highlight = Color(r: 0xb4, g: 0xd5, b: 0xfe)
    /// Behind a button under the pointer.
    static let hoverShade = Color(r: 0xdc, g: 0xde, b: 0xe0)
    static let recordRed = Color(r: 0xd0, g: 0x1c, b: 0x1c)

    /// What the bars show for the current tool, its style (`Editor.shownStyle`) and the recent
    /// colours: the colour bar in window points, the shape bar relative to its own top edge (the
    /// window puts it below the canvas's pixel rows, wherever rounding at the device scale lands
    /// them). Empty when hidden.
    public func drawables(style: ToolStyle, tool: ToolKind, recent: [Color] = [],
                          status: BarStatus = BarStatus()) -> (colorBar: [Drawable], shapeBar: [Drawable]) {
        guard visible else { return ([], []) }
        var top: [Drawable] = [filled(.rectangle(colorBar), Self.panel)]
        top += commandButtons(hover: status.hover)
        top += layerNameBox(hover: status.hover)
        for (i, r) in swatchRects.enumerated() {
            if status.hover == .swatch(index: i) { top.append(filled(.rectangle(r.insetBy(-4)), Self.hoverShade)) }
            top += swatch(ColorChoice.bar[i].choice, in: r, style: style)
        }
        top += colorSquares(style, hover: status.hover)
        for (i, r) in recentRects.enumerated() where i < recent.count {
            if status.hover == .recent(index: i) { top.append(filled(.rectangle(r.insetBy(-3)), Self.hoverShade)) }
            top += chip(.fixed(recent[i]), in: r)
        }
        top += inkBoxes(status)
        var bottom: [Drawable] = [filled(.rectangle(shapeBar), Self.panel)]
        for (i, entry) in ToolCatalog.entries.enumerated() {
            let r = toolRects[i]
            if entry.kind == tool { bottom.append(filled(.rectangle(r.insetBy(-2)), Self.highlight))
            } else if status.hover == .tool(entry.kind) { bottom.append(filled(.rectangle(r.insetBy(-2)), Self.hoverShade)) }
            bottom += entry.icon(r.insetBy(r.width * 0.18), Self.ink)
        }
        bottom += valueBoxes(style, status: status)
        let up = Point(0, -shapeBar.minY)
        return (top, bottom.map { $0.translated(by: up) })
    }

    /// The words the bars show: the width ("12 pt"), the opacity ("75 %"), the zoom ("100 %"),
    /// "Mirror" and "Rec" while those are on (where they have room), and the tool's options on the
    /// colour bar. Each label's rectangle (relative to its bar's top edge) is the room its words
    /// have: from where they start to the box's padding.
    public func labels(style s: ToolStyle, status: BarStatus = BarStatus()) -> [ToolbarLabel] {
        guard visible else { return [] }
        let up = -shapeBar.minY
        func at(_ r: Rect, dx: Double) -> Rect { Rect(x: r.minX + dx, y: r.minY + up, width: r.width - dx - Self.valuePad, height: r.height) }
        var out: [ToolbarLabel] = []
        for (hit, r) in shownValues {
            let text = hit == .width ? Self.widthText(s.width) : hit == .opacity ? Self.opacityText(s.opacity) : Self.zoomText(status.zoom)
            out.append(ToolbarLabel(text: text, rect: at(r, dx: r.height + 2), color: Self.ink, onShapeBar: true))
        }
        if showsIndicatorWords {
            func word(_ r: Rect) -> Rect { Rect(x: r.maxX - Self.mirrorTextRoom - 2, y: r.minY + up, width: Self.mirrorTextRoom, height: r.height) }
            if status.mirror { out.append(ToolbarLabel(text: "Mirror", rect: word(mirrorRect), color: Self.ink, onShapeBar: true)) }
            let rec = recordingRect
            if status.recording {
                out.append(ToolbarLabel(text: "Rec", rect: Rect(x: rec.maxX - Self.recTextRoom - 2, y: rec.minY + up, width: Self.recTextRoom, height: rec.height),
                                        color: Self.recordRed, onShapeBar: true))
            }
        }
        if let mode = status.touchMode, let r = touchModeRect(mirror: status.mirror), r.width > r.height {
            out.append(ToolbarLabel(text: mode.label, rect: at(r, dx: r.height + 2), color: Self.ink, onShapeBar: true))
        }
        return out + inkLabels(status) + [layerNameLabel()].compactMap { $0 }
    }

    /// The tool options shown for the tool (its ink labels, `status.ink`, or the selection's mode),
    /// where they fit: colour-bar rectangles.
    private func shownInkRects(_ status: BarStatus) -> [(ToolbarHit, Rect, String)] {
        guard let r = inkRects else { return [] }
        if let mode = status.selectMode { return [(.selectMode, r.pressure, Self.selectModeText(mode))] }
        guard let ink = status.ink else { return [] }
        var out: [(ToolbarHit, Rect, String)] = []
        if ink.use.contains(.pressure) { out.append((.pressure, r.pressure, ink.pressureText)) }
        if ink.use.contains(.stabilizer) { out.append((.stabilizer, r.stabilizer, ink.stabilizerText)) }
        return out
    }

    /// "box select" or "lasso select".
    public static func selectModeText(_ mode: SelectionMode) -> String { "\(mode.rawValue) select" }

    /// "pressure 50%", "steady 0.6" or "box select" on the colour bar.
    private func inkLabels(_ status: BarStatus) -> [ToolbarLabel] {
        shownInkRects(status).map { _, r, text in
            ToolbarLabel(text: text, rect: Rect(x: r.minX + 6, y: r.minY, width: r.width - 6 - 3, height: r.height), color: Self.ink, onShapeBar: false)
        }
    }

    /// The ink labels' boxes, shaded under the pointer.
    private func inkBoxes(_ status: BarStatus) -> [Drawable] {
        shownInkRects(status).flatMap { hit, r, _ in
            [filled(.rectangle(r), status.hover == hit ? Self.hoverShade : .white), outline(r, width: 1)]
        }
    }

    /// "12 pt" (one decimal for fractional widths).
    public static func widthText(_ w: Double) -> String {
        guard w.isFinite, abs(w) < 1e9 else { return "? pt" }
        return (w == w.rounded() ? String(Int(w)) : String(format: "%.1f", w)) + " pt"
    }
    /// "75 %".
    public static func opacityText(_ o: Double) -> String {
        guard o.isFinite, abs(o) < 1e7 else { return "? %" }
        return "\(Int((o * 100).rounded())) %"
    }
    /// "100 %", "141 %", "3.1 %": the zoom as the title says it, in the bar's style.
    public static func zoomText(_ zoom: Double) -> String {
        String(Viewport(zoom: zoom).zoomPercentText.dropLast()) + " %"
    }

    func filled(_ p: Path, _ c: Color) -> Drawable {
        .path(PathDrawable(path: p, stroke: nil, fill: c, style: StrokeOptions(width: 0)))
    }

    func outline(_ r: Rect, width: Double, color: Color = ToolbarLayout.ink) -> Drawable {
        .path(PathDrawable(path: .rectangle(r), stroke: color, fill: nil,
                           style: StrokeOptions(width: width, cap: .butt, join: .miter)))
    }

    /// A colour chip: the colour (random: four quarters), outlined in ink; a translucent colour lies
    /// on a checkerboard.
    func chip(_ choice: ColorChoice, in r: Rect) -> [Drawable] {
        var out: [Drawable] = []
        switch choice {
        case .fixed(let c):
            if !c.isOpaque { out += checkers(in: r) }
            out.append(filled(.rectangle(r), c))
        case .random:
            let q = [Color.red, .yellow, .green, .blue]
            let w = r.width / 2, h = r.height / 2
            for k in 0..<4 {
                let cell = Rect(x: r.minX + Double(k % 2) * w, y: r.minY + Double(k / 2) * h, width: w, height: h)
                out.append(filled(.rectangle(cell), q[k]))
            }
        }
        out.append(outline(r, width: 1))
        return out
    }

    /// A grey and white checkerboard behind a translucent colour.
    private func checkers(in r: Rect) -> [Drawable] {
        let n = 4, w = r.width / Double(n), h = r.height / Double(n)
        var out = [filled(.rectangle(r), .white)]
        for k in 0..<(n * n) where (k % n + k / n) % 2 == 0 {
            out.append(filled(.rectangle(Rect(x: r.minX + Double(k % n) * w, y: r.minY + Double(k / n) * h, width: w, height: h)),
                              Color(r: 0xc8, g: 0xc8, b: 0xc8)))
        }
        return out
    }

    /// A swatch: the stroke's is ringed in ink; the fill's is underlined on the panel (visible
    /// whatever the swatch's colour).
    private func swatch(_ choice: ColorChoice, in r: Rect, style: ToolStyle) -> [Drawable] {
        var out: [Drawable] = []
        if style.stroke == choice { out.append(outline(r.insetBy(-3), width: 2.5)) }
        out += chip(choice, in: r)
        if style.fill == choice {
            out.append(filled(.rectangle(Rect(x: r.minX, y: r.maxY + 1.5, width: r.width, height: 2.5)), Self.ink))
        }
        return out
    }

    /// The current-colour squares: fill behind (crossed out for "no fill"), stroke in front, each
    /// ringed white inside ink so it shows on the panel and against any colour.
    private func colorSquares(_ s: ToolStyle, hover: ToolbarHit?) -> [Drawable] {
        var out: [Drawable] = []
        if case .colorIndicator = hover { out.append(filled(.rectangle(colorIndicatorRect.insetBy(-4)), Self.hoverShade)) }
        let f = fillSquare
        if let fill = s.fill {
            out += chip(fill, in: f)
        } else {
            out.append(filled(.rectangle(f), .white))
            out.append(.path(PathDrawable(path: .polyline([Point(f.minX, f.maxY), Point(f.maxX, f.minY)]),
                                          stroke: Self.recordRed, fill: nil, style: StrokeOptions(width: 2, cap: .butt))))
            out.append(outline(f, width: 1))
        }
        out.append(outline(f.insetBy(-1.5), width: 2, color: .white))
        let st = strokeSquare
        out += chip(s.stroke, in: st)
        out.append(outline(st.insetBy(-1.5), width: 2, color: .white))
        out.append(outline(st.insetBy(-2.5), width: 1))
        return out
    }

    /// The command buttons at the colour bar's left end, and the line after them.
    private func commandButtons(hover: ToolbarHit?) -> [Drawable] {
        var out: [Drawable] = []
        for (command, r) in zip(ToolbarCommand.allCases, commandRects) {
            if hover == .command(command) { out.append(filled(.rectangle(r.insetBy(-2)), Self.hoverShade)) }
            out += command.icon(r.insetBy(r.width * 0.2), Self.ink)
        }
        let x = commandSeparatorX, r = swatchRects[0]
        out.append(.path(PathDrawable(path: .polyline([Point(x, r.minY), Point(x, r.maxY)]), stroke: Self.separator, fill: nil,
                                      style: StrokeOptions(width: 1, cap: .butt))))
        return out
    }

    static let separator = Color(r: 0xc0, g: 0xc2, b: 0xbe)

    /// The value boxes (width, opacity, zoom: shaded under the pointer) with their marks: the
    /// width's dot (capped to the box, in the stroke colour at the opacity), the opacity's chip (the
    /// stroke colour at the opacity on a checkerboard), the zoom's magnifier; the mirror and
    /// recording marks when on.
    private func valueBoxes(_ s: ToolStyle, status: BarStatus) -> [Drawable] {
        var out: [Drawable] = []
        let color = (s.stroke == .random ? Color.black : s.stroke.fixedColor).withOpacity(s.opacity)
        for (hit, r) in shownValues {
            out.append(filled(.rectangle(r), status.hover == hit ? Self.hoverShade : .white))
            out.append(outline(r, width: 1))
            switch hit {
            case .width:
                let dot = min(s.width, r.height * 0.8)
                out.append(.path(PathDrawable(path: .polyline([widthDotCenter]), stroke: color, fill: nil, style: .round(width: dot))))
            case .opacity:
                let side = r.height * 0.56
                out += opacityMark(color, in: Rect(x: r.minX + (r.height - side) / 2, y: r.center.y - side / 2, width: side, height: side))
            default:
                out += ToolIcons.magnifier(Rect(x: r.minX, y: r.minY, width: r.height, height: r.height).insetBy(r.height * 0.22), Self.ink)
            }
        }
        return showsIndicators ? out + indicatorMarks(status) : out
    }

    /// The opacity's mark: a checkerboard whose top-left half holds the stroke colour at the
    /// opacity, so the board always shows and the colour's transparency reads as such.
    private func opacityMark(_ color: Color, in r: Rect) -> [Drawable] {
        var half = Path()
        half.move(to: Point(r.minX, r.minY)); half.line(to: Point(r.maxX, r.minY)); half.line(to: Point(r.minX, r.maxY)); half.close()
        return checkers(in: r) + [filled(half, color), outline(r, width: 1)]
    }

    /// The mirror mark (a line between two facing triangles) and the recording dot, when on.
    private func indicatorMarks(_ status: BarStatus) -> [Drawable] {
        var out: [Drawable] = []
        if status.mirror {
            let r = mirrorRect, h = r.height * 0.3, c = Point(r.minX + r.height * 0.35, r.center.y)
            out.append(.path(PathDrawable(path: .polyline([Point(c.x, c.y - h), Point(c.x, c.y + h)]), stroke: Self.ink, fill: nil,
                                          style: StrokeOptions(width: 1, cap: .butt))))
            var tri = Path()
            tri.move(to: Point(c.x - 3, c.y - h * 0.7)); tri.line(to: Point(c.x - 3, c.y + h * 0.7)); tri.line(to: Point(c.x - h, c.y)); tri.close()
            tri.move(to: Point(c.x + 3, c.y - h * 0.7)); tri.line(to: Point(c.x + 3, c.y + h * 0.7)); tri.line(to: Point(c.x + h, c.y)); tri.close()
            out.append(filled(tri, Self.ink))
        }
        if status.touchMode != nil, let r = touchModeRect(mirror: status.mirror) {
            out.append(filled(.rectangle(r), status.hover == .touchMode ? Self.hoverShade : .white))
            out.append(outline(r, width: 1))
            let mark = Rect(x: r.minX, y: r.minY, width: r.height, height: r.height)
            out += ToolIcons.touch(mark.insetBy(r.height * 0.18), Self.ink, pans: status.touchMode == .navigate)
        }
        if status.recording {
            let r = recordingRect, d = r.height * 0.4
            out.append(filled(.ellipse(in: Rect(x: r.minX + r.height * 0.08, y: r.center.y - d / 2, width: d, height: d)), Self.recordRed))
        }
        return out
    }
}
