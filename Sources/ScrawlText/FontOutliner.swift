import ScrawlCore

/// The canvas's text shaper: fontconfig's default sans-serif (or the family a text names, when
/// fontconfig has it), with fontconfig's fallback fonts for the characters it lacks, laid out with
/// FreeType's advances and kerning and drawn as its unhinted outlines. No shaping beyond that:
/// combining marks sit where their own advances put them, right-to-left runs run left to right.
///
/// Not thread-safe (FreeType is not): one per editor.
public final class FontOutliner: TextShaper {
    private let primary: OutlineFont
    /// Fallback font files in fontconfig's order, opened when a character first needs them.
    private var fallbackPaths: [String]
    private var fallbacks: [OutlineFont] = []
    /// The faces of the families asked for by name (nil: fontconfig has no such family).
    private var families: [String: OutlineFont?] = [:]
    /// Which face (index into `faces(for:)`'s list, primary first) draws a scalar.
    private var chosen: [Unicode.Scalar: (font: OutlineFont, glyph: UInt32)] = [:]
    /// How many fallback files are tried at most for one missing character.
    static let fallbackLimit = 48

    /// The shaper over the font at `path`, with `fallbacks` (font files) for missing characters.
    public init(path: String, fallbacks: [String] = []) throws(TextError) {
        primary = try OutlineFont(path: path)
        fallbackPaths = fallbacks.filter { $0 != path }
    }

    /// The system's default sans-serif with fontconfig's fallbacks; nil when no font is found.
    public static func systemDefault() -> FontOutliner? {
        guard let path = FontLocator.sansSerif() else { return nil }
        return try? FontOutliner(path: path, fallbacks: FontLocator.sansSerifFallbacks())
    }

    public var defaultFamily: String { primary.familyName }

    public func shape(_ lines: [String], size: Double, family: String) -> ShapedText {
        let font = face(family: family)
        var outline = Path()
        var carets: [[Double]] = []
        let lineHeight = font.lineHeight * size, ascent = font.ascender * size
        for (row, line) in lines.enumerated() {
            let baseline = ascent + Double(row) * lineHeight
            carets.append(layLine(line, font: font, size: size, baseline: baseline, into: &outline))
        }
        return ShapedText(outline: outline, lineHeight: lineHeight, ascent: ascent, carets: carets,
                          family: font.familyName)
    }

    /// One line's glyphs appended to `outline`; returns its caret stops.
    private func layLine(_ line: String, font: OutlineFont, size: Double, baseline: Double, into outline: inout Path) -> [Double] {
        var stops: [Double] = [0]
        var x = 0.0
        var previous: (font: OutlineFont, glyph: UInt32)?
        for character in line {
            for scalar in character.unicodeScalars {
                let (face, glyph) = glyph(for: scalar, primary: font)
                if let previous, previous.font === face { x += face.kerning(previous.glyph, glyph) * size }
                let shape = face.outline(index: glyph)
                if !shape.isEmpty {
                    let origin = Point(x, baseline)
                    outline.append(shape.mapped { Point(origin.x + $0.x * size, origin.y + $0.y * size) })
                }
                x += face.advance(index: glyph) * size
                previous = (face, glyph)
            }
            stops.append(x)
        }
        return stops
    }

    /// The face of `family`: the primary's when it is that family or fontconfig has no such family.
    private func face(family: String) -> OutlineFont {
        if family == primary.familyName || family.isEmpty { return primary }
        if let known = families[family] { return known ?? primary }
        var found: OutlineFont?
        if let path = FontLocator.file(ofFamily: family) { found = try? OutlineFont(path: path) }
        families[family] = .some(found)
        return found ?? primary
    }

    /// The face and glyph that draw `scalar`: `font`'s when it has it, else the first fallback's
    /// that does, else `font`'s missing-glyph box.
    private func glyph(for scalar: Unicode.Scalar, primary font: OutlineFont) -> (OutlineFont, UInt32) {
        let own = font.glyphIndex(scalar)
        if own != 0 || scalar.properties.generalCategory == .control { return (font, own) }
        if let known = chosen[scalar] { return known.glyph == 0 ? (font, 0) : (known.font, known.glyph) }
        var index = 0
        while index < FontOutliner.fallbackLimit {
            guard let fallback = fallback(index) else { break }
            let glyph = fallback.glyphIndex(scalar)
            if glyph != 0 { chosen[scalar] = (fallback, glyph); return (fallback, glyph) }
            index += 1
        }
        chosen[scalar] = (font, 0)
        return (font, 0)
    }

    /// Fallback `index`, opened now if need be; nil past the last one that opens.
    private func fallback(_ index: Int) -> OutlineFont? {
        while fallbacks.count <= index, !fallbackPaths.isEmpty {
            let path = fallbackPaths.removeFirst()
            if let font = try? OutlineFont(path: path) { fallbacks.append(font) }
        }
        return index < fallbacks.count ? fallbacks[index] : nil
    }
}
