import CEpoxy
import ScrawlCore

/// GL textures of `RasterImage`s keyed by object identity, least recently used evicted first.
///
/// Each entry keeps its image alive, so an `ObjectIdentifier` cannot be reused by a new image while
/// its old texture is cached. Bounded by entry count and by bytes of texture memory.
final class TextureCache {
    private struct Entry {
        let image: RasterImage
        let texture: GLuint
        let bytes: Int
        var lastUse: UInt64
    }

    let maxEntries: Int
    let maxBytes: Int
    private var entries: [ObjectIdentifier: Entry] = [:]
    private var clock: UInt64 = 0
    private(set) var totalBytes = 0

    init(maxEntries: Int = 64, maxBytes: Int = 256 << 20) {
        self.maxEntries = maxEntries
        self.maxBytes = maxBytes
    }

    deinit { removeAll() }

    /// Number of cached textures.
    var count: Int { entries.count }

    /// The texture of `image`, uploading it (and evicting old entries) on a miss. Leaves it bound.
    func texture(for image: RasterImage) -> GLuint {
        clock += 1
        let key = ObjectIdentifier(image)
        if let hit = entries[key] {
            entries[key]?.lastUse = clock
            epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), hit.texture)
            return hit.texture
        }
        let (texture, bytes) = TextureCache.upload(image)
        entries[key] = Entry(image: image, texture: texture, bytes: bytes, lastUse: clock)
        totalBytes += bytes
        evict(keeping: key)
        epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        return texture
    }

    /// Deletes every cached texture (context current).
    func removeAll() {
        for entry in entries.values { delete(entry.texture) }
        entries.removeAll()
        totalBytes = 0
    }

    private func evict(keeping key: ObjectIdentifier) {
        while entries.count > maxEntries || (totalBytes > maxBytes && entries.count > 1) {
            guard let oldest = entries.filter({ $0.key != key }).min(by: { $0.value.lastUse < $1.value.lastUse })
            else { return }
            delete(oldest.value.texture)
            totalBytes -= oldest.value.bytes
            entries[oldest.key] = nil
        }
    }

    private func delete(_ texture: GLuint) {
        var t = texture
        epoxy_glDeleteTextures(1, &t)
    }

    /// Uploads straight RGBA, box-downsampled first when a side exceeds `GL_MAX_TEXTURE_SIZE`.
    private static func upload(_ image: RasterImage) -> (GLuint, Int) {
        var limit: GLint = 0
        epoxy_glGetIntegerv(GLenum(GL_MAX_TEXTURE_SIZE), &limit)
        let fitted = ImageResampler.fitting(image, maxSide: Int(limit))
        var texture: GLuint = 0
        epoxy_glGenTextures(1, &texture)
        epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        epoxy_glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        fitted.pixels.withUnsafeBytes { bytes in
            epoxy_glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(fitted.width), GLsizei(fitted.height), 0,
                               GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), bytes.baseAddress)
        }
        TextureParameters.apply(filter: GL_LINEAR)
        return (texture, fitted.width * fitted.height * 4)
    }
}

/// CPU resampling for images larger than the driver's texture limit.
enum ImageResampler {
    /// `image` itself when both sides fit `maxSide`, else a box-filtered copy shrunk by a whole factor.
    static func fitting(_ image: RasterImage, maxSide: Int) -> RasterImage {
        let side = max(image.width, image.height)
        guard maxSide > 0, side > maxSide else { return image }
        let factor = (side + maxSide - 1) / maxSide
        let w = max(1, image.width / factor), h = max(1, image.height / factor)
        var out = [UInt8](repeating: 0, count: w * h * 4)
        for y in 0..<h {
            for x in 0..<w { average(image, x * factor, y * factor, factor, into: &out, at: (y * w + x) * 4) }
        }
        return RasterImage(width: w, height: h, pixels: out)
    }

    private static func average(_ image: RasterImage, _ x0: Int, _ y0: Int, _ factor: Int,
                                into out: inout [UInt8], at offset: Int) {
        var sum = [Int](repeating: 0, count: 4)
        var n = 0
        for y in y0..<min(y0 + factor, image.height) {
            for x in x0..<min(x0 + factor, image.width) {
                let i = (y * image.width + x) * 4
                for c in 0..<4 { sum[c] += Int(image.pixels[i + c]) }
                n += 1
            }
        }
        for c in 0..<4 { out[offset + c] = UInt8((sum[c] + n / 2) / max(n, 1)) }
    }
}
