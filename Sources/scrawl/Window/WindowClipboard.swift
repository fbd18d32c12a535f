import CGLFW

/// The window's side of the clipboard: what it last put there, and reading it with a time limit.
final class WindowClipboard {
    /// What a read that ran out of time says.
    static let noAnswer = "The clipboard did not answer (the program that owns it may be stuck); nothing was pasted"

    /// The text this window last put on the system clipboard (a copied selection).
    private(set) var lastText: String?
    private var connection: X11Clipboard?
    private var connectionTried = false

    /// The X connection, opened at first use.
    private var x11: X11Clipboard? {
        if !connectionTried {
            connectionTried = true
            connection = X11Clipboard()
        }
        return connection
    }

    /// Puts `text` on the clipboard through GLFW (which answers other programs' requests).
    func publish(_ text: String, window: OpaquePointer) {
        glfwSetClipboardString(window, text)
        lastText = text
        x11?.noteOwnCopy()
    }

    /// The clipboard's picture as PNG bytes (`.text`), at most `limit` bytes; `.empty` when it
    /// holds none, or only this window's copy.
    func readImage(limit: Int) -> ClipboardContent {
        guard let x11 else { return .unavailable("the clipboard cannot be reached (no X display)") }
        return x11.readImage(limit: limit)
    }

    /// The clipboard's content, at most `limit` bytes; `.ours` for the text this window put there.
    func read(limit: Int) -> ClipboardContent {
        guard let x11 else { return .unavailable("the clipboard cannot be reached (no X display)") }
        let content = x11.read(limit: limit)
        if case .text(let bytes) = content, let lastText, bytes.elementsEqual(lastText.utf8) { return .ours }
        return content
    }
}
