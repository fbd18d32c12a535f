import ScrawlCore

/// A recovering session's image table: version 1 images (base64 in records and snapshots, in an
/// `LazyImageDecoder`) followed by version 2 ones (files in the session folder, `JournalImageFile`),
/// each decoded once, when a drawable first uses it, with no limit on their pixels together (the
/// session's own drawing, which must not be lost). A file that is missing or damaged fails only
/// the drawables using it; `problems` says which files.
struct SessionImages {
    /// The session folder the files are in.
    let folder: String
    private var legacy = LazyImageDecoder(pixelBudget: nil)
    private var files: [JournalImageFile] = []
    private var decoded: [Int: RasterImage] = [:]
    private var failures: [Int: DocumentError] = [:]
    /// Why files could not be used, one line each.
    private(set) var problems: [String] = []

    init(folder: String, legacy: LazyImageDecoder = LazyImageDecoder(pixelBudget: nil)) {
        self.folder = folder
        self.legacy = legacy
    }

    var count: Int { legacy.count + files.count }

    /// Adds a version 1 image (base64 PNG); false once files were added (the order would not fit).
    mutating func append(base64: String) -> Bool {
        guard files.isEmpty else { return false }
        legacy.append(base64)
        return true
    }

    /// Adds a version 2 image, read from its file when first used.
    mutating func append(file: JournalImageFile) { files.append(file) }

    /// Whether image `index` is a file that could not be used (after `image` threw for it).
    func isUnavailableFile(_ index: Int) -> Bool { failures[index] != nil }

    /// Image `index`, decoded on first use; `path` names the reference.
    mutating func image(_ index: Int, referencedAt path: String) throws(DocumentError) -> RasterImage {
        if index < legacy.count || index < 0 { return try legacy.image(index, referencedAt: path) }
        if let image = decoded[index] { return image }
        if let failure = failures[index] { throw failure }
        guard index < count else { return try legacy.image(index, referencedAt: path) }
        let file = files[index - legacy.count]
        do {
            let image = try Self.decode(file, in: folder)
            decoded[index] = image
            return image
        } catch {
            failures[index] = error
            problems.append(error.message(file: "image").dropPrefix("image: "))
            throw error
        }
    }

    private static func decode(_ file: JournalImageFile, in folder: String) throws(DocumentError) -> RasterImage {
        let bytes = try file.read(in: folder)
        let image: RasterImage
        do { image = try PNGCodec.decode(bytes) } catch {
            throw .image(path: file.name, reason: "not a usable PNG: \(error)")
        }
        guard image.width > 0 && image.height > 0 else {
            throw .image(path: file.name, reason: "the image is empty (\(image.width)x\(image.height))")
        }
        return image
    }

    /// `drawable` decoded; a drawable whose image file cannot be used becomes an empty path (so
    /// the history around it still lines up). Throws for anything else.
    mutating func decodeDrawable(_ value: JSONValue, path: String) throws(DocumentError) -> Drawable {
        var missing = false
        do throws(DocumentError) {
            return try DrawableCoding.decodeDrawable(value, path: path) { (index, at) throws(DocumentError) -> RasterImage in
                do throws(DocumentError) { return try image(index, referencedAt: at) } catch {
                    missing = isUnavailableFile(index)
                    throw error
                }
            }
        } catch {
            guard missing else { throw error }
            return SessionImages.standIn
        }
    }

    /// What stands in for a drawable whose image is lost: an empty path.
    static let standIn = Drawable.path(PathDrawable(path: Path(), stroke: nil, fill: nil, style: StrokeOptions()))
}
