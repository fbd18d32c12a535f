import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import ScrawlCore

/// Where Scrawl keeps files, after the XDG base directory and user directory specifications.
/// Everything is resolved from an explicit environment dictionary, so tests need no real home.
public enum XDGPaths {
    /// Where new documents are saved by default: `$XDG_PICTURES_DIR`, else the `XDG_PICTURES_DIR`
    /// line of `${XDG_CONFIG_HOME:-~/.config}/user-dirs.dirs`, else `~/Pictures`, else `$HOME`.
    /// Each of the first three is used only if it is an existing folder (saving into a missing one
    /// would fail); relative paths are ignored, as the specifications say.
    public static func picturesDirectory(environment: [String: String],
                                         isFolder: (String) -> Bool = XDGPaths.isFolder) -> String {
        let home = homeDirectory(environment: environment)
        if let dir = absolute(environment["XDG_PICTURES_DIR"]), isFolder(dir) { return dir }
        let userDirs = PosixIO.join(configDirectory(environment: environment), "user-dirs.dirs")
        if case .success(let bytes) = PosixIO.readFile(userDirs, limit: 1 << 20),
           let text = String(validating: bytes, as: UTF8.self),
           let dir = userDirectory("XDG_PICTURES_DIR", inUserDirs: text, home: home), isFolder(dir) {
            return dir
        }
        let pictures = PosixIO.join(home, "Pictures")
        if isFolder(pictures) { return pictures }
        return home
    }

    /// Whether `path` is an existing folder (following links).
    public static func isFolder(_ path: String) -> Bool { PosixIO.isFolder(path) }

    /// The folder for the autosave journal: `$XDG_STATE_HOME/scrawl`, default `~/.local/state/scrawl`.
    public static func stateDirectory(environment: [String: String]) -> String {
        if let state = absolute(environment["XDG_STATE_HOME"]) { return PosixIO.join(state, "scrawl") }
        return PosixIO.join(homeDirectory(environment: environment), ".local/state/scrawl")
    }

    /// `$XDG_CONFIG_HOME`, default `~/.config`.
    public static func configDirectory(environment: [String: String]) -> String {
        absolute(environment["XDG_CONFIG_HOME"]) ?? PosixIO.join(homeDirectory(environment: environment), ".config")
    }

    /// `$HOME`, else the password database's home for this user, else `/`.
    public static func homeDirectory(environment: [String: String]) -> String {
        if let home = absolute(environment["HOME"]) { return home }
        if let pw = getpwuid(getuid()), let dir = pw.pointee.pw_dir {
            let s = String(cString: dir)
            if s.hasPrefix("/") { return s }
        }
        return "/"
    }

    /// A name for a new document, in local time: `Scrawl 2026-11-29 14-03-07.scrawl`
    /// (no colons, which some file systems and file managers dislike).
    public static func defaultDocumentName(date: Date, timeZone: TimeZone = .current) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ v: Int?) -> String { let s = String(v ?? 0); return s.count < 2 ? "0" + s : s }
        let year = String(c.year ?? 1970)
        return "Scrawl \(year)-\(two(c.month))-\(two(c.day)) \(two(c.hour))-\(two(c.minute))-\(two(c.second)).scrawl"
    }

    /// The value of `key` in the text of a `user-dirs.dirs` file, with `$HOME` expanded; nil when
    /// the key is absent or its value is neither `"$HOME/..."` nor an absolute path. The file is
    /// shell syntax: `XDG_PICTURES_DIR="$HOME/Pictures"`, with backslash escapes inside the quotes.
    /// The last assignment wins, as in the shell.
    public static func userDirectory(_ key: String, inUserDirs text: String, home: String) -> String? {
        var result: String?
        for rawLine in text.split(whereSeparator: \.isNewline) {
            var line = Substring(rawLine).drop(while: { $0 == " " || $0 == "\t" })
            if line.hasPrefix("#") { continue }
            if line.hasPrefix("export ") { line = line.dropFirst(7).drop(while: { $0 == " " }) }
            guard line.hasPrefix(key + "=") else { continue }
            let value = unquote(line.dropFirst(key.count + 1))
            if let expanded = expandHome(value, home: home) { result = expanded }
        }
        return result
    }

    /// The shell value `raw` with double or single quotes and backslash escapes removed; trailing
    /// whitespace and comments after the value are dropped.
    static func unquote(_ raw: Substring) -> String {
        var out = ""
        var quote: Character?
        var escaped = false
        for ch in raw {
            if escaped {
                out.append(ch)
                escaped = false
            } else if ch == "\\" && quote != "'" {
                escaped = true
            } else if let q = quote {
                if ch == q { quote = nil } else { out.append(ch) }
            } else if ch == "\"" || ch == "'" {
                quote = ch
            } else if ch == " " || ch == "\t" || ch == "#" {
                break
            } else {
                out.append(ch)
            }
        }
        return out
    }

    /// `$HOME/x`, `${HOME}/x` or `$HOME` expanded; absolute paths as they are; anything else nil.
    static func expandHome(_ value: String, home: String) -> String? {
        for prefix in ["$HOME", "${HOME}"] where value == prefix || value.hasPrefix(prefix + "/") {
            let rest = value.dropFirst(prefix.count).drop(while: { $0 == "/" })
            return rest.isEmpty ? home : PosixIO.join(home, String(rest))
        }
        return value.hasPrefix("/") ? trimmedSlashes(value) : nil
    }

    /// A non-empty absolute path, without trailing slashes; nil otherwise.
    private static func absolute(_ value: String?) -> String? {
        guard let value, value.hasPrefix("/") else { return nil }
        return trimmedSlashes(value)
    }

    private static func trimmedSlashes(_ p: String) -> String {
        var s = Substring(p)
        while s.count > 1 && s.hasSuffix("/") { s = s.dropLast() }
        return String(s)
    }
}
