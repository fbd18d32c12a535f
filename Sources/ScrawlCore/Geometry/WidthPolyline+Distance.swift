/// Distances to the shape of a variable-width stroke (`WidthPolyline`): what its hit tests and the
/// eraser measure.
extension WidthPolyline {
    /// Signed distance from `p` to the shape: negative inside, 0 on its edge.
    public func signedDistance(to p: Point) -> Double {
        guard let first = points.first else { return .infinity }
        guard segmentCount > 0 else { return p.distance(to: first) - widths[0] / 2 }
        var best = Double.infinity
        for i in 0..<segmentCount {
            let (c0, r0, c1, r1) = segment(i)
            best = min(best, WidthPolyline.hullDistance(p, c0, r0, c1, r1))
        }
        return best
    }

    /// Distance from the segment `a`–`b` to the shape, 0 when it touches or crosses it.
    public func distance(toSegment a: Point, _ b: Point) -> Double {
        guard let first = points.first else { return .infinity }
        guard segmentCount > 0 else { return max(0, first.distance(toSegment: a, b) - widths[0] / 2) }
        var best = Double.infinity
        for i in 0..<segmentCount {
            let (c0, r0, c1, r1) = segment(i)
            // A lower bound first: the centre segment's distance less the larger radius.
            let centre = Point.segmentDistance(a, b, c0, c1)
            guard centre - max(r0, r1) < best else { continue }
            best = min(best, WidthPolyline.hullDistance(toSegment: a, b, c0, r0, c1, r1, centre: centre))
            if best <= 0 { return 0 }
        }
        return max(0, best)
    }

    /// Distance from the swept centre path `sweep` (a point or a polyline) to the shape.
    public func sweepDistance(_ sweep: [Point]) -> Double {
        guard sweep.count > 1 else { return sweep.first.map { max(0, signedDistance(to: $0)) } ?? .infinity }
        var best = Double.infinity
        for i in 1..<sweep.count { best = min(best, distance(toSegment: sweep[i - 1], sweep[i])) }
        return best
    }

    /// Signed distance from `p` to the convex hull of the discs (`c0`, `r0`) and (`c1`, `r1`)
    /// (Quilez's uneven capsule); when one disc holds the other, to the larger.
    public static func hullDistance(_ p: Point, _ c0: Point, _ r0: Double, _ c1: Point, _ r1: Double) -> Double {
        let axis = c1 - c0, h = axis.length
        guard h > abs(r0 - r1), let u = axis.normalized else {
            return min(p.distance(to: c0) - r0, p.distance(to: c1) - r1)
        }
        // p in the segment's frame: y along it, x across (mirrored: the shape is symmetric).
        let q = Point(abs((p - c0).cross(u)), (p - c0).dot(u))
        let b = (r0 - r1) / h, a = (1 - b * b).squareRoot()
        let k = q.dot(Point(-b, a))
        if k < 0 { return q.length - r0 }
        if k > a * h { return (q - Point(0, h)).length - r1 }
        return q.dot(Point(a, b)) - r0
    }

    /// Distance from the segment `a`–`b` to the hull of the discs (`c0`, `r0`), (`c1`, `r1`), not
    /// clamped at 0. The hull is the union of the discs at `c0 + t (c1 − c0)` of radius
    /// `r0 + t (r1 − r0)`; the distance from the segment to such a disc is convex in `t` (the
    /// distance from a convex set to a point moving on a line, less a linear radius), so a
    /// golden-section search finds the nearest. `centre` is the distance between the two segments.
    static func hullDistance(toSegment a: Point, _ b: Point, _ c0: Point, _ r0: Double, _ c1: Point, _ r1: Double,
                             centre: Double) -> Double {
        if centre == 0 { return -min(r0, r1) }
        func f(_ t: Double) -> Double { c0.lerp(c1, t).distance(toSegment: a, b) - (r0 + (r1 - r0) * t) }
        var lo = 0.0, hi = 1.0
        let g = 0.6180339887498949
        var x1 = hi - g * (hi - lo), x2 = lo + g * (hi - lo)
        var f1 = f(x1), f2 = f(x2)
        for _ in 0..<48 {
            if f1 < f2 {
                hi = x2; x2 = x1; f2 = f1
                x1 = hi - g * (hi - lo); f1 = f(x1)
            } else {
                lo = x1; x1 = x2; f1 = f2
                x2 = lo + g * (hi - lo); f2 = f(x2)
            }
        }
        return min(f(0), f(1), f1, f2)
    }
}
