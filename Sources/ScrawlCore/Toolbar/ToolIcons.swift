import Foundation

/// One small icon per tool, drawn inside a square: ink lines, and for a few tools a filled part.
enum ToolIcons {
    /// The icon's drawables: its outline path in ink, plus the Smooth brush's soft stroke and the
    /// Follow handle's knob, filled.
    static func drawables(_ kind: ToolKind, in r: Rect, ink: Color) -> [Drawable] {
        func fill(_ p: Path, _ c: Color) -> Drawable { .path(PathDrawable(path: p, stroke: nil, fill: c, style: StrokeOptions(width: 0))) }
        var out: [Drawable] = []
        switch kind {
        case .smooth:
            // A soft freehand stroke: a pale wide halo under a tapered ink body.
            out.append(fill(brushBody(in: r, maxWidth: r.height * 0.42), ink.withOpacity(0.3)))
            out.append(fill(brushBody(in: r, maxWidth: r.height * 0.24), ink))
            return out
        case .follow:
            let knob = point(r, 0.55, 0.42)
            out.append(fill(.ellipse(in: Rect(x: knob.x - r.width * 0.24, y: knob.y - r.width * 0.24,
                                              width: r.width * 0.48, height: r.width * 0.48)), Self.grabShade))
            out.append(.path(PathDrawable(path: icon(kind, in: r), stroke: ink, fill: nil, style: .round(width: 1.5))))
            out.append(fill(.ellipse(in: Rect(x: knob.x - r.width * 0.12, y: knob.y - r.width * 0.12,
                                              width: r.width * 0.24, height: r.width * 0.24)), ink))
            return out
        case .bezier:
            out.append(.path(PathDrawable(path: icon(kind, in: r), stroke: ink, fill: nil, style: .round(width: 1.5))))
            // The control handle: a tangent line with square grips at its ends.
            let a = point(r, 0.1, 0.3), b = point(r, 0.9, 0.3), g = r.width * 0.14
            out.append(.path(PathDrawable(path: .polyline([a, b]), stroke: ink, fill: nil, style: StrokeOptions(width: 1, cap: .butt))))
            for c in [a, b] { out.append(fill(.rectangle(Rect(x: c.x - g / 2, y: c.y - g / 2, width: g, height: g)), ink)) }
            return out
        default:
            return [.path(PathDrawable(path: icon(kind, in: r), stroke: ink, fill: nil, style: .round(width: 1.5)))]
        }
    }

    /// The pale ring around the Follow handle: its grab zone.
    static let grabShade = Color(r: 0x9c, g: 0xc3, b: 0xf0)

    private static func point(_ r: Rect, _ x: Double, _ y: Double) -> Point { Point(r.minX + x * r.width, r.minY + y * r.height) }

    /// A tapered brush stroke along a gentle S: widest in the middle, pointed at both ends.
    private static func brushBody(in r: Rect, maxWidth: Double) -> Path {
        let a = point(r, 0, 0.8), c1 = point(r, 0.35, 0.05), c2 = point(r, 0.65, 1.05), b = point(r, 1, 0.25)
        let n = 24
        var left: [Point] = [], right: [Point] = []
        for i in 0...n {
            let t = Double(i) / Double(n), u = 1 - t
            let p = a * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + b * (t * t * t)
            let d = (c1 - a) * (3 * u * u) + (c2 - c1) * (6 * u * t) + (b - c2) * (3 * t * t)
            let len = max(d.length, 1e-9)
            let normal = Point(-d.y / len, d.x / len)
            let half = maxWidth / 2 * sin(Double.pi * t).squareRoot()
            left.append(p + normal * half)
            right.append(p - normal * half)
        }
        var path = Path.polyline(left + right.reversed())
        path.close()
        return path
    }

    /// The icon's ink path.
    static func icon(_ kind: ToolKind, in r: Rect) -> Path {
        func p(_ x: Double, _ y: Double) -> Point { point(r, x, y) }
        switch kind {
        case .pencil: return .polyline([p(0, 0.8), p(0.25, 0.3), p(0.5, 0.7), p(0.75, 0.2), p(1, 0.6)])
        case .line: return .polyline([p(0, 1), p(1, 0)])
        case .rectangle: return .rectangle(Rect(corner: p(0, 0.15), p(1, 0.85)))
        case .ellipse: return .ellipse(in: Rect(corner: p(0, 0.15), p(1, 0.85)))
        case .smooth: return brushBody(in: r, maxWidth: r.height * 0.24)
        case .select:
            // An arrow pointer.
            return .polyline([p(0.2, 0), p(0.2, 0.85), p(0.42, 0.65), p(0.58, 1), p(0.7, 0.94), p(0.54, 0.6), p(0.82, 0.6), p(0.2, 0)])
        default: return drawnIcon(kind, p)
        }
    }

    /// The icons drawn in several strokes: stamp, curve, arrow, follow, eraser, highlighter.
    private static func drawnIcon(_ kind: ToolKind, _ p: (Double, Double) -> Point) -> Path {
        var path = Path()
        switch kind {
        case .stamp:
            for k in 0..<10 {
                let a = -Double.pi / 2 + Double(k) * Double.pi / 5
                let q = p(0.5 + 0.5 * (k % 2 == 0 ? 1 : 0.4) * cos(a), 0.52 + 0.5 * (k % 2 == 0 ? 1 : 0.4) * sin(a))
                if k == 0 { path.move(to: q) } else { path.line(to: q) }
            }
            path.close()
        case .bezier:
            // An arch whose top is tangent to the handle line at y 0.3.
            path.move(to: p(0, 1)); path.cubic(p(0.12, 0.07), p(0.88, 0.07), to: p(1, 1))
        case .arrow:
            path = .polyline([p(0, 1), p(1, 0)])
            path.move(to: p(0.55, 0)); path.line(to: p(1, 0)); path.line(to: p(1, 0.45))
        case .follow:
            // A path with a handle sitting on it, and an arrowhead showing where the handle can go.
            path.move(to: p(0, 0.9)); path.cubic(p(0.3, 0.1), p(0.75, 0.2), to: p(1, 0.75))
            path.move(to: p(0.82, 0.48)); path.line(to: p(1, 0.75)); path.line(to: p(0.72, 0.78))
        case .eraser:
            // A tilted block eraser.
            path = .polyline([p(0.1, 0.65), p(0.55, 0.2), p(0.9, 0.55), p(0.45, 1), p(0.1, 0.65)])
            path.move(to: p(0.3, 0.45)); path.line(to: p(0.65, 0.8))
        case .highlighter:
            // An upright marker with a chisel tip over the line it drew.
            path = .polyline([p(0.36, 0.5), p(0.36, 0), p(0.64, 0), p(0.64, 0.62), p(0.36, 0.5)])
            path.move(to: p(0.36, 0.5)); path.line(to: p(0.4, 0.72)); path.line(to: p(0.64, 0.82)); path.line(to: p(0.64, 0.62))
            path.move(to: p(0, 0.95)); path.line(to: p(1, 0.95))
        default: break  // drawn by `icon` itself
        }
        return path
    }
}
