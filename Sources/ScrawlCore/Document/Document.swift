import Foundation

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
/// PNG coding lives in ScrawlGL, so it is passed in as closures.
public struct Document: Sendable {
    /// The version this build writes, and the newest it reads.
    public static let currentVersion = 1
    /// Files larger than this are refused before they are read (256 MiB).
    public static let maxFileSize = 256 << 20
    /// The value of the top-level `format` member.
    public static let formatName = "scrawl"
    /// The usual file name extension, without the dot.
    public static let fileExtension = "scrawl"
    /// The largest |x| or |y| of a path point or stamp edge, in canvas points (as replays' touches).
    public static let coordinateLimit = 1e6
    /// The smallest and largest canvas width and height, in points.
    public static let minCanvasSide = 1e-3
    public static let maxCanvasSide = Double(CanvasSpec.maxDevicePixels)
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
    public static func decode(_ bytes: [UInt8], pngDecoder: ([UInt8]) throws -> RasterImage) throws(DocumentError) -> Document {
        let body = try DocumentBody.decode(bytes, pngDecoder: pngDecoder)
        return body.document
    }

    /// Reads and decodes the file at `path`; a file over `maxFileSize` is refused before reading.
    public static func load(path: String, pngDecoder: ([UInt8]) throws -> RasterImage) throws(DocumentError) -> Document {
        try decode(readFile(path), pngDecoder: pngDecoder)
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
    /// image's original `pngData` when it has one, else `pngEncoder`. Throws (a `DocumentError`)
    /// for anything that would not read back: a non-finite number or one out of range, a negative
    /// width, an opacity outside 0...1, images over `maxImagePixels`, an image that fails to encode.
    public func encoded(pngEncoder: (RasterImage) throws -> [UInt8]) throws(DocumentError) -> [UInt8] {
        var table = ImageTable()
        var pixels = 0
        var lines: [[UInt8]] = []
        lines.reserveCapacity(drawables.count)
        for (i, d) in drawables.enumerated() {
            var w = JSONWriter()
            try DrawableCoding.encode(d, path: "drawables[\(i)]", imageIndex: { (image) throws(DocumentError) -> Int in
                let path = "drawables[\(i)].image", before = table.base64.count
                let index = try table.index(of: image, path: path, pngEncoder: pngEncoder)
                if index == before {
                    pixels += image.width * image.height
                    if pixels > Document.maxImagePixels {
                        throw .image(path: path, reason: ImageSource.overBudget(image.width, image.height, total: pixels,
                                                                               budget: Document.maxImagePixels))
                    }
                }
                return index
            }, into: &w)
            lines.append(w.bytes)
        }
        var w = JSONWriter()
        try DocumentBody.writeHeader(canvas: canvas, images: table.base64, into: &w)
        w.raw("\"drawables\": [")
        for (i, line) in lines.enumerated() {
            w.raw(i == 0 ? "\n" : ",\n")
            w.raw(String(decoding: line, as: UTF8.self))
        }
        w.raw(lines.isEmpty ? "]}\n" : "\n]}\n")
        return w.bytes
    }

    /// Encodes the document and writes it to `path` atomically (see `AtomicFile`). A document
    /// larger than `maxFileSize` (which could not be opened again) is refused, and nothing written.
    public func save(to path: String, pngEncoder: (RasterImage) throws -> [UInt8]) throws(SaveError) {
        try save(to: path, pngEncoder: pngEncoder, sizeLimit: Document.maxFileSize)
    }

    /// `save` with the size limit replaceable (tests).
    func save(to path: String, pngEncoder: (RasterImage) throws -> [UInt8], sizeLimit: Int) throws(SaveError) {
        let bytes: [UInt8]
        do { bytes = try encoded(pngEncoder: pngEncoder) } catch {
            throw SaveError(path: path, reason: error.message(file: "the document").dropPrefix("the document: "))
        }
        guard bytes.count <= sizeLimit else {
            throw SaveError(path: path, reason: "the document would be \(DocumentError.size(Int64(bytes.count))); documents "
                            + "larger than \(DocumentError.size(Int64(sizeLimit))) cannot be opened again, so it was not written")
        }
        try AtomicFile.write(bytes, to: path)
    }
}

extension String {
    /// The string without `prefix` when it starts with it.
    func dropPrefix(_ prefix: String) -> String { hasPrefix(prefix) ? String(dropFirst(prefix.count)) : self }
}

/// Distinct images in first-use order, each as base64 PNG; the same object or the same PNG bytes
/// get one entry.
struct ImageTable {
    private(set) var base64: [String] = []
    private(set) var images: [RasterImage] = []
    private var byObject: [ObjectIdentifier: Int] = [:]
    private var byPNG: [[UInt8]: Int] = [:]

