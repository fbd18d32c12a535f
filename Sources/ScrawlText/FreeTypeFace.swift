import CFreeType

/// Face 0 of a font file with a FreeType library of its own: how `Font` and `OutlineFont` open
/// their files (a face and its library are used from one thread at a time, so each object keeps both).
enum FreeTypeFace {
    /// A new library (set up by `prepare` before the face is read) and face 0 of the file at `path`;
    /// on failure nothing stays open. Throws `.noFont(path:)` when nothing readable is there
    /// (FreeType's `FT_Err_Cannot_Open_Resource`, 1), `.freetype` for FreeType's other failures.
    static func open(_ path: String, prepare: (FT_Library) -> Void = { _ in }) throws(TextError) -> (library: FT_Library, face: FT_Face) {
        var library: FT_Library?
        var error = FT_Init_FreeType(&library)
        guard error == 0, let library else { throw .freetype(call: "FT_Init_FreeType", code: error) }
        prepare(library)
        var face: FT_Face?
        error = FT_New_Face(library, path, 0, &face)
        guard error == 0, let face else {
            FT_Done_FreeType(library)
            if error == 1 { throw .noFont(path: path) }
            throw .freetype(call: "FT_New_Face", code: error)
        }
        return (library, face)
    }

    /// Closes what `open` opened.
    static func close(library: FT_Library, face: FT_Face) {
        FT_Done_Face(face)
        FT_Done_FreeType(library)
    }
}
