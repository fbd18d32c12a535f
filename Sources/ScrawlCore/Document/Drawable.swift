/// One entry of the display list: a drawable of one of the kinds.
///
/// Each kind is its own type, in its own file, conforming to `DrawableKind`; this enum answers
/// every requirement by forwarding to its kind, here and nowhere else (a switch per requirement,
/// so that the hot ones, painted bounds and commands, never box the kind). Adding a kind: a case
/// here and a line in each forwarder below; see docs/architecture.md for the rest.
public enum Drawable: Hashable, Sendable {
    case path(PathDrawable)
    case stamp(StampDrawable)
    case text(TextDrawable)

    /// The drawable's kind as `K`, nil when it is of another kind: for code about one kind only
    /// (the bench's pen strokes). What every kind answers belongs in `DrawableKind` instead.
    public func kind<K: DrawableKind>(as _: K.Type) -> K? {
        switch self {
        case .path(let d): return d as? K
        case .stamp(let s): return s as? K
        case .text(let t): return t as? K
        }
    }
}

extension Drawable: DrawableKind {
    // MARK: Geometry

    public var paintedBounds: Rect? {
        switch self {
        case .path(let d): return d.paintedBounds
        case .stamp(let s): return s.paintedBounds
        case .text(let t): return t.paintedBounds
        }
    }

    public func paintedDistance(to p: Point) -> Double {
        switch self {
        case .path(let d): return d.paintedDistance(to: p)
        case .stamp(let s): return s.paintedDistance(to: p)
        case .text(let t): return t.paintedDistance(to: p)
        }
    }

    public func paintedDistance(toSegment a: Point, _ b: Point) -> Double {
        switch self {
        case .path(let d): return d.paintedDistance(toSegment: a, b)
        case .stamp(let s): return s.paintedDistance(toSegment: a, b)
        case .text(let t): return t.paintedDistance(toSegment: a, b)
        }
    }

    public var outlinePoints: [Point] {
        switch self {
        case .path(let d): return d.outlinePoints
        case .stamp(let s): return s.outlinePoints
        case .text(let t): return t.outlinePoints
        }
    }

    public var followPath: Path {
        switch self {
        case .path(let d): return d.followPath
        case .stamp(let s): return s.followPath
        case .text(let t): return t.followPath
        }
    }

    // MARK: Canvas limit

    public var coordinateBounds: Rect? {
        switch self {
        case .path(let d): return d.coordinateBounds
        case .stamp(let s): return s.coordinateBounds
        case .text(let t): return t.coordinateBounds
        }
    }

    public var isInsideCanvasLimit: Bool {
        switch self {
        case .path(let d): return d.isInsideCanvasLimit
        case .stamp(let s): return s.isInsideCanvasLimit
        case .text(let t): return t.isInsideCanvasLimit
        }
    }

    public func keptInsideCanvasLimit() -> Drawable {
        switch self {
        case .path(let d): return .path(d.keptInsideCanvasLimit())
        case .stamp(let s): return .stamp(s.keptInsideCanvasLimit())
        case .text(let t): return .text(t.keptInsideCanvasLimit())
        }
    }

    // MARK: Drawing

    public func commands(scale: Double) -> [DrawCommand] {
        switch self {
        case .path(let d): return d.commands(scale: scale)
        case .stamp(let s): return s.commands(scale: scale)
        case .text(let t): return t.commands(scale: scale)
        }
    }

    public func flattenedPointEstimate(scale: Double) -> Int {
        switch self {
        case .path(let d): return d.flattenedPointEstimate(scale: scale)
        case .stamp(let s): return s.flattenedPointEstimate(scale: scale)
        case .text(let t): return t.flattenedPointEstimate(scale: scale)
        }
    }

    // MARK: Editing

    public func translated(by offset: Point) -> Drawable {
        switch self {
        case .path(let d): return .path(d.translated(by: offset))
        case .stamp(let s): return .stamp(s.translated(by: offset))
        case .text(let t): return .text(t.translated(by: offset))
        }
    }

