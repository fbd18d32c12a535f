import Foundation

/// One entry of a folder as the prompt lists it.
struct PromptEntry: Equatable {
    var name: String
    var isFolder: Bool

    /// How the list shows it: a folder with `/` after its name.
    var shown: String { isFolder ? name + "/" : name }
}

/// Tab completion and the list of matching names under the path prompt, as a shell completes:
/// the line's last `/` splits it into the folder typed so far and the start of a name in it; the
/// names in that folder starting so (case-sensitively, else ignoring case) are the matches: the
/// folders and the files of the request's first filter (`*.scrawl`, or the pictures Export writes),
/// hidden names only once a `.` is typed. Tab completes the name to the matches' longest common
/// start, and a single folder also gets its `/`. The list shows the first `listedMatches` matches
/// in name order and says how many more there are.
extension PathPrompt {
    /// How many matching names the prompt lists.
    static let listedMatches = 6
    /// The most entries read from one folder (a huge folder is listed in part, never waited on long).
    static let maxEntries = 20_000

    /// The folder the line's folder part names (`~` expanded, a relative one taken in the suggested
    /// folder), the folder part as typed, and the start of a name after it.
    func completionTarget(home: String) -> (folder: String, typed: String, partial: String) {
        let text = self.text
        guard let slash = text.lastIndex(of: "/") else {
            return (suggestedFolder, "", text)
        }
        let typed = String(text[...slash]), partial = String(text[text.index(after: slash)...])
        var folder = expand(typed, home: home) ?? suggestedFolder
        while folder.count > 1, folder.hasSuffix("/") { folder.removeLast() }  // one name per folder
        return (folder, typed, partial)
    }

    /// The matches of `partial` among `entries`, in name order, for `purpose`.
    static func matches(_ entries: [PromptEntry], partial: String, purpose: FilePurpose) -> [PromptEntry] {
        let patterns = purpose.filters.first?.patterns ?? ["*"]
        let shown = entries.filter { e in
            (partial.hasPrefix(".") || !e.name.hasPrefix(".")) && (e.isFolder || patterns.contains { fnmatch($0, e.name, 0) == 0 })
        }
        var found = shown.filter { $0.name.hasPrefix(partial) }
        if found.isEmpty {
            let lower = partial.lowercased()
            found = shown.filter { $0.name.lowercased().hasPrefix(lower) }
        }
        return found.sorted { ($0.name.lowercased(), $0.name) < ($1.name.lowercased(), $1.name) }
    }

    /// The longest start the names share (ignoring case; spelled as the first name spells it).
    static func commonStart(_ names: [String]) -> String {
        guard var common = names.first.map(Array.init) else { return "" }
        for name in names.dropFirst() {
            let chars = Array(name)
            var n = 0
            while n < common.count, n < chars.count, String(common[n]).lowercased() == String(chars[n]).lowercased() { n += 1 }
            common = Array(common[..<n])
        }
        return String(common)
    }

    /// Reads the matches again for the line as it is now (the folder is read again only when the
    /// line names another one); `list` reads a folder, nil when it cannot be read.
    mutating func updateMatches(home: String, list: (String) -> [PromptEntry]?) {
        let target = completionTarget(home: home)
        if listing?.folder != target.folder { listing = PromptListing(folder: target.folder, entries: list(target.folder) ?? []) }
        let found = PathPrompt.matches(listing?.entries ?? [], partial: target.partial, purpose: request.purpose)
        matches = Array(found.prefix(PathPrompt.listedMatches))
        moreMatches = found.count - matches.count
        allMatches = found
    }

    /// Tab: completes the name being typed to the matches' longest common start (a lone folder
    /// gets its `/`), keeping the suggestion when it was selected. Returns whether the line changed.
    @discardableResult
    mutating func complete(home: String, list: (String) -> [PromptEntry]?) -> Bool {
        deselect()
        if text == "~" { setText("~/"); updateMatches(home: home, list: list); return true }
        updateMatches(home: home, list: list)
        let target = completionTarget(home: home)
        guard !allMatches.isEmpty else { return false }
        var completed = PathPrompt.commonStart(allMatches.map(\.name))
        if allMatches.count == 1, allMatches[0].isFolder { completed = allMatches[0].name + "/" }
        guard completed.count >= target.partial.count, target.typed + completed != text else { return false }
        setText(target.typed + completed)
        updateMatches(home: home, list: list)
        return true
    }

    /// A folder's entries (at most `maxEntries`), nil when it cannot be read. Links to folders
    /// count as folders.
    static func listFolder(_ folder: String) -> [PromptEntry]? {
        guard let dir = opendir(folder) else { return nil }
        defer { closedir(dir) }
        var out: [PromptEntry] = []
        while out.count < maxEntries, let entry = readdir(dir) {
            let bytes = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            // A name that is not UTF-8 could not be typed back into the line: it is left out.
            guard let name = String(validating: bytes, as: UTF8.self), name != ".", name != ".." else { continue }
            var isFolder = entry.pointee.d_type == UInt8(DT_DIR)
            if entry.pointee.d_type == UInt8(DT_LNK) || entry.pointee.d_type == UInt8(DT_UNKNOWN) {
                var st = stat()
                isFolder = stat(folder + "/" + name, &st) == 0 && st.st_mode & S_IFMT == S_IFDIR
            }
            out.append(PromptEntry(name: name, isFolder: isFolder))
        }
        return out
    }
}

/// The entries of the folder the prompt last listed.
struct PromptListing: Equatable {
    var folder: String
    var entries: [PromptEntry]
}
