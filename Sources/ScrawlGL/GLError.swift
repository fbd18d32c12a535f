import CEpoxy

/// A failure of the GL layer, with the call or driver log that explains it.
public enum GLError: Error, CustomStringConvertible, Equatable {
    /// No EGL display could be opened (no Mesa surfaceless platform, no driver).
    case noDisplay
    /// An EGL call failed; `code` is `eglGetError()`.
    case eglFailure(call: String, code: Int)
    /// A shader stage did not compile; `log` is the driver's info log.
    case shaderCompile(stage: String, name: String, log: String)
    /// A program did not link; `log` is the driver's info log.
    case programLink(name: String, log: String)
    /// `glCheckFramebufferStatus` did not return `GL_FRAMEBUFFER_COMPLETE`.
    case framebufferIncomplete(status: UInt32)
    /// A render target larger than the driver's texture or renderbuffer limit was requested.
    case canvasTooLarge(width: Int, height: Int, max: Int)
    /// A render target with a zero or negative side was requested.
    case emptyCanvas(width: Int, height: Int)
    /// A GL object was requested with no OpenGL context current on the calling thread.
    case noCurrentContext
    /// The current context is older than the OpenGL 3.3 core the shaders need.
    case unsupportedGL(version: String)
    /// `glGetError()` reported `code` after `call` (checked after allocations, and after every
    /// operation when `Renderer.checksErrors` is on).
    case glError(code: UInt32, call: String)

    public var description: String {
        switch self {
        case .noDisplay:
            return "GL: no EGL display (is Mesa's surfaceless platform installed?)"
        case let .eglFailure(call, code):
            return "GL: \(call) failed with EGL error 0x\(String(code, radix: 16))"
        case let .shaderCompile(stage, name, log):
            return "GL: \(stage) shader \(name) did not compile:\n\(log)"
        case let .programLink(name, log):
            return "GL: program \(name) did not link:\n\(log)"
        case let .framebufferIncomplete(status):
            return "GL: framebuffer incomplete (status 0x\(String(status, radix: 16)))"
        case let .canvasTooLarge(width, height, max):
            return "GL: canvas \(width)x\(height) exceeds the driver's limit of \(max) pixels per side"
        case let .emptyCanvas(width, height):
            return "GL: canvas \(width)x\(height) has no pixels"
        case .noCurrentContext:
            return "GL: no OpenGL context is current on this thread (use HeadlessGL.withContext or makeCurrent)"
        case let .unsupportedGL(version):
            return "GL: OpenGL 3.3 core is required, the current context is \(version)"
        case let .glError(code, call):
            return "GL: \(call) raised \(GLError.name(ofError: code))"
        }
    }

    /// The symbolic name of a `glGetError` code.
    static func name(ofError code: UInt32) -> String {
        switch Int32(bitPattern: code) {
        case GL_INVALID_ENUM: return "GL_INVALID_ENUM"
        case GL_INVALID_VALUE: return "GL_INVALID_VALUE"
        case GL_INVALID_OPERATION: return "GL_INVALID_OPERATION"
        case GL_INVALID_FRAMEBUFFER_OPERATION: return "GL_INVALID_FRAMEBUFFER_OPERATION"
        case GL_OUT_OF_MEMORY: return "GL_OUT_OF_MEMORY"
        default: return "GL error 0x\(String(code, radix: 16))"
        }
    }
}

/// `glGetError` checks: `check` always, `checkIfEnabled` and `Renderer.record` when `enabled`.
enum GLCheck {
    /// Whether operations that do not check their own errors check after each call (`Renderer.checksErrors`):
    /// on in debug builds, off in release builds unless turned on (the GL tests do).
    nonisolated(unsafe) static var enabled = GLCheck.isDebugBuild

    /// Whether this module was built for debugging (`-c debug`).
    #if DEBUG
    static let isDebugBuild = true
    #else
    static let isDebugBuild = false
    #endif

    /// Drains the GL error queue and throws the first error found after `call`.
    static func check(_ call: String) throws {
        let first = epoxy_glGetError()
        guard first != GLenum(GL_NO_ERROR) else { return }
        while epoxy_glGetError() != GLenum(GL_NO_ERROR) {}
        throw GLError.glError(code: first, call: call)
    }

    /// `check(call)` when `enabled`; nothing otherwise.
    @inline(__always)
    static func checkIfEnabled(_ call: @autoclosure () -> String) throws {
        if enabled { try check(call()) }
    }

    /// Throws unless an OpenGL 3.3+ context is current (glGetString is safe to call without one).
    static func requireContext() throws {
        guard let version = epoxy_glGetString(GLenum(GL_VERSION)) else { throw GLError.noCurrentContext }
        guard epoxy_gl_version() >= 33 else { throw GLError.unsupportedGL(version: String(cString: version)) }
    }

    /// Drains the error queue before an operation that checks its own errors.
    static func drain() {
        var n = 0
        while epoxy_glGetError() != GLenum(GL_NO_ERROR) && n < 16 { n += 1 }
    }
}
