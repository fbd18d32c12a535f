import Foundation

/// One small icon per tool, drawn inside a square: ink lines, and for a few tools a filled part
/// (the tool table, `ToolCatalog`, names each tool's).
enum ToolIcons {
    private static func fill(_ p: Path, _ c: Color) -> Drawable { .path(PathDrawable(path: p, stroke: nil, fill: c, style: StrokeOptions(width: 0))) }
    /// An icon's outline path in ink.
    private static func ink(_ p: Path, _ ink: Color) -> Drawable { .path(PathDrawable(path: p, stroke: ink, fill: nil, style: .round(width: 1.5))) }

    static func pencil(_ r: Rect, _ c: Color) -> [Drawable] {
        [ink(.polyline([point(r, 0, 0.8), point(r, 0.25, 0.3), point(r, 0.5, 0.7), point(r, 0.75, 0.2), point(r, 1, 0.6)]), c)]
    }
    static func line(_ r: Rect, _ c: Color) -> [Drawable] { [ink(.polyline([point(r, 0, 1), point(r, 1, 0)]), c)] }
    static func rectangle(_ r: Rect, _ c: Color) -> [Drawable] { [ink(.rectangle(Rect(corner: point(r, 0, 0.15), point(r, 1, 0.85))), c)] }
    static func ellipse(_ r: Rect, _ c: Color) -> [Drawable] { [ink(.ellipse(in: Rect(corner: point(r, 0, 0.15), point(r, 1, 0.85))), c)] }

    /// A soft freehand stroke: a pale wide halo under a tapered ink body.
    static func smooth(_ r: Rect, _ c: Color) -> [Drawable] {
        [fill(brushBody(in: r, maxWidth: r.height * 0.42), c.withOpacity(0.3)), fill(brushBody(in: r, maxWidth: r.height * 0.24), c)]
    }

    /// An arrow pointer.
    static func select(_ r: Rect, _ c: Color) -> [Drawable] {
        func p(_ x: Double, _ y: Double) -> Point { point(r, x, y) }
        return [ink(.polyline([p(0.2, 0), p(0.2, 0.85), p(0.42, 0.65), p(0.58, 1), p(0.7, 0.94), p(0.54, 0.6), p(0.82, 0.6), p(0.2, 0)]), c)]
    }

    /// A five-pointed star.
    static func stamp(_ r: Rect, _ c: Color) -> [Drawable] {
        var path = Path()
        for k in 0..<10 {
            let a = -Double.pi / 2 + Double(k) * Double.pi / 5
            let q = point(r, 0.5 + 0.5 * (k % 2 == 0 ? 1 : 0.4) * cos(a), 0.52 + 0.5 * (k % 2 == 0 ? 1 : 0.4) * sin(a))
            if k == 0 { path.move(to: q) } else { path.line(to: q) }
        }
        path.close()
        return [ink(path, c)]
    }

    /// An arch whose top is tangent to the handle line at y 0.3, and the control handle: a tangent
    /// line with square grips at its ends.
    static func bezier(_ r: Rect, _ c: Color) -> [Drawable] {
        var path = Path()
        path.move(to: point(r, 0, 1)); path.cubic(point(r, 0.12, 0.07), point(r, 0.88, 0.07), to: point(r, 1, 1))
        let a = point(r, 0.1, 0.3), b = point(r, 0.9, 0.3), g = r.width * 0.14
        var out = [ink(path, c), .path(PathDrawable(path: .polyline([a, b]), stroke: c, fill: nil, style: StrokeOptions(width: 1, cap: .butt)))]
        for q in [a, b] { out.append(fill(.rectangle(Rect(x: q.x - g / 2, y: q.y - g / 2, width: g, height: g)), c)) }
        return out
    }

    static func arrow(_ r: Rect, _ c: Color) -> [Drawable] {
        var path = Path.polyline([point(r, 0, 1), point(r, 1, 0)])
        path.move(to: point(r, 0.55, 0)); path.line(to: point(r, 1, 0)); path.line(to: point(r, 1, 0.45))
        return [ink(path, c)]
    }

    /// A path with a handle (its knob and grab zone) sitting on it, and an arrowhead showing where
    /// the handle can go.
    static func follow(_ r: Rect, _ c: Color) -> [Drawable] {
        var path = Path()
        path.move(to: point(r, 0, 0.9)); path.cubic(point(r, 0.3, 0.1), point(r, 0.75, 0.2), to: point(r, 1, 0.75))
        path.move(to: point(r, 0.82, 0.48)); path.line(to: point(r, 1, 0.75)); path.line(to: point(r, 0.72, 0.78))
        let knob = point(r, 0.55, 0.42)
        return [fill(.ellipse(in: Rect(x: knob.x - r.width * 0.24, y: knob.y - r.width * 0.24, width: r.width * 0.48, height: r.width * 0.48)), grabShade),
                ink(path, c),
                fill(.ellipse(in: Rect(x: knob.x - r.width * 0.12, y: knob.y - r.width * 0.12, width: r.width * 0.24, height: r.width * 0.24)), c)]
    }

    /// A tilted block eraser.
    static func eraser(_ r: Rect, _ c: Color) -> [Drawable] {
        var path = Path.polyline([point(r, 0.1, 0.65), point(r, 0.55, 0.2), point(r, 0.9, 0.55), point(r, 0.45, 1), point(r, 0.1, 0.65)])
        path.move(to: point(r, 0.3, 0.45)); path.line(to: point(r, 0.65, 0.8))
        return [ink(path, c)]
    }

    /// An upright marker with a chisel tip over the line it drew.
    static func highlighter(_ r: Rect, _ c: Color) -> [Drawable] {
        func p(_ x: Double, _ y: Double) -> Point { point(r, x, y) }
        var path = Path.polyline([p(0.36, 0.5), p(0.36, 0), p(0.64, 0), p(0.64, 0.62), p(0.36, 0.5)])
        path.move(to: p(0.36, 0.5)); path.line(to: p(0.4, 0.72)); path.line(to: p(0.64, 0.82)); path.line(to: p(0.64, 0.62))
        path.move(to: p(0, 0.95)); path.line(to: p(1, 0.95))
        return [ink(path, c)]
    }

    /// A framed picture (a hill and a sun) with a plus: Insert image.
    static func insertImage(_ r: Rect, _ c: Color) -> [Drawable] {
        func p(_ x: Double, _ y: Double) -> Point { point(r, x, y) }
        var hill = Path.polyline([p(0.05, 0.85), p(0.35, 0.5), p(0.55, 0.7), p(0.7, 0.58), p(0.85, 0.75)])
        hill.move(to: p(0.75, 0)); hill.line(to: p(0.75, 0.3))
        hill.move(to: p(0.6, 0.15)); hill.line(to: p(0.9, 0.15))
        let sun = Rect(x: r.minX + r.width * 0.2, y: r.minY + r.height * 0.25, width: r.width * 0.16, height: r.height * 0.16)
        return [ink(.polyline([p(0.55, 0.1), p(0, 0.1), p(0, 0.95), p(0.9, 0.95), p(0.9, 0.45)]), c), ink(hill, c), fill(.ellipse(in: sun), c)]
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
}
