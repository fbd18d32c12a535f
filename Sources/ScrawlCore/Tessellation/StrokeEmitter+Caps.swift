extension StrokeEmitter {
    /// The cap at knot `k`, on the row `row` that the segment (direction `d`) has there.
    /// `arcSign` is −1 at a start (the cap points along −d) and +1 at an end (along d).
    ///
    /// Round: a half-disc fan around the row's centre (`endRow` gives it one) from one rim vertex to
    /// the other (see `roundCap`). Butt: a quad from the end
    /// row (along 0.5) to a row half a pixel beyond (along 0), 2 new vertices. Square: a quad from a
    /// copy of the end row with along = radius to a row `radius` beyond (along 0), so coverage is 0.5
    /// half a width past the end, 4 new vertices (5 if the end row has a centre).
    func cap(at k: Knot, row: Row, dir d: Point, arcSign: Double, into m: inout MeshWriter) {
        switch style.cap {
        case .round:
            roundCap(at: k, row: row, outward: d * arcSign, arcSign: arcSign, into: &m)
        case .butt:
            flatCap(at: k, inner: row, dir: d, extent: 0.5, arcSign: arcSign, into: &m)
        case .square:
            let r = style.radius
            let plus = m.addVertex(copying: row.plus, along: r)
            let centre = row.hasCentre ? m.addVertex(copying: row.centre, along: r) : Row.noCentre
            let inner = Row(plus: plus, centre: centre, minus: m.addVertex(copying: row.minus, along: r))
            flatCap(at: k, inner: inner, dir: d, extent: r, arcSign: arcSign, into: &m)
        }
    }

    private func flatCap(at k: Knot, inner: Row, dir d: Point, extent: Double, arcSign: Double,
                         into m: inout MeshWriter) {
        let outer = row(at: k.p + d * (arcSign * extent), normal: d.perpendicular, along: 0,
                        s: k.s + arcSign * extent, into: &m)
        quad(inner, outer, into: &m)
    }

    /// Half a disc from the rim vertex on `u`'s normal side to the other one (copied with the same
    /// edge sign, so the fan interpolates |edge| all round), inside a circumscribed polygon (see
    /// `RoundRim`): its chords are tangent, at the directions 0, θ, …, π from the segment's side, to a
    /// curve at the apothems `capApothem` (the circle of the shader radius at the ends, where the first
    /// and last half wedges continue the segment's own `edge` exactly, a little inside it at the tip
    /// so the cap's coverage has the half disc's area). Every rim vertex has |edge| = radius, so
    /// coverage is 0 all along the rim. `capRim.segments + 1` triangles and as many new vertices.
    private func roundCap(at k: Knot, row: Row, outward u: Point, arcSign: Double, into m: inout MeshWriter) {
        let rim = style.capRim, r = style.radius
        let edge = arcSign * r
        // Rotations towards `u` (negative angles: the normal's perpendicular side turns into u).
        let (cs, sn) = (rim.step.cos, -rim.step.sin)
        var n = u.perpendicular, a = r
        var previous = arcSign > 0 ? row.plus : row.minus
        for j in 1...rim.segments {
            let next = Point(n.x * cs - n.y * sn, n.x * sn + n.y * cs)
            let b = j == rim.segments ? r : rim.capApothem(j, radius: r, shrink: style.capShrink)
            let i = vertex(k.p + StrokeEmitter.corner(n, a, next, b), edge: edge, along: StrokeStyle.farAlong,
                           s: k.s, into: &m)
            m.addStrokeTriangle(row.centre, previous, i)
            previous = i
            (n, a) = (next, b)
        }
        let last = m.addVertex(copying: arcSign > 0 ? row.minus : row.plus, edge: edge)
        m.addStrokeTriangle(row.centre, previous, last)
    }

    /// Where the lines n·q = a and m·q = b (unit normals) cross.
    @inline(__always)
    static func corner(_ n: Point, _ a: Double, _ m: Point, _ b: Double) -> Point {
        let det = n.x * m.y - n.y * m.x
        return Point((a * m.y - b * n.y) / det, (n.x * b - m.x * a) / det)
    }
}
