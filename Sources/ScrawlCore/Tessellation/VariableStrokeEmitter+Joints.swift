import Foundation

extension VariableStrokeEmitter {
    /// The piece at interior knot `b` between `seg0` (arriving, from its first row `start`) and
    /// `seg1` (leaving): the mitred row `mitre` where there is one (`mitre(between:at:and:)`), else
    /// rows around a centre and the arcs between. Returns the first row of `seg1`.
    @inline(__always)
    func joint(after start: Row, _ seg0: VariableSegment, at b: VariableKnot, _ seg1: VariableSegment,
               mitre: VariableMitre?, into m: inout MeshWriter) -> Row {
        if let mitre { return mitredJoint(after: start, mitre, at: b, into: &m).row }
        let c = centre(b, into: &m)
        let end = row(seg0, b, centre: c, into: &m)
        quad(start, end, into: &m)
        let next = row(seg1, b, centre: c, into: &m)
        joinArcs(at: b, centre: c, seg0, end, seg1, next, into: &m)
        return next
    }

    /// The mitred row `mitre` at `b`, and the quad from `start` (the first row of the segment
    /// arriving) to it. Returns the row (the first of the segment leaving) and its rims' positions.
    /// `from`, where known, is `start`'s: a pen stroke's run of mitred rows reads nothing back.
    @inline(__always)
    func mitredJoint(after start: Row, from: RowPositions? = nil, _ mitre: VariableMitre, at b: VariableKnot,
                     into m: inout MeshWriter) -> (row: Row, positions: RowPositions) {
        let plus = vertex(mitre.plus, radius: mitre.plusRadius, edge: mitre.plusRadius, knot: b, into: &m)
        let minus = vertex(mitre.minus, radius: mitre.minusRadius, edge: -mitre.minusRadius, knot: b, into: &m)
        let row = Row(plus: plus, minus: minus), to = RowPositions(mitre.plus, mitre.minus)
        if start.hasCentre {
            quad(start, row, into: &m)
        } else {
            m.addQuad(start, row, at: from ?? m.positions(start), to)
        }
        return (row, to)
    }

    /// The mitred row at `b` between the segments arriving and leaving it, where both are there,
    /// neither is degenerate and the row is allowed (`mitre(_:at:_:)`); nil otherwise.
    @inline(__always)
    func mitre(between seg0: VariableSegment?, at b: VariableKnot, and seg1: VariableSegment?) -> VariableMitre? {
        guard let seg0, let seg1 else { return nil }
        return mitre(seg0, at: b, seg1)
    }

    /// One row shared by both segments at `b`: on each side the crossing of the two tangent lines,
    /// `b + (n0 + n1)·r / (1 + n0·n1)`. Only where on both sides the normals turn by at most the
    /// constant stroker's round-join step, 2·acos(r / (r + tolerance)) (so the corner stays within
    /// the tolerance of the arc), the corners stay within 45% of either segment's tangent line (no
    /// quad folds), and the two segments' `radius` there differ by at most 1/32 (the corner's
    /// attributes are their mean, so coverage stays within about 1/128 of exact). Nil otherwise.
    ///
    /// Geometry only (it writes nothing), so the batch emitter works it out one knot ahead, while
    /// the knot before is written; the tests are free of divisions (cos²(turn / 2) = (1 + n0·n1) / 2
    /// against (r / (r + tolerance))², the shifts against the room times 1 + n0·n1), and the two
    /// corners share one.
    @inline(__always)
    func mitre(_ seg0: VariableSegment, at b: VariableKnot, _ seg1: VariableSegment) -> VariableMitre? {
        guard !seg0.degenerate, !seg1.degenerate else { return nil }
        let r = b.r
        let cp = seg0.plus.dot(seg1.plus), cm = seg0.minus.dot(seg1.minus)
        let ep = 1 + cp, em = 1 + cm
        let reach = r + style.tolerance, least = 2 * r * r
        guard ep * reach * reach >= least, em * reach * reach >= least, cp > 0, cm > 0 else { return nil }
        let room = 0.45 * min(seg0.length * seg0.across, seg1.length * seg1.across)
        guard r * abs(seg0.plus.cross(seg1.plus)) <= room * ep,
              r * abs(seg0.minus.cross(seg1.minus)) <= room * em else { return nil }
        let q = r / (ep * em)
        let dp = (seg0.plus + seg1.plus) * (q * em), dm = (seg0.minus + seg1.minus) * (q * ep)
        // Each segment's `radius` at b + d: r − k·u·d (it is r at b).
        let p0 = r - seg0.k * seg0.u.dot(dp), p1 = r - seg1.k * seg1.u.dot(dp)
        let m0 = r - seg0.k * seg0.u.dot(dm), m1 = r - seg1.k * seg1.u.dot(dm)
        let pr = (p0 + p1) / 2, mr = (m0 + m1) / 2
        guard abs(p0 - p1) <= pr / 32, abs(m0 - m1) <= mr / 32 else { return nil }
        return VariableMitre(plus: b.p + dp, minus: b.p + dm, plusRadius: pr, minusRadius: mr)
    }

