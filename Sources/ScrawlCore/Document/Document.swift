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

    public var canvas: CanvasSpec
    public var drawables: [Drawable]

    public init(canvas: CanvasSpec = CanvasSpec(), drawables: [Drawable] = []) {
        self.canvas = canvas
        self.drawables = drawables
    }

    // MARK: Reading

    /// Parses and validates a whole document. Anything wrong (broken or truncated JSON, a newer
    /// version, a missing member, a non-finite number, a bad colour, an unknown drawable type, an
    /// image that does not decode) throws; there is never half a document.
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
    /// for anything that would not read back: a non-finite number, a negative width, an opacity
    /// outside 0...1, an image that fails to encode.
    public func encoded(pngEncoder: (RasterImage) throws -> [UInt8]) throws(DocumentError) -> [UInt8] {
        var table = ImageTable()
        var lines: [[UInt8]] = []
        lines.reserveCapacity(drawables.count)
        for (i, d) in drawables.enumerated() {
            var w = JSONWriter()
            try DrawableCoding.encode(d, path: "drawables[\(i)]", imageIndex: { (image) throws(DocumentError) -> Int in
                try table.index(of: image, path: "drawables[\(i)].image", pngEncoder: pngEncoder)
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

    /// Encodes the document and writes it to `path` atomically (see `AtomicFile`).
    public func save(to path: String, pngEncoder: (RasterImage) throws -> [UInt8]) throws(SaveError) {
        let bytes: [UInt8]
        do { bytes = try encoded(pngEncoder: pngEncoder) } catch {
            throw SaveError(path: path, reason: error.message(file: "the document").dropPrefix("the document: "))
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
    var images: [RasterImage]
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

    static func decode(_ bytes: [UInt8], pngDecoder: ([UInt8]) throws -> RasterImage) throws(DocumentError) -> DocumentBody {
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
        let images = try decodeImages(top["images"], pngDecoder: pngDecoder)
        let list = try fields.array("drawables")
        var drawables: [Drawable] = []
        drawables.reserveCapacity(list.count)
        for (i, d) in list.enumerated() {
            drawables.append(try DrawableCoding.decodeDrawable(d, path: "drawables[\(i)]", images: images))
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

    /// The `images` table (optional; default empty): each `{"png": BASE64}` decoded once.
    static func decodeImages(_ value: JSONValue?, pngDecoder: ([UInt8]) throws -> RasterImage) throws(DocumentError) -> [RasterImage] {
        guard let value else { return [] }
        guard let list = value.arrayValue else { throw .field(path: "images", problem: "expected an array, found \(value.kindName)") }
        var images: [RasterImage] = []
        images.reserveCapacity(list.count)
        for (i, entry) in list.enumerated() {
            let path = "images[\(i)].png"
            let text = try Fields(entry, path: "images[\(i)]").string("png")
            images.append(try decodePNG(base64: text, path: path, pngDecoder: pngDecoder))
        }
        return images
    }

    /// One base64 PNG, strictly: no whitespace, no stray characters, correct padding.
    static func decodePNG(base64 text: String, path: String, pngDecoder: ([UInt8]) throws -> RasterImage) throws(DocumentError) -> RasterImage {
        guard let data = Data(base64Encoded: text) else {
            throw .field(path: path, problem: "is not valid base64")
        }
        let image: RasterImage
        do { image = try pngDecoder([UInt8](data)) } catch {
            throw .image(path: path, reason: "not a usable PNG: \(error)")
        }
        guard image.width > 0 && image.height > 0 else {
            throw .image(path: path, reason: "the image is empty (\(image.width)x\(image.height))")
        }
        return image
    }
}
