import ScrawlCore

/// A Scrawl document (`*.scrawl`, format version 1, or 2 with per-node widths): the canvas and the committed drawables in order,
/// with every stamp's image embedded, in one self-contained JSON file. See docs/document-format.md.
///
/// ```json
/// {"format": "scrawl", "version": 1,
///  "canvas": {"width": 800, "height": 600, "background": "#ffffff"},
///  "images": [{"png": "iVBORw0KGgo..."}],
///  "drawables": [
///   {"id": 1, "type": "path", "d": [["M", 10, 20], ["L", 30, 40]], "stroke": "#000000", "fill": null,
///    "width": 2, "cap": "round", "join": "round", "miterLimit": 4},
///   {"id": 2, "type": "image", "image": 0, "left": 100, "top": 100, "right": 148, "bottom": 148, "opacity": 1}
///  ]}
/// ```
///
/// Stamps are embedded as PNG with `PNGCodec` (libpng). Each drawable keeps its id
/// (`DisplayItem.id`) in an `id` member; documents written before ids existed are numbered 1…n.
public struct Document: Sendable {
    /// The newest version this build reads, and writes for a document with per-node widths.
    public static let currentVersion = 3
    /// The version of documents without per-node widths, which builds before widths read and draw
    /// correctly: such documents are still written as version 1, byte for byte as before.
    public static let versionWithoutWidths = 1
    /// The version of documents with per-node widths and one plain layer.
    public static let versionWithWidths = 2
    /// The version of documents with layers (`Document+Layers`): a `layers` array instead of
    /// `drawables`. A drawing with one plain layer is still written as version 1 or 2.
    public static let versionWithLayers = 3

    /// The version a file holding `drawables` is written as: 2 when a path carries `widths`
    /// (older builds would draw it at one width), else 1.
    public static func version<S: Sequence>(for drawables: S) -> Int where S.Element == Drawable {
        drawables.contains { $0.kind(as: PathDrawable.self)?.widths != nil } ? versionWithWidths : versionWithoutWidths
    }
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
    /// The drawables, bottom first, each with its id (unique within the document) and its layer.
    public var items: [DisplayItem]
    /// The layers, bottom first; `items` are grouped by layer in this order.
    public var layers: [Layer] = [.initial]

    /// The drawables, bottom first; setting them numbers them 1…n.
    public var drawables: [Drawable] {
        get { items.map(\.drawable) }
        set { items = DrawableIDs.numbered(newValue) }
    }

    /// A document of `drawables`, numbered 1…n.
    public init(canvas: CanvasSpec = CanvasSpec(), drawables: [Drawable] = []) {
        self.canvas = canvas
        self.items = DrawableIDs.numbered(drawables)
    }

    /// A document of `items`, keeping their ids (which must differ; saving refuses duplicates).
    public init(canvas: CanvasSpec = CanvasSpec(), items: [DisplayItem], layers: [Layer] = [.initial]) {
        self.canvas = canvas
        self.items = items
        self.layers = layers
    }

    /// The document as a display list with no history, keeping the ids; new drawables get ids
    /// above the largest. A document whose largest id is above 2^52 is renumbered 1…n (in the
    /// order of its ids), so new ids never pass 2^53 (`DisplayList.withRoomForNewIDs()`). (Ids
    /// that repeat, which `decode` never gives, are numbered 1…n.)
    public var displayList: DisplayList {
        ((try? DisplayList(restoring: DisplayList.History(items: items, layers: layers))) ?? DisplayList(layers: layersWithDrawables))
            .withRoomForNewIDs()
    }

    // MARK: Reading

    /// Parses and validates a whole document. Anything wrong (broken or truncated JSON, a newer
    /// version, a missing member, a non-finite number, a bad colour, an unknown drawable type, an
    /// image that does not decode, images over `maxImagePixels`, an id that is not an integer from
    /// 1 to 2^53 or that two drawables share) throws; there is never half a document. Only the
    /// images that drawables use are decoded. Drawables without an `id` are numbered after the
    /// largest (1…n in a document written before ids).
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
        try encoded(selection: false)
    }

    /// `encoded()`, starting with the `SelectionClipboard.marker` member when `selection`.
    func encoded(selection: Bool) throws(DocumentError) -> [UInt8] {
        var table = EmbeddedImageTable()
        var pixels = 0
        var lines: [[UInt8]] = []
        lines.reserveCapacity(items.count)
        var seen: [UInt64: Int] = [:]
        for (i, item) in items.enumerated() {
            if let first = seen.updateValue(i, forKey: item.id) {
                throw .field(path: "drawables[\(i)].id", problem: "duplicate id \(item.id) (drawables[\(first)] has it too)")
            }
            var w = JSONWriter()
            try DrawableCoding.encode(item.drawable, path: "drawables[\(i)]", id: item.id,
                                      imageIndex: { (image) throws(DocumentError) -> Int in
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
        if selection {
            w.key(SelectionClipboard.marker)
            w.integer(SelectionClipboard.version)
        }
        try DocumentBody.writeHeader(canvas: canvas, images: table.base64,
                                     version: isLayered ? Document.versionWithLayers : Document.version(for: items.lazy.map(\.drawable)),
                                     into: &w)
        if isLayered {
            try writeLayers(lines, into: &w)
        } else {
            w.key("drawables", onNewLine: true)
            w.array(.lines) { w in for line in lines { w.rawValue(line) } }
        }
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
