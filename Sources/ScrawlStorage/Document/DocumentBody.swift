import ScrawlCore

/// The parts of a document file, shared by `Document` and the journal's snapshots (which are
/// documents with an extra `history` member).
struct DocumentBody {
    var canvas: CanvasSpec
    /// The image table; only the images the drawables use are decoded yet.
    var images: LazyImageDecoder
    /// The drawables with their ids (`DrawableIDs`: read, or numbered when a file has none).
    var items: [DisplayItem]
    /// The layers (one plain layer for a file without `layers`).
    var layers: [Layer] = [.initial]
    /// The top-level object, for members other readers understand.
    var top: JSONObject

    var drawables: [Drawable] { items.map(\.drawable) }
    var document: Document { Document(canvas: canvas, items: items, layers: layers) }

    /// A file's first members, `"format": "scrawl", "version": 1,\n"canvas": {...},\n"images": [...]`,
    /// in the object the caller has begun (and goes on with `drawables` on a new line); `version`
    /// as `Document.version(for:)` gives it.
    static func writeHeader(canvas: CanvasSpec, images: [String], version: Int, into w: inout JSONWriter) throws(DocumentError) {
        w.key("format")
        w.string(Document.formatName)
        w.key("version")
        w.integer(version)
        w.key("canvas", onNewLine: true)
        try DrawableCoding.encode(canvas, into: &w)
        w.key("images", onNewLine: true)
        w.array(.lines) { w in
            for b in images {
                w.object { w in
                    w.key("png")
                    w.string(b)
                }
            }
        }
    }

    /// The drawables of a journal snapshot: one per line, `]` right after the last.
    static let snapshotLines = JSONWriter.Layout(open: "\n", between: "\n", close: "")

    /// The top-level members decoding builds (journal snapshots add `history`); others are only skipped.
    static let builtMembers: Set<String> = ["format", "version", "canvas", "images", "drawables", "history", "layers",
                                            SelectionClipboard.marker]

    /// The parts of a document; `pixelBudget` limits the decoded pixels of the images the
    /// drawables use (nil: no limit). With `reusing` (a paste), images with the bytes of one of
    /// those are that image, and those count against the budget (`LazyImageDecoder`).
    static func decode(_ bytes: [UInt8], pixelBudget: Int? = Document.maxImagePixels,
                       reusing: [RasterImage]? = nil) throws(DocumentError) -> DocumentBody {
        guard bytes.contains(where: { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09) }) else { throw .empty }
        let value: JSONValue
        do { value = try JSONValue.parse(bytes, keepingTopLevel: DocumentBody.builtMembers.contains) } catch {
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
        let fields = try JSONObjectReader(value, path: "")
        let canvas = try DrawableCoding.decodeCanvas(try fields.required("canvas"), path: "canvas")
        var images = try imageTable(top["images"], pixelBudget: pixelBudget, reusing: reusing)
        if let layered = top["layers"] {
            let (layers, items) = try Document.decodeLayers(layered, images: &images)
            return DocumentBody(canvas: canvas, images: images, items: items, layers: layers, top: top)
        }
        let list = try fields.array("drawables")
        var drawables: [Drawable] = [], ids: [UInt64?] = []
        drawables.reserveCapacity(list.count)
        ids.reserveCapacity(list.count)
        for (i, d) in list.enumerated() {
            drawables.append(try DrawableCoding.decodeDrawable(d, path: "drawables[\(i)]") {
                (index, path) throws(DocumentError) -> RasterImage in
                try images.image(index, referencedAt: path)
            })
            ids.append(try DrawableIDs.decode(d, path: "drawables[\(i)]"))
        }
        let items = try DrawableIDs.items(drawables, ids: ids)
        return DocumentBody(canvas: canvas, images: images, items: items, top: top)
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
    static func imageTable(_ value: JSONValue?, pixelBudget: Int?,
                           reusing: [RasterImage]? = nil) throws(DocumentError) -> LazyImageDecoder {
        var images = reusing.map { LazyImageDecoder(pixelBudget: pixelBudget, reusing: $0) } ?? LazyImageDecoder(pixelBudget: pixelBudget)
        guard let value else { return images }
        guard let list = value.arrayValue else { throw .field(path: "images", problem: "expected an array, found \(value.kindName)") }
        for (i, entry) in list.enumerated() {
            images.append(try JSONObjectReader(entry, path: "images[\(i)]").string("png"))
        }
        return images
    }
}
