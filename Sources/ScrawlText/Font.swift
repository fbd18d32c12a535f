import CFreeType

/// One glyph rasterised by FreeType: 8-bit coverage, rows top to bottom, `width` bytes a row.
public struct GlyphBitmap: Equatable, Sendable {
    /// The font's glyph index (0 is the font's "missing glyph" box).
    public var glyphIndex: UInt32
    /// Size of the coverage bitmap in pixels.
    public var width: Int, height: Int
    /// From the pen position to the bitmap's left edge (px, right positive).
    public var bearingX: Int
    /// From the baseline up to the bitmap's top row (px, up positive).
    public var bearingY: Int
    /// Horizontal advance FreeType reports (26.6 fixed point, as pixels).
    public var advance: Double
    /// Coverage 0...255, `width * height` bytes, row 0 = top.
    public var coverage: [UInt8]
}

/// A FreeType face at one pixel size, with its own `FT_Library`.
///
/// Not thread-safe: FreeType faces and libraries are not, so use one `Font` from one thread at a
/// time (the class is deliberately not `Sendable`). Glyphs are hinted (TrueType fonts by their own
/// bytecode with FreeType's full v35 interpreter, other formats by its auto-hinter) and rasterised
/// at exactly `pixelSize`, so stems fall on whole pixels: render at the device size (points ×
/// content scale) rather than scaling a bitmap.
public final class Font {
    public let path: String
    /// The em size in device pixels.
    public let pixelSize: Double
    private let library: FT_Library
    private let face: FT_Face

    /// Opens the font file at `path` (face 0) at `pixelSize` pixels per em.
    /// Throws `TextError.noFont(path:)` when no file is there, `.freetype` for FreeType's own failures.
    public init(path: String, pixelSize: Double) throws(TextError) {
        guard pixelSize > 0, pixelSize.isFinite else { throw .freetype(call: "FT_Set_Char_Size", code: 0x17) }
        // Not fatal: without the v35 interpreter FreeType still hints (stems may be softer).
        let (library, face) = try FreeTypeFace.open(path) { _ = scrawl_ft_use_full_truetype_hinting($0) }
        // 26.6 points at 72 dpi: one point is one pixel, and fractional sizes are kept.
        let error = FT_Set_Char_Size(face, 0, FT_F26Dot6((pixelSize * 64).rounded()), 72, 72)
        guard error == 0 else {
            FreeTypeFace.close(library: library, face: face)
            throw .freetype(call: "FT_Set_Char_Size", code: error)
        }
        self.path = path
        self.pixelSize = pixelSize
        self.library = library
        self.face = face
    }

    deinit { FreeTypeFace.close(library: library, face: face) }

    private var metrics: FT_Size_Metrics { face.pointee.size.pointee.metrics }

    /// Distance from the baseline up to the top of the tallest glyphs (px, positive).
    public var ascender: Double { Double(metrics.ascender) / 64 }
    /// Distance from the baseline to the bottom of the lowest glyphs (px, negative as in FreeType).
    public var descender: Double { Double(metrics.descender) / 64 }
    /// Baseline-to-baseline distance (px).
    public var lineHeight: Double { Double(metrics.height) / 64 }
    /// Whether the font has kerning FreeType can apply (a `kern` table).
    public var hasKerning: Bool { scrawl_ft_has_kerning(face) != 0 }
    /// The family name the font file declares, e.g. "DejaVu Sans".
    public var familyName: String { face.pointee.family_name.map { String(cString: $0) } ?? "" }

    /// The glyph index of `scalar` (0 when the font lacks it).
    public func glyphIndex(_ scalar: Unicode.Scalar) -> UInt32 {
        UInt32(FT_Get_Char_Index(face, FT_ULong(scalar.value)))
    }

    /// The first scalar of `character` rasterised (nil only when FreeType fails).
    public func glyph(for character: Character) -> GlyphBitmap? {
        character.unicodeScalars.first.flatMap { glyph(for: $0) }
    }

    /// `scalar` rasterised at this size (the font's missing-glyph box when it lacks the scalar);
    /// nil only when FreeType fails to load or render it.
    public func glyph(for scalar: Unicode.Scalar) -> GlyphBitmap? {
        glyph(index: glyphIndex(scalar))
    }

    /// Glyph `index` rasterised at this size; nil when FreeType fails.
    public func glyph(index: UInt32) -> GlyphBitmap? {
        guard FT_Load_Glyph(face, index, scrawl_ft_load_flags(face, 1)) == 0, let slot = face.pointee.glyph else { return nil }
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width), height = Int(bitmap.rows), pitch = Int(bitmap.pitch)
        var coverage = [UInt8](repeating: 0, count: width * height)
        if width > 0, height > 0, let buffer = bitmap.buffer {
            guard bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue) else { return nil }
            for row in 0..<height {
                let source = pitch >= 0 ? buffer + row * pitch : buffer + (height - 1 - row) * -pitch
                for column in 0..<width { coverage[row * width + column] = source[column] }
            }
        }
        return GlyphBitmap(glyphIndex: index, width: width, height: height,
                           bearingX: Int(slot.pointee.bitmap_left), bearingY: Int(slot.pointee.bitmap_top),
                           advance: Double(slot.pointee.advance.x) / 64, coverage: coverage)
    }

    /// The advance of glyph `index` (px) as `glyph(index:)` reports it, without rasterising; 0 on failure.
    public func advance(index: UInt32) -> Double {
        guard FT_Load_Glyph(face, index, scrawl_ft_load_flags(face, 0)) == 0, let slot = face.pointee.glyph else { return 0 }
        return Double(slot.pointee.advance.x) / 64
    }

    /// The horizontal kerning between `left` and `right` (px, usually negative), grid-fitted as
    /// FreeType's default mode gives it; 0 when the font has no kerning for the pair.
    public func kerning(_ left: Unicode.Scalar, _ right: Unicode.Scalar) -> Double {
        kerning(index: glyphIndex(left), glyphIndex(right))
    }

    /// Kerning between two glyph indices (px).
    public func kerning(index left: UInt32, _ right: UInt32) -> Double {
        guard hasKerning, left != 0, right != 0 else { return 0 }
        var delta = FT_Vector()
        guard FT_Get_Kerning(face, left, right, FT_KERNING_DEFAULT.rawValue, &delta) == 0 else { return 0 }
        return Double(delta.x) / 64
    }
}
