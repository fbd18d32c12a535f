import Foundation

/// The one-line path prompt drawn in the window when no external file chooser is available. It
/// opens with the suggested path selected: typing replaces it (a relative name lands in the
/// suggested folder), `right` or `end` keeps it and moves the caret to its end; backspace deletes,
/// `ctrl+u` clears, `ctrl+v` pastes, enter accepts and escape cancels.
struct PathPrompt {
    let request: FileRequest
    private(set) var text: String
    /// The whole text is selected (the untouched suggestion).
    private(set) var selected = true

    init(request: FileRequest) {
        self.request = request
        text = request.suggestion
    }

    /// Types `s` (replacing the selected suggestion).
    mutating func type(_ s: String) {
        let clean = s.filter { $0 != "\n" && $0 != "\r" && $0 != "\t" }
        guard !clean.isEmpty else { return }
        if selected { text = ""; selected = false }
        text += clean
    }

    /// Deletes the last character, or the selected suggestion.
    mutating func backspace() {
        if selected { text = ""; selected = false } else if !text.isEmpty { text.removeLast() }
    }

    /// Clears the line.
    mutating func clear() { text = ""; selected = false }

    /// Keeps the suggestion and puts the caret after it.
    mutating func deselect() { selected = false }

    /// The path the line names: `~` expanded, a relative name taken in the suggested folder; nil
    /// when the line is empty.
    var path: String? {
        let t = text.trimmingCharacters(in: .whitespaces)
        guard !t.isEmpty else { return nil }
        let home = ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory()
        if t == "~" { return home }
        if t.hasPrefix("~/") { return home + t.dropFirst(1) }
        if t.hasPrefix("/") { return t }
        let suggestion = request.suggestion
        let folder = suggestion.hasSuffix("/") ? String(suggestion.dropLast())
            : (suggestion as NSString).deletingLastPathComponent
        return (folder.isEmpty ? FileManager.default.currentDirectoryPath : folder) + "/" + t
    }

    /// The line as shown: label, the text, and a caret when nothing is selected.
    var label: String { request.purpose.title + ":" }
}
