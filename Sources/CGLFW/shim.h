// GLFW without its own GL header: GL calls go through epoxy.
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

// glfw3native.h's X11 accessor (GLFW_EXPOSE_NATIVE_X11), declared without Xlib's headers: the X
// window (an XID) of a GLFW window, for the window's own XInput2 connection.
unsigned long glfwGetX11Window(GLFWwindow *window);
