/// Rectangle and Ellipse (Dudel, QuartzFun): the rectangle spanned by the touch's start and current
/// point, or the ellipse inscribed in it; filled, then stroked with butt caps (miter joins on the
/// rectangle). Shift constrains to a square or circle. A tap (zero width or height) commits nothing.
public final class ShapeTool: MultiTouchTool {
    public init(ellipse: Bool) { super.init(kind: ellipse ? .ellipse : .rectangle) }

    /// The rectangle from `a` towards `b`; with `square`, its side is the larger span, towards the drag.
    public static func span(from a: Point, to b: Point, square: Bool) -> Rect {
        guard square else { return Rect(corner: a, b) }
        let dx = b.x - a.x, dy = b.y - a.y
        let side = max(abs(dx), abs(dy))
        let end = Point(a.x + (dx < 0 ? -side : side), a.y + (dy < 0 ? -side : side))
        return Rect(corner: a, end)
    }

    public override func drawable(for t: TrackedTouch, ended: Bool) -> Drawable? {
        let rect = ShapeTool.span(from: t.first, to: t.last, square: t.shift)
        guard rect.width > 0, rect.height > 0 else { return nil }
        let path: Path = kind == .ellipse ? .ellipse(in: rect) : .rectangle(rect)
        let style = StrokeOptions(width: t.style.width, cap: .butt, join: .miter)
        return .path(PathDrawable(path: path, stroke: t.style.stroke, fill: t.style.fill, style: style))
    }
}
