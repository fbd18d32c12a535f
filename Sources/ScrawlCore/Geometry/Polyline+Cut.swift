import Foundation

/// Segment distances and cutting polylines by a swept disc (the eraser's path grown by its radius).
extension Point {
    /// Distance between the segment `a`–`b` and the segment `c`–`d` (0 when they cross).
    public static func segmentDistance(_ a: Point, _ b: Point, _ c: Point, _ d: Point) -> Double {
        if segmentsCross(a, b, c, d) { return 0 }
        return min(a.distance(toSegment: c, d), b.distance(toSegment: c, d),
                   c.distance(toSegment: a, b), d.distance(toSegment: a, b))
    }

    /// Whether the segments `a`–`b` and `c`–`d` properly cross or touch.
    static func segmentsCross(_ a: Point, _ b: Point, _ c: Point, _ d: Point) -> Bool {
        let d1 = (b - a).cross(c - a), d2 = (b - a).cross(d - a)
        let d3 = (d - c).cross(a - c), d4 = (d - c).cross(b - c)
        return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))
    }
}

extension Polyline {
    /// Distance from the segment `a`–`b` to the polyline (closing segment included when closed or
    /// `closedForFill`).
    public func distance(toSegment a: Point, _ b: Point, closedForFill: Bool = false) -> Double {
        guard let first = points.first else { return .infinity }
        let n = points.count
        guard n > 1 else { return first.distance(toSegment: a, b) }
        let segments = (closed || closedForFill) && n > 2 ? n : n - 1
        var best = Double.infinity
        for i in 0..<segments {
            best = min(best, Point.segmentDistance(a, b, points[i], points[(i + 1) % n]))
            if best == 0 { return 0 }
        }
        return best
    }

    /// The parts of this polyline (taken as open) outside the disc of `radius` swept along `sweep` (the disc's
    /// centre path), each an open polyline; cut points lie exactly on the swept disc's boundary.
    public func cut(bySweeping sweep: [Point], radius: Double) -> [Polyline] {
        cut(bySweeping: sweep, radius: radius, widths: nil).map(\.0)
    }

    /// `cut(bySweeping:radius:)`, each piece with the widths at its points when `widths` gives one
    /// per point of this polyline: a kept vertex keeps its width, a cut point gets the width
    /// interpolated linearly along its segment (empty arrays when `widths` is nil).
    public func cut(bySweeping sweep: [Point], radius: Double, widths: [Double]?) -> [(Polyline, [Double])] {
        let w: (Int) -> Double = { i in widths?[i] ?? 0 }
        guard !sweep.isEmpty else { return [(self, widths ?? [])] }
        if points.count == 1 {
            return Polyline.sweepDistance(points[0], sweep) < radius ? [] : [(self, widths ?? [])]
        }
        var pieces: [(Polyline, [Double])] = []
        var current: [Point] = [], currentWidths: [Double] = []
        func flush() {
            // Slivers (rounding between overlapping capsules) are dropped.
            let piece = Polyline(points: current, closed: false)
            if current.count > 1, piece.length > Polyline.sliver { pieces.append((piece, widths == nil ? [] : currentWidths)) }
            current = []; currentWidths = []
        }
        let n = points.count, segments = closed ? n : n - 1
        for i in 0..<segments {
            let j = (i + 1) % n, a = points[i], b = points[j]
            let wa = w(i), wb = w(j)
            let kept = Polyline.keptIntervals(a, b, sweep: sweep, radius: radius)
            for (s, e) in kept {
                if s > 0 || current.isEmpty { flush(); current = [a.lerp(b, s)]; currentWidths = [wa + (wb - wa) * s] }
                let end = e >= 1 ? b : a.lerp(b, e), endWidth = e >= 1 ? wb : wa + (wb - wa) * e
                if end != current[current.count - 1] {
                    current.append(end); currentWidths.append(endWidth)
                } else {
                    currentWidths[currentWidths.count - 1] = max(currentWidths[currentWidths.count - 1], endWidth)
                }
                if e < 1 { flush() }
            }
            if kept.isEmpty { flush() }
        }
        flush()
        return pieces
    }

