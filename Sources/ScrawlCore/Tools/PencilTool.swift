/// Pencil (Dudel): a polyline per touch, round caps and joins, a dot on a tap, no fill; its width
/// follows the pen's pressure (`TrackedTouch.widths`).
public final class PencilTool: MultiTouchTool {
    public init() { super.init(kind: .pencil) }

    public override func drawable(for t: TrackedTouch, ended: Bool) -> Drawable? {
        .path(PathDrawable(path: .polyline(t.points), stroke: t.style.stroke, fill: nil,
                           style: .round(width: t.uniformWidth), widths: t.varyingWidths))
    }

    public override func cursorFeedback(at p: Point, pointerDown: Bool, _ context: ToolContext) -> CursorFeedback {
        widthRing(at: p, context)
    }

    public override func liveItem(for t: TrackedTouch) -> LiveItem? {
        .polyline(id: t.liveID, points: t.points, color: t.style.stroke, style: .round(width: t.style.width),
                  widths: t.widths)
    }
}
