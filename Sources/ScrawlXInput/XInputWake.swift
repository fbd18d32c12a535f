import Foundation

/// Wakes the window's event loop when the XInput connection has something to read: GLFW waits on
/// its own connection only, and fingers (whose pointer emulation the server stops for Scrawl) give
/// GLFW nothing to wake for. A thread polls the socket once armed and calls `wake` (GLFW's
/// `glfwPostEmptyEvent`, which any thread may call) when it becomes readable; the window arms it
/// again each time it has drained the connection, so the thread never spins on unread data.
public final class XInputWake: @unchecked Sendable {
    private let condition = NSCondition()
    private var armed = false

    public init(fileDescriptor fd: Int32, wake: @escaping @Sendable () -> Void) {
        let thread = Thread { [self] in self.loop(fd, wake) }
        thread.name = "scrawl-xinput-wake"
        thread.start()
    }

    /// Called after draining: the next data to arrive wakes the loop once.
    public func arm() {
        condition.lock()
        if !armed {
            armed = true
            condition.signal()
        }
        condition.unlock()
    }

    private func loop(_ fd: Int32, _ wake: @Sendable () -> Void) {
        while true {
            condition.lock()
            while !armed { condition.wait() }
            condition.unlock()
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let r = poll(&p, 1, -1)
            if r < 0, errno == EINTR { continue }
            if r < 0 || p.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { return }  // the connection closed
            condition.lock()
            armed = false
            condition.unlock()
            wake()
        }
    }
}
