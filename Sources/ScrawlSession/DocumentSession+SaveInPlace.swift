import Foundation
import ScrawlStorage

/// A save in place never overwrites what another window or program saved since this session
/// opened or saved the file.
extension DocumentSession {
    /// A save to the document's file `path`, unless it changed since this session opened or saved
    /// it (another window saved it): then to a free sibling, `NAME (2).scrawl`, which becomes the
    /// document's file, with a notice. A file gone since is recreated. Returns whether it saved.
    func saveInPlace(_ path: String) -> Bool {
        guard FileKind.changed(path, since: seenStamp) else { return write(to: path) }
        let sibling = DocumentSession.freeSibling(of: path) ?? environment.defaultSavePath()
        guard write(to: sibling) else { return false }
        notify(.changedSince(path: path, savedAs: sibling))  // only once it is true
        documentPath = sibling
        return true
    }

    /// `NAME (N).EXT` beside `path` for the smallest N from 2 that names nothing, or nil.
    static func freeSibling(of path: String) -> String? {
        let ns = path as NSString
        let ext = ns.pathExtension, stem = ns.deletingPathExtension
        for n in 2...999 {
            let candidate = "\(stem) (\(n))" + (ext.isEmpty ? "" : "." + ext)
            var st = stat()
            if lstat(candidate, &st) != 0 && errno == ENOENT { return candidate }
        }
        return nil
    }
}
