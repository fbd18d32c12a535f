/// An RGBA image with straight (non-premultiplied) sRGB alpha, rows top to bottom.
public final class RasterImage: @unchecked Sendable {
    public let width: Int
    public let height: Int
    /// `width * height * 4` bytes, RGBA.
    public let pixels: [UInt8]
    /// The original PNG bytes when the image came from a file (kept so documents embed it losslessly).
    public let pngData: [UInt8]?

    public init(width: Int, height: Int, pixels: [UInt8], pngData: [UInt8]? = nil) {
        precondition(pixels.count == width * height * 4, "RasterImage: pixel count does not match size")
        self.width = width; self.height = height; self.pixels = pixels; self.pngData = pngData
    }
}
