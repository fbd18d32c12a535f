import Foundation

/// Draws the bars with Scrawl's own paths and tessellator, as drawables in window points.
extension ToolbarLayout {
    static let panel = Color(r: 0xee, g: 0xee, b: 0xec)
    static let ink = Color(r: 0x2e, g: 0x34, b: 0x36)
    static let highlight = Color(r: 0xb4, g: 0xd5, b: 0xfe)

    /// What the bars show for the editor's current settings and tool: the colour bar in window
    /// points, the shape bar relative to its own top edge (the window puts it below the canvas's
    /// pixel rows, wherever rounding at the device scale lands them). Empty when hidden.
    public func drawables(settings: DrawingSettings, tool: ToolKind) -> (colorBar: [Drawable], shapeBar: [Drawable]) {
        guard visible else { return ([], []) }
        var settings = settings
        if tool == .highlighter {  // the bars show the highlighter's own colour and width
            settings.stroke = settings.highlighterColor
            settings.width = settings.highlighterWidth
            settings.opacity = 1
        }
        var top: [Drawable] = [filled(.rectangle(colorBar), Self.panel)]
        for (i, r) in swatchRects.enumerated() { top += swatch(ColorChoice.bar[i].choice, in: r, settings: settings) }
        var bottom: [Drawable] = [filled(.rectangle(shapeBar), Self.panel)]
        for (i, kind) in ToolKind.allCases.enumerated() {
            let r = toolRects[i]
            if kind == tool { bottom.append(filled(.rectangle(r.insetBy(-2)), Self.highlight)) }
            bottom.append(.path(PathDrawable(path: ToolIcons.icon(kind, in: r.insetBy(r.width * 0.18)),
                                             stroke: Self.ink, fill: nil, style: .round(width: 1.5))))
        }
        if let r = toolRects.last { bottom += widthIndicator(settings, in: r) }
        let up = Point(0, -shapeBar.minY)
        return (top, bottom.map { $0.translated(by: up) })
    }

    private func filled(_ p: Path, _ c: Color) -> Drawable {
        .path(PathDrawable(path: p, stroke: nil, fill: c, style: StrokeOptions(width: 0)))
    }

    private func swatch(_ choice: ColorChoice, in r: Rect, settings: DrawingSettings) -> [Drawable] {
        var out: [Drawable] = []
        if settings.stroke == choice { out.append(outline(r.insetBy(-3), width: 2.5)) }
        switch choice {
        case .fixed(let c): out.append(filled(.rectangle(r), c))
        case .random:
            let q = [Color.red, .yellow, .green, .blue]
            let w = r.width / 2, h = r.height / 2
            for k in 0..<4 {
                let cell = Rect(x: r.minX + Double(k % 2) * w, y: r.minY + Double(k / 2) * h, width: w, height: h)
                out.append(filled(.rectangle(cell), q[k]))
            }
        }
        out.append(outline(r, width: 1))
        if settings.fill == choice {  // the fill marker: a small ink triangle in the lower-right corner
            var tri = Path()
            tri.move(to: Point(r.maxX, r.maxY - r.height * 0.45)); tri.line(to: Point(r.maxX, r.maxY))
            tri.line(to: Point(r.maxX - r.width * 0.45, r.maxY)); tri.close()
            out.append(.path(PathDrawable(path: tri, stroke: .white, fill: Self.ink, style: StrokeOptions(width: 1, join: .miter))))
        }
        return out
    }

    private func outline(_ r: Rect, width: Double) -> Drawable {
        .path(PathDrawable(path: .rectangle(r), stroke: Self.ink, fill: nil,
                           style: StrokeOptions(width: width, cap: .butt, join: .miter)))
    }

    /// A dot of the current width (capped to the button) in the stroke colour at the current opacity.
    private func widthIndicator(_ s: DrawingSettings, in r: Rect) -> [Drawable] {
        let dot = min(s.width, r.height * 0.9)
        let color = (s.stroke == .random ? Color.black : s.stroke.fixedColor).withOpacity(s.opacity)
        return [.path(PathDrawable(path: .polyline([r.center]), stroke: color, fill: nil, style: .round(width: dot)))]
    }
}

/// One small path per tool, drawn inside a square.
enum ToolIcons {
    static func icon(_ kind: ToolKind, in r: Rect) -> Path {
        func p(_ x: Double, _ y: Double) -> Point { Point(r.minX + x * r.width, r.minY + y * r.height) }
        var path = Path()
        switch kind {
        case .pencil: return .polyline([p(0, 0.8), p(0.25, 0.3), p(0.5, 0.7), p(0.75, 0.2), p(1, 0.6)])
        case .line: return .polyline([p(0, 1), p(1, 0)])
        case .rectangle: return .rectangle(Rect(corner: p(0, 0.15), p(1, 0.85)))
        case .ellipse: return .ellipse(in: Rect(corner: p(0, 0.15), p(1, 0.85)))
        case .stamp:
            for k in 0..<10 {
                let a = -Double.pi / 2 + Double(k) * Double.pi / 5
                let q = p(0.5 + 0.5 * (k % 2 == 0 ? 1 : 0.4) * cos(a), 0.52 + 0.5 * (k % 2 == 0 ? 1 : 0.4) * sin(a))
                if k == 0 { path.move(to: q) } else { path.line(to: q) }
            }
            path.close()
        case .bezier:
            path.move(to: p(0, 0.8)); path.cubic(p(0.2, -0.2), p(0.8, 1.2), to: p(1, 0.2))
        case .smooth:
            path.move(to: p(0, 0.5)); path.cubic(p(0.3, 0), p(0.7, 1), to: p(1, 0.5))
        case .arrow:
            path = .polyline([p(0, 1), p(1, 0)])
            path.move(to: p(0.55, 0)); path.line(to: p(1, 0)); path.line(to: p(1, 0.45))
        case .follow:
            path.move(to: p(0, 0.7)); path.quad(control: p(0.5, 0.1), to: p(1, 0.7))
            path.addArc(center: p(0.5, 0.4), radius: r.width * 0.14, startAngle: 0, endAngle: 2 * .pi, clockwise: true)
        case .eraser:
            // A tilted block eraser.
            path = .polyline([p(0.1, 0.65), p(0.55, 0.2), p(0.9, 0.55), p(0.45, 1), p(0.1, 0.65)])
            path.move(to: p(0.3, 0.45)); path.line(to: p(0.65, 0.8))
        case .highlighter:
            // An upright marker with a chisel tip over the line it drew.
            path = .polyline([p(0.36, 0.5), p(0.36, 0), p(0.64, 0), p(0.64, 0.62), p(0.36, 0.5)])
            path.move(to: p(0.36, 0.5)); path.line(to: p(0.4, 0.72)); path.line(to: p(0.64, 0.82)); path.line(to: p(0.64, 0.62))
            path.move(to: p(0, 0.95)); path.line(to: p(1, 0.95))
        case .select:
            // An arrow pointer.
            path = .polyline([p(0.2, 0), p(0.2, 0.85), p(0.42, 0.65), p(0.58, 1), p(0.7, 0.94), p(0.54, 0.6), p(0.82, 0.6), p(0.2, 0)])
        }
        return path
    }
}
