import CX11
#if canImport(Glibc)
import Glibc
#endif

/// What reading the clipboard gave.
enum ClipboardContent: Equatable {
    /// Nobody owns the clipboard, or its owner offers no text.
    case empty
    /// The owner is this window: the text it last put there (`WindowClipboard.lastText`).
    case ours
    /// Another program's text, as UTF-8 bytes (not checked: the caller decides what invalid UTF-8
    /// means); for `X11Clipboard.readImage`, the PNG file's bytes.
    case text([UInt8])
    /// The owner did not answer within `X11Clipboard.answerLimit` (stopped, hung, or trickling).
    case noAnswer
    /// The owner offered more than the caller's limit; nothing is kept.
    case tooLarge(limit: Int)
    /// The clipboard cannot be reached (no X connection); says why.
    case unavailable(String)
}

/// The CLIPBOARD selection read on an X connection of the window's own, beside GLFW's, with a time
/// limit: GLFW 3.3's `glfwGetClipboardString` waits without one, so a clipboard owner that stops
/// answering (a stopped or hung program) froze the window for good.
///
/// A request is one `XConvertSelection` to UTF8_STRING (then STRING, Latin-1) into a property of a
/// hidden window of this connection; the owner's `SelectionNotify` and, for large texts, each INCR
/// chunk must come within `answerLimit`, and the whole transfer within `totalLimit`. The wait polls
/// this connection only, so GLFW's events wait in their own queue and are handled after it.
///
/// Reading synchronously keeps the paste in order with the keys around it (a nudge after ctrl+v
/// moves what was pasted, and a recording holds them in that order); the bound is the worst pause.
/// GLFW owns the clipboard through a hidden helper window of its own, not the one
/// `glfwGetX11Window` returns, and cannot answer another connection's request while its thread
/// waits here; so the owner seen right after this window's own copy is remembered, and while it
/// still owns the clipboard the text is ours and no request is made.
final class X11Clipboard {
    /// The longest wait for the owner's next answer.
    static let answerLimit = 2.0
    /// The longest a whole transfer may take, however steadily the owner answers.
    static let totalLimit = 15.0

    private let display: OpaquePointer
    private let window: Window
    private let clipboard: Atom, utf8: Atom, latin1: Atom, png: Atom, incr: Atom, property: Atom
    /// The clipboard's owner when this window last put text there (GLFW's helper window).
    private var ownCopyOwner: Window = 0

    /// A connection to the display GLFW uses (`DISPLAY`), or nil when there is none.
    init?() {
        guard let display = XOpenDisplay(nil) else { return nil }
        self.display = display
        window = XCreateSimpleWindow(display, XDefaultRootWindow(display), 0, 0, 1, 1, 0, 0, 0)
        XSelectInput(display, window, X11Clipboard.propertyChangeMask)
        func atom(_ name: String) -> Atom { XInternAtom(display, name, 0) }
        clipboard = atom("CLIPBOARD")
        utf8 = atom("UTF8_STRING")
        latin1 = atom("STRING")
        png = atom("image/png")
        incr = atom("INCR")
        property = atom("SCRAWL_CLIPBOARD")
    }

    deinit {
        XDestroyWindow(display, window)
        XCloseDisplay(display)
    }

    /// `PropertyChangeMask` (1 << 22, a macro Swift does not import).
    private static let propertyChangeMask = 1 << 22

    /// Notes that this window just put text on the clipboard (after `glfwSetClipboardString`).
    func noteOwnCopy() { ownCopyOwner = XGetSelectionOwner(display, clipboard) }