    /// The index of `image` when it is in the table.
    func lookup(_ image: RasterImage) -> Int? { byObject[ObjectIdentifier(image)] }

    /// The index of `image`, adding it (encoding it if it has no `pngData`) on first use.
    mutating func index(of image: RasterImage, path: String,
                        pngEncoder: (RasterImage) throws -> [UInt8]) throws(DocumentError) -> Int {
        if let i = byObject[ObjectIdentifier(image)] { return i }
        let png: [UInt8]
        if let data = image.pngData {
            png = data
        } else {
            do { png = try pngEncoder(image) } catch {
                throw .image(path: path, reason: "cannot encode the \(image.width)x\(image.height) image as PNG: \(error)")
            }
        }
        if let i = byPNG[png] {
            byObject[ObjectIdentifier(image)] = i
            return i
        }
        let i = base64.count
        base64.append(Data(png).base64EncodedString())
        images.append(image)  // keeps the object alive, so its identifier cannot be reused
        byObject[ObjectIdentifier(image)] = i
        byPNG[png] = i
        return i
    }
}

/// The parts of a document file, shared by `Document` and the journal's snapshots (which are
/// documents with an extra `history` member).
struct DocumentBody {
    var canvas: CanvasSpec
    /// The image table; only the images the drawables use are decoded yet.
    var images: ImageSource
    var drawables: [Drawable]
    /// The top-level object, for members other readers understand.
    var top: JSONObject

    var document: Document { Document(canvas: canvas, drawables: drawables) }

    /// `{"format": "scrawl", "version": 1,\n"canvas": {...},\n"images": [...],\n` (the caller goes on).
    static func writeHeader(canvas: CanvasSpec, images: [String], into w: inout JSONWriter) throws(DocumentError) {
        w.raw("{\"format\": \"\(Document.formatName)\", \"version\": \(Document.currentVersion),\n\"canvas\": ")
        try DrawableCoding.encode(canvas, into: &w)
        w.raw(",\n\"images\": [")
        for (i, b) in images.enumerated() {
            w.raw(i == 0 ? "\n{\"png\": \"" : ",\n{\"png\": \"")
            w.raw(b)
            w.raw("\"}")
        }
        w.raw(images.isEmpty ? "],\n" : "\n],\n")
    }

    /// The parts of a document; `pixelBudget` limits the decoded pixels of the images the
    /// drawables use (nil: no limit).
    static func decode(_ bytes: [UInt8], pngDecoder: ([UInt8]) throws -> RasterImage,
                       pixelBudget: Int? = Document.maxImagePixels) throws(DocumentError) -> DocumentBody {
        guard bytes.contains(where: { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09) }) else { throw .empty }
        let value: JSONValue
        do { value = try JSONValue.parse(bytes) } catch {
            throw .invalidJSON(line: error.line, column: error.column, message: error.message, truncated: error.isEndOfInput)
        }
        guard let top = value.objectValue else {
            throw .notADocument(problem: "the top level is \(value.kindName), not an object")
        }
        guard let format = top["format"] else { throw .notADocument(problem: "no \"format\": \"scrawl\" member") }
        guard format.stringValue == Document.formatName else {
            let found = format.stringValue.map { JSONWriter.quoted($0, limit: 40) } ?? format.kindName
            throw .notADocument(problem: "\"format\" is \(found), not \"scrawl\"")
        }
        try checkVersion(top["version"])
        let fields = try Fields(value, path: "")
        let canvas = try DrawableCoding.decodeCanvas(try fields.required("canvas"), path: "canvas")
        var images = try imageTable(top["images"], pixelBudget: pixelBudget)
        let list = try fields.array("drawables")
        var drawables: [Drawable] = []
        drawables.reserveCapacity(list.count)
        for (i, d) in list.enumerated() {
            drawables.append(try DrawableCoding.decodeDrawable(d, path: "drawables[\(i)]") {
                (index, path) throws(DocumentError) -> RasterImage in
                try images.image(index, referencedAt: path, pngDecoder: pngDecoder)
            })
        }
        return DocumentBody(canvas: canvas, images: images, drawables: drawables, top: top)
    }

