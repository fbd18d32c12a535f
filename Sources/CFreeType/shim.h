// FreeType 2 (glyph loading and rasterising). The function-like macros, the `1L << n` flag macros
// and the property interface Swift does not import directly are wrapped as inline functions.
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_DRIVER_H
#include FT_MODULE_H
#include FT_FONT_FORMATS_H
#include FT_OUTLINE_H

static inline int scrawl_ft_has_kerning(FT_Face face) { return FT_HAS_KERNING(face) ? 1 : 0; }

// TrueType fonts are hinted by their own bytecode with the full (v35) interpreter, which fits stems
// to whole pixels in both directions (FreeType's default v40 fits only vertically, so vertical stems
// are blurred across two columns). Other formats use the auto-hinter in its normal mode.
static inline FT_Error scrawl_ft_use_full_truetype_hinting(FT_Library library) {
    FT_UInt version = TT_INTERPRETER_VERSION_35;
    return FT_Property_Set(library, "truetype", "interpreter-version", &version);
}

static inline int scrawl_ft_is_truetype(FT_Face face) {
    const char *format = FT_Get_Font_Format(face);
    return format != NULL && format[0] == 'T' && format[1] == 'r' && format[2] == 'u' ? 1 : 0;
}

// Load flags for 8-bit coverage (`render`) or for metrics alone, hinted as above.
static inline FT_Int32 scrawl_ft_load_flags(FT_Face face, int render) {
    FT_Int32 flags = FT_LOAD_TARGET_NORMAL;
    if (!scrawl_ft_is_truetype(face)) flags |= FT_LOAD_FORCE_AUTOHINT;
    if (render) flags |= FT_LOAD_RENDER;
    return flags;
}
