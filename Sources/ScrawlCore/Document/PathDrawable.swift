/// A committed path with its colours and stroke style (Dudel's `PathDrawingInfo`): the kind every
/// drawing tool but the Image stamp makes.
///
/// The fill uses the nonzero rule with open subpaths implicitly closed (as Core Graphics fills);
/// the stroke follows the path as drawn. Opacity is already folded into the colours' alpha.
/// Drawing is in PathDrawable+Commands.swift, hit tests and the eyedropper in +HitTest, the
/// eraser in +Eraser.
public struct PathDrawable: DrawableKind, Hashable, Sendable {
    public var path: Path
    public var stroke: Color?
    public var fill: Color?
    public var style: StrokeOptions
    /// How the stroke meets the pixels under it: "over" for ink, darken or lighten for highlights.
    public var blend: InkBlend
    /// The stroke's width at each of the path's nodes (canvas points), when it varies: one per
    /// element end point (a move, line or curve's last point; a close has none), in path order.
    /// Along a curve the width goes linearly from one end's to the other's. nil: `style.width`
    /// everywhere, as every stroke but pressure ink. See `PathDrawable+Widths.swift`.
    public var widths: [Float]?

    public init(path: Path, stroke: Color?, fill: Color?, style: StrokeOptions, blend: InkBlend = .normal,
                widths: [Float]? = nil) {
        self.path = path; self.stroke = stroke; self.fill = fill; self.style = style; self.blend = blend
        self.widths = widths
    }
}

extension StrokeOptions {
    /// How far a stroke can reach beyond its path's control points, in multiples of half its width:
    /// 1 for round caps and joins, √2 for square caps, and the miter limit (clamped to 1…1000, as the
    /// tessellator does) for miter joins. The antialiasing fringe reaches as far in multiples of half
    /// a device pixel.
    public var paintedReachFactor: Double {
        var factor = cap == .square ? 2.0.squareRoot() : 1
        if join == .miter {
            let limit = miterLimit.isNaN ? 1 : min(max(miterLimit, 1), 1000)
            factor = max(factor, limit)
        }
        return factor
    }
}

// MARK: Geometry and the canvas limit

extension PathDrawable {
    /// The control-point bounds grown by the stroke's reach (nil when the path is empty); with
    /// per-node widths (`shapeWidths`), each point grown by its own element's width instead.
    public var paintedBounds: Rect? {
        if stroke != nil, let widths = shapeWidths, !path.isEmpty {
            let filled = Rect.bounding(path.points)
            guard let stroked = paintedBounds(widths: widths) else { return filled }
            return filled.map { stroked.union($0) } ?? stroked
        }
        var controlBounds: Rect? = nil
        for p in path.points {
            controlBounds = controlBounds?.union(Rect(minX: p.x, minY: p.y, maxX: p.x, maxY: p.y))
                ?? Rect(minX: p.x, minY: p.y, maxX: p.x, maxY: p.y)
        }
        guard let bounds = controlBounds else { return nil }
        guard stroke != nil, style.width > 0, style.width.isFinite else { return bounds }
        return bounds.insetBy(-style.width / 2 * style.paintedReachFactor)
    }

    /// The centre line flattened to a quarter point.
    public var outlinePoints: [Point] { path.flattened(tolerance: 0.25).flatMap(\.points) }

    /// The first subpath (an arrow's shaft).
    public var followPath: Path { path.firstSubpath }

    /// The bounds of the path's points, controls included; nil for an empty path.
    public var coordinateBounds: Rect? { Rect.bounding(path.points) }

    public var isInsideCanvasLimit: Bool {
        path.points.allSatisfy { CanvasLimit.contains($0.x) && CanvasLimit.contains($0.y) }
    }

    /// Each point past the limit moved onto it.
    public func keptInsideCanvasLimit() -> PathDrawable {
        guard !isInsideCanvasLimit else { return self }
        var d = self
        d.path = path.mapped { Point(CanvasLimit.clamp($0.x), CanvasLimit.clamp($0.y)) }
        return d
    }
}

// MARK: Editing

extension PathDrawable {
    public func translated(by offset: Point) -> PathDrawable {
        var d = self
        d.path = path.mapped { $0 + offset }
        return d
    }

    /// Every point scaled (controls included); the width, and each node's width, by the geometric
    /// mean of the factors unless `scalingWidths` is false.
    public func scaled(about anchor: Point, sx: Double, sy: Double, scalingWidths: Bool = true) -> PathDrawable {
        var d = self
        d.path = path.mapped { Point(anchor.x + ($0.x - anchor.x) * sx, anchor.y + ($0.y - anchor.y) * sy) }
        if scalingWidths {
            let factor = (abs(sx) * abs(sy)).squareRoot()
            d.style.width *= factor
            d.widths = widthsScaled(by: factor)
        }
        return d
    }

    /// A new stroke or fill colour at the path's opacity, the next width, or the next opacity.
    /// Colours and opacity leave the node widths as they are; a width step scales every node's
    /// width by the step's ratio (new width / old), so a pressure stroke keeps its swelling.
    public func restyled(_ restyle: Restyle, random: inout SplitMix64) -> PathDrawable {
        var d = self
        switch restyle {
        case .stroke(let choice): d.stroke = Restyle.color(choice, &random).withOpacity(opacity)
        case .fill(let choice): d.fill = choice.map { Restyle.color($0, &random).withOpacity(opacity) }
        case .width(let step):
            d.style.width = Restyle.width(style.width, stepped: step)
            if widths != nil {
                d.widths = style.width > 0 ? widthsScaled(by: d.style.width / style.width)
                                           : widths.map { $0.map { _ in Float(d.style.width) } }
            }
        case .opacity(let step): return withOpacity(Restyle.opacity(opacity, stepped: step))
        }
        return d
    }

    /// The stroke's alpha, else the fill's (1 with neither).
    public var opacity: Double { Double((stroke ?? fill)?.a ?? 255) / 255 }

    /// Both colours at `opacity`, save a fully transparent one (which stays invisible).
    public func faded(by factor: Double) -> PathDrawable {
        var d = self
        d.stroke = stroke.map { $0.alphaScaled(by: factor) }
        d.fill = fill.map { $0.alphaScaled(by: factor) }
        return d
    }

    public func withOpacity(_ opacity: Double) -> PathDrawable {
        func set(_ c: Color?) -> Color? { c.map { $0.a == 0 ? $0 : Color(r: $0.r, g: $0.g, b: $0.b).withOpacity(opacity) } }
        var d = self
        d.stroke = set(stroke)
        d.fill = set(fill)
        return d
    }
}

// MARK: Storage

extension PathDrawable {
    /// The path's verbs and points in arrays of just their size (`Path.polyline` grows them by doubling).
    public func compacted() -> PathDrawable {
        let trimmed = path.trimmedStorage()
        let spareWidths = widths.map { $0.capacity > $0.count } ?? false
        guard trimmed != nil || spareWidths else { return self }
        var d = self
        if let trimmed { d.path = trimmed }
        if spareWidths, let widths {
            d.widths = [Float](unsafeUninitializedCapacity: widths.count) { buffer, initialized in
                initialized = buffer.initialize(fromContentsOf: widths)
            }
        }
        return d
    }

    public var images: [RasterImage] { [] }

    /// Its points, plus its node widths counted as points by their bytes (a 4-byte width is a
    /// quarter of a 16-byte point, rounded up).
    public var storedPointCount: Int { path.points.count + ((widths?.count ?? 0) + 3) / 4 }

    /// A stroke, whatever tool drew it (lines, shapes and Bézier paths too).
    public var noun: DrawableNoun { .stroke }
}
