import Foundation

extension StrokeEmitter {
    /// The cap at knot `k` pointing out along unit `u` (`−d` at a start, `d` at an end).
    /// `arcSign` is +1 at an end (arc grows outwards) and −1 at a start.
    ///
    /// Round: a half-disc fan, `capSegments + 2` vertices. Butt: a quad from the end (along 0.5) to
    /// half a pixel beyond it (along 0). Square: a quad from the end (along radius) to `radius`
    /// beyond it (along 0), so coverage is 0.5 at half a width past the end. 4 vertices each.
    func cap(at k: Knot, outward u: Point, arcSign: Double, into m: inout Mesh) {
        switch style.cap {
        case .round: roundCap(at: k, outward: u, into: &m)
        case .butt: flatCap(at: k, outward: u, extent: 0.5, arcSign: arcSign, into: &m)
        case .square: flatCap(at: k, outward: u, extent: style.radius, arcSign: arcSign, into: &m)
        }
    }

    private func flatCap(at k: Knot, outward u: Point, extent: Double, arcSign: Double, into m: inout Mesh) {
        let n = u.perpendicular
        let inner = row(at: k.p, normal: n, along: extent, s: k.s, into: &m)
        let outer = row(at: k.p + u * extent, normal: n, along: 0, s: k.s + arcSign * extent, into: &m)
        quad(inner, outer, into: &m)
    }

    /// Half a disc of radius `radius` around the end, from `+n` through `u` to `−n` (`n` = u's normal).
    private func roundCap(at k: Knot, outward u: Point, into m: inout Mesh) {
        let n = style.capSegments
        let step = -Double.pi / Double(n)
        let r = style.radius, arc = k.s * style.arcScale
        let centre = m.addVertex(k.p, edge: 0, radius: style.radiusF, along: StrokeStyle.farAlong,
                                 arc: arc, color: style.color)
        fan(around: k.p, centre: centre, from: u.perpendicular * r, step: step, count: n, arc: arc, into: &m)
    }

    /// A fan of `count` triangles around `p`, starting at offset `v0` and turning by `step` each time.
    private func fan(around p: Point, centre: UInt32, from v0: Point, step: Double, count: Int,
                     arc: Double, into m: inout Mesh) {
        let cs = cos(step), sn = sin(step), r = style.radius
        var v = v0
        var previous = m.addVertex(p + v, edge: r, radius: style.radiusF, along: StrokeStyle.farAlong,
                                   arc: arc, color: style.color)
        let first = previous
        let closes = abs(abs(step) * Double(count) - 2 * Double.pi) < 1e-9
        for i in 1...count {
            let next: UInt32
            if closes && i == count {
                next = first
            } else {
                v = Point(v.x * cs - v.y * sn, v.x * sn + v.y * cs)
                next = m.addVertex(p + v, edge: r, radius: style.radiusF, along: StrokeStyle.farAlong,
                                   arc: arc, color: style.color)
            }
            m.addStrokeTriangle(centre, previous, next)
            previous = next
        }
    }

    /// A zero-length subpath (a tap): a disc (round caps, `dotSegments + 1` vertices), an
    /// axis-aligned square of side `width` (square caps, 6 vertices), or nothing (butt caps).
    func dot(at p: Point, into m: inout Mesh) {
        let r = style.radius
        switch style.cap {
        case .butt:
            return
        case .round:
            let n = style.dotSegments
            let centre = m.addVertex(p, edge: 0, radius: style.radiusF, along: StrokeStyle.farAlong,
                                     arc: 0, color: style.color)
            fan(around: p, centre: centre, from: Point(r, 0), step: 2 * Double.pi / Double(n), count: n,
                arc: 0, into: &m)
        case .square:
            // Three columns across x: along 0 → radius → 0; edge ±radius across y.
            let n = Point(0, 1)
            let left = row(at: Point(p.x - r, p.y), normal: n, along: 0, s: 0, into: &m)
            let mid = row(at: p, normal: n, along: r, s: 0, into: &m)
            let right = row(at: Point(p.x + r, p.y), normal: n, along: 0, s: 0, into: &m)
            quad(left, mid, into: &m)
            quad(mid, right, into: &m)
        }
    }
}
