/// A polyline vertex being stroked: its device position and arc position (device px from the start).
struct Knot {
    var p: Point
    var s: Double
}

/// The vertices across the stroke at one point: `plus` at `p + radius·n` (edge +radius), `minus` at
/// `p − radius·n` (edge −radius), `n` the direction's `perpendicular`, and — where a join or cap fans
/// around the point — `centre` at `p` (edge 0). Rows without a centre (`Row.noCentre`) are enough
/// between quads: `edge` is affine across a segment, so two triangles interpolate it exactly. Fans
/// need the centre, and quads meeting a row with one are split at it, so fans share whole edges
/// with the quads: no T-junctions, no cracks.
struct Row {
    var plus: UInt32
    var centre: UInt32
    var minus: UInt32

    static let noCentre = UInt32.max

    /// A row of two rim vertices.
    init(plus: UInt32, minus: UInt32) { self.plus = plus; self.centre = Row.noCentre; self.minus = minus }
    init(plus: UInt32, centre: UInt32, minus: UInt32) { self.plus = plus; self.centre = centre; self.minus = minus }

    @inline(__always)
    var hasCentre: Bool { centre != Row.noCentre }

    /// The rim vertex on side `sign` (+1: plus, −1: minus).
    @inline(__always)
    func side(_ sign: Double) -> UInt32 { sign > 0 ? plus : minus }
}

/// The end of the previous segment, which the next one joins.
struct SegmentEnd {
    var dir: Point
    var row: Row
}

/// Emits the pieces of a stroke (segment quads, joints, caps, dots) into a mesh.
///
/// Each segment is a quad between a row at each end (2 triangles between rim-only rows, 3 or 4 when
/// a row has a centre). An interior point whose turn the tolerance allows (see `jointShape`) gets
/// one mitred rim row shared by both segments and nothing else; any other gets a row across each
/// segment around a shared centre and a fan on the outer side (inner sides overlap, which an opaque
/// stroke cannot show and the renderer's uniform-alpha mode hides). Every triangle goes through
/// `MeshWriter.addStrokeTriangle`, which drops degenerate ones and orients the rest positively.
struct StrokeEmitter {
    let style: StrokeStyle

    @inline(__always)
    func vertex(_ p: Point, edge: Double, along: Double, s: Double, into m: inout MeshWriter) -> UInt32 {
        m.addVertex(p, edge: edge, radius: style.radiusF, along: along, arc: s * style.arcScale, color: style.color)
    }

    /// Appends the rim vertices of a row at `p` across normal `n`, around `centre` (or none).
    @inline(__always)
    func row(at p: Point, normal n: Point, centre: UInt32 = Row.noCentre, along: Double, s: Double,
             into m: inout MeshWriter) -> Row {
        let r = style.radius
        let plus = vertex(p + n * r, edge: r, along: along, s: s, into: &m)
        let minus = vertex(p - n * r, edge: -r, along: along, s: s, into: &m)
        return Row(plus: plus, centre: centre, minus: minus)
    }

    /// Appends a whole row (centre included) at `p` across normal `n`.
    @inline(__always)
    func fullRow(at p: Point, normal n: Point, along: Double, s: Double, into m: inout MeshWriter) -> Row {
        let centre = vertex(p, edge: 0, along: along, s: s, into: &m)
        return row(at: p, normal: n, centre: centre, along: along, s: s, into: &m)
    }

    /// The row at the end of a subpath: with a centre for a round cap's fan, rims only otherwise.
    @inline(__always)
    func endRow(at p: Point, normal n: Point, along: Double, s: Double, into m: inout MeshWriter) -> Row {
        style.cap == .round ? fullRow(at: p, normal: n, along: along, s: s, into: &m)
            : row(at: p, normal: n, along: along, s: s, into: &m)
    }

    /// The triangles between consecutive rows (`MeshWriter.addQuad`).
    @inline(__always)
    func quad(_ a: Row, _ b: Row, into m: inout MeshWriter) {
        m.addQuad(a, b)
    }

    /// Emits the rows where segment `a → b` (unit direction `d`) must be cut so the butt-end ramp
    /// stays linear on each piece, with the quads up to them, after the segment's first row `start`.
    /// Returns the last row emitted (`start` when there is no cut).
    @inline(__always)
    func cuts(after start: Row, _ a: Knot, to b: Knot, dir d: Point, ramp: EndRamp, into m: inout MeshWriter) -> Row {
        guard ramp.isActive else { return start }
        var last = start
        let (b0, b1) = ramp.boundaries
        if a.s < b0 && b0 < b.s { last = cut(at: b0, from: a, dir: d, after: last, ramp: ramp, into: &m) }
        if b1 > b0 && a.s < b1 && b1 < b.s { last = cut(at: b1, from: a, dir: d, after: last, ramp: ramp, into: &m) }
        return last
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
