extension StrokeEmitter {
    /// The cap at knot `k`, on the row `row` that the segment (direction `d`) has there.
    /// `arcSign` is −1 at a start (the cap points along −d) and +1 at an end (along d).
    ///
    /// Round: a half-disc fan around the row's centre (`endRow` gives it one) from one rim vertex to
    /// the other, `capSegments` triangles and `capSegments` new vertices. Butt: a quad from the end
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

    /// Half a disc from the rim vertex on `u`'s normal side, through `k + radius·u`, to the other one
    /// (copied with the same edge sign, so the fan interpolates |edge| = radius all round).
    private func roundCap(at k: Knot, row: Row, outward u: Point, arcSign: Double, into m: inout MeshWriter) {
        let n = style.capSegments
        let (cs, sn) = style.capRotation
        let edge = arcSign * style.radius
        var v = u.perpendicular * style.radius
        var previous = arcSign > 0 ? row.plus : row.minus
        for _ in 1..<n {
            v = Point(v.x * cs - v.y * sn, v.x * sn + v.y * cs)
            let i = vertex(k.p + v, edge: edge, along: StrokeStyle.farAlong, s: k.s, into: &m)
            m.addStrokeTriangle(row.centre, previous, i)
            previous = i
        }
        let last = m.addVertex(copying: arcSign > 0 ? row.minus : row.plus, edge: edge)
        m.addStrokeTriangle(row.centre, previous, last)
    }

    /// A zero-length subpath (a tap): a disc (round caps: `dotSegments + 1` vertices and
    /// `dotSegments` triangles), an axis-aligned square of side `width` (square caps: 6 vertices,
    /// 4 triangles), or nothing (butt caps).
    func dot(at p: Point, into m: inout MeshWriter) {
        let r = style.radius
        switch style.cap {
        case .butt:
            return
        case .round:
            let n = style.dotSegments
            let (cs, sn) = style.dotRotation
            let centre = vertex(p, edge: 0, along: StrokeStyle.farAlong, s: 0, into: &m)
            var v = Point(r, 0)
            let first = vertex(p + v, edge: r, along: StrokeStyle.farAlong, s: 0, into: &m)
            var previous = first
            for _ in 1..<n {
                v = Point(v.x * cs - v.y * sn, v.x * sn + v.y * cs)
                let i = vertex(p + v, edge: r, along: StrokeStyle.farAlong, s: 0, into: &m)
                m.addStrokeTriangle(centre, previous, i)
                previous = i
            }
            m.addStrokeTriangle(centre, previous, first)
        case .square:
            // Three rows across x: along 0 → radius → 0; edge ±radius across y.
            let n = Point(0, 1)
            let left = row(at: Point(p.x - r, p.y), normal: n, along: 0, s: 0, into: &m)
            let mid = row(at: p, normal: n, along: r, s: 0, into: &m)
            let right = row(at: Point(p.x + r, p.y), normal: n, along: 0, s: 0, into: &m)
            quad(left, mid, into: &m)
            quad(mid, right, into: &m)
        }
    }
}
