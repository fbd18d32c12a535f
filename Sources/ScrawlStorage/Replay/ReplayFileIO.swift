#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ScrawlCore

/// Replay files: whole-file reads (through `PosixIO.readFile`) and the unbuffered appends of
/// `ReplayRecorder`, with errno-based reasons.
enum ReplayFileIO {
    /// The largest file `read(path:)` accepts.
    static let maxFileSize = 256 << 20

    /// The whole contents of the file at `path`.
    static func read(path: String) throws(ReplayError) -> [UInt8] {
        switch PosixIO.readFile(path, limit: maxFileSize) {
        case .success(let bytes): return bytes
        case .failure(.tooLarge): throw .unreadable(reason: "the file is larger than 256 MiB")
        case .failure(.system(let reason)): throw .unreadable(reason: reason)
        }
    }

    /// Creates (or truncates) `path` for writing.
    static func create(path: String) throws(ReplayWriteError) -> Int32 {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw ReplayWriteError(path: path, reason: PosixIO.reason()) }
        return fd
    }

    /// Writes all of `bytes` with write(2), retrying short writes and EINTR.
    static func write(_ bytes: [UInt8], to fd: Int32, path: String) throws(ReplayWriteError) {
        if let failure = PosixIO.writeAll(fd, bytes) {
            throw ReplayWriteError(path: path, reason: PosixIO.reason(failure))
        }
    }
}
