import Foundation

/// How a stroke turns at an interior point: a shared mitred row, or two rows and a join fan.
struct JointShape {
    /// Cosine and cross product of the turn (incoming × outgoing direction).
    var cosine: Double
    var cross: Double
    /// How far a mitred row's rims sit from the point along either segment: radius · tan(turn / 2)
    /// (0 when the turn can never be mitred).
    var shift: Double
    /// One mitred row of two rim vertices serves both segments: no join fan, no centre.
    var merged: Bool
}

extension StrokeEmitter {
    /// Decides the joint at knot `b` between a segment of length `len0` and direction `d0` and one of
    /// length `len1` and direction `d1`.
    ///
    /// It is mitred (one shared row) when that outline is within `tolerance` of the join's own shape
    /// (round: the tip `radius / cos(turn / 2)` out is at most `tolerance` beyond the arc, i.e. the
    /// turn is within one round-join step; bevel: at most `tolerance` beyond the bevel; miter: within
    /// the miter limit, where it is exact), the turn is under 90°, the rims stay within 45% of either
    /// segment (so no quad folds), and, with a butt-end ramp, the row lies wholly where `along` is
    /// constant (at least half a pixel from both ends). Only the last rule depends on where the
    /// subpath ends, and it stops changing once `b.s + shift` is below the ramp's `frozenLimit`.
    @inline(__always)
    func jointShape(at b: Knot, d0: Point, d1: Point, len0: Double, len1: Double, ramp: EndRamp) -> JointShape {
        let cosine = d0.dot(d1), cross = d0.cross(d1)
        var shape = JointShape(cosine: cosine, cross: cross, shift: 0, merged: false)
        guard cosine > 0 else { return shape }
        let r = style.radius
        let onePlusCos = 1 + cosine  // 2·cos²(turn / 2)
        let allowed: Bool
        switch style.join {
        case .round:
            allowed = cosine >= style.stepCos
        case .miter where onePlusCos * style.miterLimit * style.miterLimit >= 2:
            allowed = true
        case .miter, .bevel:
            // radius · (1 / c − c) ≤ tolerance, with c = cos(turn / 2): radius · (1 − c²) ≤ tolerance · c.
            let c2 = onePlusCos / 2
            allowed = r * (1 - c2) <= style.tolerance * c2.squareRoot()
        }
        guard allowed else { return shape }
        let shift = r * abs(cross) / onePlusCos
        shape.shift = shift
        guard shift <= 0.45 * min(len0, len1) else { return shape }
        if ramp.isActive {
            guard b.s - shift >= 0.5 + 1e-6 && b.s + shift <= ramp.length - 0.5 - 1e-6 else { return shape }
        }
        shape.merged = true
        return shape
    }

    /// The shared row of a mitred joint at `b`: rims at `b ± (n0 + n1)·radius / (1 + cos)`, on the
    /// offset lines of both segments (so `edge` = ±radius is exact on either side).
    @inline(__always)
    func mitredRow(at b: Knot, d0: Point, d1: Point, cosine: Double, along: Double, into m: inout MeshWriter) -> Row {
        let r = style.radius
        let offset = (d0.perpendicular + d1.perpendicular) * (r / (1 + cosine))
        let plus = vertex(b.p + offset, edge: r, along: along, s: b.s, into: &m)
        let minus = vertex(b.p - offset, edge: -r, along: along, s: b.s, into: &m)
        return Row(plus: plus, minus: minus)
    }

    /// The piece of a polyline ending at interior knot `b`: segment `a → b` (direction `d0`) from its
    /// first row `start` (with its ramp cuts), then the joint at `b` towards `c` (direction `d1`).
    /// Returns the first row of segment `b → c`.
    @inline(__always)
    func joint(after start: Row, _ a: Knot, _ b: Knot, _ c: Knot, d0: Point, d1: Point, ramp: EndRamp,
               into m: inout MeshWriter) -> Row {
        let last = cuts(after: start, a, to: b, dir: d0, ramp: ramp, into: &m)
        let shape = jointShape(at: b, d0: d0, d1: d1, len0: b.s - a.s, len1: c.s - b.s, ramp: ramp)
        let along = ramp.along(at: b.s)
        if shape.merged {
            let row = mitredRow(at: b, d0: d0, d1: d1, cosine: shape.cosine, along: along, into: &m)
            quad(last, row, into: &m)
            return row
        }
        let end = fullRow(at: b.p, normal: d0.perpendicular, along: along, s: b.s, into: &m)
        quad(last, end, into: &m)
        let next = row(at: b.p, normal: d1.perpendicular, centre: end.centre, along: along, s: b.s, into: &m)
        join(at: b, from: SegmentEnd(dir: d0, row: end), to: SegmentEnd(dir: d1, row: next), along: along, into: &m)
        return next
    }

