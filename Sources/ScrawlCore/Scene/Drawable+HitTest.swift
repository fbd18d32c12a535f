import Foundation

/// Hit testing against what a drawable paints (not its bounding box): a stroke's body (its centre
/// line grown by half its width), a fill's interior (nonzero), a stamp's rectangle.
extension Drawable {
    /// Distance in canvas points from `p` to the painted geometry: 0 on or inside it.
    public func paintedDistance(to p: Point) -> Double {
        switch self {
        case .stamp(let s): return s.rect.distance(to: p)
        case .path(let d): return d.paintedDistance(to: p)
        }
    }

    /// Whether the painted geometry comes within `radius` canvas points of `p`.
    public func isHit(at p: Point, radius: Double) -> Bool {
        guard let b = paintedBounds, b.insetBy(-radius).containsClosed(p) else { return false }
        return paintedDistance(to: p) <= radius
    }
}

extension PathDrawable {
    /// Flattening tolerance for hit tests, in canvas points.
    static let hitTolerance = 0.05

    /// Distance from `p` to the stroke body or the fill, whichever is nearer (0 inside either).
    public func paintedDistance(to p: Point) -> Double {
        let lines = path.flattened(tolerance: PathDrawable.hitTolerance)
        var best = Double.infinity
        if let fill, fill.a > 0, Polyline.windingNumber(lines, at: p) != 0 { return 0 }
        let centre = lines.reduce(Double.infinity) { min($0, $1.distance(to: p, closedForFill: fill != nil && (fill?.a ?? 0) > 0)) }
        if let stroke, stroke.a > 0, style.width > 0 { best = min(best, max(0, centre - style.width / 2)) }
        if let fill, fill.a > 0 { best = min(best, centre) }
        return best
    }
}

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

extension Rect {
    /// Distance from `p` to the rectangle (0 inside).
    public func distance(to p: Point) -> Double {
        let dx = max(minX - p.x, 0, p.x - maxX), dy = max(minY - p.y, 0, p.y - maxY)
        return (dx * dx + dy * dy).squareRoot()
    }

    /// Whether `p` lies inside or on the edge.
    public func containsClosed(_ p: Point) -> Bool { p.x >= minX && p.x <= maxX && p.y >= minY && p.y <= maxY }
}
