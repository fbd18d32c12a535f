extension Path {
    /// An upper bound on the points `flattened`/the tessellators produce for this path scaled by
    /// `scale` with chords within `tolerance` (device units), counted with the flattener's own
    /// Wang's-formula segment counts and without allocating: one point per move, line and close,
    /// `n` per curve. Lets callers refuse a path before flattening it.
    public func flattenedPointEstimate(tolerance: Double, scale: Double) -> Int {
        let tol = tolerance > 0 ? tolerance : 0.25
        var total = 0
        var current = Point.zero, subpathStart = Point.zero
        let pts = points
        var i = 0
        for v in verbs {
            switch v {
            case .move:
                total += 1
                current = pts[i] * scale
                subpathStart = current
            case .line:
                total += 1
                current = pts[i] * scale
            case .quad:
                total += QuadraticBezier(current, pts[i] * scale, pts[i + 1] * scale).flatteningSegmentCount(tolerance: tol)
                current = pts[i + 1] * scale
            case .cubic:
                let c = CubicBezier(current, pts[i] * scale, pts[i + 1] * scale, pts[i + 2] * scale)
                total += c.flatteningSegmentCount(tolerance: tol)
                current = pts[i + 2] * scale
            case .close:
                total += 1
                current = subpathStart
            }
            i += v.pointCount
        }
        return total
    }
}
