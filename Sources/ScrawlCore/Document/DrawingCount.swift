/// What a user calls one drawable when a message counts them.
public enum DrawableNoun: Hashable, Sendable, CaseIterable {
    /// A path: a Pencil stroke, a line, a shape, a Bézier path, a highlight.
    case stroke
    /// An image stamp (the Image tool's, or an inserted picture).
    case image
    /// Text (the Text tool's).
    case text

    /// `stroke`, `strokes`.
    func word(plural: Bool) -> String {
        switch self {
        case .stroke: return plural ? "strokes" : "stroke"
        case .image: return plural ? "images" : "image"
        case .text: return plural ? "texts" : "text"
        }
    }
}

/// How many strokes and images something holds, said the way a user counts them: "3 strokes and
/// 1 image", never "drawables".
public struct DrawingCount: Hashable, Sendable {
    public var strokes: Int
    public var images: Int
    public var texts: Int = 0

    public init(strokes: Int = 0, images: Int = 0, texts: Int = 0) {
        self.strokes = strokes
        self.images = images
        self.texts = texts
    }

    /// The count of `drawables`, each by its `noun`.
    public init<S: Sequence>(_ drawables: S) where S.Element == Drawable {
        self.init()
        for d in drawables {
            switch d.noun {
            case .stroke: strokes += 1
            case .image: images += 1
            case .text: texts += 1
            }
        }
    }

    public var total: Int { strokes + images + texts }
    public var isEmpty: Bool { total == 0 }

    /// "3 strokes and 1 image", "1 stroke", "2 images"; "nothing" when empty.
    public var text: String {
        let parts = [(strokes, DrawableNoun.stroke), (images, .image), (texts, .text)].filter { $0.0 > 0 }
            .map { "\($0.0) \($0.1.word(plural: $0.0 != 1))" }
        return parts.isEmpty ? "nothing" : parts.joined(separator: " and ")
    }
}
