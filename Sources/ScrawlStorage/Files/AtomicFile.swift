#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ScrawlCore

/// Whole-file replacement that never leaves a half-written file behind.
///
/// `write` puts the bytes in a temporary file in the target's folder, fsyncs it, renames it over the
/// target (atomic on POSIX file systems) and fsyncs the folder, so after a crash or power loss the
/// path holds either the old contents or the new ones. On any failure before the rename the
/// temporary file is removed and the target is untouched. When only the last step fails (the
/// folder cannot be flushed to disk), the new file is already in place: the error then says so
/// (`SaveError.fileIsInPlace`).
public enum AtomicFile {
    /// Replaces the file at `path` with `bytes`. A symbolic link is followed (the file it points to is
    /// replaced, the link stays). A new file gets mode `mode` (less the umask); an existing file keeps
    /// its mode.
    public static func write(_ bytes: [UInt8], to path: String, mode: UInt32 = 0o644) throws(SaveError) {
        try write(bytes, to: path, mode: mode, syncFolder: PosixIO.syncFolder)
    }

    /// `write`, with the folder fsync replaceable (tests make it fail).
    static func write(_ bytes: [UInt8], to path: String, mode: UInt32 = 0o644,
                      syncFolder: (String) -> Int32?) throws(SaveError) {
        guard !path.isEmpty else { throw SaveError(path: path, reason: "the path is empty") }
        let target = resolvedTarget(path)
        let folder = PosixIO.parentFolder(of: target)
        let base = PosixIO.lastComponent(of: target)
        let temp = PosixIO.join(folder, ".\(base).tmp-\(getpid())-\(PosixIO.randomHex())")

        var st = stat()
        if lstat(target, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR {
            throw SaveError(path: path, reason: "it is a folder")
        }
        let keepMode = stat(target, &st) == 0 ? UInt32(st.st_mode & 0o7777) : nil

        let fd = PosixIO.open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(keepMode ?? mode))
        guard fd >= 0 else {
            throw SaveError(path: path, reason: "\(PosixIO.reason()) (creating a temporary file in \(PathText.short(folder)))")
        }
        func fail(_ step: String, _ code: Int32) -> SaveError {
            _ = unlink(temp)
            return SaveError(path: path, reason: "\(PosixIO.reason(code)) (\(step))")
        }
        if let code = PosixIO.writeAll(fd, bytes, path: temp) {
            _ = close(fd)
            throw fail("writing the temporary file", code)
        }
        if let keepMode { _ = fchmod(fd, mode_t(keepMode)) }  // O_CREAT's mode went through the umask
        if PosixIO.fsync(fd, path: temp) != 0 {
            let code = errno
            _ = close(fd)
            throw fail("flushing the temporary file to disk", code)
        }
        if close(fd) != 0 { throw fail("closing the temporary file", errno) }
        if PosixIO.rename(temp, target) != 0 { throw fail("replacing the file", errno) }
        // The new contents are in place; make the rename itself durable. File systems that cannot
        // fsync a folder (EINVAL) are fine; an I/O error is reported, as a save that happened.
        if let code = syncFolder(folder), code != EINVAL && code != EBADF && code != EACCES {
            throw SaveError(path: path, reason: "\(PosixIO.reason(code)) (\(PathText.short(folder)))",
                            fileIsInPlace: true)
        }
    }

    /// `path`, or the file it links to when it is a symbolic link to an existing file.
    private static func resolvedTarget(_ path: String) -> String {
        var st = stat()
        guard lstat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFLNK else { return path }
        guard let real = realpath(path, nil) else { return path }
        defer { free(real) }
        return String(cString: real)
    }
}
