// GLFW without its own GL header: GL calls go through epoxy.
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
