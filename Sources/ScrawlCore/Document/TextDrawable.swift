/// Committed text (the Text tool's): its string, font family, size and colour, placed at the
/// top-left corner of its first line, with its glyphs' outlines as the font gave them when it was
/// laid out. It is drawn from those outlines (filled, nonzero rule, antialiased like any shape),
/// so it draws the same without the font, at any zoom and in every export; the font is needed only
/// to edit it again, when the text is laid out anew.
///
/// It behaves as one piece: its layout box is what the selection, the eyedropper and the eraser
/// hit, both erasers remove it whole, the selection's scaling scales its size (never stretching
/// it), and it takes only the stroke colour and opacity from the selection's style keys.
public struct TextDrawable: DrawableKind, Hashable, Sendable {
    /// The text, one line per `\n`.
    public var string: String
    /// The font family it was laid out in (the system's default sans-serif when it was typed).
    public var family: String
    /// The em size in canvas points.
    public var size: Double
    /// The top-left corner of the first line.
    public var position: Point
    /// Its colour, opacity folded into the alpha (the stroke colour it was typed in).
    public var colour: Color
    /// The glyphs' outlines in canvas points.
    public var outline: Path
    /// The layout box in canvas points: as wide as the longest line, as tall as its lines.
    public var box: Rect

    /// The sizes text may have: what the document reader and the selection's scaling keep it within.
    public static let sizeRange: ClosedRange<Double> = 1...2000
    /// The longest string one text keeps, in characters (longer input is cut there).
    public static let maxCharacters = 100_000

    public init(string: String, family: String, size: Double, position: Point, colour: Color, outline: Path, box: Rect) {
        self.string = string; self.family = family; self.size = size; self.position = position
        self.colour = colour; self.outline = outline; self.box = box
    }

    /// `string` laid out by `shaper` at `size` in `family` (the shaper's fallback family when it
    /// lacks that one; `family` then names the one used).
    public init(string: String, family: String, size: Double, position: Point, colour: Color, shaper: TextShaper) {
        let size = TextDrawable.clampedSize(size)
        let shaped = shaper.shape(TextDrawable.lines(of: string), size: size, family: family)
        let move = { (p: Point) in Point(p.x + position.x, p.y + position.y) }
        let box = shaped.box
        self.init(string: string, family: shaped.family, size: size, position: position, colour: colour,
                  outline: shaped.outline.mapped(move),
                  box: Rect(x: position.x, y: position.y, width: box.width, height: box.height))
    }

    /// The lines of `string` (split at `\n` only, so every other character keeps its place).
    public static func lines(of string: String) -> [String] {
        string.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// `size` within `sizeRange` (the smallest for NaN).
    public static func clampedSize(_ size: Double) -> Double {
        size.isNaN ? sizeRange.lowerBound : min(max(size, sizeRange.lowerBound), sizeRange.upperBound)
    }

    /// The outline filled in the text's colour: what draws it.
    public var filledPath: PathDrawable { PathDrawable(path: outline, stroke: nil, fill: colour, style: StrokeOptions(width: 0)) }
}

// MARK: Geometry and the canvas limit

extension TextDrawable {
    /// The layout box and the outlines' control points together (a glyph may reach past the box).
    public var paintedBounds: Rect? { Rect.bounding(outline.points).map { $0.union(box) } ?? box }

    /// The distance to the layout box: the text is hit as a whole.
    public func paintedDistance(to p: Point) -> Double { box.distance(to: p) }

    public func paintedDistance(toSegment a: Point, _ b: Point) -> Double { box.distance(toSegment: a, b) }

    /// The layout box's corners.
    public var outlinePoints: [Point] { box.corners }

    /// The layout box from its top-left corner, clockwise on screen.
    public var followPath: Path { .rectangle(box) }

    public var coordinateBounds: Rect? { paintedBounds }

    public var isInsideCanvasLimit: Bool {
        guard let b = paintedBounds else { return true }
        return [b.minX, b.minY, b.maxX, b.maxY].allSatisfy(CanvasLimit.contains)
    }

