import CEpoxy
import ScrawlText

/// One R8 texture holding rasterised glyphs, packed on shelves (rows of glyphs of similar height).
///
/// Glyphs are kept per (glyph index, pixel size): each content scale gets its own bitmaps, rasterised
/// by FreeType at the device size, never scaled. When a glyph no longer fits, the atlas is emptied
/// and packing starts again (`resetCount` counts this); the `flush` closure given to `entry` runs
/// first, so quads already batched from the old contents can be drawn. Needs the owning context
/// current for every call, deinit included (it deletes the texture). Not thread-safe.
public final class GlyphAtlas {
    /// Where one glyph lies in the atlas (texels, row 0 = top of the bitmap) and how it sits on the pen.
    public struct Entry: Equatable {
        public var x: Int, y: Int, width: Int, height: Int
        public var bearingX: Int, bearingY: Int
        public var advance: Double
    }

    struct Key: Hashable {
        var glyphIndex: UInt32
        var pixelSize: Double
    }

    private struct Shelf {
        var y: Int, height: Int, nextX: Int
    }

    /// Side of the square texture in texels.
    public let size: Int
    /// The GL texture name (R8, nearest filtering, clamp to edge).
    public let texture: GLuint
    /// Blank texels left between glyphs.
    let padding = 1
    private var entries: [Key: Entry] = [:]
    private var shelves: [Shelf] = []
    private var nextShelfY = 0

    /// Number of glyphs in the atlas.
    public var glyphCount: Int { entries.count }
    /// How many times the atlas was full and emptied.
    public private(set) var resetCount = 0

    /// Allocates a `size` × `size` R8 texture cleared to 0 (context current).
    public init(size: Int = 1024) {
        self.size = size
        var name: GLuint = 0
        epoxy_glGenTextures(1, &name)
        texture = name
        epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), name)
        let zeros = [UInt8](repeating: 0, count: size * size)
        GlyphAtlas.withUnpackAlignment1 {
            zeros.withUnsafeBytes { bytes in
                epoxy_glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_R8, GLsizei(size), GLsizei(size), 0,
                                   GLenum(GL_RED), GLenum(GL_UNSIGNED_BYTE), bytes.baseAddress)
            }
        }
        TextureParameters.apply(filter: GL_NEAREST)
    }

    deinit {
        var name = texture
        epoxy_glDeleteTextures(1, &name)
    }

    /// The atlas entry of glyph `glyphIndex` of `font` at the font's pixel size, rasterising and
    /// uploading it on first use; nil when FreeType cannot render it or it is larger than the atlas.
    /// `flush` runs before the atlas empties itself to make room (the texture must be unchanged while
    /// earlier entries are still to be drawn).
    public func entry(glyphIndex: UInt32, font: Font, flush: () -> Void = {}) -> Entry? {
        let key = Key(glyphIndex: glyphIndex, pixelSize: font.pixelSize)
        if let found = entries[key] { return found }
        guard let bitmap = font.glyph(index: glyphIndex) else { return nil }
        guard bitmap.width + padding <= size, bitmap.height + padding <= size else { return nil }
        var position = place(bitmap.width, bitmap.height)
        if position == nil {
            flush()
            removeAll()
            resetCount += 1
            position = place(bitmap.width, bitmap.height)
        }
        guard let (x, y) = position else { return nil }
        let entry = Entry(x: x, y: y, width: bitmap.width, height: bitmap.height,
                          bearingX: bitmap.bearingX, bearingY: bitmap.bearingY, advance: bitmap.advance)
        if bitmap.width > 0, bitmap.height > 0 {
            epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), texture)
            GlyphAtlas.withUnpackAlignment1 {
                bitmap.coverage.withUnsafeBytes { bytes in
                    epoxy_glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, GLint(x), GLint(y), GLsizei(bitmap.width),
                                          GLsizei(bitmap.height), GLenum(GL_RED), GLenum(GL_UNSIGNED_BYTE),
                                          bytes.baseAddress)
                }
            }
        }
        entries[key] = entry
        return entry
    }

    /// Forgets every glyph (the texels are overwritten as new glyphs arrive).
    public func removeAll() {
        entries.removeAll()
        shelves.removeAll()
        nextShelfY = 0
    }

    /// A free spot for a `width` × `height` bitmap: on the first shelf tall enough (and not more than
    /// a third taller) with room left, else on a new shelf; nil when the atlas is full.
    private func place(_ width: Int, _ height: Int) -> (Int, Int)? {
        if width == 0 || height == 0 { return (0, 0) }
        let w = width + padding, h = height + padding
        for i in shelves.indices where shelves[i].height >= h && shelves[i].height * 3 <= h * 4
            && shelves[i].nextX + w <= size {
            defer { shelves[i].nextX += w }
            return (shelves[i].nextX, shelves[i].y)
        }
        guard nextShelfY + h <= size else { return nil }
        shelves.append(Shelf(y: nextShelfY, height: h, nextX: w))
        nextShelfY += h
        return (0, shelves[shelves.count - 1].y)
    }

    private static func withUnpackAlignment1(_ body: () -> Void) {
        var previous: GLint = 4
        epoxy_glGetIntegerv(GLenum(GL_UNPACK_ALIGNMENT), &previous)
        epoxy_glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        body()
        epoxy_glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), previous)
    }
}