    public func scaled(about anchor: Point, sx: Double, sy: Double, scalingWidths: Bool = true) -> Drawable {
        switch self {
        case .path(let d): return .path(d.scaled(about: anchor, sx: sx, sy: sy, scalingWidths: scalingWidths))
        case .stamp(let s): return .stamp(s.scaled(about: anchor, sx: sx, sy: sy, scalingWidths: scalingWidths))
        case .text(let t): return .text(t.scaled(about: anchor, sx: sx, sy: sy, scalingWidths: scalingWidths))
        }
    }

    public func restyled(_ restyle: Restyle, random: inout SplitMix64) -> Drawable {
        switch self {
        case .path(let d): return .path(d.restyled(restyle, random: &random))
        case .stamp(let s): return .stamp(s.restyled(restyle, random: &random))
        case .text(let t): return .text(t.restyled(restyle, random: &random))
        }
    }

    public var opacity: Double {
        switch self {
        case .path(let d): return d.opacity
        case .stamp(let s): return s.opacity
        case .text(let t): return t.opacity
        }
    }

    public func withOpacity(_ opacity: Double) -> Drawable {
        switch self {
        case .path(let d): return .path(d.withOpacity(opacity))
        case .stamp(let s): return .stamp(s.withOpacity(opacity))
        case .text(let t): return .text(t.withOpacity(opacity))
        }
    }

    /// (A factor that is not finite counts as 1, a negative one as 0.)
    public func faded(by factor: Double) -> Drawable {
        let factor = factor.isFinite ? max(0, factor) : 1
        switch self {
        case .path(let d): return .path(d.faded(by: factor))
        case .stamp(let s): return .stamp(s.faded(by: factor))
        case .text(let t): return .text(t.faded(by: factor))
        }
    }

    // MARK: Tools

    public func colour(at p: Point, radius: Double) -> Color? {
        switch self {
        case .path(let d): return d.colour(at: p, radius: radius)
        case .stamp(let s): return s.colour(at: p, radius: radius)
        case .text(let t): return t.colour(at: p, radius: radius)
        }
    }

    public func veiled(_ veil: Color) -> Drawable {
        switch self {
        case .path(let d): return d.veiled(veil)
        case .stamp(let s): return s.veiled(veil)
        case .text(let t): return t.veiled(veil)
        }
    }

    public func isTouched(byEraserFrom a: Point, to b: Point, radius: Double, mode: EraserMode) -> Bool {
        switch self {
        case .path(let d): return d.isTouched(byEraserFrom: a, to: b, radius: radius, mode: mode)
        case .stamp(let s): return s.isTouched(byEraserFrom: a, to: b, radius: radius, mode: mode)
        case .text(let t): return t.isTouched(byEraserFrom: a, to: b, radius: radius, mode: mode)
        }
    }

    public func erased(along sweep: [Point], radius: Double, mode: EraserMode) -> [Drawable] {
        switch self {
        case .path(let d): return d.erased(along: sweep, radius: radius, mode: mode)
        case .stamp(let s): return s.erased(along: sweep, radius: radius, mode: mode)
        case .text(let t): return t.erased(along: sweep, radius: radius, mode: mode)
        }
    }

    // MARK: Storage

    public func compacted() -> Drawable {
        switch self {
        case .path(let d): return .path(d.compacted())
        case .stamp(let s): return .stamp(s.compacted())
        case .text(let t): return .text(t.compacted())
        }
    }

    public var images: [RasterImage] {
        switch self {
        case .path(let d): return d.images
        case .stamp(let s): return s.images
        case .text(let t): return t.images
        }
    }

    public var storedPointCount: Int {
        switch self {
        case .path(let d): return d.storedPointCount
        case .stamp(let s): return s.storedPointCount
        case .text(let t): return t.storedPointCount
        }
    }

    // MARK: Words

    public var noun: DrawableNoun {
        switch self {
        case .path(let d): return d.noun
        case .stamp(let s): return s.noun
        case .text(let t): return t.noun
        }
    }
}
