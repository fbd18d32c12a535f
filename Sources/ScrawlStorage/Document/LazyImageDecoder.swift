import Foundation
import ScrawlCore

/// A file's image table: base64 PNGs, each decoded once, when a drawable first uses it, with a
/// limit on the pixels of all the decoded ones together.
///
/// For a paste, the table starts from the images the drawing holds (`reusing`): a PNG with the same
/// bytes as one of them is that image (decoded once, shared), and they count against the budget,
/// so pasted images and the drawing's together stay within what a document may hold.
struct LazyImageDecoder {
    private var texts: [String] = []
    private var decoded: [Int: RasterImage] = [:]
    /// The most decoded pixels allowed in total; nil for no limit.
    let pixelBudget: Int?
    /// The pixels of the images decoded so far (and of those reused).
    private(set) var decodedPixels = 0
    /// Images with PNG bytes that a table entry with the same bytes is, instead of a new decode.
    private let reusable: [RasterImage]
    /// Whose images the budget message names.
    private let owner: String

    init(pixelBudget: Int?) {
        self.pixelBudget = pixelBudget
        reusable = []
        owner = "the document's images"
    }

    /// A table whose images join `images` (a paste into a drawing holding them): see the type.
    init(pixelBudget: Int?, reusing images: [RasterImage]) {
        self.pixelBudget = pixelBudget
        reusable = images.filter { $0.pngData != nil }
        decodedPixels = images.reduce(0) { $0 + $1.width * $1.height }
        owner = "the drawing's images and the pasted ones"
    }

    var count: Int { texts.count }

    /// Whether `text` is strict base64 (no whitespace, no stray characters, correct padding).
    static func isBase64(_ text: String) -> Bool { Data(base64Encoded: text) != nil }

    /// Adds an image (base64 PNG) at the end of the table, not decoded yet.
    mutating func append(_ base64: String) { texts.append(base64) }

    /// Image `index`, decoded on first use; `path` names the reference (`drawables[3].image`).
    /// Throws for a number with no image, an image that does not decode, or one that would take
    /// the decoded pixels over the budget (checked from the PNG header before decoding).
    mutating func image(_ index: Int, referencedAt path: String) throws(DocumentError) -> RasterImage {
        guard index >= 0 && index < texts.count else {
            let have = texts.isEmpty ? "the document has no images" : "images are numbered 0 to \(texts.count - 1)"
            throw .field(path: path, problem: "no image \(index) (\(have))")
        }
        if let image = decoded[index] { return image }
        let place = "images[\(index)].png"
        // Strictly: no whitespace, no stray characters, correct padding.
        guard let data = Data(base64Encoded: texts[index]) else {
            throw .field(path: place, problem: "is not valid base64")
        }
        let bytes = [UInt8](data)
        if let same = reusable.first(where: { $0.pngData?.count == bytes.count && $0.pngData == bytes }) {
            decoded[index] = same  // counted already
            return same
        }
        if let (w, h) = LazyImageDecoder.pngSize(bytes) { try checkBudget(w, h, place) }
        let image: RasterImage
        do { image = try PNGCodec.decode(bytes) } catch {
            throw .image(path: place, reason: "not a usable PNG: \(error)")
        }
        guard image.width > 0 && image.height > 0 else {
            throw .image(path: place, reason: "the image is empty (\(image.width)x\(image.height))")
        }
        try checkBudget(image.width, image.height, place)
        decodedPixels += image.width * image.height  // checked by `checkBudget`, or within PNGCodec's limits
        decoded[index] = image
        return image
    }

    private func checkBudget(_ width: Int, _ height: Int, _ place: String) throws(DocumentError) {
        guard let pixelBudget else { return }
        // Header sizes go up to 2^32 - 1 per side: overflow-checked, so a lying header is refused.
        let (pixels, over) = width.multipliedReportingOverflow(by: height)
        let (total, overSum) = decodedPixels.addingReportingOverflow(pixels)
        guard !over, !overSum else {
            throw .image(path: place, reason: "the \(width)x\(height) image is too large "
                + "(at most \(pixelBudget) pixels are allowed)")
        }
        guard total <= pixelBudget else {
            throw .image(path: place, reason: LazyImageDecoder.overBudget(width, height, total: total, budget: pixelBudget, owner: owner))
        }
    }

    /// Why an image is refused when it takes the images' pixels to `total`, over `budget`.
    static func overBudget(_ width: Int, _ height: Int, total: Int, budget: Int,
                           owner: String = "the document's images") -> String {
        let size = budget >= 1 << 18 ? " (\(budget >> 18) MiB as RGBA)" : ""
        return "with this \(width)x\(height) image \(owner) come to \(total) pixels; "
            + "at most \(budget)\(size) are allowed"
    }

    /// The width and height in a PNG's header (IHDR), or nil when `bytes` do not start like a PNG.
    static func pngSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count >= 24, Array(bytes[0..<8]) == signature, Array(bytes[12..<16]) == Array("IHDR".utf8) else { return nil }
        func u32(_ i: Int) -> Int { bytes[i..<(i + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return (u32(16), u32(20))
    }
}
