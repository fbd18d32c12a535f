#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension PosixIO {
    /// unlink(2), through `StorageFaults`: 0, or -1 with errno set.
    static func unlink(_ path: String) -> Int32 {
        if let code = StorageFaults.failure(.unlink, path: path) {
            errno = code
            return -1
        }
        return posixUnlink(path)
    }
}

/// unlink(2), named apart from `PosixIO.unlink`.
private func posixUnlink(_ path: String) -> Int32 { unlink(path) }
