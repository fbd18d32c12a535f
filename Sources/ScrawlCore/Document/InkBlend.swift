/// How a path's stroke is composited (its fill, if any, is always drawn "over").
///
/// - `normal`: premultiplied "over".
/// - `darken`: per channel the minimum of the page and the stroke colour, faded towards white by the
///   antialiasing coverage (and the colour's alpha). Ink under it stays as dark as it was, and a
///   stroke of one colour over itself or another of its colour looks exactly like one (min is
///   idempotent). The highlighter's mode on a light page.
/// - `lighten`: per channel the maximum, faded towards transparent black: the highlighter on a dark page.
public enum InkBlend: String, CaseIterable, Hashable, Sendable {
    case normal, darken, lighten

    /// The highlighter's mode on a page of `background`: darken, or lighten when the page is dark
    /// (its `luma` below 50 %: #7f7f7f and darker greys are dark, #808080 is light).
    public static func highlight(on background: Color) -> InkBlend {
        background.luma < 0.5 ? .lighten : .darken
    }
}

extension Color {
    /// Brightness 0 (black) ... 1 (white): Rec. 709 weights of the sRGB-encoded channels, alpha ignored.
    public var luma: Double { (0.2126 * Double(r) + 0.7152 * Double(g) + 0.0722 * Double(b)) / 255 }
}
