import CPNG
import Foundation
import ScrawlCore

/// 8-bit RGBA (straight alpha, sRGB, row 0 = top) PNG encoding and decoding via libpng's `png_image` API.
public enum PNGCodec {
    /// The longest side accepted when decoding.
    public static let maxSide = 32768
    /// The largest pixel count accepted when decoding (256 MiB of RGBA).
    public static let maxPixels = 64 << 20
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    static let rgbaFormat = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)

    /// PNG bytes of `rgba` (`width * height * 4` bytes, straight alpha, row 0 = top).
    public static func encode(rgba: [UInt8], width: Int, height: Int) throws -> [UInt8] {
        // Sides are bounded first, so `width * height * 4` cannot overflow.
        guard width > 0, height > 0, width <= maxSide, height <= maxSide, rgba.count == width * height * 4 else {
            throw PNGError.invalidPixels(width: width, height: height, byteCount: rgba.count)
        }
        var image = makeImage(width: width, height: height)
        // Favour speed (libpng picks faster filters and zlib settings): a canvas PNG is written on
        // every render and save, and drawings compress well either way.
        image.flags |= UInt32(PNG_IMAGE_FLAG_FAST)
        // One compression pass into a buffer that fits incompressible data (raw rows plus zlib and
        // chunk overhead); libpng reports the size it needs if that still was not enough. The buffer
        // is left uninitialised, so only the pages libpng writes become resident (a canvas compresses
        // to a small part of it), and the result is copied out at its size.
        let raw = (width * 4 + 1) * height
        var capacity = raw + raw / 64 + 4096
        for _ in 0..<2 {
            var needed = capacity
            let out = try [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
                count = try write(&image, rgba, into: buffer, size: &needed) ? needed : 0
            }
            if !out.isEmpty { return Array(out[...]) }
            capacity = needed
        }
        throw PNGError.encodeFailed(reason: "libpng asked for \(capacity) bytes twice")
    }

    /// The PNG bytes of `image`: its original bytes when it came from a file, else encoded.
    public static func encode(_ image: RasterImage) throws -> [UInt8] {
        if let data = image.pngData { return data }
        return try encode(rgba: image.pixels, width: image.width, height: image.height)
    }

    /// One `png_image_write_to_memory` call: true when written (`size` bytes), false when `out` was
    /// too small (and `size` now holds the size needed); throws when libpng failed otherwise.
    private static func write(_ image: inout png_image, _ rgba: [UInt8], into out: UnsafeMutableBufferPointer<UInt8>,
                              size: inout Int) throws -> Bool {
        let capacity = out.count
        size = capacity
        let ok = png_image_write_to_memory(&image, out.baseAddress, &size, 0, rgba, Int32(image.width * 4), nil)
        if ok != 0 { return true }
        guard size > capacity else { throw PNGError.encodeFailed(reason: message(of: &image)) }
        return false
    }

    /// Encodes `rgba` in memory and writes it to `path` atomically (`AtomicFile`): a failure (a
    /// full disk) leaves the previous file intact and no temporary file behind.
    public static func write(rgba: [UInt8], width: Int, height: Int, to path: String) throws {
        let bytes = try encode(rgba: rgba, width: width, height: height)
        do {
            try AtomicFile.write(bytes, to: path)
        } catch {
            if error.fileIsInPlace { return }  // written; only the folder's fsync failed
            throw PNGError.writeFailed(path: path, reason: error.reason)
        }
    }

    /// Whether the regular file at `path` starts with the PNG signature (false when it cannot be
    /// read, and for a FIFO or a device, which are never opened to wait on).
    public static func hasSignature(path: String) -> Bool {
        PosixIO.readPrefix(path, count: signature.count) == signature
    }

    /// Decodes PNG bytes to straight RGBA8 (any PNG colour type or depth); keeps `data` as `pngData`.
    public static func decode(_ data: [UInt8]) throws -> RasterImage { try decode(data, name: "<memory>") }

    /// Reads and decodes the PNG file at `path`. Its header (signature and IHDR) and its size are
    /// checked before the rest is read: a file that is not a PNG, an image over the limits or a file
    /// over `maxFileSize` is refused having read 33 bytes.
    public static func read(path: String) throws -> RasterImage {
        guard FileManager.default.fileExists(atPath: path) else { throw PNGError.missing(path: path) }
        return try decode(PNGFile.read(path: path), name: path)
    }

    /// The largest PNG file `read` reads: a document holding its image would be refused as too large.
    public static let maxFileSize = 192 << 20

    /// Throws when the image `header` describes is over `maxSide` or `maxPixels`.
    static func checkSize(_ header: PNGImageHeader, name: String) throws {
        let (w, h) = (header.width, header.height)
        // Sides first: `w * h` of two sides up to `maxSide` cannot overflow.
        guard w <= maxSide, h <= maxSide, w * h <= maxPixels else {
            throw PNGError.tooLarge(name: name, width: w, height: h, maxSide: maxSide, maxPixels: maxPixels)
        }
    }

    /// Decodes `data` after checking its header (the image's size) and holding its image data to what
    /// the image needs (`PNGImageData`); `pngData` is the bytes decoded.
    static func decode(_ data: [UInt8], name: String) throws -> RasterImage {
        guard data.count >= 8, Array(data.prefix(8)) == signature else { throw PNGError.notPNG(name: name) }
        guard let header = PNGImageHeader(data) else {
            throw PNGError.corrupt(name: name, reason: "no valid IHDR chunk after the signature")
        }
        try checkSize(header, name: name)
        return try decodeChecked(PNGImageData.trimmed(data, header: header) ?? data, name: name)
    }

    /// libpng's decoding of `data`, whose header was checked.
    private static func decodeChecked(_ data: [UInt8], name: String) throws -> RasterImage {
        // libpng keeps the memory pointer from `begin_read` and reads through it in `finish_read`,
        // so both calls run inside one `withUnsafeBytes`, where the pointer stays valid.
        let (w, h, pixels) = try data.withUnsafeBytes { bytes throws -> (Int, Int, [UInt8]) in
            var image = makeImage(width: 0, height: 0)
            guard png_image_begin_read_from_memory(&image, bytes.baseAddress, bytes.count) != 0 else {
                throw PNGError.corrupt(name: name, reason: message(of: &image))
            }
            let w = Int(image.width), h = Int(image.height)
            // Sides first: `w * h` of two sides up to `maxSide` cannot overflow.
            guard w <= maxSide, h <= maxSide, w * h <= maxPixels else {
                png_image_free(&image)
                throw PNGError.tooLarge(name: name, width: w, height: h, maxSide: maxSide, maxPixels: maxPixels)
            }
            image.format = rgbaFormat
            var pixels = [UInt8](repeating: 0, count: w * h * 4)
            let ok = pixels.withUnsafeMutableBytes {
                png_image_finish_read(&image, nil, $0.baseAddress, Int32(w * 4), nil)
            }
            guard ok != 0 else { throw PNGError.corrupt(name: name, reason: message(of: &image)) }
            return (w, h, pixels)
        }
        return RasterImage(width: w, height: h, pixels: pixels, pngData: data)
    }

    private static func makeImage(width: Int, height: Int) -> png_image {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(width)
        image.height = UInt32(height)
        image.format = rgbaFormat
        return image
    }

    /// libpng's message (a fixed char[64] in the struct).
    private static func message(of image: inout png_image) -> String {
        withUnsafeBytes(of: &image.message) { raw in
            let text = String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            return text.isEmpty ? "unknown libpng error" : text
        }
    }
}
