/// Emits a variable-width stroke (see `VariableStrokeTessellator`): knot by knot (`step`, the live
/// stroker's way), or a subpath at a time (`subpath`, the same mesh with the geometry worked out
/// ahead of the writing).
///
/// A subpath is cut into runs at segments where one disc lies inside the other (they add nothing).
/// A run is a ribbon like the constant stroker's: each segment a quad between its end rows (its
/// tangent points `centre + r·n±`, with the segment's own affine `radius` and `edge`, so its
/// coverage is exact up to the two tangent lines), a start cap, and at each interior knot either
/// one mitred row shared by both segments (where both sides turn by less than the tolerance allows,
/// as the constant stroker's round-join rule, and the two segments' attributes there agree) or a
/// row across each segment around a shared centre with a fan over the arcs of the knot's disc that
/// neither segment's hull covers; then an end cap. Arcs are circumscribed polygons cut by the
/// `RoundRim` rule. Inner sides overlap: the renderer draws a stroke mesh as a union.
///
/// Why that covers the shape: around a knot's centre, the quad of the segment arriving (split at
/// the centre) covers its disc in the directions outside the segment's front arc, the quad of the
/// segment leaving covers it in the directions outside that one's back arc, and the fans cover the
/// directions left, to the rim.
struct VariableStrokeEmitter {
    let style: VariableStrokeStyle

    /// What one subpath's emission carries from knot to knot.
    struct State {
        /// The first row of the segment leaving the previous knot (valid while `inRun`).
        var row = Row(plus: 0, minus: 0)
        var inRun = false
        /// The previous knot's disc holds this one's (a lone knot here is drawn by it).
        var insidePrevious = false
    }

    @inline(__always)
    func vertex(_ q: Point, radius: Double, edge: Double, knot: VariableKnot, into m: inout MeshWriter) -> UInt32 {
        m.addVertex(q, edge: edge, radius: Float(radius), along: StrokeStyle.farAlong, arc: knot.s * style.arcScale,
                    color: knot.color)
    }

    /// The rim vertex of segment `seg` at `knot` on normal `n` (its `plus` or `minus`).
    @inline(__always)
    func rim(_ seg: VariableSegment, _ knot: VariableKnot, _ n: Point, into m: inout MeshWriter) -> UInt32 {
        let q = knot.p + n * knot.r
        return vertex(q, radius: seg.radius(at: q), edge: seg.edge(at: q), knot: knot, into: &m)
    }

    /// The centre vertex at `knot`: radius r, edge 0 (every segment's attributes agree there).
    @inline(__always)
    func centre(_ knot: VariableKnot, into m: inout MeshWriter) -> UInt32 {
        vertex(knot.p, radius: knot.r, edge: 0, knot: knot, into: &m)
    }

    /// The row of `seg` at `knot`, around `centre` (or none).
    @inline(__always)
    func row(_ seg: VariableSegment, _ knot: VariableKnot, centre: UInt32 = Row.noCentre, into m: inout MeshWriter) -> Row {
        Row(plus: rim(seg, knot, seg.plus, into: &m), centre: centre, minus: rim(seg, knot, seg.minus, into: &m))
    }

    /// The triangles between consecutive rows (as `StrokeEmitter.quad`).
    @inline(__always)
    func quad(_ a: Row, _ b: Row, into m: inout MeshWriter) {
        m.addQuad(a, b)
    }

    /// Emits knot `j` of `knots[range]` (the piece that depends on knots j − 1 … j + 1 and on whether
    /// j is the last), updating `state`. Running it for every knot in order strokes the subpath.
    func step(_ knots: [VariableKnot], _ j: Int, upTo end: Int, state: inout State, into m: inout MeshWriter) {
        let k = knots[j]
        let arriving = state.inRun && j > 0 ? VariableSegment(knots[j - 1], k) : nil
        let leaving = j + 1 < end ? VariableSegment(k, knots[j + 1]) : nil
        step(k, arriving: arriving, leaving: leaving, mitre: mitre(between: arriving, at: k, and: leaving),
             state: &state, into: &m)
    }

    /// Emits knot `k` between the segment `arriving` (from the previous knot; only read while
    /// `state.inRun`) and the segment `leaving` (to the next; nil for the last), with `mitre`, the
    /// mitred row between them if any (`mitre(between:at:and:)`), updating `state`. The caller
    /// makes each segment once, for the knots at both its ends.
    func step(_ k: VariableKnot, arriving: VariableSegment?, leaving next: VariableSegment?, mitre: VariableMitre?,
              state: inout State, into m: inout MeshWriter) {
        guard state.inRun, let seg0 = arriving else {
            guard let seg = next else {
                if !state.insidePrevious { dot(at: k, into: &m) }
                return
            }
            if seg.degenerate {
                // The next disc holds this one (k < 0: drawn there), or this one holds the next.
                if seg.k > 0 && !state.insidePrevious { dot(at: k, into: &m) }
                state.insidePrevious = seg.k > 0
                return
            }
            state.row = start(at: k, seg, into: &m)
            state.inRun = true
            return
        }
        if let seg1 = next, !seg1.degenerate {
            state.row = joint(after: state.row, seg0, at: k, seg1, mitre: mitre, into: &m)
            return
        }
        finish(after: state.row, seg0, at: k, into: &m)
        state.inRun = false
        state.insidePrevious = next.map { $0.k > 0 } ?? false
    }

