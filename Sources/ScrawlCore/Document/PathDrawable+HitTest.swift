/// Hit tests against what a path paints (not its bounding box): its stroke's body (the centre line
/// grown by half the width) and its fill's inside (nonzero); and the colour the eyedropper reads.
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

    /// Distance from the segment `a`–`b` to the stroke body or the fill, whichever is nearer.
    public func paintedDistance(toSegment a: Point, _ b: Point) -> Double {
        let lines = path.flattened(tolerance: PathDrawable.hitTolerance)
        let filled = fill.map { $0.a > 0 } ?? false
        if filled, Polyline.windingNumber(lines, at: a) != 0 { return 0 }
        let centre = lines.reduce(Double.infinity) { min($0, $1.distance(toSegment: a, b, closedForFill: filled)) }
        var best = Double.infinity
        if let stroke, stroke.a > 0, style.width > 0 { best = min(best, max(0, centre - style.width / 2)) }
        if filled { best = min(best, centre) }
        return best
    }

    /// The stroke's colour on the stroke's body, else the fill's (else the invisible stroke's).
    public func colour(at p: Point, radius: Double) -> Color? {
        if let s = stroke, s.a > 0 {
            let body = PathDrawable(path: path, stroke: s, fill: nil, style: style)
            if body.paintedDistance(to: p) <= radius { return s }
        }
        if let f = fill, f.a > 0 { return f }
        return stroke
    }
}
