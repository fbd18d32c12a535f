/// Highlighter: a felt-tip marker for emphasising ink. A polyline per touch (a dot on a tap) with
/// round caps and joins, in its own colour and width (`StyleRecord.highlighter`), always opaque
/// and never filled (the fill and opacity keys set the pen's while it is the tool).
///
/// It does not paint "over" what is there but darkens it (`InkBlend.darken`, per channel minimum):
/// black ink under a highlight stays black, and highlights of one colour over each other, or a
/// stroke over itself, look exactly like one. On a dark page (background luma below 50 %) it
/// lightens instead (maximum), so it stays visible. The mode is chosen from the page background
/// and kept in the drawable, so documents, SVG export and replays draw it the same.
///
/// Live strokes are shown as the drawable they would commit (re-tessellated each frame), drawn
/// with the same commands and blend as the committed stroke, so live and committed pixels agree.
public final class HighlighterTool: MultiTouchTool {
    /// The blend its strokes get on this page.
    public let blend: InkBlend

    public init(background: Color) {
        blend = InkBlend.highlight(on: background)
        super.init(kind: .highlighter)
    }

    /// Its colour made opaque, its width, no fill.
    public override func touchStyle(_ style: ToolStyle) -> TouchStyle {
        let c = style.stroke.fixedColor
        return TouchStyle(stroke: Color(r: c.r, g: c.g, b: c.b), fill: nil, width: style.width, opacity: 1)
    }

    /// The bars show it opaque, whatever the pen's opacity.
    public override func shownStyle(_ style: ToolStyle) -> ToolStyle {
        var s = style
        s.opacity = 1
        return s
    }

    public override func cursorFeedback(at p: Point, pointerDown: Bool, _ context: ToolContext) -> CursorFeedback {
        widthRing(at: p, context)
    }

    /// "Highlighter — colour #ffeb3b, width 16, darken".
    public override func statusLine(_ context: ToolContext) -> String {
        let s = style(context)
        return "\(kind.title) — colour \(s.stroke.name), width \(s.widthText), \(blend.rawValue)"
    }

    public override func drawable(for t: TrackedTouch, ended: Bool) -> Drawable? {
        .path(PathDrawable(path: .polyline(t.points), stroke: t.style.stroke, fill: nil,
                           style: .round(width: t.style.width), blend: blend))  // constant width: a felt tip
    }
}
