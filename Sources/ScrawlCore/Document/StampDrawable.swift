/// A committed image stamp (the Image tool's): one image pixel per canvas point where it was
/// dropped, scaled with its rectangle by the selection. It paints its whole rectangle, is never
/// cut by the eraser and takes only opacity from the selection's style keys.
public struct StampDrawable: DrawableKind, Hashable, Sendable {
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

// MARK: Geometry and the canvas limit

extension StampDrawable {
    /// The stamp's rectangle: everything it paints.
    public var paintedBounds: Rect? { rect }

    public func paintedDistance(to p: Point) -> Double { rect.distance(to: p) }

    public func paintedDistance(toSegment a: Point, _ b: Point) -> Double { rect.distance(toSegment: a, b) }

    /// The rectangle's corners.
    public var outlinePoints: [Point] { rect.corners }

    /// The border rectangle from the top-left corner, clockwise on screen.
    public var followPath: Path { .rectangle(rect) }

    public var coordinateBounds: Rect? { rect }

    public var isInsideCanvasLimit: Bool {
        [rect.minX, rect.minY, rect.maxX, rect.maxY].allSatisfy(CanvasLimit.contains)
    }

    /// Moved in whole, cut only where it is wider than the whole canvas.
    public func keptInsideCanvasLimit() -> StampDrawable {
        guard !isInsideCanvasLimit else { return self }
        var s = self
        let r = rect
        let offset = Point(Self.inward(r.minX, r.maxX), Self.inward(r.minY, r.maxY))
        s.rect = Rect(minX: CanvasLimit.clamp(r.minX + offset.x), minY: CanvasLimit.clamp(r.minY + offset.y),
                      maxX: CanvasLimit.clamp(r.maxX + offset.x), maxY: CanvasLimit.clamp(r.maxY + offset.y))
        return s
    }

    /// How far a span must move to lie inside the limit (0 when it does, or is wider than it).
    private static func inward(_ low: Double, _ high: Double) -> Double {
        guard low.isFinite, high.isFinite, high - low <= 2 * CanvasLimit.limit else { return 0 }
        if low < -CanvasLimit.limit { return -CanvasLimit.limit - low }
        if high > CanvasLimit.limit { return CanvasLimit.limit - high }
        return 0
    }
}

// MARK: Drawing

extension StampDrawable {
    /// The image in its device-pixel rectangle.
    public func commands(scale: Double) -> [DrawCommand] { [command(scale: scale)] }

    /// The image in its device-pixel rectangle.
    public func command(scale: Double) -> DrawCommand {
        .image(image, rect: Rect(minX: rect.minX * scale, minY: rect.minY * scale,
                                 maxX: rect.maxX * scale, maxY: rect.maxY * scale), opacity: opacity)
    }

    /// Nothing: an image is drawn as one textured rectangle.
    public func flattenedPointEstimate(scale: Double) -> Int { 0 }
}

// MARK: Editing

extension StampDrawable {
    public func translated(by offset: Point) -> StampDrawable {
        var s = self
        s.rect = Rect(minX: rect.minX + offset.x, minY: rect.minY + offset.y,
                      maxX: rect.maxX + offset.x, maxY: rect.maxY + offset.y)
        return s
    }

    /// The rectangle scaled (never mirrored: a negative factor flips the corners, not the image).
    public func scaled(about anchor: Point, sx: Double, sy: Double, scalingWidths: Bool = true) -> StampDrawable {
        let map = { (p: Point) in Point(anchor.x + (p.x - anchor.x) * sx, anchor.y + (p.y - anchor.y) * sy) }
        var s = self
        s.rect = Rect(corner: map(Point(rect.minX, rect.minY)), map(Point(rect.maxX, rect.maxY)))
        return s
    }

    /// The next opacity; colours and widths do not apply to an image.
    public func restyled(_ restyle: Restyle, random: inout SplitMix64) -> StampDrawable {
        guard case .opacity(let step) = restyle else { return self }
        return withOpacity(Restyle.opacity(opacity, stepped: step))
    }

    public func faded(by factor: Double) -> StampDrawable {
        var s = self
        s.opacity = min(1, opacity * factor)
        return s
    }

    public func withOpacity(_ opacity: Double) -> StampDrawable {
        var s = self
        s.opacity = opacity
        return s
    }
}

// MARK: Tools and storage

extension StampDrawable {
    /// The image's pixel at `p` (nil where it is fully transparent).
    public func colour(at p: Point, radius: Double) -> Color? {
        guard image.width > 0, image.height > 0, rect.width > 0, rect.height > 0 else { return nil }
        let x = Self.pixelIndex((p.x - rect.minX) / rect.width, count: image.width)
        let y = Self.pixelIndex((p.y - rect.minY) / rect.height, count: image.height)
        let i = (y * image.width + x) * 4
        let px = image.pixels
        guard px[i + 3] > 0 else { return nil }
        return Color(r: px[i], g: px[i + 1], b: px[i + 2], a: px[i + 3])
    }

    /// The pixel at `fraction` (0…1) across `count` pixels, clamped; never traps on huge or NaN fractions.
    static func pixelIndex(_ fraction: Double, count: Int) -> Int {
        let f = fraction.isFinite ? min(max(fraction, 0), 1) : 0
        return min(Int(f * Double(count)), count - 1)
    }

    /// Its rectangle filled with `veil`.
    public func veiled(_ veil: Color) -> Drawable {
        .path(PathDrawable(path: .rectangle(rect), stroke: nil, fill: veil, style: StrokeOptions(width: 0)))
    }

    /// Whether the disc touches the rectangle: either eraser removes a stamp whole.
    public func isTouched(byEraserFrom a: Point, to b: Point, radius: Double, mode: EraserMode) -> Bool {
        isHit(sweptFrom: a, to: b, radius: radius)
    }

    /// Nothing: either eraser removes a stamp whole.
    public func erased(along sweep: [Point], radius: Double, mode: EraserMode) -> [Drawable] { [] }

    /// Itself: a stamp holds no storage to trim (its image is shared).
    public func compacted() -> StampDrawable { self }

    public var images: [RasterImage] { [image] }

    public var storedPointCount: Int { 0 }

    /// An image.
    public var noun: DrawableNoun { .image }
}
