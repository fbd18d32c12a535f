import ScrawlCore

/// libpng for the document, journal and SVG code in ScrawlCore, which takes PNG coding as closures.
extension DocumentStore {
    /// Documents with PNG coding by `PNGCodec`.
    public static var standard: DocumentStore {
        DocumentStore(pngEncoder: PNGCoding.encode, pngDecoder: PNGCoding.decode)
    }
}

/// `PNGCodec` as the closures ScrawlCore's documents take.
public enum PNGCoding {
    /// The PNG bytes of an image (its original bytes when it came from a file).
    public static func encode(_ image: RasterImage) throws -> [UInt8] {
        if let data = image.pngData { return data }
        return try PNGCodec.encode(rgba: image.pixels, width: image.width, height: image.height)
    }

    /// The image in PNG bytes.
    public static func decode(_ bytes: [UInt8]) throws -> RasterImage { try PNGCodec.decode(bytes) }
}

extension Journal {
    /// A journal whose stamps are embedded as PNG by `PNGCodec` (see the designated initialiser).
    public convenience init(directory: String, canvas: CanvasSpec, drawables: [Drawable] = [],
                            revision: UInt64 = 0) throws {
        try self.init(directory: directory, canvas: canvas, drawables: drawables, revision: revision,
                      pngEncoder: PNGCoding.encode)
    }

    /// A journal starting from `displayList` with its undo and redo history (a recovered
    /// session's, or the editor's), its stamps embedded as PNG by `PNGCodec` (see the initialiser
    /// with `pngEncoder`). Undo and redo into that history are then appended as records.
    public convenience init(directory: String, canvas: CanvasSpec, displayList: DisplayList) throws {
        try self.init(directory: directory, canvas: canvas, displayList: displayList, pngEncoder: PNGCoding.encode)
    }

    /// The most recent crashed session in `directory`, its images decoded by `PNGCodec`.
    public static func recover(directory: String) -> RecoveredSession? {
        recover(directory: directory, pngDecoder: PNGCoding.decode)
    }
}
