#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Foundation
import ScrawlCore

/// Refuses an output path that is one of the inputs, so an output never clobbers what is read.
enum OutputGuard {
    /// Throws bad input when `output` names the same file as any of `inputs` (also through links).
    static func check(output: String, role: String, inputs: [String]) throws {
        for input in inputs where sameFile(output, input) {
            throw CommandFailure.badInput("\(role) \(PathText.short(output)) is the input file \(PathText.short(input)); "
                                          + "refusing to overwrite it")
        }
    }

    /// Whether `a` and `b` name one file: the same device and inode when both exist, else the same
    /// real path (of the existing parent folder plus the name).
    static func sameFile(_ a: String, _ b: String) -> Bool {
        var sa = stat(), sb = stat()
        if stat(a, &sa) == 0 && stat(b, &sb) == 0 { return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino }
        guard let ra = resolved(a), let rb = resolved(b) else { return false }
        return ra == rb
    }

    /// The real path of `path`, or of its parent folder with the last component appended.
    static func resolved(_ path: String) -> String? {
        if let r = realPath(path) { return r }
        let ns = path as NSString
        let parent = ns.deletingLastPathComponent.isEmpty ? "." : ns.deletingLastPathComponent
        guard let r = realPath(parent) else { return nil }
        return (r as NSString).appendingPathComponent(ns.lastPathComponent)
    }

    private static func realPath(_ path: String) -> String? {
        guard let p = realpath(path, nil) else { return nil }
        defer { free(p) }
        return String(cString: p)
    }
}
