/// Highlighter: a felt-tip marker for emphasising ink. A polyline per touch (a dot on a tap) with
/// round caps and joins, in its own colour and width (`DrawingSettings.highlighterColor`,
/// `highlighterWidth`), always opaque.
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

    public override func drawable(for t: TrackedTouch, ended: Bool) -> Drawable? {
        .path(PathDrawable(path: .polyline(t.points), stroke: t.style.stroke, fill: nil,
                           style: .round(width: t.style.width), blend: blend))
    }
}
