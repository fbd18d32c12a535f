extension StrokeEmitter {
    /// The knot after `a` at device point `p` (a non-duplicate of `a.p`), and the unit direction to it.
    @inline(__always)
    static func advance(from a: Knot, to p: Point) -> (knot: Knot, dir: Point) {
        let v = p - a.p
        let length = v.length
        return (Knot(p: p, s: a.s + length), v / length)
    }

    /// The start of an open subpath at `a`, leaving in direction `d`: its first row and start cap.
    /// Returns the first row of segment 0.
    @inline(__always)
    func start(at a: Knot, dir d: Point, ramp: EndRamp, into m: inout MeshWriter) -> Row {
        let first = endRow(at: a.p, normal: d.perpendicular, along: ramp.along(at: a.s), s: a.s, into: &m)
        cap(at: a, row: first, dir: d, arcSign: -1, into: &m)
        return first
    }

    /// The end of an open subpath: the last segment `a → b` (direction `d`) from its first row
    /// `start` (with its ramp cuts), its end row and the end cap.
    @inline(__always)
    func end(after start: Row, _ a: Knot, _ b: Knot, dir d: Point, ramp: EndRamp, into m: inout MeshWriter) {
        let last = cuts(after: start, a, to: b, dir: d, ramp: ramp, into: &m)
        let row = endRow(at: b.p, normal: d.perpendicular, along: ramp.along(at: b.s), s: b.s, into: &m)
        quad(last, row, into: &m)
        cap(at: b, row: row, dir: d, arcSign: 1, into: &m)
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

    /// Start cap, the segments with their joints, end cap: `start`, `joint` at each interior point,
    /// `end` (the order `IncrementalStroker` emits them in, one point at a time).
    private func openSubpath(_ points: [Point], _ range: Range<Int>, into m: inout MeshWriter) {
        var ramp = EndRamp.inactive
        if style.cap == .butt { ramp = EndRamp(length: Self.arcLength(points, range), isActive: true) }
        var a = Knot(p: points[range.lowerBound], s: 0)
        var (b, d0) = Self.advance(from: a, to: points[range.lowerBound + 1])
        var row = start(at: a, dir: d0, ramp: ramp, into: &m)
        for i in (range.lowerBound + 2)..<range.upperBound {
            let (c, d1) = Self.advance(from: b, to: points[i])
            row = joint(after: row, a, b, c, d0: d0, d1: d1, ramp: ramp, into: &m)
            m.checkpoint(&row)
            a = b; b = c; d0 = d1
        }
        end(after: row, a, b, dir: d0, ramp: ramp, into: &m)
    }

    /// Segments all round, back to the first point, with a joint there too (no caps). The closing
    /// segment ends on its own row at the first point, with the arc at the end of the loop. The knots
    /// are made as the loop reaches them (a first pass finds the last one, whose arc position the
    /// closing joint needs), so nothing is held per point.
    private func closedSubpath(_ points: [Point], _ range: Range<Int>, into m: inout MeshWriter) {
        let lower = range.lowerBound, n = range.count
        let first = Knot(p: points[lower], s: 0)
        var last = first
        for i in range.dropFirst() { last = Self.advance(from: last, to: points[i]).knot }
        // Knots 0…n, knot n being the first point again at the loop's length; segment k runs from
        // knot k to knot k + 1, the last one (n − 1) closing the loop.
        let (closingEnd, closingDir) = Self.advance(from: last, to: points[lower])
        var (b, d0) = Self.advance(from: first, to: points[lower + 1])
        let firstDir = d0
        let far = StrokeStyle.farAlong
        let closing = jointShape(at: first, d0: closingDir, d1: firstDir, len0: closingEnd.s - last.s,
                                 len1: b.s, ramp: .inactive)
        var row: Row
        if closing.merged {
            row = mitredRow(at: first, d0: closingDir, d1: firstDir, cosine: closing.cosine, along: far, into: &m)
        } else {
            row = fullRow(at: first.p, normal: firstDir.perpendicular, along: far, s: 0, into: &m)
        }
        var a = first
        for i in 1..<n {
            let (c, d1) = i + 1 < n ? Self.advance(from: b, to: points[lower + i + 1]) : (closingEnd, closingDir)
            row = joint(after: row, a, b, c, d0: d0, d1: d1, ramp: .inactive, into: &m)
            m.checkpoint(&row)
            a = b; b = c; d0 = d1
        }
        if closing.merged {
            let end = mitredRow(at: closingEnd, d0: closingDir, d1: firstDir, cosine: closing.cosine, along: far, into: &m)
            quad(row, end, into: &m)
            return
        }
        let end = fullRow(at: closingEnd.p, normal: closingDir.perpendicular, along: far, s: closingEnd.s, into: &m)
        quad(row, end, into: &m)
        let rim = self.row(at: closingEnd.p, normal: firstDir.perpendicular, centre: end.centre, along: far,
                           s: closingEnd.s, into: &m)
        join(at: closingEnd, from: SegmentEnd(dir: closingDir, row: end), to: SegmentEnd(dir: firstDir, row: rim),
             along: far, into: &m)
    }

    /// Length of the polyline `points[range]`, summed exactly as `advance` sums it.
    static func arcLength(_ points: [Point], _ range: Range<Int>) -> Double {
        var a = Knot(p: points[range.lowerBound], s: 0)
        for i in range.dropFirst() { a = advance(from: a, to: points[i]).knot }
        return a.s
    }
}
