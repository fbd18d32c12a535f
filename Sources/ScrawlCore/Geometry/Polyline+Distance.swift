/// Distances to polylines and segments, and the nonzero winding rule: what hit tests measure.
extension Polyline {
    /// Distance from `p` to the polyline (closing segment included when it is closed, or when
    /// `closedForFill`: a fill closes open subpaths).
    public func distance(to p: Point, closedForFill: Bool = false) -> Double {
        guard let first = points.first else { return .infinity }
        var best = (p - first).length
        let n = points.count
        let segments = (closed || closedForFill) && n > 2 ? n : n - 1
        for i in 0..<max(segments, 0) {
            best = min(best, p.distance(toSegment: points[i], points[(i + 1) % n]))
        }
        return best
    }

    /// Distance from the swept centre path to this polyline.
    func sweepDistance(_ sweep: [Point]) -> Double {
        guard sweep.count > 1 else { return sweep.first.map { distance(to: $0) } ?? .infinity }
        var best = Double.infinity
        for i in 1..<sweep.count { best = min(best, distance(toSegment: sweep[i - 1], sweep[i])) }
        return best
    }

    /// The nonzero winding number of `lines` (each implicitly closed) around `p`.
    public static func windingNumber(_ lines: [Polyline], at p: Point) -> Int {
        var winding = 0
        for line in lines where line.points.count > 2 {
            let pts = line.points
            for i in 0..<pts.count {
                let a = pts[i], b = pts[(i + 1) % pts.count]
                if a.y <= p.y {
                    if b.y > p.y && cross(a, b, p) > 0 { winding += 1 }
                } else if b.y <= p.y && cross(a, b, p) < 0 {
                    winding -= 1
                }
            }
        }
        return winding
    }

    private static func cross(_ a: Point, _ b: Point, _ p: Point) -> Double {
        (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y)
    }
}

extension Point {
    /// Distance to the segment from `a` to `b`.
    public func distance(toSegment a: Point, _ b: Point) -> Double {
        let d = b - a, len2 = d.x * d.x + d.y * d.y
        guard len2 > 0 else { return (self - a).length }
        let t = min(max(((x - a.x) * d.x + (y - a.y) * d.y) / len2, 0), 1)
        return (self - (a + d * t)).length
    }
}
