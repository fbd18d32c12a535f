import CEpoxy
import Foundation

/// The process-wide headless OpenGL 3.3 core context (EGL, Mesa's surfaceless platform, no window).
///
/// One EGL display is opened for the whole process and never terminated (terminating it while
/// other threads still use GL crashes Mesa). The context has no default framebuffer: draw into
/// `RenderTarget`s. A context is current on at most one thread at a time: use `withContext` from
/// code that may run on several threads, or `makeCurrent` when one thread owns all GL work.
public final class HeadlessGL: @unchecked Sendable {
    /// The EGL display (surfaceless platform).
    public let display: EGLDisplay
    /// The OpenGL 3.3 core context.
    public let context: EGLContext

    private let lock = NSRecursiveLock()
    nonisolated(unsafe) private static var instance: HeadlessGL?
    nonisolated(unsafe) private static var initError: GLError?
    private static let initLock = NSLock()

    /// The process-wide context, created on first use (thread-safe); the first failure is remembered.
    public static func shared() throws -> HeadlessGL {
        initLock.lock()
        defer { initLock.unlock() }
        if let instance { return instance }
        if let initError { throw initError }
        do {
            let made = try HeadlessGL()
            instance = made
            return made
        } catch let error as GLError {
            initError = error
            throw error
        }
    }

    private init() throws {
        guard let display = epoxy_eglGetPlatformDisplayEXT(EGLenum(EGL_PLATFORM_SURFACELESS_MESA), nil, nil)
        else { throw GLError.noDisplay }
        var major: EGLint = 0, minor: EGLint = 0
        let initialized = epoxy_eglInitialize(display, &major, &minor) != 0
        DriverExit.install()  // eglInitialize loaded the driver (also when it failed)
        guard initialized else {
            throw GLError.eglFailure(call: "eglInitialize", code: Int(epoxy_eglGetError()))
        }
        guard epoxy_eglBindAPI(EGLenum(EGL_OPENGL_API)) != 0 else {
            throw GLError.eglFailure(call: "eglBindAPI(EGL_OPENGL_API)", code: Int(epoxy_eglGetError()))
        }
        let config = try HeadlessGL.chooseConfig(display)
        self.display = display
        self.context = try HeadlessGL.createContext(display, config)
    }

    private static func chooseConfig(_ display: EGLDisplay) throws -> EGLConfig? {
        // Surface type 0 matches every config (we never make a surface); pbuffer is the fallback.
        for surfaceType in [EGLint(0), EGLint(EGL_PBUFFER_BIT)] {
            let attributes: [EGLint] = [
                EGL_SURFACE_TYPE, surfaceType, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT,
                EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 8, EGL_NONE,
            ]
            var config: EGLConfig?
            var count: EGLint = 0
            if epoxy_eglChooseConfig(display, attributes, &config, 1, &count) != 0, count > 0 { return config }
        }
        throw GLError.eglFailure(call: "eglChooseConfig(EGL_OPENGL_BIT)", code: Int(epoxy_eglGetError()))
    }

    private static func createContext(_ display: EGLDisplay, _ config: EGLConfig?) throws -> EGLContext {
        let attributes: [EGLint] = [
            EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3,
            EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE,
        ]
        guard let context = epoxy_eglCreateContext(display, config, nil, attributes) else {
            throw GLError.eglFailure(call: "eglCreateContext(3.3 core)", code: Int(epoxy_eglGetError()))
        }
        return context
    }

    /// Makes the context current on the calling thread (no surface). Fails with `EGL_BAD_ACCESS`
    /// (0x3002) while another thread holds it.
    public func makeCurrent() throws {
        if epoxy_eglGetCurrentContext() == context { return }
        guard epoxy_eglMakeCurrent(display, nil, nil, context) != 0 else {
            throw GLError.eglFailure(call: "eglMakeCurrent", code: Int(epoxy_eglGetError()))
        }
    }

    /// Releases the context from the calling thread, so another thread may make it current.
    public func releaseCurrent() {
        if epoxy_eglGetCurrentContext() == context { _ = epoxy_eglMakeCurrent(display, nil, nil, nil) }
    }

    /// Runs `body` with the context current on this thread, serialised with every other
    /// `withContext` caller (re-entrant), and releases the context afterwards.
    public func withContext<T>(_ body: () throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        let wasCurrent = epoxy_eglGetCurrentContext() == context
        try makeCurrent()
        defer { if !wasCurrent { releaseCurrent() } }
        return try body()
    }
}
