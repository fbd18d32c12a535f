import CFreeType
import ScrawlCore

extension OutlineFont {
    /// FreeType's own antialiased rendering (`FT_Render_Glyph`, unhinted) of `line` laid out as
    /// `FontOutliner` lays it (this font's glyphs, advances and kerning) at `pixelSize` pixels per
    /// em, the pen starting at `origin` (device pixels, y down, on the baseline): 8-bit coverage,
    /// `width × height`, row 0 on top, overlapping glyphs summed and clamped. The reference the
    /// outline fill's coverage is compared with; nil when FreeType fails.
    public func referenceCoverage(_ line: String, pixelSize: Double, origin: Point, width: Int, height: Int) -> [UInt8]? {
        guard FT_Set_Char_Size(faceHandle, 0, FT_F26Dot6((pixelSize * 64).rounded()), 72, 72) == 0 else { return nil }
        defer { FT_Set_Transform(faceHandle, nil, nil) }
        var coverage = [Int](repeating: 0, count: width * height)
        var x = origin.x
        var previous: UInt32 = 0
        for scalar in line.unicodeScalars {
            let glyph = glyphIndex(scalar)
            x += kerning(previous, glyph) * pixelSize
            let ix = (x).rounded(.down), iy = origin.y.rounded(.down)
            var delta = FT_Vector(x: FT_Pos(((x - ix) * 64).rounded()), y: FT_Pos((-(origin.y - iy) * 64).rounded()))
            FT_Set_Transform(faceHandle, nil, &delta)
            let flags = FT_Int32(FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP | FT_LOAD_RENDER)
            guard FT_Load_Glyph(faceHandle, glyph, flags) == 0, let slot = faceHandle.pointee.glyph else { return nil }
            add(slot.pointee, at: (Int(ix), Int(iy)), into: &coverage, width: width, height: height)
            x += advance(index: glyph) * pixelSize
            previous = glyph
        }
        return coverage.map { UInt8(min($0, 255)) }
    }

    private func add(_ slot: FT_GlyphSlotRec, at pen: (x: Int, y: Int), into coverage: inout [Int], width: Int, height: Int) {
        let bitmap = slot.bitmap
        guard let buffer = bitmap.buffer else { return }
        let left = pen.x + Int(slot.bitmap_left), top = pen.y - Int(slot.bitmap_top)
        for row in 0..<Int(bitmap.rows) {
            for column in 0..<Int(bitmap.width) {
                let px = left + column, py = top + row
                guard px >= 0, px < width, py >= 0, py < height else { continue }
                coverage[py * width + px] += Int(buffer[row * Int(bitmap.pitch) + column])
            }
        }
    }
}
