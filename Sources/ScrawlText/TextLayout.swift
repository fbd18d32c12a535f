import ScrawlCore

/// One glyph of laid-out text. Coordinates are device pixels, y down, relative to the first
/// line's baseline-left point; line `n` has its baseline at `n × lineHeight`.
public struct PlacedGlyph: Equatable, Sendable {
    public var scalar: Unicode.Scalar
    public var glyphIndex: UInt32
    /// The pen position: x along the line, y the line's baseline.
    public var origin: Point
    /// The advance FreeType reports for the glyph (px).
    public var advance: Double
    /// The kerning applied between the previous glyph and this one (already in `origin.x`).
    public var kerning: Double
    /// The glyph's bitmap box: (origin.x + bearingX, origin.y - bearingY) and its size. Empty for spaces.
    public var box: Rect
}

/// Lays text out on lines with FreeType's advances and kerning. Uses `Font`, so it is as
/// thread-unsafe as the font it is given.
public enum TextLayout {
    /// The glyphs of `string` on one line per `\n` (a `\r\n` counts as one break), pens advancing by
    /// each glyph's advance plus the kerning FreeType gives for each pair. Line breaks produce no glyph.
    public static func layout(_ string: String, font: Font) -> [PlacedGlyph] {
        var placed: [PlacedGlyph] = []
        var x = 0.0, y = 0.0
        var previous: UInt32 = 0
        for character in string {
            if character.isNewline {
                x = 0; y += font.lineHeight; previous = 0
                continue
            }
            guard let scalar = character.unicodeScalars.first else { continue }
            let index = font.glyphIndex(scalar)
            let kerning = previous == 0 ? 0 : font.kerning(index: previous, index)
            x += kerning
            let glyph = font.glyph(index: index)
            let advance = glyph?.advance ?? 0
            let box = glyph.map {
                Rect(x: x + Double($0.bearingX), y: y - Double($0.bearingY), width: Double($0.width), height: Double($0.height))
            } ?? Rect(x: x, y: y, width: 0, height: 0)
            placed.append(PlacedGlyph(scalar: scalar, glyphIndex: index, origin: Point(x, y), advance: advance,
                                      kerning: kerning, box: box))
            x += advance
            previous = index
        }
        return placed
    }

    /// Width of the longest line (sum of its advances and kerning) and height `lines × lineHeight`;
    /// (0, 0) for the empty string.
    public static func measure(_ string: String, font: Font) -> (width: Double, height: Double) {
        guard !string.isEmpty else { return (0, 0) }
        var width = 0.0, lineWidth = 0.0, lines = 1
        var previous: UInt32 = 0
        for character in string {
            if character.isNewline {
                width = max(width, lineWidth); lineWidth = 0; lines += 1; previous = 0
                continue
            }
            guard let scalar = character.unicodeScalars.first else { continue }
            let index = font.glyphIndex(scalar)
            if previous != 0 { lineWidth += font.kerning(index: previous, index) }
            lineWidth += font.advance(index: index)
            previous = index
        }
        return (max(width, lineWidth), Double(lines) * font.lineHeight)
    }
}
