#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A session folder's files: generations by number, and removing them.
extension Journal {
    /// Deletes the snapshots and journals of generations below `g`.
    static func removeGenerations(before g: Int, in folder: String) {
        for name in PosixIO.list(folder) ?? [] {
            if let n = generationNumber(name), n < g { _ = unlink(PosixIO.join(folder, name)) }
        }
    }

    /// The generation in `snapshot-<g>.scrawl` or `journal-<g>.log`.
    static func generationNumber(_ name: String) -> Int? {
        for (prefix, suffix) in [("snapshot-", ".scrawl"), ("journal-", ".log")]
        where name.hasPrefix(prefix) && name.hasSuffix(suffix) {
            let digits = name.dropFirst(prefix.count).dropLast(suffix.count)
            guard !digits.isEmpty, digits.count < 10, digits.allSatisfy(\.isNumber) else { return nil }
            return Int(digits)
        }
        return nil
    }

    /// Removes a session folder: its generations, then the lock, then the folder.
    static func removeSession(_ folder: String) {
        for name in PosixIO.list(folder) ?? [] where name != "lock" { _ = unlink(PosixIO.join(folder, name)) }
        _ = unlink(PosixIO.join(folder, "lock"))
        _ = rmdir(folder)
    }
}
