import Foundation

/// The file a path names, as the system resolves it (what the journal records).
extension DocumentSession {
    /// `path` made absolute as the system opens it: its folder through `realpath` (symbolic links
    /// before `..`, as the kernel follows them) and its name as given, so a file that does not exist
    /// yet resolves too. A folder that cannot be resolved is joined to the working folder as it is.
    static func absolute(_ path: String) -> String {
        guard !path.isEmpty else { return path }
        let cut = path.lastIndex(of: "/")
        let name = cut.map { String(path[path.index(after: $0)...]) } ?? path
        if name.isEmpty || name == "." || name == ".." { return realPath(path) ?? joined(path) }
        let folder = cut.map { String(path[..<$0]) } ?? "."
        guard let real = realPath(folder.isEmpty ? "/" : folder) else { return joined(path) }
        return (real.hasSuffix("/") ? real : real + "/") + name
    }

    /// Whether `path` names the open document's file (the same file, however the paths are spelled).
    public func isDocument(_ path: String) -> Bool { documentPath.map { FileKind.sameFile($0, path) } ?? false }

    /// Whether `a` and `b` resolve to the same path (for files that need not exist).
    static func samePath(_ a: String, _ b: String) -> Bool { absolute(a) == absolute(b) }

    /// The canonical path of an existing file or folder, or nil.
    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// `path` against the working folder, unchanged otherwise (the system resolves `..` after links).
    private static func joined(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }
}
