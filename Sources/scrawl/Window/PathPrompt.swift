import Foundation

/// The one-line path prompt drawn in the window when no external file chooser is available. It
/// opens with the suggested path selected: typing replaces it (a relative name lands in the
/// suggested folder), `right` or `end` keeps it and moves the caret to its end; backspace deletes,
/// `ctrl+u` clears, `ctrl+v` pastes, `tab` completes a name (PathPrompt+Completion.swift, which
/// also keeps the list of matching names shown above the line), enter accepts and escape cancels.
/// Saving over an existing file takes a second enter.
struct PathPrompt {
    /// The longest line kept, in UTF-8 bytes (more than any path; a huge paste is cut here).
    static let maxBytes = 4096

    /// The most clipboard text a paste reads (1 MiB: far past any path, so that a longer line is
    /// said to be cut rather than refused as too large).
    static let maxPasteBytes = 1 << 20

    let request: FileRequest
    private(set) var text: String
    /// The whole text is selected (the untouched suggestion).
    private(set) var selected = true
    /// The existing file a first enter asked to replace; any edit forgets it.
    private(set) var replacing: String?
    /// The first matching names in the folder the line names, and how many more match
    /// (`updateMatches`); every match, for completion; the folder last read.
    var matches: [PromptEntry] = []
    var moreMatches = 0
    var allMatches: [PromptEntry] = []
    var listing: PromptListing?

    init(request: FileRequest) {
        self.request = request
        text = request.suggestion
    }

    /// Types `s` (replacing the selected suggestion); what would pass `maxBytes` is dropped.
    mutating func type(_ s: String) {
        let clean = s.filter { $0 != "\n" && $0 != "\r" && $0 != "\t" }
        guard !clean.isEmpty else { return }
        if selected { text = ""; selected = false }
        replacing = nil
        var room = PathPrompt.maxBytes - text.utf8.count
        for c in clean {
            let n = c.utf8.count
            guard n <= room else { break }
            text.append(c)
            room -= n
        }
    }

    /// What pasting clipboard text gives: the line to type, with a note when part of the text was
    /// left out, or why nothing is pasted.
    enum Paste: Equatable {
        case line(String, note: String?)
        case refused(String)
    }

    /// Clipboard text as one line for the prompt: its first line (a line break at the end is no
    /// second line), at most `maxBytes`; the note says when more lines or bytes were left out. Text
    /// with a NUL is refused: no file name holds one, and the path would be cut there.
    static func pasteLine(_ text: String) -> Paste {
        if text.utf8.contains(0) { return .refused("The clipboard's text holds a NUL byte, which no file name can; nothing was pasted") }
        let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        let first = String(lines.first ?? "")
        let others = lines.dropFirst().filter { !$0.isEmpty }.count
        var line = "", room = maxBytes
        for c in first where c != "\t" {
            let n = c.utf8.count
            guard n <= room else { break }
            line.append(c)
            room -= n
        }
        var notes: [String] = []
        if others > 0 { notes.append("only its first line was pasted (\(others) more left out)") }
        if line.utf8.count < first.filter({ $0 != "\t" }).utf8.count {
            notes.append("the line was cut to \(maxBytes) bytes, the most a path prompt keeps")
        }
        return .line(line, note: notes.isEmpty ? nil : "The clipboard holds more than a path: " + notes.joined(separator: "; "))
    }

    /// Deletes the last character, or the selected suggestion.
    mutating func backspace() {
        replacing = nil
        if selected { text = ""; selected = false } else if !text.isEmpty { text.removeLast() }
    }

    /// Clears the line.
    mutating func clear() { text = ""; selected = false; replacing = nil }

    /// Keeps the suggestion and puts the caret after it.
    mutating func deselect() { selected = false; replacing = nil }

    /// Notes that enter was pressed for `file`, which exists: the next enter replaces it.
    mutating func askToReplace(_ file: String) { replacing = file }

    /// Replaces the line (a completion), within `maxBytes`.
    mutating func setText(_ s: String) {
        selected = false
        replacing = nil
        text = ""
        type(s)
    }

    /// The path the line names: `~` expanded to `home`, a relative name taken in the suggested
    /// folder; nil when the line is empty.
    func path(home: String) -> String? {
        expand(text.trimmingCharacters(in: .whitespaces), home: home)
    }

    /// `t` as a path: `~` expanded to `home`, a relative name taken in the suggested folder; nil
    /// when empty.
    func expand(_ t: String, home: String) -> String? {
        guard !t.isEmpty else { return nil }
        if t == "~" { return home }
        if t.hasPrefix("~/") { return home + t.dropFirst(1) }
        if t.hasPrefix("/") { return t }
        return suggestedFolder + "/" + t
    }

    /// The folder of the suggestion (the current folder when it names none).
    var suggestedFolder: String {
        let suggestion = request.suggestion
        let folder = suggestion.hasSuffix("/") ? String(suggestion.dropLast())
            : (suggestion as NSString).deletingLastPathComponent
        return folder.isEmpty ? FileManager.default.currentDirectoryPath : folder
    }

    /// The line's label.
    var label: String { request.purpose.title + ":" }

    /// The longest end of `text` that fits `room` as measured by `width`, with "…" before it when
    /// cut. A binary search: about log2(characters) measurements, whatever the length.
    static func tail(of text: String, fitting room: Double, width: (String) -> Double) -> String {
        guard width(text) > room else { return text }
        let chars = Array(text)
        var lo = 1, hi = chars.count  // the fewest characters to drop so that it fits (hi always fits)
        while lo < hi {
            let mid = (lo + hi) / 2
            if width("…" + String(chars[mid...])) <= room { hi = mid } else { lo = mid + 1 }
        }
        return "…" + String(chars[hi...])
    }
}
