import ScrawlCore

/// The journal's image table: distinct images (by object, then by PNG content) in first-use
/// order, each with the session file that holds it (`JournalImageFile`). The PNG bytes are not
/// kept: they are the image's `pngData`, or encoded again when a file must be written again.
struct JournalImages: Sendable {
    /// The file of each image, by index.
    private(set) var files: [JournalImageFile] = []
    /// The images, by index (keeping each object alive, so its identifier cannot be reused).
    private(set) var images: [RasterImage] = []
    /// Indices whose file may not be on disk (its write failed): the next snapshot writes them.
    private(set) var unwritten: Set<Int> = []
    private var byObject: [ObjectIdentifier: Int] = [:]
    private var byFile: [JournalImageFile: Int] = [:]

    /// The index of an image already in the table (every image of a recorded drawable is).
    func existingIndex(_ image: RasterImage) throws(DocumentError) -> Int {
        guard let i = byObject[ObjectIdentifier(image)] else {
            throw .image(path: "image", reason: "the image was never added to the journal's table")
        }
        return i
    }

    /// The index of `image`, and whether it is new to the table (its file is then to be written).
    mutating func index(of image: RasterImage, path: String) throws(DocumentError) -> (index: Int, png: [UInt8]?) {
        if let i = byObject[ObjectIdentifier(image)] { return (i, nil) }
        let png = try JournalImages.png(of: image, path: path)
        let file = JournalImageFile(png: png)
        if let i = byFile[file] {
            byObject[ObjectIdentifier(image)] = i
            return (i, nil)
        }
        let i = files.count
        files.append(file)
        images.append(image)
        byObject[ObjectIdentifier(image)] = i
        byFile[file] = i
        return (i, png)
    }

    /// Notes whether image `index`'s file is on disk.
    mutating func setWritten(_ index: Int, _ written: Bool) {
        if written { unwritten.remove(index) } else { unwritten.insert(index) }
    }

    /// Writes the files of the images in `unwritten` into `folder` (before a snapshot naming them).
    func writeMissing(in folder: String) throws(SaveError) {
        for i in unwritten.sorted() {
            let png: [UInt8]
            do { png = try JournalImages.png(of: images[i], path: "image") } catch {
                throw SaveError(path: files[i].name, reason: error.message(file: "image").dropPrefix("image: "))
            }
            try files[i].write(png, in: folder)
        }
    }

    /// The image's PNG bytes: its `pngData`, else encoded; refused over `JournalImageFile.maxBytes`.
    static func png(of image: RasterImage, path: String) throws(DocumentError) -> [UInt8] {
        let png = try EmbeddedImageTable.png(of: image, path: path)
        guard png.count <= JournalImageFile.maxBytes else {
            throw .image(path: path, reason: "the image's PNG has \(DocumentError.size(Int64(png.count))); "
                + "autosave keeps images of at most \(JournalImageFile.maxBytes >> 20) MiB")
        }
        return png
    }
}
