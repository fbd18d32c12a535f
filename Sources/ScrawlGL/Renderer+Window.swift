import CEpoxy
import ScrawlCore

extension Renderer {
    /// Clears the window's framebuffer 0 (sized `defaultFramebufferSize`) to `color`.
    public func clearWindow(to color: Color) {
        epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        epoxy_glViewport(0, 0, GLsizei(defaultFramebufferSize.width), GLsizei(defaultFramebufferSize.height))
        setDrawState()
        let p = color.premultipliedRGBA
        func f(_ shift: UInt32) -> Float { Float((p >> shift) & 0xff) / 255 }
        epoxy_glClearColor(f(0), f(8), f(16), f(24))
        epoxy_glClearStencil(0)
        epoxy_glClear(GLbitfield(GL_COLOR_BUFFER_BIT | GL_STENCIL_BUFFER_BIT))
        record("clearWindow")
    }
}
