#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

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

        let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(keepMode ?? mode))
        guard fd >= 0 else {
            throw SaveError(path: path, reason: "\(PosixIO.reason()) (creating a temporary file in \(folder))")
        }
        func fail(_ step: String, _ code: Int32) -> SaveError {
            _ = unlink(temp)
            return SaveError(path: path, reason: "\(PosixIO.reason(code)) (\(step))")
        }
        if let code = PosixIO.writeAll(fd, bytes) {
            _ = close(fd)
            throw fail("writing the temporary file", code)
        }
        if let keepMode { _ = fchmod(fd, mode_t(keepMode)) }  // O_CREAT's mode went through the umask
        if fsync(fd) != 0 {
            let code = errno
            _ = close(fd)
            throw fail("flushing the temporary file to disk", code)
        }
        if close(fd) != 0 { throw fail("closing the temporary file", errno) }
        if rename(temp, target) != 0 { throw fail("replacing the file", errno) }
        // The new contents are in place; make the rename itself durable. File systems that cannot
        // fsync a folder (EINVAL) are fine; an I/O error is reported, as a save that happened.
        if let code = syncFolder(folder), code != EINVAL && code != EBADF && code != EACCES {
            throw SaveError(path: path, reason: "\(PosixIO.reason(code)) (\(folder))",
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

/// Small POSIX helpers shared by documents and the journal: errno text, whole writes and reads.
enum PosixIO {
    /// The system's description of `code` (default: the current errno).
    static func reason(_ code: Int32 = errno) -> String { String(cString: strerror(code)) }

    /// Writes all of `bytes` with write(2), retrying short writes and EINTR; the errno on failure.
    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Int32? {
        bytes.withUnsafeBytes { buffer -> Int32? in
            var done = 0
            while done < buffer.count {
                let n = posixWrite(fd, buffer.baseAddress.map { $0 + done }, buffer.count - done)
                if n < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                if n == 0 { return EIO }
                done += n
            }
            return nil
        }
    }

    /// The whole file at `path` if it is at most `limit` bytes. The size is checked with fstat
    /// before anything is read; `tooLarge` gets the size of a file over the limit.
    static func readFile(_ path: String, limit: Int) -> Result<[UInt8], ReadFailure> {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return .failure(.system(reason())) }
        defer { _ = close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { return .failure(.system(reason())) }
        if (st.st_mode & S_IFMT) == S_IFDIR { return .failure(.system(reason(EISDIR))) }
        if Int64(st.st_size) > Int64(limit) { return .failure(.tooLarge(Int64(st.st_size))) }
        var result: [UInt8] = []
        result.reserveCapacity(Int(max(st.st_size, 0)))
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { posixRead(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return .failure(.system(reason()))
            }
            if n == 0 { return .success(result) }
            result.append(contentsOf: chunk[0..<n])
            // The file grew while being read.
            if result.count > limit { return .failure(.tooLarge(Int64(result.count))) }
        }
    }

    enum ReadFailure: Error {
        case system(String)
        case tooLarge(Int64)
    }

    /// fsyncs the folder at `path`; the errno on failure.
    static func syncFolder(_ path: String) -> Int32? {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return errno }
        defer { _ = close(fd) }
        return fsync(fd) == 0 ? nil : errno
    }

    /// Creates `path` and any missing parents with `mode`; the errno of the first failure.
    static func makeFolders(_ path: String, mode: mode_t = 0o700) -> Int32? {
        var st = stat()
        if stat(path, &st) == 0 { return (st.st_mode & S_IFMT) == S_IFDIR ? nil : ENOTDIR }
        let parent = parentFolder(of: path)
        if parent != path && parent != "." && parent != "/" {
            if let code = makeFolders(parent, mode: mode) { return code }
        }
        if mkdir(path, mode) != 0 && errno != EEXIST { return errno }
        return nil
    }

    /// Whether `path` is an existing folder (following links).
    static func isFolder(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }

    /// Whether anything exists at `path` (a dangling link counts).
    static func exists(_ path: String) -> Bool {
        var st = stat()
        return lstat(path, &st) == 0
    }

    /// The names in folder `path` (without `.` and `..`), or nil when it cannot be listed.
    static func list(_ path: String) -> [String]? {
        guard let dir = opendir(path) else { return nil }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// The folder part of `path` (`.` for a bare name, `/` for a file in the root).
    static func parentFolder(of path: String) -> String {
        var p = Substring(path)
        while p.count > 1 && p.hasSuffix("/") { p = p.dropLast() }
        guard let slash = p.lastIndex(of: "/") else { return "." }
        if slash == p.startIndex { return "/" }
        return String(p[..<slash])
    }

    /// The last component of `path`.
    static func lastComponent(of path: String) -> String {
        var p = Substring(path)
        while p.count > 1 && p.hasSuffix("/") { p = p.dropLast() }
        guard let slash = p.lastIndex(of: "/") else { return String(p) }
        return String(p[p.index(after: slash)...])
    }

    /// `folder/name`.
    static func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// 16 random hex digits (temporary and session names).
    static func randomHex() -> String {
        var g = SystemRandomNumberGenerator()
        let s = String(g.next() as UInt64, radix: 16)
        return String(repeating: "0", count: 16 - s.count) + s
    }
}

/// read(2), named apart from the helpers above.
private func posixRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(fd, buffer, count)
}

/// write(2), named apart from the helpers above.
private func posixWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(fd, buffer, count)
}