    /// Knots whose geometry `subpath` works out at a time.
    static let chunk = 32

    /// Strokes `knots[range]` (free of duplicates) as `step(_:_:upTo:state:into:)` for each knot
    /// would, but a chunk of knots at a time: first their geometry (the segments, each made once,
    /// and the mitred rows: the divisions and square roots), in loops whose rounds do not wait on
    /// each other, then their vertices and triangles.
    func subpath(_ knots: [VariableKnot], _ range: Range<Int>, into m: inout MeshWriter) {
        guard !range.isEmpty else { return }
        knots.withUnsafeBufferPointer { all in
            withUnsafeTemporaryAllocation(of: VariableSegment.self, capacity: Self.chunk + 1) { segs in
                withUnsafeTemporaryAllocation(of: VariableMitre?.self, capacity: Self.chunk) { mitres in
                    var state = State()
                    var lo = range.lowerBound
                    while lo < range.upperBound {
                        let chunk = lo..<min(lo + Self.chunk, range.upperBound)
                        prepare(all, chunk, of: range, segments: segs, mitres: mitres)
                        emit(all, chunk, of: range, segments: segs, mitres: mitres, state: &state, into: &m)
                        if chunk.upperBound < range.upperBound { segs[0] = segs[chunk.count] }
                        lo = chunk.upperBound
                    }
                }
            }
        }
    }

    /// The geometry of `chunk` of the subpath `range`: `segments[i + 1]` the segment leaving its
    /// `i`th knot (`segments[0]`, the one arriving at its first, is there already), `mitres[i]`
    /// the mitred row at that knot, if any. (Kept out of `subpath`, whose temporary buffers have
    /// a stack and a heap path each, so that everything here is inlined once.)
    @inline(never)
    func prepare(_ all: UnsafeBufferPointer<VariableKnot>, _ chunk: Range<Int>, of range: Range<Int>,
                 segments: UnsafeMutableBufferPointer<VariableSegment>, mitres: UnsafeMutableBufferPointer<VariableMitre?>) {
        let lo = chunk.lowerBound
        for j in chunk where j + 1 < range.upperBound {
            segments.initializeElement(at: j - lo + 1, to: VariableSegment(all[j], all[j + 1]))
        }
        for j in chunk {
            let i = j - lo
            let interior = j > range.lowerBound && j + 1 < range.upperBound
            mitres.initializeElement(at: i, to: interior ? mitre(segments[i], at: all[j], segments[i + 1]) : nil)
        }
    }

    /// Writes the knots of `chunk` of the subpath `range`, from the geometry `prepare` made.
    @inline(never)
    func emit(_ all: UnsafeBufferPointer<VariableKnot>, _ chunk: Range<Int>, of range: Range<Int>,
              segments: UnsafeMutableBufferPointer<VariableSegment>, mitres: UnsafeMutableBufferPointer<VariableMitre?>,
              state: inout State, into m: inout MeshWriter) {
        let lo = chunk.lowerBound
        var known: RowPositions? = nil  // the positions of `state.row`'s rims, where the last knot left them
        for j in chunk {
            let i = j - lo
            if state.inRun, let mitre = mitres[i] {
                // The common case, as `step` has it: a mitred row between two segments.
                let next = mitredJoint(after: state.row, from: known, mitre, at: all[j], into: &m)
                state.row = next.row
                known = next.positions
            } else {
                step(all[j], arriving: j > range.lowerBound ? segments[i] : nil,
                     leaving: j + 1 < range.upperBound ? segments[i + 1] : nil, mitre: mitres[i], state: &state, into: &m)
                known = nil
            }
            if state.inRun { m.checkpoint(&state.row) } else { m.checkpoint() }
        }
    }

    /// The first row of a run at `a` (with a centre) and its start cap: the disc's back arc.
    func start(at a: VariableKnot, _ seg: VariableSegment, into m: inout MeshWriter) -> Row {
        let c = centre(a, into: &m)
        let first = row(seg, a, centre: c, into: &m)
        let phi = seg.frontHalfAngle
        arc(around: a, centre: c, from: first.plus, direction: seg.plus, sense: 1,
            span: 2 * Double.pi - 2 * phi, to: first.minus, into: &m)
        return first
    }

    /// The last segment of a run, from its first row `start`, its end row and the end cap: the front arc.
    func finish(after start: Row, _ seg: VariableSegment, at b: VariableKnot, into m: inout MeshWriter) {
        let c = centre(b, into: &m)
        let last = row(seg, b, centre: c, into: &m)
        quad(start, last, into: &m)
        arc(around: b, centre: c, from: last.minus, direction: seg.minus, sense: 1,
            span: 2 * seg.frontHalfAngle, to: last.plus, into: &m)
    }
}