    /// The clipboard's text, at most `limit` bytes.
    func read(limit: Int) -> ClipboardContent {
        let owner = XGetSelectionOwner(display, clipboard)
        if owner == 0 { return .empty }
        if owner == ownCopyOwner { return .ours }
        XSync(display, 1)  // drops events left by an earlier request that ran out of time
        let end = X11Clipboard.now() + X11Clipboard.totalLimit
        for target in [utf8, latin1] {
            XDeleteProperty(display, window, property)
            XConvertSelection(display, clipboard, target, property, window, 0)
            guard let answer = next(until: end, { e in
                e.type == SelectionNotify && e.xselection.requestor == self.window && e.xselection.target == target
            }) else { return .noAnswer }
            if answer.xselection.property == 0 { continue }  // refused this target: try the next
            let content = fetch(limit: limit, until: end)
            guard target == latin1, case .text(let bytes) = content else { return content }  // UTF-8 as it is
            var text = ""
            text.unicodeScalars.append(contentsOf: bytes.map { Unicode.Scalar($0) })
            return .text(Array(text.utf8))
        }
        return .empty
    }

    /// The clipboard's picture as a PNG file's bytes (`.text`), at most `limit` bytes: what a
    /// browser's or an image editor's "Copy image" offers as `image/png`. `.empty` when the owner
    /// offers none, or is this window.
    func readImage(limit: Int) -> ClipboardContent {
        let owner = XGetSelectionOwner(display, clipboard)
        if owner == 0 || owner == ownCopyOwner { return .empty }
        XSync(display, 1)
        let end = X11Clipboard.now() + X11Clipboard.totalLimit
        XDeleteProperty(display, window, property)
        XConvertSelection(display, clipboard, png, property, window, 0)
        guard let answer = next(until: end, { e in
            e.type == SelectionNotify && e.xselection.requestor == self.window && e.xselection.target == self.png
        }) else { return .noAnswer }
        return answer.xselection.property == 0 ? .empty : fetch(limit: limit, until: end)
    }

    /// The converted text in the property: whole, or in INCR chunks (each a new value of the
    /// property, taken and deleted, until an empty one).
    private func fetch(limit: Int, until end: Double) -> ClipboardContent {
        guard let first = take(limit: limit) else { return .tooLarge(limit: limit) }
        guard first.type == incr else { return first.format == 8 ? .text(first.bytes) : .empty }
        var bytes: [UInt8] = []
        while true {
            guard next(until: end, { e in
                e.type == PropertyNotify && e.xproperty.window == self.window && e.xproperty.atom == self.property
                    && e.xproperty.state == PropertyNewValue
            }) != nil else { return .noAnswer }
            guard let chunk = take(limit: limit - bytes.count) else { return .tooLarge(limit: limit) }
            if chunk.bytes.isEmpty { return .text(bytes) }
            bytes += chunk.bytes
        }
    }

    /// The property's value, deleted as it is read (which asks an INCR owner for the next chunk);
    /// nil when it holds more than `limit` bytes.
    private func take(limit: Int) -> (type: Atom, format: Int32, bytes: [UInt8])? {
        var type: Atom = 0, format: Int32 = 0, count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let longs = max(limit, 0) / 4 + 1
        let status = XGetWindowProperty(display, window, property, 0, longs, 1, 0, &type, &format, &count, &after, &data)
        defer { if let data { XFree(data) } }
        guard status == Success else { return (0, 0, []) }  // nothing there: no text
        guard format == 8, let data else { return (type, format, []) }  // INCR's size, or not text
        if after > 0 || Int(count) > limit {
            XDeleteProperty(display, window, property)
            return nil
        }
        return (type, format, Array(UnsafeBufferPointer(start: data, count: Int(count))))
    }

    /// The next event on this connection that `matches` (others are dropped), or nil at `end` or
    /// after `answerLimit` seconds without one.
    private func next(until end: Double, _ matches: (XEvent) -> Bool) -> XEvent? {
        let deadline = min(end, X11Clipboard.now() + X11Clipboard.answerLimit)
        var event = XEvent()
        while true {
            while XPending(display) > 0 {
                XNextEvent(display, &event)
                if matches(event) { return event }
            }
            let left = deadline - X11Clipboard.now()
            if left <= 0 { return nil }
            var fd = pollfd(fd: XConnectionNumber(display), events: Int16(POLLIN), revents: 0)
            _ = poll(&fd, 1, Int32(min(max(left * 1000, 1), 60_000)))
        }
    }

    /// Seconds on the monotonic clock.
    private static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}