    private static func checkVersion(_ value: JSONValue?) throws(DocumentError) {
        guard let value else { throw .field(path: "version", problem: "missing") }
        guard let n = value.numberValue else { throw .field(path: "version", problem: "expected an integer, found \(value.kindName)") }
        guard let v = n.int64Value else {
            if case .uint = n { throw .newerVersion(Int.max) }
            if n.doubleValue.isFinite && n.doubleValue > Double(Document.currentVersion) && n.doubleValue == n.doubleValue.rounded() {
                throw .newerVersion(n.doubleValue < 9e18 ? Int(n.doubleValue) : Int.max)
            }
            throw .unsupportedVersion(n.description)
        }
        if v > Int64(Document.currentVersion) { throw .newerVersion(Int(v)) }
        if v < 1 { throw .unsupportedVersion(String(v)) }
    }

    /// The `images` table (optional; default empty) as base64 text, each `{"png": BASE64}`
    /// decoded when a drawable first uses it.
    static func imageTable(_ value: JSONValue?, pixelBudget: Int?) throws(DocumentError) -> ImageSource {
        var images = ImageSource(pixelBudget: pixelBudget)
        guard let value else { return images }
        guard let list = value.arrayValue else { throw .field(path: "images", problem: "expected an array, found \(value.kindName)") }
        for (i, entry) in list.enumerated() {
            images.append(try Fields(entry, path: "images[\(i)]").string("png"))
        }
        return images
    }
}

/// A file's image table: base64 PNGs, each decoded once, when a drawable first uses it, with a
/// limit on the pixels of all the decoded ones together.
struct ImageSource {
    private var texts: [String] = []
    private var decoded: [Int: RasterImage] = [:]
    /// The most decoded pixels allowed in total; nil for no limit.
    let pixelBudget: Int?
    /// The pixels of the images decoded so far.
    private(set) var decodedPixels = 0

    init(pixelBudget: Int?) { self.pixelBudget = pixelBudget }

    var count: Int { texts.count }

    /// Whether `text` is strict base64 (no whitespace, no stray characters, correct padding).
    static func isBase64(_ text: String) -> Bool { Data(base64Encoded: text) != nil }

    /// Adds an image (base64 PNG) at the end of the table, not decoded yet.
    mutating func append(_ base64: String) { texts.append(base64) }

    /// Image `index`, decoded on first use; `path` names the reference (`drawables[3].image`).
    /// Throws for a number with no image, an image that does not decode, or one that would take
    /// the decoded pixels over the budget (checked from the PNG header before decoding).
    mutating func image(_ index: Int, referencedAt path: String,
                        pngDecoder: ([UInt8]) throws -> RasterImage) throws(DocumentError) -> RasterImage {
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
        if let (w, h) = ImageSource.pngSize(bytes) { try checkBudget(w, h, place) }
        let image: RasterImage
        do { image = try pngDecoder(bytes) } catch {
            throw .image(path: place, reason: "not a usable PNG: \(error)")
        }
        guard image.width > 0 && image.height > 0 else {
            throw .image(path: place, reason: "the image is empty (\(image.width)x\(image.height))")
        }
        try checkBudget(image.width, image.height, place)
        decodedPixels += image.width * image.height
        decoded[index] = image
        return image
    }

    private func checkBudget(_ width: Int, _ height: Int, _ place: String) throws(DocumentError) {
        guard let pixelBudget else { return }
        let total = decodedPixels + width * height
        guard total <= pixelBudget else {
            throw .image(path: place, reason: ImageSource.overBudget(width, height, total: total, budget: pixelBudget))
        }
    }

    /// Why an image is refused when it takes the images' pixels to `total`, over `budget`.
    static func overBudget(_ width: Int, _ height: Int, total: Int, budget: Int) -> String {
        let size = budget >= 1 << 18 ? " (\(budget >> 18) MiB as RGBA)" : ""
        return "with this \(width)x\(height) image the document's images come to \(total) pixels; "
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
