import ScrawlCore

/// What the journal keeps of the text being typed (`JournalOpenText` has its records).
struct JournalTextState {
    /// The open text as the current journal file holds it; nil when none is open there, or a
    /// change of the drawing since ended it (a commit is an add or an edit).
    var onDisk: OpenText?
    /// When `onDisk` was written.
    var writtenAt = -Double.infinity
    /// The open text as last given, and when it last changed.
    var latest: OpenText?
    var changedAt = -Double.infinity
}

/// The text being typed: autosave writes it as small records (no glyphs), a record when a word
/// begins at most once a second, and what was typed once typing pauses for a second, so the
/// journal grows with what is typed and a kill -9 loses at most the last second of it.
extension Journal {
    /// The least time between two records of the same open text (and the pause that writes one).
    public static let textInterval = 1.0
    /// The most time between two records while typing goes on without a word beginning.
    static let textLongest = 5.0

    /// Records `text`, the editor's open text (`Editor.openText`; nil: none is open) at time `now`
    /// (seconds): written at once when it is new or set anew (moved, recoloured, another layer),
    /// when a word begins a second or more after the last record, every five seconds of typing,
    /// and once it has not changed for a second (call again then: `textWake`). An edit that ends
    /// without changing the drawing, or is emptied, writes `text-end` (an empty text is none:
    /// recovery would keep nothing of it, and a replaced text as it was).
    public func recordText(_ open: OpenText?, now: Double) {
        let text = open?.string.isEmpty == false ? open : nil
        if text != textState.latest {
            textState.latest = text
            textState.changedAt = now
        }
        guard text != textState.onDisk else { return }
        guard let text else {
            if appendMarker(JournalOpenText.end) { textState.onDisk = nil }
            return
        }
        if let old = textState.onDisk, old.isSameSetting(as: text) {
            let since = now - textState.writtenAt
            let typed = since >= Journal.textInterval && (old.step != text.step || since >= Journal.textLongest)
            guard typed || now - textState.changedAt >= Journal.textInterval else { return }
        }
        if appendMarker(JournalOpenText.record(text, after: textState.onDisk)) {
            textState.onDisk = text
            textState.writtenAt = now
        }
    }

    /// Seconds from `now` until `recordText` would write the open text it was last given (0: due
    /// now), or nil when the files hold it already (or none is open).
    public func textWake(now: Double) -> Double? {
        guard let latest = textState.latest, latest != textState.onDisk else { return nil }
        return max(0, textState.changedAt + Journal.textInterval - now)
    }

    /// A new journal file: the open text its older file held, written whole as its first record.
    func rewriteOpenText() {
        guard let text = textState.onDisk else { return }
        textState.onDisk = nil
        if appendMarker(JournalOpenText.record(text, after: nil)) { textState.onDisk = text }
    }
}
