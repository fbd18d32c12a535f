// Xlib, for the window's own clipboard requests (a second X connection beside GLFW's).
#include <X11/Xlib.h>
#include <X11/Xatom.h>
