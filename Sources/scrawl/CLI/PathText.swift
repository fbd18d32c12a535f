import Foundation

/// Paths as command-line messages print them: shortened, so a huge argument cannot become a huge line.
enum PathText {
    /// Characters kept from the start and from the end of a long path.
    static let head = 100, tail = 60

    /// `path` itself when short, else its first `head` and last `tail` characters around "…".
    static func short(_ path: String) -> String {
        guard path.utf8.count > head + tail + 1, path.count > head + tail + 1 else { return path }
        return String(path.prefix(head)) + "…" + String(path.suffix(tail))
    }

    /// `message` (a storage error's text, which names the whole `path`) with `path` shortened.
    static func shortening(_ path: String, in message: String) -> String {
        path.count > head + tail + 1 ? message.replacingOccurrences(of: path, with: short(path)) : message
    }

    /// The shortened last path component, as messages name input files.
    static func name(_ path: String) -> String {
        short((path as NSString).lastPathComponent)
    }
}