    /// Fills the outer side of the corner at `k`, between the segment ending with `e0` and the one
    /// starting with `e1` (which share their centre vertex), with a fan around `k`.
    ///
    /// New vertices: bevel 0, miter 1 (the tip), round `n − 1` on the arc, `n = ceil(turn / stepAngle)`;
    /// the centre and outer corners are the segments' own row vertices. Triangles: bevel 1, miter 2,
    /// round `n`. Straight-on corners emit nothing; a 180° reversal bevels flat (its triangle is
    /// degenerate, so dropped).
    func join(at k: Knot, from e0: SegmentEnd, to e1: SegmentEnd, along: Double, into m: inout MeshWriter) {
        let d0 = e0.dir, d1 = e1.dir
        let cross = d0.cross(d1), dot = d0.dot(d1)
        let r = style.radius
        if dot > 0 && abs(cross) * r * r < MeshWriter.minimumDoubleArea { return }
        let turn: Double = cross >= 0 ? 1 : -1
        let side = -turn  // the outer side of the corner
        let o0 = e0.row.side(side), o1 = e1.row.side(side)
        let centre = e0.row.centre
        let corner = Corner(knot: k, centre: centre, o0: o0, o1: o1, n0: d0.perpendicular,
                            n1: d1.perpendicular, side: side, turn: turn, cosine: dot, along: along)
        switch style.join {
        case .bevel: m.addStrokeTriangle(centre, o0, o1)
        case .miter: miterJoin(corner, into: &m)
        case .round: roundJoin(corner, into: &m)
        }
    }

    /// Miter tip at `radius / cos(turn / 2)` along the bisector, or a bevel beyond the miter limit
    /// (Core Graphics: miter length / width = 1 / cos(turn / 2) > limit).
    private func miterJoin(_ c: Corner, into m: inout MeshWriter) {
        let onePlusCos = 1 + c.cosine  // 2·cos²(turn / 2)
        let limit = style.miterLimit
        guard onePlusCos * limit * limit >= 2 else {
            m.addStrokeTriangle(c.centre, c.o0, c.o1)
            return
        }
        let r = style.radius
        let tip = c.knot.p + (c.n0 + c.n1) * (c.side * r / onePlusCos)
        let t = m.addVertex(tip, edge: c.side * r, radius: style.radiusF, along: c.along,
                            arc: c.knot.s * style.arcScale, color: style.color)
        m.addStrokeTriangle(c.centre, c.o0, t)
        m.addStrokeTriangle(c.centre, t, c.o1)
    }

    /// An arc of radius `radius` from the outer corner of the first segment to that of the second,
    /// in steps of `stepAngle` (NanoVG's bound, so chords stay within the tolerance), the last one
    /// shorter: `ceil(turn / stepAngle)` triangles, with no trigonometry per join.
    private func roundJoin(_ c: Corner, into m: inout MeshWriter) {
        let r = style.radius, edge = c.side * r, arc = c.knot.s * style.arcScale
        let cs = style.stepCos, sn = c.turn * style.stepSin
        let target = c.n1 * edge, limit = r * r * style.stepCos
        var v = c.n0 * edge
        var previous = c.o0
        var steps = 1
        // While more than one step remains (cos(remaining) < cos(step)), advance by one step.
        while v.dot(target) < limit && steps < style.capSegments {
            v = Point(v.x * cs - v.y * sn, v.x * sn + v.y * cs)
            let i = m.addVertex(c.knot.p + v, edge: edge, radius: style.radiusF, along: c.along,
                                arc: arc, color: style.color)
            m.addStrokeTriangle(c.centre, previous, i)
            previous = i
            steps += 1
        }
        m.addStrokeTriangle(c.centre, previous, c.o1)
    }
}

/// What the join shapes need to know about one corner.
private struct Corner {
    var knot: Knot
    var centre: UInt32
    /// Outer corner vertices of the incoming and outgoing segments.
    var o0: UInt32
    var o1: UInt32
    /// Normals (`perpendicular`) of the incoming and outgoing directions.
    var n0: Point
    var n1: Point
    /// The outer side (+1: the normals' side) and the turn's sense (+1: towards the normals).
    var side: Double
    var turn: Double
    /// Cosine of the turn angle.
    var cosine: Double
    var along: Double
}
