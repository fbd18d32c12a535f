#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A PNG file read header first: its signature and IHDR (the image's size against `PNGCodec`'s
/// limits) and its size (against `PNGCodec.maxFileSize`) are checked before the rest is read, so a
/// huge file is refused having read 33 bytes.
enum PNGFile {
    /// The bytes of the PNG file at `path`, or the error that refuses it: not a regular file, not a
    /// PNG, an image over the limits, a file over `PNGCodec.maxFileSize`, or a failed read.
    static func read(path: String) throws -> [UInt8] {
        // A FIFO or a device is refused before it is opened to wait on (PosixIO.openRegularFile).
        let fd: Int32, st: stat
        switch PosixIO.openRegularFile(path) {
        case .success(let opened): (fd, st) = opened
        case .failure(.system(let reason)): throw PNGError.unreadable(path: path, reason: reason)
        case .failure(.tooLarge(let size)): throw PNGError.unreadable(path: path, reason: "it is \(DocumentError.size(size))")
        }
        defer { _ = PosixIO.closeFile(fd) }
        var bytes: [UInt8] = []
        try read(upTo: PNGImageHeader.byteCount, from: fd, into: &bytes, path: path)
        guard bytes.count >= PNGCodec.signature.count, Array(bytes.prefix(8)) == PNGCodec.signature else {
            throw PNGError.notPNG(name: path)
        }
        if let header = PNGImageHeader(bytes) { try PNGCodec.checkSize(header, name: path) }
        guard Int64(st.st_size) <= Int64(PNGCodec.maxFileSize) else {
            throw PNGError.unreadable(path: path, reason: "the file is \(DocumentError.size(Int64(st.st_size))); "
                                      + "at most \(PNGCodec.maxFileSize >> 20) MiB are read")
        }
        bytes.reserveCapacity(Int(st.st_size) + 1)
        try read(upTo: PNGCodec.maxFileSize + 1, from: fd, into: &bytes, path: path)
        guard bytes.count <= PNGCodec.maxFileSize else {
            throw PNGError.unreadable(path: path, reason: "the file grew past \(PNGCodec.maxFileSize >> 20) MiB while it was read")
        }
        return bytes
    }

    /// Appends what `fd` holds to `bytes` until they are `count` long or the file ends.
    private static func read(upTo count: Int, from fd: Int32, into bytes: inout [UInt8], path: String) throws {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while bytes.count < count {
            let want = min(chunk.count, count - bytes.count)
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, want) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { throw PNGError.unreadable(path: path, reason: PosixIO.reason()) }
            if n == 0 { return }
            bytes += chunk[0..<n]
        }
    }
}
