import Foundation

/// What the app's main thread is doing, read from Linux's /proc: whether it is blocked in GLFW's
/// wait for X events. GLFW waits there only once Xlib has no queued event left (`glfwWaitEvents`
/// loops on `XPending`, which also flushes what the app sent the server, such as its last frame),
/// and the app draws a frame before it waits again; so a thread asleep in that call has handled
/// every event the X server had delivered and shown the result.
///
/// GLFW 3.3 waits in `select` (`pselect6` where the C library implements it so), GLFW 3.4 in
/// `poll`/`ppoll` on two or three descriptors. Xlib/xcb waiting for a reply (during a buffer swap,
/// say) polls the one X connection, so one descriptor means busy.
struct AppActivity {
    let pid: Int32

    private var task: String { "/proc/\(pid)/task/\(pid)" }

    #if arch(x86_64)
    private static let selects: Set<Int> = [23, 270], polls: Set<Int> = [7, 271]
    #elseif arch(arm64)
    private static let selects: Set<Int> = [72], polls: Set<Int> = [73]
    #else
    private static let selects: Set<Int> = [], polls: Set<Int> = []
    #endif

    /// The main thread's scheduler state (`R`, `S`, ...) from its `stat` file.
    func state() -> Character? {
        guard let stat = try? String(contentsOfFile: task + "/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        return stat[close...].dropFirst().first { $0 != " " }
    }

    /// The main thread's `syscall` file: the number and arguments of the call it is blocked in,
    /// `running`, or nil when the kernel does not offer it.
    func syscall() -> [String]? {
        guard let text = try? String(contentsOfFile: task + "/syscall", encoding: .utf8), !text.isEmpty else { return nil }
        return text.split(whereSeparator: \.isWhitespace).map(String.init)
    }

    /// Whether the main thread sleeps in GLFW's event wait now; nil when /proc cannot tell.
    func isWaitingForInput() -> Bool? {
        guard !AppActivity.selects.isEmpty, let call = syscall(), let first = call.first else { return nil }
        guard let number = Int(first) else { return first == "running" ? false : nil }
        guard state() == "S" else { return false }  // woken (R) but not yet running counts as busy
        if AppActivity.selects.contains(number) { return true }
        guard AppActivity.polls.contains(number), call.count > 2, let nfds = Int(call[2].dropFirst(2), radix: 16) else {
            return false
        }
        return nfds >= 2
    }

    /// The state and syscall line, for a timeout's message.
    func describe() -> String {
        "state \(state().map(String.init) ?? "?"), syscall \(syscall()?.prefix(4).joined(separator: " ") ?? "?")"
    }
}
