/// Why pasted text gave nothing to paste.
public enum PasteRefusal: Error, Hashable, Sendable {
    /// The text is not a Scrawl selection (any other clipboard content).
    case notASelection
    /// The text is marked as a Scrawl selection but cannot be pasted; the reason says what is
    /// wrong (the JSON error and where, a bad drawable, an image too large with its size and the
    /// budget).
    case unreadable(String)
    /// The selection holds no drawings.
    case empty

    /// The line the title shows.
    public var message: String {
        switch self {
        case .notASelection: return "The pasted text is not a Scrawl selection; nothing was pasted."
        case .unreadable(let reason): return "Nothing was pasted: \(reason)."
        case .empty: return "The pasted selection is empty; nothing was pasted."
        }
    }
}

/// Reads selection text pasted from another window (set by the app: `.scrawl` JSON). `imagesInUse`
/// are the images the list holds (`DisplayList.images`): a pasted image with the same content is
/// that image, not a second copy, and new ones must fit the pixel budget beside them.
public typealias SelectionDecoder = (_ text: String, _ imagesInUse: [RasterImage]) throws(PasteRefusal) -> [Drawable]

extension DisplayList {
    /// The distinct images the list holds, shown or only in its history, each object once.
    public var images: [RasterImage] {
        var seen: Set<ObjectIdentifier> = [], out: [RasterImage] = []
        func visit(_ item: DisplayItem) {
            for image in item.drawable.images where seen.insert(ObjectIdentifier(image)).inserted { out.append(image) }
        }
        let history = history
        for item in items { visit(item) }
        for step in history.undo + history.redo {
            for p in step.removed { visit(p.item) }
            for p in step.inserted { visit(p.item) }
        }
        return out
    }
}
