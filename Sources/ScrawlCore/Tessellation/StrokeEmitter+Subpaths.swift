extension StrokeEmitter {
    /// The knot after `a` at device point `p` (a non-duplicate of `a.p`), and the unit direction to it.
    @inline(__always)
    static func advance(from a: Knot, to p: Point) -> (knot: Knot, dir: Point) {
        let v = p - a.p
        let length = v.length
        return (Knot(p: p, s: a.s + length), v / length)
    }

    /// Emits segment `a → b` (unit direction `d`): joined to `previous` when given, else a first
    /// segment, with a start cap when `startCap`. Returns the segment's end.
    @inline(__always)
    func segment(from a: Knot, to b: Knot, dir d: Point, previous: SegmentEnd?, startCap: Bool,
                 ramp: EndRamp, into m: inout MeshWriter) -> SegmentEnd {
        let start: Row
        if let previous {
            start = joinedRow(at: a, dir: d, previous: previous, ramp: ramp, into: &m)
        } else {
            start = firstRow(at: a, dir: d, ramp: ramp, into: &m)
            if startCap { cap(at: a, row: start, dir: d, arcSign: -1, into: &m) }
        }
        return body(from: start, a, to: b, dir: d, ramp: ramp, into: &m)
    }

    /// Strokes `points[range]` (device px, already free of duplicates): a dot, an open or a closed subpath.
    func subpath(_ points: [Point], _ range: Range<Int>, closed: Bool, into m: inout MeshWriter) {
        switch range.count {
        case 0: return
        case 1: dot(at: points[range.lowerBound], into: &m)
        default:
            if closed { closedSubpath(points, range, into: &m) } else { openSubpath(points, range, into: &m) }
        }
    }

    /// Start cap, segments with joins between them, end cap.
    private func openSubpath(_ points: [Point], _ range: Range<Int>, into m: inout MeshWriter) {
        var ramp = EndRamp.inactive
        if style.cap == .butt { ramp = EndRamp(length: Self.arcLength(points, range), isActive: true) }
        var a = Knot(p: points[range.lowerBound], s: 0)
        var previous: SegmentEnd?
        for i in range.dropFirst() {
            let (b, d) = Self.advance(from: a, to: points[i])
            previous = segment(from: a, to: b, dir: d, previous: previous, startCap: true, ramp: ramp, into: &m)
            a = b
        }
        if let previous { cap(at: a, row: previous.row, dir: previous.dir, arcSign: 1, into: &m) }
    }

    /// Segments all round, back to the first point, with a join there too (no caps).
    private func closedSubpath(_ points: [Point], _ range: Range<Int>, into m: inout MeshWriter) {
        let first = points[range.lowerBound]
        var a = Knot(p: first, s: 0)
        var previous: SegmentEnd?
        var firstDir = Point.zero
        for i in range.dropFirst() {
            let (b, d) = Self.advance(from: a, to: points[i])
            if previous == nil { firstDir = d }
            previous = segment(from: a, to: b, dir: d, previous: previous, startCap: false, ramp: .inactive, into: &m)
            a = b
        }
        guard let last = previous else { return }
        let (b, d) = Self.advance(from: a, to: first)
        let closing = segment(from: a, to: b, dir: d, previous: last, startCap: false, ramp: .inactive, into: &m)
        // The closing join gets its own rim for the first row, with the arc at the end of the loop.
        let rim = row(at: first, normal: firstDir.perpendicular, centre: closing.row.centre,
                      along: StrokeStyle.farAlong, s: b.s, into: &m)
        join(at: b, from: closing, to: SegmentEnd(dir: firstDir, row: rim), along: StrokeStyle.farAlong, into: &m)
    }

    /// Length of the polyline `points[range]`, summed exactly as `advance` sums it.
    static func arcLength(_ points: [Point], _ range: Range<Int>) -> Double {
        var a = Knot(p: points[range.lowerBound], s: 0)
        for i in range.dropFirst() { a = advance(from: a, to: points[i]).knot }
        return a.s
    }
}
