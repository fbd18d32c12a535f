/// A committed path with its colours and stroke style (Dudel's `PathDrawingInfo`).
///
/// The fill uses the nonzero rule with open subpaths implicitly closed (as Core Graphics fills);
/// the stroke follows the path as drawn. Opacity is already folded into the colours' alpha.
public struct PathDrawable: Hashable, Sendable {
    public var path: Path
    public var stroke: Color?
    public var fill: Color?
    public var style: StrokeOptions
    /// How the stroke meets the pixels under it: "over" for ink, darken or lighten for highlights.
    public var blend: InkBlend

    public init(path: Path, stroke: Color?, fill: Color?, style: StrokeOptions, blend: InkBlend = .normal) {
        self.path = path; self.stroke = stroke; self.fill = fill; self.style = style; self.blend = blend
    }
}

/// How a path's stroke is composited (its fill, if any, is always drawn "over").
///
/// - `normal`: premultiplied "over".
/// - `darken`: per channel the minimum of the page and the stroke colour, faded towards white by the
///   antialiasing coverage (and the colour's alpha). Ink under it stays as dark as it was, and a
///   stroke of one colour over itself or another of its colour looks exactly like one (min is
///   idempotent). The highlighter's mode on a light page.
/// - `lighten`: per channel the maximum, faded towards transparent black: the highlighter on a dark page.
public enum InkBlend: String, CaseIterable, Hashable, Sendable {
    case normal, darken, lighten

    /// The highlighter's mode on a page of `background`: darken, or lighten when the page is dark
    /// (its `luma` below 50 %: #7f7f7f and darker greys are dark, #808080 is light).
    public static func highlight(on background: Color) -> InkBlend {
        background.luma < 0.5 ? .lighten : .darken
    }
}

extension Color {
    /// Brightness 0 (black) ... 1 (white): Rec. 709 weights of the sRGB-encoded channels, alpha ignored.
    public var luma: Double { (0.2126 * Double(r) + 0.7152 * Double(g) + 0.0722 * Double(b)) / 255 }
}

/// A committed image stamp: one image pixel per canvas point, centred where it was dropped.
public struct StampDrawable: Hashable, Sendable {
    public var image: RasterImage
    /// Where the image lies, in canvas points.
    public var rect: Rect
    public var opacity: Double

    public init(image: RasterImage, center: Point, opacity: Double = 1) {
        self.image = image
        let w = Double(image.width), h = Double(image.height)
        self.rect = Rect(x: center.x - w / 2, y: center.y - h / 2, width: w, height: h)
        self.opacity = opacity
    }

    public init(image: RasterImage, rect: Rect, opacity: Double) {
        self.image = image; self.rect = rect; self.opacity = opacity
    }

    public static func == (a: StampDrawable, b: StampDrawable) -> Bool {
        a.image === b.image && a.rect == b.rect && a.opacity == b.opacity
    }
    public func hash(into h: inout Hasher) { h.combine(ObjectIdentifier(image)); h.combine(rect) }
}

/// One entry of the display list.
public enum Drawable: Hashable, Sendable {
    case path(PathDrawable)
    case stamp(StampDrawable)

    /// The path the Follow tool walks: the first subpath a drawable was drawn with (an arrow's
    /// shaft), or a stamp's border rectangle from its top-left corner, clockwise on screen.
    public var followPath: Path {
        switch self {
        case .path(let d): return d.path.firstSubpath
        case .stamp(let s): return .rectangle(s.rect)
        }
    }
}

extension Drawable {
    /// The drawable moved by `offset` points.
    public func translated(by offset: Point) -> Drawable {
        switch self {
        case .path(var d):
            d.path = d.path.mapped { $0 + offset }
            return .path(d)
        case .stamp(var s):
            s.rect = Rect(minX: s.rect.minX + offset.x, minY: s.rect.minY + offset.y,
                          maxX: s.rect.maxX + offset.x, maxY: s.rect.maxY + offset.y)
            return .stamp(s)
        }
    }
}

extension Path {
    /// The elements up to (not including) the second `move`.
    public var firstSubpath: Path {
        guard let end = verbs.dropFirst().firstIndex(of: .move) else { return self }
        let pointCount = verbs[..<end].reduce(0) { $0 + $1.pointCount }
        return Path(verbs: Array(verbs[..<end]), points: Array(points[..<pointCount]))
    }
}