    /// Pieces no longer than this (canvas points) are dropped.
    static let sliver = 1e-9

    /// Distance from `p` to the sweep's centre path.
    static func sweepDistance(_ p: Point, _ sweep: [Point]) -> Double {
        guard sweep.count > 1 else { return sweep.first.map { p.distance(to: $0) } ?? .infinity }
        var best = Double.infinity
        for i in 1..<sweep.count { best = min(best, p.distance(toSegment: sweep[i - 1], sweep[i])) }
        return best
    }

    /// Parameter intervals of `a`–`b` (within 0…1, sorted, disjoint) outside the swept disc.
    static func keptIntervals(_ a: Point, _ b: Point, sweep: [Point], radius: Double) -> [(Double, Double)] {
        var erased: [(Double, Double)] = []
        let capsules = sweep.count == 1 ? [(sweep[0], sweep[0])] : (1..<sweep.count).map { (sweep[$0 - 1], sweep[$0]) }
        for (c, d) in capsules {
            if let t = capsuleInterval(a, b, c, d, radius: radius) { erased.append(t) }
        }
        erased.sort { $0.0 < $1.0 }
        var kept: [(Double, Double)] = []
        var from = 0.0
        for (s, e) in erased {
            if s > from { kept.append((from, s)) }
            from = max(from, e)
        }
        if from < 1 { kept.append((from, 1)) }
        return kept
    }

    /// Where the segment `a`–`b` runs inside the capsule of `radius` around `c`–`d`, as a
    /// parameter interval within 0…1, or nil when it stays outside.
    static func capsuleInterval(_ a: Point, _ b: Point, _ c: Point, _ d: Point, radius r: Double) -> (Double, Double)? {
        guard max(min(a.x, b.x), min(c.x, d.x)) - r <= min(max(a.x, b.x), max(c.x, d.x)),
              max(min(a.y, b.y), min(c.y, d.y)) - r <= min(max(a.y, b.y), max(c.y, d.y)) else { return nil }
        var lo = Double.infinity, hi = -Double.infinity
        for centre in [c, d] {
            if let (s, e) = circleInterval(a, b, centre, radius: r) { lo = min(lo, s); hi = max(hi, e) }
        }
        if let (s, e) = bandInterval(a, b, c, d, radius: r) { lo = min(lo, s); hi = max(hi, e) }
        let s = max(lo, 0), e = min(hi, 1)
        return s < e ? (s, e) : nil
    }

    /// The parameters where the line `a + t (b - a)` is inside the circle (unclamped), or nil.
    static func circleInterval(_ a: Point, _ b: Point, _ centre: Point, radius r: Double) -> (Double, Double)? {
        let d = b - a, f = a - centre
        let qa = d.dot(d), qb = 2 * f.dot(d), qc = f.dot(f) - r * r
        guard qa > 0 else { return qc <= 0 ? (0, 1) : nil }
        let disc = qb * qb - 4 * qa * qc
        guard disc >= 0 else { return nil }
        let root = disc.squareRoot()
        return ((-qb - root) / (2 * qa), (-qb + root) / (2 * qa))
    }

    /// The parameters where the line `a + t (b - a)` is inside the rectangle around `c`–`d` that is
    /// `2 radius` wide (unclamped to the segment, Liang–Barsky), or nil.
    static func bandInterval(_ a: Point, _ b: Point, _ c: Point, _ d: Point, radius r: Double) -> (Double, Double)? {
        guard let u = (d - c).normalized else { return nil }
        let v = u.perpendicular, len = (d - c).length
        let u0 = (a - c).dot(u), du = (b - a).dot(u)
        let v0 = (a - c).dot(v), dv = (b - a).dot(v)
        var lo = -Double.infinity, hi = Double.infinity
        for (p0, dp, minV, maxV) in [(u0, du, 0.0, len), (v0, dv, -r, r)] {
            if dp == 0 {
                if p0 < minV || p0 > maxV { return nil }
                continue
            }
            let t1 = (minV - p0) / dp, t2 = (maxV - p0) / dp
            lo = max(lo, min(t1, t2)); hi = min(hi, max(t1, t2))
        }
        return lo <= hi ? (lo, hi) : nil
    }
}
