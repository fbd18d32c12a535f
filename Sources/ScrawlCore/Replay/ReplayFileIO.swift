#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Whole-file reads and unbuffered appends with POSIX calls and errno-based reasons.
enum ReplayFileIO {
    /// The largest file `read(path:)` accepts.
    static let maxFileSize = 256 << 20

    /// The system's description of `errno`.
    static func reason(_ code: Int32 = errno) -> String { String(cString: strerror(code)) }

    /// The whole contents of the file at `path`.
    static func read(path: String) throws(ReplayError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .unreadable(reason: reason()) }
        defer { _ = close(fd) }
        var result: [UInt8] = []
        // Read a regular file in one go (its size plus one byte, to see the end); grow otherwise.
        var info = stat()
        let size = fstat(fd, &info) == 0 ? max(0, Int(info.st_size)) : 0
        guard size <= maxFileSize else { throw .unreadable(reason: "the file is larger than 256 MiB") }
        var chunk = [UInt8](repeating: 0, count: max(1 << 16, size + 1))
        while true {
            let n = chunk.withUnsafeMutableBytes { posixRead(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .unreadable(reason: reason())
            }
            if n == 0 { return result }
            result.append(contentsOf: chunk[0..<n])
            guard result.count <= maxFileSize else { throw .unreadable(reason: "the file is larger than 256 MiB") }
        }
    }

    /// Closes a descriptor.
    static func closeFile(_ fd: Int32) -> Int32 { close(fd) }

    /// Creates (or truncates) `path` for writing.
    static func create(path: String) throws(ReplayWriteError) -> Int32 {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw ReplayWriteError(path: path, reason: reason()) }
        return fd
    }

    /// Writes all of `text` with write(2), retrying short writes and EINTR.
    static func write(_ text: String, to fd: Int32, path: String) throws(ReplayWriteError) {
        if let failure = PosixIO.writeAll(fd, Array(text.utf8)) {
            throw ReplayWriteError(path: path, reason: reason(failure))
        }
    }
}

/// read(2), named apart from the `read` helpers above.
private func posixRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(fd, buffer, count)
}

