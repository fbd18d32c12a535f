// libpng's simplified png_image API (no setjmp needed), and zlib, which PNGImageData uses to read
// a PNG's image data no further than its image needs before libpng decodes it.
#include <png.h>
#include <zlib.h>
