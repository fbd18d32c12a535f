import CEpoxy
import ScrawlCore

extension Renderer {
    /// Clears the window's framebuffer 0 (sized `defaultFramebufferSize`) to `color`.
    public func clearWindow(to color: Color) {
        epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        epoxy_glViewport(0, 0, GLsizei(defaultFramebufferSize.width), GLsizei(defaultFramebufferSize.height))
        setDrawState()
        clearBound(to: color)
        record("clearWindow")
    }
}
