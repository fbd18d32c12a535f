/// Hit tests against what a path paints (not its bounding box): its stroke's body (the centre line
/// grown by half the width, or with per-node widths the union of their discs and hulls) and its
/// fill's inside (nonzero); and the colour the eyedropper reads.
extension PathDrawable {
    /// Flattening tolerance for hit tests, in canvas points.
    static let hitTolerance = 0.05

    /// Distance from `p` to the stroke body or the fill, whichever is nearer (0 inside either).
    public func paintedDistance(to p: Point) -> Double {
        let lines = path.flattened(tolerance: PathDrawable.hitTolerance)
        var best = Double.infinity
        if let fill, fill.a > 0, Polyline.windingNumber(lines, at: p) != 0 { return 0 }
        let centre = lines.reduce(Double.infinity) { min($0, $1.distance(to: p, closedForFill: fill != nil && (fill?.a ?? 0) > 0)) }
        if let stroke, stroke.a > 0 { best = min(best, strokeDistance(to: p, centre: centre)) }
        if let fill, fill.a > 0 { best = min(best, centre) }
        return best
    }

    /// Distance from `p` to the stroke's body; `centre` is its distance to the centre line.
    private func strokeDistance(to p: Point, centre: Double) -> Double {
        guard let lines = widthLines(tolerance: PathDrawable.hitTolerance) else {
            return style.width > 0 ? max(0, centre - style.width / 2) : .infinity
        }
        return max(0, lines.reduce(Double.infinity) { min($0, $1.signedDistance(to: p)) })
    }

    /// Distance from the segment `a`–`b` to the stroke's body; `centre` is its distance to the centre line.
    private func strokeDistance(toSegment a: Point, _ b: Point, centre: Double) -> Double {
        guard let lines = widthLines(tolerance: PathDrawable.hitTolerance) else {
            return style.width > 0 ? max(0, centre - style.width / 2) : .infinity
        }
        return lines.reduce(Double.infinity) { min($0, $1.distance(toSegment: a, b)) }
    }

    /// Distance from the segment `a`–`b` to the stroke body or the fill, whichever is nearer.
    public func paintedDistance(toSegment a: Point, _ b: Point) -> Double {
        let lines = path.flattened(tolerance: PathDrawable.hitTolerance)
        let filled = fill.map { $0.a > 0 } ?? false
        if filled, Polyline.windingNumber(lines, at: a) != 0 { return 0 }
        let centre = lines.reduce(Double.infinity) { min($0, $1.distance(toSegment: a, b, closedForFill: filled)) }
        var best = Double.infinity
        if let stroke, stroke.a > 0 { best = min(best, strokeDistance(toSegment: a, b, centre: centre)) }
        if filled { best = min(best, centre) }
        return best
    }

    /// The stroke's colour on the stroke's body, else the fill's (else the invisible stroke's).
    public func colour(at p: Point, radius: Double) -> Color? {
        if let s = stroke, s.a > 0 {
            let body = PathDrawable(path: path, stroke: s, fill: nil, style: style, widths: widths)
            if body.paintedDistance(to: p) <= radius { return s }
        }
        if let f = fill, f.a > 0 { return f }
        return stroke
    }
}
