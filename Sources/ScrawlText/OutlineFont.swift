import CFreeType
import ScrawlCore

/// A FreeType face read in font units, unhinted: glyph outlines as `Path`s in ems (y down, the pen
/// at the origin on the baseline), advances and kerning in ems. Scaling is left to the caller, so one
/// face serves every size exactly (text on the canvas scales with the zoom).
///
/// Not thread-safe, as FreeType faces are not (the class is deliberately not `Sendable`).
public final class OutlineFont {
    public let path: String
    private let library: FT_Library
    private let face: FT_Face
    /// Font units per em.
    private let unitsPerEm: Double
    private var outlines: [UInt32: Path] = [:]
    private var advances: [UInt32: Double] = [:]

    /// Opens face 0 of the font file at `path`. Throws `TextError.noFont(path:)` when nothing
    /// readable is there, `.freetype` when FreeType fails, and `.noFont` for a face without outlines
    /// (a bitmap-only font).
    public init(path: String) throws(TextError) {
        let (library, face) = try FreeTypeFace.open(path)
        let units = Double(face.pointee.units_per_EM)
        guard units > 0 else {
            FreeTypeFace.close(library: library, face: face)
            throw .noFont(path: path)
        }
        self.path = path
        self.library = library
        self.face = face
        self.unitsPerEm = units
    }

    /// The FreeType face, for this module's own extensions.
    var faceHandle: FT_Face { face }

    deinit { FreeTypeFace.close(library: library, face: face) }

    /// The family name the font file declares, e.g. "DejaVu Sans".
    public var familyName: String { face.pointee.family_name.map { String(cString: $0) } ?? "" }
    /// Baseline to the top of the tallest glyphs, in ems (positive).
    public var ascender: Double { Double(face.pointee.ascender) / unitsPerEm }
    /// Baseline to baseline, in ems.
    public var lineHeight: Double { Double(face.pointee.height) / unitsPerEm }

    /// The glyph index of `scalar`; 0 when the font lacks it.
    public func glyphIndex(_ scalar: Unicode.Scalar) -> UInt32 { UInt32(FT_Get_Char_Index(face, FT_ULong(scalar.value))) }

    /// Glyph `index`'s outline in ems, y down, pen at the origin; empty for a blank glyph or when
    /// FreeType fails. Conic (TrueType) segments become quadratic Béziers, cubic (CFF) ones cubics.
    public func outline(index: UInt32) -> Path {
        if let cached = outlines[index] { return cached }
        var result = Path()
        if load(index), let slot = face.pointee.glyph, slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE {
            result = OutlineDecoder.decompose(&slot.pointee.outline, scale: 1 / unitsPerEm)
        }
        outlines[index] = result
        return result
    }

    /// Glyph `index`'s advance in ems (0 when FreeType fails).
    public func advance(index: UInt32) -> Double {
        if let cached = advances[index] { return cached }
        var advance = 0.0
        if load(index), let slot = face.pointee.glyph { advance = Double(slot.pointee.advance.x) / unitsPerEm }
        advances[index] = advance
        return advance
    }

    /// The kerning between two glyphs in ems (usually negative; 0 without a `kern` table).
    public func kerning(_ left: UInt32, _ right: UInt32) -> Double {
        guard left != 0, right != 0, scrawl_ft_has_kerning(face) != 0 else { return 0 }
        var delta = FT_Vector()
        guard FT_Get_Kerning(face, left, right, FT_KERNING_UNSCALED.rawValue, &delta) == 0 else { return 0 }
        return Double(delta.x) / unitsPerEm
    }

    private func load(_ index: UInt32) -> Bool {
        FT_Load_Glyph(face, index, FT_Int32(FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)) == 0
    }
}

/// FT_Outline_Decompose's callbacks collecting a `Path`.
enum OutlineDecoder {
    final class Sink {
        var path = Path()
        var last = Point(0, 0)
        let scale: Double
        init(scale: Double) { self.scale = scale }
        func point(_ v: UnsafePointer<FT_Vector>?) -> Point {
            guard let v else { return last }
            return Point(Double(v.pointee.x) * scale, -Double(v.pointee.y) * scale)
        }
    }

    static func decompose(_ outline: UnsafeMutablePointer<FT_Outline>, scale: Double) -> Path {
        let sink = Sink(scale: scale)
        var funcs = FT_Outline_Funcs(
            move_to: { to, user in
                let s = Unmanaged<Sink>.fromOpaque(user!).takeUnretainedValue()
                if !s.path.isEmpty { s.path.close() }
                s.last = s.point(to); s.path.move(to: s.last); return 0
            },
            line_to: { to, user in
                let s = Unmanaged<Sink>.fromOpaque(user!).takeUnretainedValue()
                s.last = s.point(to); s.path.line(to: s.last); return 0
            },
            conic_to: { control, to, user in
                let s = Unmanaged<Sink>.fromOpaque(user!).takeUnretainedValue()
                let c = s.point(control)
                s.last = s.point(to); s.path.quad(control: c, to: s.last); return 0
            },
            cubic_to: { c1, c2, to, user in
                let s = Unmanaged<Sink>.fromOpaque(user!).takeUnretainedValue()
                let a = s.point(c1), b = s.point(c2)
                s.last = s.point(to); s.path.cubic(a, b, to: s.last); return 0
            },
            shift: 0, delta: 0)
        let user = Unmanaged.passUnretained(sink).toOpaque()
        let error = withExtendedLifetime(sink) { FT_Outline_Decompose(outline, &funcs, user) }
        guard error == 0 else { return Path() }
        if !sink.path.isEmpty { sink.path.close() }
        return sink.path
    }
}
