import Foundation

/// The command buttons' icons, and the marks that label the opacity and zoom values: ink lines
/// inside a square, as the tools' icons are.
extension ToolIcons {
    private static func inkLine(_ p: Path, _ c: Color, width: Double = 1.5) -> Drawable {
        .path(PathDrawable(path: p, stroke: c, fill: nil, style: .round(width: width)))
    }

    private static func at(_ r: Rect, _ x: Double, _ y: Double) -> Point { Point(r.minX + x * r.width, r.minY + y * r.height) }

    /// A floppy disk: the body with its cut corner, the shutter and the label.
    static func save(_ r: Rect, _ c: Color) -> [Drawable] {
        func p(_ x: Double, _ y: Double) -> Point { at(r, x, y) }
        var body = Path.polyline([p(0.08, 0.08), p(0.74, 0.08), p(0.92, 0.26), p(0.92, 0.92), p(0.08, 0.92)])
        body.close()
        var parts = Path.polyline([p(0.28, 0.08), p(0.28, 0.34), p(0.66, 0.34), p(0.66, 0.08)])
        parts.move(to: p(0.24, 0.92)); parts.line(to: p(0.24, 0.58)); parts.line(to: p(0.76, 0.58)); parts.line(to: p(0.76, 0.92))
        return [inkLine(body, c), inkLine(parts, c)]
    }

    /// An arrow rising out of an open tray.
    static func export(_ r: Rect, _ c: Color) -> [Drawable] {
        func p(_ x: Double, _ y: Double) -> Point { at(r, x, y) }
        var path = Path.polyline([p(0.08, 0.5), p(0.08, 0.92), p(0.92, 0.92), p(0.92, 0.5)])
        path.move(to: p(0.5, 0.7)); path.line(to: p(0.5, 0.06))
        path.move(to: p(0.26, 0.3)); path.line(to: p(0.5, 0.06)); path.line(to: p(0.74, 0.3))
        return [inkLine(path, c)]
    }

    /// Three stacked sheets seen at a slant (the layers panel).
    static func layers(_ r: Rect, _ c: Color) -> [Drawable] {
        func p(_ x: Double, _ y: Double) -> Point { at(r, x, y) }
        var top = Path.polyline([p(0.5, 0.1), p(0.92, 0.3), p(0.5, 0.5), p(0.08, 0.3)])
        top.close()
        var lower = Path.polyline([p(0.2, 0.46), p(0.08, 0.52), p(0.5, 0.72), p(0.92, 0.52), p(0.8, 0.46)])
        lower.move(to: p(0.2, 0.68)); lower.line(to: p(0.08, 0.74)); lower.line(to: p(0.5, 0.94))
        lower.line(to: p(0.92, 0.74)); lower.line(to: p(0.8, 0.68))
        return [inkLine(top, c), inkLine(lower, c)]
    }

    /// A U-turn arrow pointing left (undo), or right when `mirrored` (redo).
    static func undo(_ r: Rect, _ c: Color, mirrored: Bool) -> [Drawable] {
        func p(_ x: Double, _ y: Double) -> Point { at(r, mirrored ? 1 - x : x, y) }
        var path = Path()
        path.move(to: p(0.1, 0.36)); path.line(to: p(0.58, 0.36))
        path.cubic(p(0.98, 0.36), p(0.98, 0.9), to: p(0.58, 0.9))
        path.line(to: p(0.3, 0.9))
        path.move(to: p(0.32, 0.12)); path.line(to: p(0.1, 0.36)); path.line(to: p(0.32, 0.6))
        return [inkLine(path, c)]
    }

    /// A fingertip (a ring) with what it does: a stroke beside it when touch draws, four arrows
    /// about it when touch pans: what marks the touch mode.
    static func touch(_ r: Rect, _ c: Color, pans: Bool) -> [Drawable] {
        let tip = Path.ellipse(in: Rect(corner: at(r, 0.3, 0.3), at(r, 0.7, 0.7)))
        guard pans else {
            var stroke = Path(); stroke.move(to: at(r, 0.05, 0.95))
            stroke.cubic(at(r, 0.25, 0.7), at(r, 0.45, 1.0), to: at(r, 0.95, 0.8))
            return [inkLine(tip, c), inkLine(stroke, c)]
        }
        var arrows = Path()
        for (a, b, l, rr) in [((0.5, 0.2), (0.5, 0.0), (0.38, 0.12), (0.62, 0.12)), ((0.5, 0.8), (0.5, 1.0), (0.38, 0.88), (0.62, 0.88)),
                              ((0.2, 0.5), (0.0, 0.5), (0.12, 0.38), (0.12, 0.62)), ((0.8, 0.5), (1.0, 0.5), (0.88, 0.38), (0.88, 0.62))] {
            arrows.move(to: at(r, a.0, a.1)); arrows.line(to: at(r, b.0, b.1))
            arrows.move(to: at(r, l.0, l.1)); arrows.line(to: at(r, b.0, b.1)); arrows.line(to: at(r, rr.0, rr.1))
        }
        return [inkLine(tip, c), inkLine(arrows, c, width: 1.2)]
    }

    /// A magnifying glass: what labels the zoom value.
    static func magnifier(_ r: Rect, _ c: Color) -> [Drawable] {
        let lens = Path.ellipse(in: Rect(corner: at(r, 0.08, 0.08), at(r, 0.68, 0.68)))
        return [inkLine(lens, c), inkLine(.polyline([at(r, 0.62, 0.62), at(r, 0.94, 0.94)]), c, width: 2.5)]
    }
}