    /// Moved in whole so that its bounds lie inside (or its outline's points each moved onto the
    /// limit, for text larger than the canvas).
    public func keptInsideCanvasLimit() -> TextDrawable {
        guard !isInsideCanvasLimit, let b = paintedBounds else { return self }
        let stamp = StampDrawable(image: RasterImage(width: 0, height: 0, pixels: []), rect: b, opacity: 1)
        let kept = stamp.keptInsideCanvasLimit().rect
        var t = translated(by: Point(kept.minX - b.minX, kept.minY - b.minY))
        if !t.isInsideCanvasLimit {
            t.outline = t.outline.mapped { Point(CanvasLimit.clamp($0.x), CanvasLimit.clamp($0.y)) }
            t.position = Point(CanvasLimit.clamp(t.position.x), CanvasLimit.clamp(t.position.y))
            t.box = Rect(minX: CanvasLimit.clamp(t.box.minX), minY: CanvasLimit.clamp(t.box.minY),
                         maxX: CanvasLimit.clamp(t.box.maxX), maxY: CanvasLimit.clamp(t.box.maxY))
        }
        return t
    }
}

// MARK: Drawing and editing

extension TextDrawable {
    /// The outlines' fill (in pieces when they flatten to very many points).
    public func commands(scale: Double) -> [DrawCommand] { filledPath.commands(scale: scale) }

    public func flattenedPointEstimate(scale: Double) -> Int { filledPath.flattenedPointEstimate(scale: scale) }

    public func translated(by offset: Point) -> TextDrawable {
        var t = self
        t.outline = outline.mapped { $0 + offset }
        t.position = position + offset
        t.box = Rect(minX: box.minX + offset.x, minY: box.minY + offset.y, maxX: box.maxX + offset.x, maxY: box.maxY + offset.y)
        return t
    }

    /// Its box's corners map as the selection's handles map them; the text is scaled uniformly by
    /// the geometric mean of the factors (its size with it, within `sizeRange`), from the mapped
    /// box's top-left corner, and never mirrored.
    public func scaled(about anchor: Point, sx: Double, sy: Double, scalingWidths: Bool) -> TextDrawable {
        let map = { (p: Point) in Point(anchor.x + (p.x - anchor.x) * sx, anchor.y + (p.y - anchor.y) * sy) }
        let mapped = Rect(corner: map(Point(box.minX, box.minY)), map(Point(box.maxX, box.maxY)))
        let wanted = (abs(sx) * abs(sy)).squareRoot()
        guard wanted.isFinite, wanted > 0 else { return self }
        let newSize = TextDrawable.clampedSize(size * wanted)
        let f = newSize / size
        let from = Point(box.minX, box.minY), to = Point(mapped.minX, mapped.minY)
        let scale = { (p: Point) in Point(to.x + (p.x - from.x) * f, to.y + (p.y - from.y) * f) }
        var t = self
        t.size = newSize
        t.outline = outline.mapped(scale)
        t.position = scale(position)
        t.box = Rect(x: to.x, y: to.y, width: box.width * f, height: box.height * f)
        return t
    }

    /// A stroke colour (at the text's opacity) or the next opacity; fills and widths do not apply.
    public func restyled(_ restyle: Restyle, random: inout SplitMix64) -> TextDrawable {
        switch restyle {
        case .stroke(let choice):
            var t = self
            t.colour = Restyle.color(choice, &random).withOpacity(opacity)
            return t
        case .opacity(let step): return withOpacity(Restyle.opacity(opacity, stepped: step))
        case .fill, .width: return self
        }
    }

    public var opacity: Double { Double(colour.a) / 255 }

    public func faded(by factor: Double) -> TextDrawable {
        var t = self
        t.colour = colour.alphaScaled(by: factor)
        return t
    }

    public func withOpacity(_ opacity: Double) -> TextDrawable {
        var t = self
        t.colour.a = 255
        t.colour = t.colour.withOpacity(opacity)
        return t
    }
}

// MARK: Tools and storage

extension TextDrawable {
    /// Its colour anywhere in its box.
    public func colour(at p: Point, radius: Double) -> Color? { colour }

    /// Its outlines filled with `veil`.
    public func veiled(_ veil: Color) -> Drawable {
        var d = filledPath
        d.fill = veil
        return .path(d)
    }

    /// Whether the disc touches the layout box: either eraser removes text whole.
    public func isTouched(byEraserFrom a: Point, to b: Point, radius: Double, mode: EraserMode) -> Bool {
        isHit(sweptFrom: a, to: b, radius: radius)
    }

    /// Nothing: either eraser removes text whole.
    public func erased(along sweep: [Point], radius: Double, mode: EraserMode) -> [Drawable] { [] }

    public func compacted() -> TextDrawable {
        guard let trimmed = outline.trimmedStorage() else { return self }
        var t = self
        t.outline = trimmed
        return t
    }

    public var images: [RasterImage] { [] }

    public var storedPointCount: Int { outline.points.count }

    public var noun: DrawableNoun { .text }
}
