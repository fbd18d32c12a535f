/// A polyline vertex being stroked: its device position and arc position (device px from the start).
struct Knot {
    var p: Point
    var s: Double
}

/// The three vertices across the stroke at one point: `plus` at `p + radius·n` (edge +radius),
/// `centre` at `p` (edge 0) and `minus` at `p − radius·n` (edge −radius), `n` the direction's
/// `perpendicular`. Quads between rows are split at the centre line, so joins and caps that fan
/// around the centre share whole edges with them: no T-junctions, no cracks.
struct Row {
    var plus: UInt32
    var centre: UInt32
    var minus: UInt32

    /// The rim vertex on side `sign` (+1: plus, −1: minus).
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
/// Each segment is an independent quad from `a ± radius·n` to `b ± radius·n` (4 triangles, split
/// along the centre line); joins fill the outer side of each interior vertex with a fan around it.
/// Inner sides overlap, which an opaque stroke cannot show and the renderer's uniform-alpha mode
/// hides. Every triangle goes through `Mesh.addStrokeTriangle`, which drops degenerate ones and
/// orients the rest positively.
struct StrokeEmitter {
    let style: StrokeStyle

    @inline(__always)
    func vertex(_ p: Point, edge: Double, along: Double, s: Double, into m: inout MeshWriter) -> UInt32 {
        m.addVertex(p, edge: edge, radius: style.radiusF, along: along, arc: s * style.arcScale, color: style.color)
    }

    /// Appends the rim vertices of a row at `p` across normal `n`, around an existing centre vertex.
    @inline(__always)
    func row(at p: Point, normal n: Point, centre: UInt32, along: Double, s: Double, into m: inout MeshWriter) -> Row {
        let r = style.radius
        let plus = vertex(p + n * r, edge: r, along: along, s: s, into: &m)
        let minus = vertex(p - n * r, edge: -r, along: along, s: s, into: &m)
        return Row(plus: plus, centre: centre, minus: minus)
    }

    /// Appends a whole row (centre included) at `p` across normal `n`.
    @inline(__always)
    func row(at p: Point, normal n: Point, along: Double, s: Double, into m: inout MeshWriter) -> Row {
        let centre = vertex(p, edge: 0, along: along, s: s, into: &m)
        return row(at: p, normal: n, centre: centre, along: along, s: s, into: &m)
    }

    /// Four triangles between consecutive rows.
    @inline(__always)
    func quad(_ a: Row, _ b: Row, into m: inout MeshWriter) {
        m.addStrokeTriangle(a.plus, a.centre, b.plus)
        m.addStrokeTriangle(b.plus, a.centre, b.centre)
        m.addStrokeTriangle(a.centre, a.minus, b.centre)
        m.addStrokeTriangle(b.centre, a.minus, b.minus)
    }

    /// The first row of a subpath's first segment (direction `d`).
    func firstRow(at a: Knot, dir d: Point, ramp: EndRamp, into m: inout MeshWriter) -> Row {
        row(at: a.p, normal: d.perpendicular, along: ramp.along(at: a.s), s: a.s, into: &m)
    }

    /// The first row of a segment leaving `a` in direction `d`, sharing the previous segment's centre
    /// vertex, followed by the join between them.
    func joinedRow(at a: Knot, dir d: Point, previous: SegmentEnd, ramp: EndRamp, into m: inout MeshWriter) -> Row {
        let along = ramp.along(at: a.s)
        let start = row(at: a.p, normal: d.perpendicular, centre: previous.row.centre, along: along, s: a.s, into: &m)
        join(at: a, from: previous, to: SegmentEnd(dir: d, row: start), along: along, into: &m)
        return start
    }

    /// The body of segment `a → b` (unit direction `d`) from its first row `start`, cut where the
    /// butt-end ramp needs it. Returns the segment's end.
    @inline(__always)
    func body(from start: Row, _ a: Knot, to b: Knot, dir d: Point, ramp: EndRamp, into m: inout MeshWriter) -> SegmentEnd {
        let n = d.perpendicular
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
                     into m: inout MeshWriter) -> Row {
        let p = a.p + d * (s - a.s)
        let r = row(at: p, normal: d.perpendicular, along: ramp.boundaryAlong(s), s: s, into: &m)
        quad(last, r, into: &m)
        return r
    }
}
