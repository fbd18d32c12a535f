#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Small POSIX helpers shared by documents and the journal: errno text, whole writes and reads.
enum PosixIO {
    /// close(2), named apart from the `close()` methods of the types that call it.
    static func closeFile(_ fd: Int32) -> Int32 { close(fd) }

    /// The system's description of `code` (default: the current errno).
    static func reason(_ code: Int32 = errno) -> String { String(cString: strerror(code)) }

    /// open(2) of `path`, through `StorageFaults`: the descriptor, or -1 with errno set.
    static func open(_ path: String, _ flags: Int32, _ mode: mode_t = 0) -> Int32 {
        if let code = StorageFaults.failure(.open, path: path) {
            errno = code
            return -1
        }
        return posixOpen(path, flags, mode)
    }

    /// fsync(2) of `fd` (the file at `path`), through `StorageFaults`: 0, or -1 with errno set.
    static func fsync(_ fd: Int32, path: String? = nil) -> Int32 {
        if let code = StorageFaults.failure(.fsync, path: path) {
            errno = code
            return -1
        }
        return posixFsync(fd)
    }

    /// rename(2), through `StorageFaults`: 0, or -1 with errno set.
    static func rename(_ from: String, _ to: String) -> Int32 {
        if let code = StorageFaults.failure(.rename, path: to) {
            errno = code
            return -1
        }
        return posixRename(from, to)
    }

    /// Writes all of `bytes` with write(2), retrying short writes and EINTR; the errno on failure.
    /// `path` names the file for `StorageFaults`.
    static func writeAll(_ fd: Int32, _ bytes: [UInt8], path: String? = nil) -> Int32? {
        if let code = StorageFaults.failure(.write, path: path) { return code }
        return bytes.withUnsafeBytes { buffer -> Int32? in
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

    /// Opens `path` for reading, refusing anything that is not a regular file before a byte is read:
    /// a FIFO would block the open (and every read) until a writer came, a device could block or
    /// never end. `stat` first, so no device is ever opened; the open itself never waits
    /// (`O_NONBLOCK`) and `fstat` checks what was opened, in case the path changed in between; the
    /// descriptor then goes back to blocking reads. A folder fails with EISDIR's reason, anything
    /// else not regular with "it is a FIFO, not a regular file" (or a device, a socket).
    /// The caller closes the descriptor.
    static func openRegularFile(_ path: String) -> Result<(fd: Int32, stat: stat), ReadFailure> {
        var st = stat()
        if stat(path, &st) == 0, let problem = notRegular(st) { return .failure(.system(problem)) }
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard fd >= 0 else { return .failure(.system(reason())) }
        guard fstat(fd, &st) == 0 else {
            let failure = reason()
            _ = close(fd)
            return .failure(.system(failure))
        }
        if let problem = notRegular(st) {
            _ = close(fd)
            return .failure(.system(problem))
        }
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
        return .success((fd, st))
    }

    /// Why a file with `st` is not read: nil for a regular file.
    private static func notRegular(_ st: stat) -> String? {
        switch st.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return reason(EISDIR)
        case S_IFIFO: return "it is a FIFO (a named pipe), not a regular file"
        case S_IFCHR: return "it is a character device, not a regular file"
        case S_IFBLK: return "it is a block device, not a regular file"
        case S_IFSOCK: return "it is a socket, not a regular file"
        default: return "it is not a regular file"
        }
    }

    /// The whole file at `path` if it is at most `limit` bytes: a regular file only
    /// (`openRegularFile`), its size checked with fstat before anything is read; `tooLarge` gets
    /// the size of a file over the limit.
    static func readFile(_ path: String, limit: Int) -> Result<[UInt8], ReadFailure> {
        let fd: Int32, st: stat
        switch openRegularFile(path) {
        case .success(let opened): (fd, st) = opened
        case .failure(let failure): return .failure(failure)
        }
        defer { _ = close(fd) }
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

    /// The first `count` bytes of the regular file at `path` (fewer when it is shorter), or nil
    /// when it cannot be read or is not a regular file (`openRegularFile`).
    static func readPrefix(_ path: String, count: Int) -> [UInt8]? {
        guard case .success(let opened) = openRegularFile(path) else { return nil }
        defer { _ = close(opened.fd) }
        var bytes = [UInt8](repeating: 0, count: count), done = 0
        while done < count {
            let n = bytes.withUnsafeMutableBytes { posixRead(opened.fd, $0.baseAddress! + done, count - done) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            done += n
        }
        return Array(bytes[0..<done])
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
        return fsync(fd, path: path) == 0 ? nil : errno
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

/// read(2), named apart from `PosixIO`'s helpers.
private func posixRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(fd, buffer, count)
}

/// write(2), named apart from `PosixIO`'s helpers.
private func posixWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(fd, buffer, count)
}

/// open(2), named apart from `PosixIO.open`.
private func posixOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { open(path, flags, mode) }

/// fsync(2), named apart from `PosixIO.fsync`.
private func posixFsync(_ fd: Int32) -> Int32 { fsync(fd) }

/// rename(2), named apart from `PosixIO.rename`.
private func posixRename(_ from: String, _ to: String) -> Int32 { rename(from, to) }
