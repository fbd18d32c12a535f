extension StrokeEmitter {
    /// The knot after `a` at device point `p` (a non-duplicate of `a.p`), and the unit direction to it.
    @inline(__always)
    static func advance(from a: Knot, to p: Point) -> (knot: Knot, dir: Point) {
        let v = p - a.p
        let length = v.length
        return (Knot(p: p, s: a.s + length), v / length)
    }

    /// Strokes `points[range]` (device px, already free of duplicates): a dot, an open or a closed subpath.
    func subpath(_ points: [Point], _ range: Range<Int>, closed: Bool, into m: inout Mesh) {
        switch range.count {
        case 0: return
        case 1: dot(at: points[range.lowerBound], into: &m)
        default:
            if closed { closedSubpath(points, range, into: &m) } else { openSubpath(points, range, into: &m) }
        }
    }

    /// Start cap, segments with joins between them, end cap.
    private func openSubpath(_ points: [Point], _ range: Range<Int>, into m: inout Mesh) {
        var ramp = EndRamp.inactive
        if style.cap == .butt { ramp = EndRamp(length: Self.arcLength(points, range), isActive: true) }
        var a = Knot(p: points[range.lowerBound], s: 0)
        var previous: SegmentEnd?
        for i in range.dropFirst() {
            let (b, d) = Self.advance(from: a, to: points[i])
            if previous == nil { cap(at: a, outward: -d, arcSign: -1, into: &m) }
            previous = segment(from: a, to: b, dir: d, previous: previous, ramp: ramp, into: &m)
            a = b
        }
        if let previous { cap(at: a, outward: previous.dir, arcSign: 1, into: &m) }
    }

    /// Segments all round, back to the first point, with a join there too (no caps).
    private func closedSubpath(_ points: [Point], _ range: Range<Int>, into m: inout Mesh) {
        let first = points[range.lowerBound]
        var a = Knot(p: first, s: 0)
        var previous: SegmentEnd?
        var firstDir = Point.zero
        for i in range.dropFirst() {
            let (b, d) = Self.advance(from: a, to: points[i])
            if previous == nil { firstDir = d }
            previous = segment(from: a, to: b, dir: d, previous: previous, ramp: .inactive, into: &m)
            a = b
        }
        guard let last = previous else { return }
        let (b, d) = Self.advance(from: a, to: first)
        let closing = segment(from: a, to: b, dir: d, previous: last, ramp: .inactive, into: &m)
        // The closing join gets its own copy of the first row, with the arc at the end of the loop.
        let row = row(at: first, normal: firstDir.perpendicular, along: StrokeStyle.farAlong, s: b.s, into: &m)
        join(at: b, from: closing, to: SegmentEnd(dir: firstDir, row: row), along: StrokeStyle.farAlong, into: &m)
    }

    /// Length of the polyline `points[range]`, summed exactly as `advance` sums it.
    static func arcLength(_ points: [Point], _ range: Range<Int>) -> Double {
        var a = Knot(p: points[range.lowerBound], s: 0)
        for i in range.dropFirst() { a = advance(from: a, to: points[i]).knot }
        return a.s
    }
}
