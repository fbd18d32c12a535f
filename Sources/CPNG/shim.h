// libpng's simplified png_image API (no setjmp needed).
#include <png.h>
