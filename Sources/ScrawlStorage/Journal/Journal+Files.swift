#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A session folder's files: generations by number, and removing them.
extension Journal {
    /// The prefix of a session folder whose drawing is safe elsewhere and whose removal began
    /// (`removeSession`): recovery never reads one, only tries again to delete it.
    static let removedPrefix = "removed-"

    /// Deletes the snapshots and journals of generations below `g`.
    static func removeGenerations(before g: Int, in folder: String) {
        for name in PosixIO.list(folder) ?? [] {
            if let n = generationNumber(name), n < g { _ = PosixIO.unlink(PosixIO.join(folder, name)) }
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

    /// Removes a session folder whose drawing is safe (saved, kept by a newer journal, or blank).
    /// The folder is first renamed `removed-session-…` in one step, so a file that then cannot be
    /// deleted (immutable, a failing device) never brings the drawing back as a recovery; then its
    /// generations, the lock and the folder go. (When even the rename fails, the folder cannot be
    /// changed at all, and its files are deleted in place as far as they can be.)
    static func removeSession(_ folder: String) {
        let name = PosixIO.lastComponent(of: folder)
        let removed = PosixIO.join(PosixIO.parentFolder(of: folder), removedPrefix + name)
        deleteFiles(of: PosixIO.rename(folder, removed) == 0 ? removed : folder)
    }

    /// Tries again to delete the folders in `directory` whose removal began (`removeSession`).
    static func removeLeftovers(in directory: String, names: [String]) {
        for name in names where name.hasPrefix(removedPrefix + "session-") {
            deleteFiles(of: PosixIO.join(directory, name))
        }
    }

    /// Deletes a session folder's files, then the lock, then the folder.
    private static func deleteFiles(of folder: String) {
        for name in PosixIO.list(folder) ?? [] where name != "lock" { _ = PosixIO.unlink(PosixIO.join(folder, name)) }
        _ = PosixIO.unlink(PosixIO.join(folder, "lock"))
        _ = rmdir(folder)
    }
}
