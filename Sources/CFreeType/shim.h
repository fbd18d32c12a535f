// FreeType 2 (glyph loading and rasterising). The function-like macros and the `1L << n` flag
// macros Swift does not import are wrapped as inline functions.
#include <ft2build.h>
#include FT_FREETYPE_H

static inline int scrawl_ft_has_kerning(FT_Face face) { return FT_HAS_KERNING(face) ? 1 : 0; }
// Load flags for a glyph rasterised as 8-bit coverage: FreeType's auto-hinter in its normal
// (both directions) mode, so stems land on whole pixels at every pixel size.
static inline FT_Int32 scrawl_ft_load_flags(void) {
    return FT_LOAD_RENDER | FT_LOAD_FORCE_AUTOHINT | FT_LOAD_TARGET_NORMAL;
}
// The same hinting without rendering, for advances alone.
static inline FT_Int32 scrawl_ft_metrics_flags(void) {
    return FT_LOAD_FORCE_AUTOHINT | FT_LOAD_TARGET_NORMAL;
}
