/// Text laid out and turned into outlines by a font, in canvas points: what the Text tool and
/// `TextDrawable` need of a font without ScrawlCore importing one. Coordinates are relative to the
/// text's position, the top-left corner of its first line, y down; line `n`'s baseline lies at
/// `ascent + n × lineHeight`.
public struct ShapedText: Hashable, Sendable {
    /// Every glyph's outline, filled with the nonzero rule (holes are contours wound the other way).
    public var outline: Path
    /// Baseline to baseline.
    public var lineHeight: Double
    /// From a line's top to its baseline.
    public var ascent: Double
    /// Per line, the x of each caret stop: one before each character and one after the last
    /// (`characters + 1` stops, the first 0).
    public var carets: [[Double]]
    /// The font family the outlines come from (a fallback's when the one asked for is missing).
    public var family: String

    public init(outline: Path, lineHeight: Double, ascent: Double, carets: [[Double]], family: String) {
        self.outline = outline; self.lineHeight = lineHeight; self.ascent = ascent
        self.carets = carets; self.family = family
    }

    /// The layout box: as wide as the longest line, `lines × lineHeight` tall (relative to the position).
    public var box: Rect {
        let width = carets.map { $0.last ?? 0 }.max() ?? 0
        return Rect(x: 0, y: 0, width: width, height: Double(max(carets.count, 1)) * lineHeight)
    }
}

/// Lays text out in a font family (the app's is FreeType's outlines of fontconfig's fonts, in
/// ScrawlText). Not required to be thread-safe: the editor calls it from its own thread.
public protocol TextShaper: AnyObject {
    /// The family new text is set in (the system's default sans-serif).
    var defaultFamily: String { get }
    /// `lines` (no line breaks in them) at `size` points (the em) in `family`, or in the shaper's
    /// fallback when the family is missing (`ShapedText.family` then says which). Never fails: a
    /// character no font has is drawn as the font's missing-glyph box.
    func shape(_ lines: [String], size: Double, family: String) -> ShapedText
}

/// A shaper without fonts: each character a hollow box, half an em wide. For the core's tests and
/// for a system where no font can be found at all (the window says so); never for real text.
public final class BoxShaper: TextShaper {
    public init() {}
    public var defaultFamily: String { "boxes" }

    public func shape(_ lines: [String], size: Double, family: String) -> ShapedText {
        let advance = size / 2, lineHeight = size * 1.25, ascent = size
        var outline = Path()
        var carets: [[Double]] = []
        for (row, line) in lines.enumerated() {
            var stops: [Double] = [0]
            let top = Double(row) * lineHeight
            for (column, character) in line.enumerated() {
                let x = Double(column) * advance
                if !character.isWhitespace {
                    BoxShaper.addBox(&outline, Rect(x: x + advance * 0.1, y: top + size * 0.2, width: advance * 0.8, height: size * 0.8),
                                     inset: size * 0.08)
                }
                stops.append(x + advance)
            }
            carets.append(stops)
        }
        return ShapedText(outline: outline, lineHeight: lineHeight, ascent: ascent, carets: carets, family: family)
    }

    /// A rectangle with a rectangular hole `inset` in (the hole wound the other way).
    static func addBox(_ path: inout Path, _ r: Rect, inset: Double) {
        path.append(.rectangle(r))
        let i = r.insetBy(inset)
        path.move(to: Point(i.minX, i.minY))
        path.line(to: Point(i.minX, i.maxY))
        path.line(to: Point(i.maxX, i.maxY))
        path.line(to: Point(i.maxX, i.minY))
        path.close()
    }
}
