import ScrawlCore

/// A Scrawl document (`*.scrawl`, format version 1): the canvas and the committed drawables in order,
/// with every stamp's image embedded, in one self-contained JSON file. See docs/document-format.md.
///
/// ```json
/// {"format": "scrawl", "version": 1,
///  "canvas": {"width": 800, "height": 600, "background": "#ffffff"},
///  "images": [{"png": "iVBORw0KGgo..."}],
///  "drawables": [
///   {"type": "path", "d": [["M", 10, 20], ["L", 30, 40]], "stroke": "#000000", "fill": null,
///    "width": 2, "cap": "round", "join": "round", "miterLimit": 4},
///   {"type": "image", "image": 0, "left": 100, "top": 100, "right": 148, "bottom": 148, "opacity": 1}
///  ]}
/// ```
///
/// Stamps are embedded as PNG with `PNGCodec` (libpng).
public struct Document: Sendable {
    /// The version this build writes, and the newest it reads.
    public static let currentVersion = 1
    /// Files larger than this are refused before they are read (256 MiB).
    public static let maxFileSize = 256 << 20
    /// The value of the top-level `format` member.
    public static let formatName = "scrawl"
    /// The usual file name extension, without the dot.
    public static let fileExtension = "scrawl"
    /// The most pixels the images a document's drawables use may have together, decoded
    /// (64 Mi pixels, 256 MiB as RGBA). Images no drawable uses are not decoded.
    public static let maxImagePixels = 64 << 20

    public var canvas: CanvasSpec
    public var drawables: [Drawable]

    public init(canvas: CanvasSpec = CanvasSpec(), drawables: [Drawable] = []) {
        self.canvas = canvas
        self.drawables = drawables
    }

    // MARK: Reading

    /// Parses and validates a whole document. Anything wrong (broken or truncated JSON, a newer
    /// version, a missing member, a non-finite number, a bad colour, an unknown drawable type, an
    /// image that does not decode, images over `maxImagePixels`) throws; there is never half a
    /// document. Only the images that drawables use are decoded.
    public static func decode(_ bytes: [UInt8]) throws(DocumentError) -> Document {
        let body = try DocumentBody.decode(bytes)
        return body.document
    }

    /// Reads and decodes the file at `path`; a file over `maxFileSize` is refused before reading.
    public static func load(path: String) throws(DocumentError) -> Document {
        try decode(readFile(path))
    }

    /// The bytes of the file at `path`, checking its size first.
    static func readFile(_ path: String) throws(DocumentError) -> [UInt8] {
        switch PosixIO.readFile(path, limit: maxFileSize) {
        case .success(let bytes): return bytes
        case .failure(.tooLarge(let size)): throw .tooLarge(bytes: size)
        case .failure(.system(let reason)): throw .unreadable(reason: reason)
        }
    }

    // MARK: Writing

    /// The document as JSON text: one drawable per line, identical images stored once. Uses each
    /// image's original `pngData` when it has one, else encodes it with `PNGCodec`. Throws (a `DocumentError`)
    /// for anything that would not read back: a non-finite number or one out of range, a negative
    /// width, an opacity outside 0...1, images over `maxImagePixels`, an image that fails to encode.
    public func encoded() throws(DocumentError) -> [UInt8] {
        var table = EmbeddedImageTable()
        var pixels = 0
        var lines: [[UInt8]] = []
        lines.reserveCapacity(drawables.count)
        for (i, d) in drawables.enumerated() {
            var w = JSONWriter()
            try DrawableCoding.encode(d, path: "drawables[\(i)]", imageIndex: { (image) throws(DocumentError) -> Int in
                let path = "drawables[\(i)].image", before = table.base64.count
                let index = try table.index(of: image, path: path)
                if index == before {
                    pixels += image.width * image.height
                    if pixels > Document.maxImagePixels {
                        throw .image(path: path, reason: LazyImageDecoder.overBudget(image.width, image.height, total: pixels,
                                                                               budget: Document.maxImagePixels))
                    }
                }
                return index
            }, into: &w)
            lines.append(w.bytes)
        }
        var w = JSONWriter()
        w.beginObject()
        try DocumentBody.writeHeader(canvas: canvas, images: table.base64, into: &w)
        w.key("drawables", onNewLine: true)
        w.array(.lines) { w in for line in lines { w.rawValue(line) } }
        w.endObject()
        w.raw("\n")
        return w.bytes
    }

    /// Encodes the document and writes it to `path` atomically (see `AtomicFile`). A document
    /// larger than `maxFileSize` (which could not be opened again) is refused, and nothing written.
    public func save(to path: String) throws(SaveError) {
        try save(to: path, sizeLimit: Document.maxFileSize)
    }

    /// `save` with the size limit replaceable (tests).
    func save(to path: String, sizeLimit: Int) throws(SaveError) {
        let bytes: [UInt8]
        do { bytes = try encoded() } catch {
            throw SaveError(path: path, reason: error.message(file: "the document").dropPrefix("the document: "))
        }
        guard bytes.count <= sizeLimit else {
            throw SaveError(path: path, reason: "the document would be \(DocumentError.size(Int64(bytes.count))); documents "
                            + "larger than \(DocumentError.size(Int64(sizeLimit))) cannot be opened again, so it was not written")
        }
        try AtomicFile.write(bytes, to: path)
    }
}
