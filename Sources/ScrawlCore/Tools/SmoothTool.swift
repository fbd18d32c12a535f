/// Smooth brush: every five input points become a cubic joined to the next at a midpoint (see
/// `SmoothPathBuilder`); a dot on a tap, round caps and joins.
public class SmoothTool: MultiTouchTool {
    public init() { super.init(kind: .smooth) }
    override init(kind: ToolKind) { super.init(kind: kind) }

    /// A ring of the width (the arrow's too).
    public override func cursorFeedback(at p: Point, pointerDown: Bool, _ context: ToolContext) -> CursorFeedback {
        widthRing(at: p, context)
    }

    public override func began(_ t: TrackedTouch) { t.smooth = SmoothPathBuilder(start: t.first, width: t.widths?.first) }

    public override func drawable(for t: TrackedTouch, ended: Bool) -> Drawable? { .path(smoothStroke(for: t)) }

    /// The touch's smoothed path, stroked in its colour and width; with the width at each node
    /// when it varies (pressure ink: the cubics' ends get the widths there).
    func smoothStroke(for t: TrackedTouch) -> PathDrawable {
        let path = t.smooth?.path ?? .polyline(t.points)
        let widths = t.widthVaries ? (t.smooth == nil ? t.widths : t.smooth?.widths) : nil
        return PathDrawable(path: path, stroke: t.style.stroke, fill: nil, style: .round(width: t.uniformWidth), widths: widths)
    }
}
