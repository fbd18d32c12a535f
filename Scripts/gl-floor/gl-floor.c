/* The memory floor of any OpenGL process on this machine's driver: the peak
 * resident set (VmHWM) of a minimal C program after each step a headless `scrawl render` must also
 * take: a surfaceless EGL context, one 1280x800 RGBA8 canvas, one linked program, one blended
 * triangle and a read-back of the canvas. No Swift, no drawing data. Hand-run, not a test. */
#define GL_GLEXT_PROTOTYPES 1
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/gl.h>
#include <GL/glext.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Prints the process's peak resident set so far, in MiB, after `step`. */
static void peak(const char *step) {
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    while (f && fgets(line, sizeof line, f))
        if (!strncmp(line, "VmHWM:", 6)) printf("%-28s %6.1f MiB\n", step, atol(line + 6) / 1024.0);
    if (f) fclose(f);
}

static GLuint shader(GLenum stage, const char *source) {
    GLuint s = glCreateShader(stage);
    glShaderSource(s, 1, &source, NULL);
    glCompileShader(s);
    return s;
}

int main(void) {
    const char *vs = "#version 330 core\nlayout(location=0) in vec2 p; void main(){gl_Position=vec4(p,0,1);}";
    const char *fs = "#version 330 core\nuniform vec4 c; out vec4 o; void main(){o=c;}";
    peak("start");
    PFNEGLGETPLATFORMDISPLAYEXTPROC display = (void *)eglGetProcAddress("eglGetPlatformDisplayEXT");
    EGLDisplay d = display ? display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL) : EGL_NO_DISPLAY;
    if (d == EGL_NO_DISPLAY || !eglInitialize(d, NULL, NULL) || !eglBindAPI(EGL_OPENGL_API)) {
        fprintf(stderr, "gl-floor: no surfaceless EGL display\n");
        return 1;
    }
    EGLint attributes[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3,
                           EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE};
    EGLContext c = eglCreateContext(d, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attributes);
    if (c == EGL_NO_CONTEXT || !eglMakeCurrent(d, EGL_NO_SURFACE, EGL_NO_SURFACE, c)) {
        fprintf(stderr, "gl-floor: no OpenGL 3.3 core context\n");
        return 1;
    }
    printf("driver: %s\n", (const char *)glGetString(GL_RENDERER));
    peak("context");
    GLuint texture, framebuffer;
    glGenTextures(1, &texture);
    glBindTexture(GL_TEXTURE_2D, texture);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1280, 800, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    glGenFramebuffers(1, &framebuffer);
    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, texture, 0);
    glViewport(0, 0, 1280, 800);
    glClearColor(1, 1, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glFinish();
    peak("+ 1280x800 canvas, cleared");
    GLuint program = glCreateProgram();
    glAttachShader(program, shader(GL_VERTEX_SHADER, vs));
    glAttachShader(program, shader(GL_FRAGMENT_SHADER, fs));
    glLinkProgram(program);
    glUseProgram(program);
    peak("+ one linked program");
    float triangle[] = {-1, -1, 1, -1, 0, 1};
    GLuint vao, vbo;
    glGenVertexArrays(1, &vao);
    glBindVertexArray(vao);
    glGenBuffers(1, &vbo);
    glBindBuffer(GL_ARRAY_BUFFER, vbo);
    glBufferData(GL_ARRAY_BUFFER, sizeof triangle, triangle, GL_STATIC_DRAW);
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
    glEnable(GL_BLEND);
    glBlendFunc(GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
    glUniform4f(glGetUniformLocation(program, "c"), 0.5f, 0, 0, 0.5f);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    glFinish();
    peak("+ one blended triangle");
    unsigned char *pixels = malloc(1280 * 800 * 4);
    glReadPixels(0, 0, 1280, 800, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
    peak("+ read back");
    int ok = pixels && pixels[0] > 0;
    free(pixels);
    return ok ? 0 : 1;
}
