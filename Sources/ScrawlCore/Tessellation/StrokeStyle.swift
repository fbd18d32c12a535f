import Foundation

/// `StrokeOptions` resolved to device pixels, with the per-stroke constants the emitters need.
struct StrokeStyle {
    /// Device coordinates beyond this are dropped: `Float` vertices could not hold them.
    static let maxCoordinate = 1e18
    /// Points closer than this (device px) to the previous one are duplicates.
    static let duplicateDistanceSquared = 1e-12
    /// `along` where no end ramp applies.
    static let farAlong = 1e6

    /// Half the drawn width in device px (at least 0.5: thinner strokes are drawn 1 px wide, fainter).
    let halfWidth: Double
    /// Half width + 0.5 px: how far the geometry reaches, and the shader's `radius`.
    let radius: Double
    let radiusF: Float
    let cap: LineCap
    let join: LineJoin
    /// Core Graphics' miter limit (miter length / width), clamped to 1…1000 so no join can spike.
    let miterLimit: Double
    /// Premultiplied colour, alpha scaled for sub-pixel widths.
    let color: UInt32
    /// Device px per canvas point, and its inverse (for `arc`, which is in canvas points).
    let scale: Double
    let arcScale: Double
    /// Flattening tolerance in device px.
    let tolerance: Double
    /// Largest angle one round-join triangle may span (NanoVG: 2·acos(r / (r + tol))), and its cosine.
    let stepAngle: Double
    let stepCos: Double
    let stepSin: Double
    /// Triangles in a round join's fan spanning a half turn (NanoVG's step).
    let capSegments: Int
    /// The exact round geometry of caps and dots (see `RoundRim`).
    let capRim: RoundRim
    let dotRim: RoundRim
    /// The cap chords' shrink β (see `RoundRim.capShrink`).
    let capShrink: Double
    /// The shader `radius` of a fan-drawn dot: its coverage integrates to the disc's area.
    let dotRadius: Double

    /// Nil when nothing can be drawn (non-positive or non-finite width or scale).
    init?(options: StrokeOptions, color: Color, scale: Double) {
        let w = options.width * scale
        guard w > 0, w.isFinite, scale > 0, scale.isFinite else { return nil }
        let drawn = max(w, 1)
        halfWidth = drawn / 2
        radius = halfWidth + 0.5
        radiusF = Float(radius)
        cap = options.cap
        join = options.join
        let limit = options.miterLimit
        miterLimit = limit.isNaN ? 1 : min(max(limit, 1), 1000)
        self.color = (w < 1 ? color.withOpacity(w) : color).premultipliedRGBA
        self.scale = scale
        arcScale = 1 / scale
        let tol = options.tolerance
        tolerance = tol.isFinite && tol > 0 ? max(tol, 0.01) : 0.25
        // At most π/2 (coarse tolerances) and at least π/512 (strokes wider than any screen would
        // otherwise get thousands of fan triangles; the sagitta stays within 0.25 px up to r = 50k px).
        stepAngle = min(max(2 * acos(radius / (radius + tolerance)), Double.pi / 512), Double.pi / 2)
        stepCos = cos(stepAngle)
        stepSin = sin(stepAngle)
        capSegments = max(2, Int((Double.pi / stepAngle).rounded(.up)))
        capRim = RoundRim(radius: radius, span: Double.pi, minimumSegments: 2)
        dotRim = RoundRim(radius: radius, span: 2 * Double.pi, minimumSegments: 8)
        capShrink = capRim.capShrink(halfWidth: halfWidth, radius: radius)
        dotRadius = RoundRim.equalAreaRadius(halfWidth: halfWidth, segments: dotRim.segments)
    }

    /// Dots thinner than this half width (device px) are drawn as pixel quads (see `pixelDot`).
    static let pixelDotHalfWidth = 4.0

    /// This style's dots are pixel quads rather than a fan.
    var dotIsPixelQuads: Bool { halfWidth < StrokeStyle.pixelDotHalfWidth }

    /// Upper bounds on one round dot's vertices and triangles.
    var roundDotBound: (vertices: Int, triangles: Int) {
        guard dotIsPixelQuads else { return (dotRim.segments + 1, dotRim.segments) }
        let side = PixelDot.maxSide(halfWidth: halfWidth)
        return (4 * side * side, 2 * side * side)
    }

    /// Upper bounds on the vertices and indices of `subpaths` subpaths with `points` points in all
    /// (open or closed, joins of any angle), `dots` of them single points, so a `MeshWriter` can be
    /// sized before writing.
    func bound(points: Int, subpaths: Int, dots: Int) -> (vertices: Int, indices: Int) {
        let joinV = join == .round ? capSegments - 1 : (join == .miter ? 1 : 0)
        let joinT = join == .round ? capSegments : 2
        let capV = cap == .round ? capRim.segments + 1 : 6, capT = cap == .round ? capRim.segments + 1 : 4
        let dotV = cap == .round ? roundDotBound.vertices : 9, dotT = cap == .round ? roundDotBound.triangles : 8
        // Per point: one segment (rim 2 + end row 3, 4 triangles) and one join. Per subpath: the
        // first row's centre, 2 ramp cuts, 2 caps and the closing rim. Per dot: the dot (a pixel dot
        // can take hundreds of vertices, so it is not charged to every subpath).
        let vertices = points * (5 + joinV) + subpaths * (1 + 6 + 2 * capV + 2) + dots * dotV
        let triangles = points * (4 + joinT) + subpaths * (8 + 2 * capT) + dots * dotT
        return (vertices, 3 * triangles)
    }

    /// Upper bounds for an incremental stroke's tail: `segments` segments (with their joins), the end
    /// cap, and the start cap when the tail begins at the first segment.
    func tailBound(segments: Int, withStartCap: Bool) -> (vertices: Int, indices: Int) {
        let joinV = join == .round ? capSegments - 1 : (join == .miter ? 1 : 0)
        let joinT = join == .round ? capSegments : 2
        let capV = cap == .round ? capRim.segments + 1 : 6, capT = cap == .round ? capRim.segments + 1 : 4
        let caps = withStartCap ? 2 : 1
        let vertices = segments * (5 + joinV) + 1 + (cap == .butt ? 6 : 0) + caps * capV
        let triangles = segments * (4 + joinT) + (cap == .butt ? 8 : 0) + caps * capT
        return (vertices, 3 * triangles)
    }

    /// The point is finite and small enough for `Float` vertices.
    @inline(__always)
    static func isUsable(_ p: Point) -> Bool {
        abs(p.x) <= maxCoordinate && abs(p.y) <= maxCoordinate  // false for NaN too
    }

    /// `p` is a duplicate of `q` for stroking.
    @inline(__always)
    static func isDuplicate(_ p: Point, of q: Point) -> Bool {
        (p - q).lengthSquared <= duplicateDistanceSquared
    }

}
