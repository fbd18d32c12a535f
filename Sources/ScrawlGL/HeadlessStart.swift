import Foundation

/// Starts the headless context and a `Renderer` on a background thread, so that loading the GL
/// driver (about 0.1 s of dynamic linking for llvmpipe), creating the context and linking the
/// programs overlap with whatever the caller does meanwhile (parsing a replay, playing its events).
///
/// The thread releases the context when done; `renderer()` waits for it and makes the context
/// current on the calling thread. Call `wait()` before the process exits on any path, so that it
/// never exits while the driver is still being loaded on the other thread. A renderer that is never
/// taken is never deleted (for a process that fails before it draws).
public final class HeadlessStart: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var result: Result<Renderer, Error>?
    private var waited = false

    /// Starts the thread at once.
    public init() {
        // The result moves straight into `result`: no local of this thread holds the renderer after
        // `signal`, so the renderer ends on the thread that took it, with the context current there,
        // never here after the context has moved away.
        let thread = Thread { [self] in
            lock.withLock { result = Result { try HeadlessGL.shared().withContext { try Renderer() } } }
            done.signal()
        }
        thread.start()
    }

    /// A renderer nobody took (the caller failed first and is about to exit) is left alive: deleting
    /// it needs the context current, and this may run on the start's own thread as the process exits.
    deinit {
        if case .success(let renderer)? = result { _ = Unmanaged.passRetained(renderer) }
    }

    /// Waits until the background start has finished (succeeded or failed); returns at once afterwards.
    public func wait() {
        lock.lock()
        let already = waited
        waited = true
        lock.unlock()
        if !already { done.wait() }
    }

    /// The renderer, with the context current on this thread; throws the start's error. Call once.
    public func renderer() throws -> Renderer {
        wait()
        let made = lock.withLock {
            defer { result = nil }
            return result
        }
        guard let made else { throw GLError.noCurrentContext }
        let renderer = try made.get()
        try HeadlessGL.shared().makeCurrent()
        return renderer
    }
}
