// OpenGL and EGL entry points through libepoxy (function-pointer globals named epoxy_gl*).
#include <epoxy/gl.h>
#include <epoxy/egl.h>
