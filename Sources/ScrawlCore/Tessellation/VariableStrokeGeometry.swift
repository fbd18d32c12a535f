import Foundation

/// A polyline vertex of a variable-width stroke: its device position, its outer radius `r` (drawn
/// half width + 0.5 px: where coverage reaches 0), its premultiplied colour (alpha scaled for a
/// width under 1 px), its arc position `s` (device px from the start) and `gap`, its distance from
/// the knot before it (0 for a subpath's first): the length of the segment arriving at it.
struct VariableKnot {
    var p: Point
    var r: Double
    var color: UInt32
    var s: Double
    var gap: Double
}

/// One segment of a variable-width stroke, from knot `a` to knot `b`: the convex hull of their
/// (outer) discs, bounded by the outer tangent lines. With `u` the unit direction and
/// k = (r_a − r_b) / length, the tangent lines' unit normals are n± = k·u ± √(1 − k²)·perp(u);
/// they touch the discs at `centre + r·n±`.
///
/// Inside the hull, the distances to the two lines, d±(q) = r_a − n±·(q − a), are affine, so
/// the vertex attributes radius = (d+ + d−)/2 = r_a − k·u·(q − a) and edge = (d− − d+)/2 =
/// √(1 − k²)·perp(u)·(q − a) make the shader's clamp(radius − |edge|) exactly min(d+, d−) on every
/// triangle of the segment. With k = 0 they are the constant stroke's radius and edge.
struct VariableSegment {
    let origin: Point
    let originRadius: Double
    let u: Point
    let length: Double
    let k: Double
    /// √(1 − k²): the normals' component across the segment.
    let across: Double
    let plus: Point
    let minus: Point
    /// One disc lies inside the other (length ≤ |r_a − r_b|): the segment adds nothing.
    let degenerate: Bool

    /// |k| at or above this counts as a disc inside its neighbour.
    static let degenerateK = 1 - 1e-9

    @inline(__always)
    init(_ a: VariableKnot, _ b: VariableKnot) {
        let v = b.p - a.p
        let len = b.gap  // |v|, as the knots were made (never 0: a duplicate merges instead)
        origin = a.p
        originRadius = a.r
        length = len
        let inverse = 1 / len
        let dir = v * inverse
        u = dir
        let kk = (a.r - b.r) * inverse
        degenerate = !(abs(kk) < VariableSegment.degenerateK)
        k = degenerate ? (kk > 0 ? 1 : -1) : kk
        across = degenerate ? 0 : (1 - kk * kk).squareRoot()
        let side = dir.perpendicular * across
        plus = dir * k + side
        minus = dir * k - side
    }

    /// The unit normal of the segment's direction (`u.perpendicular`).
    @inline(__always)
    var perp: Point { u.perpendicular }

    /// The shader radius at `q` (see the type's notes).
    @inline(__always)
    func radius(at q: Point) -> Double { originRadius - k * u.dot(q - origin) }

    /// The shader edge at `q`.
    @inline(__always)
    func edge(at q: Point) -> Double { across * perp.dot(q - origin) }

    /// The half angle of the arc of the end disc the hull keeps (from u to n±): acos(k).
    var frontHalfAngle: Double { acos(min(max(k, -1), 1)) }
}

/// The mitred row at an interior knot (`VariableStrokeEmitter.mitre`): its two corners (device px)
/// and the shader `radius` at each.
struct VariableMitre {
    let plus: Point
    let minus: Point
    let plusRadius: Double
    let minusRadius: Double
}

/// Per-stroke constants of a variable-width stroke in device pixels.
struct VariableStrokeStyle {
    let color: Color
    let opaqueColor: UInt32
    let scale: Double
    let arcScale: Double
    /// Flattening and mitring tolerance in device px (as `StrokeStyle.tolerance`).
    let tolerance: Double
    /// The largest outer radius of the stroke: bounds the arcs' wedge counts.
    let maxRadius: Double

    init?(options: StrokeOptions, color: Color, scale: Double, maxWidth: Double) {
        guard scale > 0, scale.isFinite, maxWidth.isFinite, maxWidth >= 0 else { return nil }
        self.color = color
        opaqueColor = color.premultipliedRGBA
        self.scale = scale
        arcScale = 1 / scale
        let tol = options.tolerance
        tolerance = tol.isFinite && tol > 0 ? max(tol, 0.01) : 0.25
        maxRadius = max(maxWidth * scale, 1) / 2 + 0.5
    }

    /// The knot at device point `p` for a width of `width` canvas points, `gap` device px after the
    /// knot before it: at least 1 px wide,
    /// thinner widths drawn 1 px wide with alpha multiplied by the width (as `StrokeStyle` does).
    @inline(__always)
    func knot(_ p: Point, width: Double, s: Double, gap: Double) -> VariableKnot {
        let w = width * scale
        let drawn = w >= 1 ? w : 1
        let c = w >= 1 ? opaqueColor : color.withOpacity(w.isFinite ? max(w, 0) : 0).premultipliedRGBA
        return VariableKnot(p: p, r: drawn / 2 + 0.5, color: c, s: s, gap: gap)
    }

    /// The wedge angle of arcs of radius `r`: the `RoundRim` rule (the circumscribed polygon within
    /// 1/64 px of the circle), between π/512 and π/4.
    @inline(__always)
    static func wedgeAngle(radius r: Double) -> Double {
        let fine = 2 * acos(r / (r + RoundRim.sagitta))
        return min(max(fine.isNaN ? Double.pi / 4 : fine, Double.pi / 512), Double.pi / 4)
    }

    /// Wedges an arc of `span` radians at radius `r` gets.
    @inline(__always)
    static func wedges(span: Double, radius r: Double) -> Int {
        max(1, Int((span / wedgeAngle(radius: r)).rounded(.up)))
    }

    /// Most wedges the arcs around one knot of outer radius at most `radius` take together (their
    /// spans add up to at most 2π, each arc's count rounded up): wedge counts grow with the radius.
    static func fullCircleWedges(radius: Double) -> Int { wedges(span: 2 * Double.pi, radius: radius) + 2 }

    /// Upper bounds on the vertices and indices of `points` knots of outer radius at most `radius`
    /// (the stroke's widest, `maxRadius`, by default).
    func bound(points: Int, radius: Double? = nil) -> (vertices: Int, indices: Int) {
        // Per knot: a joint (two rows and a centre, 5 vertices; the quad's 4 triangles) and its arcs
        // (wedges + 2 vertices, wedges + 1 triangles each); a run's caps or dot at most as much again.
        let arcs = VariableStrokeStyle.fullCircleWedges(radius: radius ?? maxRadius) + 4
        let vertices = points * (5 + 2 * arcs + 8) + 8
        let triangles = points * (6 + 2 * arcs + 8) + 8
        return (vertices, 3 * triangles)
    }
}
