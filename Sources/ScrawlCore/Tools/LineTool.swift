import Foundation

/// Line (Dudel): a straight segment from where the touch began to where it is; a dot on a tap.
/// With shift held its angle snaps to a multiple of 15° (its length is the touch's distance).
public final class LineTool: MultiTouchTool {
    /// The angle shift snaps a line to multiples of, in degrees.
    public static let snapDegrees = 15.0

    public init() { super.init(kind: .line) }

    public override func cursorFeedback(at p: Point, pointerDown: Bool, _ context: ToolContext) -> CursorFeedback {
        widthRing(at: p, context)
    }

    public override func drawable(for t: TrackedTouch, ended: Bool) -> Drawable? {
        let end = t.shift ? LineTool.snapped(from: t.first, to: t.last) : t.last
        let pts = t.first == end ? [t.first] : [t.first, end]
        return .path(PathDrawable(path: .polyline(pts), stroke: t.style.stroke, fill: nil,
                                  style: .round(width: t.style.width)))
    }

    /// `b` moved about `a` to the nearest angle that is a multiple of `snapDegrees`, at the same
    /// distance from `a`.
    public static func snapped(from a: Point, to b: Point) -> Point {
        let d = b - a, length = d.length
        guard length > 0, length.isFinite else { return b }
        let step = snapDegrees * Double.pi / 180
        let angle = (atan2(d.y, d.x) / step).rounded() * step
        return Point(a.x + length * cos(angle), a.y + length * sin(angle))
    }
}
