/// Line (Dudel): a straight segment from where the touch began to where it is; a dot on a tap.
public final class LineTool: MultiTouchTool {
    public init() { super.init(kind: .line) }


    public override func cursorFeedback(at p: Point, pointerDown: Bool, _ context: ToolContext) -> CursorFeedback {
        widthRing(at: p, context)
    }

    public override func drawable(for t: TrackedTouch, ended: Bool) -> Drawable? {
        let pts = t.first == t.last ? [t.first] : [t.first, t.last]
        return .path(PathDrawable(path: .polyline(pts), stroke: t.style.stroke, fill: nil,
                                  style: .round(width: t.style.width)))
    }
}
