/// A polyline vertex being stroked: its device position and arc position (device px from the start).
struct Knot {
    var p: Point
    var s: Double
}

/// The two vertices across the stroke at one point: `plus` at `p + radius·n` (edge +radius) and
/// `minus` at `p − radius·n` (edge −radius), `n` the segment direction's `perpendicular`.
struct Row {
    var plus: UInt32
    var minus: UInt32

    /// The vertex on side `sign` (+1: plus, −1: minus).
    @inline(__always)
    func side(_ sign: Double) -> UInt32 { sign > 0 ? plus : minus }
}

/// The end of the previous segment, which the next one joins.
struct SegmentEnd {
    var dir: Point
    var row: Row
}

/// Emits the pieces of a stroke (segment quads, joins, caps, dots) into a mesh.
///
/// Each segment is an independent quad from `a ± radius·n` to `b ± radius·n`; joins fill the outer
/// side of each interior vertex with a fan around it. Inner sides overlap, which an opaque stroke
/// cannot show and the renderer's uniform-alpha mode hides. Every triangle goes through
/// `Mesh.addStrokeTriangle`, which drops degenerate ones and orients the rest positively.
struct StrokeEmitter {
    let style: StrokeStyle

    /// Appends the row at `p` across direction normal `n`.
    @inline(__always)
    func row(at p: Point, normal n: Point, along: Double, s: Double, into m: inout Mesh) -> Row {
        let r = style.radius, arc = s * style.arcScale
        let plus = m.addVertex(p + n * r, edge: r, radius: style.radiusF, along: along, arc: arc, color: style.color)
        let minus = m.addVertex(p - n * r, edge: -r, radius: style.radiusF, along: along, arc: arc, color: style.color)
        return Row(plus: plus, minus: minus)
    }

    /// Two triangles between consecutive rows.
    @inline(__always)
    func quad(_ a: Row, _ b: Row, into m: inout Mesh) {
        m.addStrokeTriangle(a.plus, a.minus, b.plus)
        m.addStrokeTriangle(b.plus, a.minus, b.minus)
    }

    /// Emits segment `a → b` with unit direction `d`, preceded by the join at `a` when `previous` is
    /// given, cut where the butt-end ramp needs it. Returns the end of the segment.
    @inline(__always)
    func segment(from a: Knot, to b: Knot, dir d: Point, previous: SegmentEnd?, ramp: EndRamp,
                 into m: inout Mesh) -> SegmentEnd {
        let n = d.perpendicular
        let start = row(at: a.p, normal: n, along: ramp.along(at: a.s), s: a.s, into: &m)
        if let previous {
            join(at: a, from: previous, to: SegmentEnd(dir: d, row: start), along: ramp.along(at: a.s), into: &m)
        }
        var last = start
        if ramp.isActive {
            let (b0, b1) = ramp.boundaries
            if a.s < b0 && b0 < b.s { last = cut(at: b0, from: a, dir: d, after: last, ramp: ramp, into: &m) }
            if b1 > b0 && a.s < b1 && b1 < b.s { last = cut(at: b1, from: a, dir: d, after: last, ramp: ramp, into: &m) }
        }
        let end = row(at: b.p, normal: n, along: ramp.along(at: b.s), s: b.s, into: &m)
        quad(last, end, into: &m)
        return SegmentEnd(dir: d, row: end)
    }

    /// Emits a row at arc position `s` inside the segment from `a` and the quad up to it.
    private func cut(at s: Double, from a: Knot, dir d: Point, after last: Row, ramp: EndRamp,
                     into m: inout Mesh) -> Row {
        let p = a.p + d * (s - a.s)
        let r = row(at: p, normal: d.perpendicular, along: ramp.boundaryAlong(s), s: s, into: &m)
        quad(last, r, into: &m)
        return r
    }
}
