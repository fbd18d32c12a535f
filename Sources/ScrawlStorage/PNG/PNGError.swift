import ScrawlCore

/// A PNG that could not be read or written, naming the file (or `<memory>`) and the reason.
public enum PNGError: Error, CustomStringConvertible, Equatable, Sendable {
    /// No file at `path`.
    case missing(path: String)
    /// The file exists but could not be read.
    case unreadable(path: String, reason: String)
    /// The bytes do not start with the PNG signature.
    case notPNG(name: String)
    /// The image has more pixels (or a longer side) than `PNGCodec` accepts.
    case tooLarge(name: String, width: Int, height: Int, maxSide: Int, maxPixels: Int)
    /// libpng rejected the data (truncated, corrupt); `reason` is its message.
    case corrupt(name: String, reason: String)
    /// The pixels passed to `encode` do not match the size, or the size is empty or too large.
    case invalidPixels(width: Int, height: Int, byteCount: Int)
    /// libpng could not encode the image.
    case encodeFailed(reason: String)
    /// The file could not be written.
    case writeFailed(path: String, reason: String)

    public var description: String {
        switch self {
        case let .missing(path): return "PNG \(PathText.short(path)): no such file"
        case let .unreadable(path, reason): return "PNG \(PathText.short(path)): cannot read: \(reason)"
        case let .notPNG(name): return "PNG \(PathText.short(name)): not a PNG file (bad signature)"
        case let .tooLarge(name, w, h, side, pixels):
            return "PNG \(PathText.short(name)): \(w)x\(h) is too large (at most \(side) per side and \(pixels) pixels)"
        case let .corrupt(name, reason): return "PNG \(PathText.short(name)): cannot decode: \(reason)"
        case let .invalidPixels(w, h, count): return "PNG encode: \(count) bytes do not make a \(w)x\(h) RGBA image"
        case let .encodeFailed(reason): return "PNG encode failed: \(reason)"
        case let .writeFailed(path, reason): return "PNG \(PathText.short(path)): cannot write: \(reason)"
        }
    }
}
