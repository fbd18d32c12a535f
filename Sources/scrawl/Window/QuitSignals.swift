import CGLFW
import Foundation

/// SIGTERM, SIGINT and SIGHUP (a logout, `kill`, ctrl+c in the terminal) ask the window to quit as
/// its close button does: the drawing is kept or saved exactly as on `ctrl+q`, and the process
/// leaves through the same path as any quit. A second signal while that quit cannot finish (it was
/// refused, or it hangs) ends the process at once with the signal's default action; the autosave
/// journal still holds the drawing then, as after a crash.
///
/// The handler only writes the signal's number to a pipe (async-signal-safe); a watcher thread
/// reads it, marks the request and wakes the event loop with `glfwPostEmptyEvent`, which GLFW
/// allows from any thread.
enum QuitSignals {
    static let handled: [Int32] = [SIGTERM, SIGINT, SIGHUP]
    nonisolated(unsafe) private static var writeFD: Int32 = -1
    private static let state = Mutex()

    /// Installs the handlers and starts the watcher; call once, after `glfwInit`.
    static func install() {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return }  // no pipe: the signals keep their default action
        writeFD = fds[1]
        let readFD = fds[0]
        Thread.detachNewThread { watch(readFD) }
        for signal in handled {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(QuitSignals.writeFD, &byte, 1)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(signal, &action, nil)
        }
    }

    /// Whether a signal asked for a quit since the last call (the event loop asks once a turn).
    static func takeRequest() -> Bool { state.take() }

    private static func watch(_ fd: Int32) {
        var byte: UInt8 = 0
        while read(fd, &byte, 1) == 1 {
            if state.request() {
                glfwPostEmptyEvent()
            } else {
                // A second signal: the quit did not finish. Leave with the signal's own action.
                signal(Int32(byte), SIG_DFL)
                raise(Int32(byte))
            }
        }
    }

    /// The request flag and whether one was ever made, behind a lock.
    private final class Mutex: @unchecked Sendable {
        private let lock = NSLock()
        private var pending = false, made = false

        /// Marks a request; false when one was made before (this is a second signal).
        func request() -> Bool {
            lock.withLock {
                defer { made = true; pending = true }
                return !made
            }
        }

        func take() -> Bool {
            lock.withLock {
                defer { pending = false }
                return pending
            }
        }
    }
}
