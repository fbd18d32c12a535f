extension Path {
    /// An upper bound on the points `flattened`/the tessellators produce for this path scaled by
    /// `scale` with chords within `tolerance` (device units), counted with the flattener's own
    /// Wang's-formula segment counts and without allocating: one point per move, line and close,
    /// `n` per curve. Lets callers refuse a path before flattening it.
    public func flattenedPointEstimate(tolerance: Double, scale: Double) -> Int {
        let tol = tolerance > 0 ? tolerance : 0.25
        var total = 0
        var current = Point.zero, subpathStart = Point.zero
        for e in elements {
            switch e {
            case .move(let p):
                total += 1
                current = p * scale
                subpathStart = current
            case .line(let p):
                total += 1
                current = p * scale
            case .quad(let c, let p):
                total += QuadraticBezier(current, c * scale, p * scale).flatteningSegmentCount(tolerance: tol)
                current = p * scale
            case .cubic(let c1, let c2, let p):
                total += CubicBezier(current, c1 * scale, c2 * scale, p * scale).flatteningSegmentCount(tolerance: tol)
                current = p * scale
            case .close:
                total += 1
                current = subpathStart
            }
        }
        return total
    }
}
