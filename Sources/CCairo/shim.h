// cairo and its PDF surface: the vector PDF export (ScrawlStorage's PDFExporter).
#include <cairo.h>
#include <cairo-pdf.h>