    /// The fans at `b` over the arcs of its disc that neither hull covers: seg0's hull leaves its
    /// front arc A (angles −φ0…φ0 from u0, φ = acos k), seg1's leaves its back arc C (from δ + φ1
    /// to δ + 2π − φ1, δ the turn). A ∩ C is at most two arcs, each from one of the four tangent
    /// points to another (C may wrap round both ends of A, or hold one end, or none).
    func joinArcs(at b: VariableKnot, centre c: UInt32, _ seg0: VariableSegment, _ end: Row,
                  _ seg1: VariableSegment, _ next: Row, into m: inout MeshWriter) {
        let phi0 = seg0.frontHalfAngle, phi1 = seg1.frontHalfAngle
        let twoPi = 2 * Double.pi
        let delta = atan2(seg0.u.cross(seg1.u), seg0.u.dot(seg1.u))
        let length = twoPi - 2 * phi1
        let c0 = Self.positive(delta + phi1 + phi0) - phi0  // C's start, in [−φ0, 2π − φ0)
        if c0 < phi0 {
            let inside = c0 + length <= phi0
            let stop = inside ? c0 + length : phi0
            arc(around: b, centre: c, from: next.plus, direction: seg1.plus, sense: 1, span: stop - c0,
                to: inside ? next.minus : end.plus, into: &m)
        }
        let wrapped = c0 + length - twoPi  // where C ends past A's start, when it wraps round
        if wrapped > -phi0 {
            let inside = wrapped <= phi0
            let stop = inside ? wrapped : phi0
            arc(around: b, centre: c, from: end.minus, direction: seg0.minus, sense: 1, span: stop + phi0,
                to: inside ? next.minus : end.plus, into: &m)
        }
    }

    /// `x` in [0, 2π).
    @inline(__always)
    static func positive(_ x: Double) -> Double {
        var y = x.truncatingRemainder(dividingBy: 2 * Double.pi)
        if y < 0 { y += 2 * Double.pi }
        return y
    }

    /// A fan around `centre` (at knot `k`, radius r) over the arc from rim vertex `from` (in unit
    /// `direction` from the centre) turning by `span` radians (`sense` +1: towards the
    /// perpendicular, −1: away) to rim vertex `to`. The rim is the polygon whose sides touch the
    /// circle at equal steps (the first and last continue the segments' tangent lines), its corners
    /// with edge = radius = r: coverage is r minus the distance along each side's normal, exact
    /// within `RoundRim.sagitta`. `n + 2` vertices and `n + 1` triangles for `n` wedges.
    func arc(around k: VariableKnot, centre c: UInt32, from: UInt32, direction d: Point, sense: Double,
             span: Double, to: UInt32, into m: inout MeshWriter) {
        guard span > 1e-12 else { return }
        let r = k.r
        let n = VariableStrokeStyle.wedges(span: span, radius: r)
        let step = span / Double(n)
        let cs = cos(step), sn = sense * sin(step)
        let reach = r / (1 + cs)
        var previous = copy(from, radius: r, edge: r, into: &m)
        var t = d
        for _ in 0..<n {
            let u = Point(t.x * cs - t.y * sn, t.x * sn + t.y * cs)
            let i = vertex(k.p + (t + u) * reach, radius: r, edge: r, knot: k, into: &m)
            m.addStrokeTriangle(c, previous, i)
            previous = i
            t = u
        }
        m.addStrokeTriangle(c, previous, copy(to, radius: r, edge: r, into: &m))
    }

    /// A copy of vertex `i` (the same position, bit for bit) with other `radius` and `edge`.
    @inline(__always)
    func copy(_ i: UInt32, radius: Double, edge: Double, into m: inout MeshWriter) -> UInt32 {
        let v = m.vertex(i)
        return m.addVertex(Point(Double(v.x), Double(v.y)), edge: edge, radius: Float(radius), along: Double(v.along),
                           arc: Double(v.arc), color: v.color)
    }

    /// A lone knot: a disc, a fan inside the circumscribed polygon of its wedges.
    func dot(at k: VariableKnot, into m: inout MeshWriter) {
        let r = k.r
        let n = max(VariableStrokeStyle.wedges(span: 2 * Double.pi, radius: r), 8)
        let step = 2 * Double.pi / Double(n)
        let cs = cos(step), sn = sin(step)
        let c = centre(k, into: &m)
        let reach = r / (1 + cs)
        var t = Point(1, 0)
        var first = Row.noCentre, previous = Row.noCentre
        for j in 0..<n {
            let u = Point(t.x * cs - t.y * sn, t.x * sn + t.y * cs)
            let i = vertex(k.p + (t + u) * reach, radius: r, edge: r, knot: k, into: &m)
            if j == 0 { first = i } else { m.addStrokeTriangle(c, previous, i) }
            previous = i
            t = u
        }
        m.addStrokeTriangle(c, previous, first)
    }
}
