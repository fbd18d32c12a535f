extension StrokeEmitter {
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
