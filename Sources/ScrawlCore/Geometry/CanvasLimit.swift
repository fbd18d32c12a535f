/// The canvas limit as edits keep it: every coordinate of a committed drawable (a path's points,
/// controls included, and a stamp's edges) lies within ±`CanvasSpec.coordinateLimit` points, the
/// rule documents and the autosave journal check, so whatever the editor holds can be saved.
///
/// Moves and scales are shortened so that what they move stops at the limit (`clamp(offset:…)`,
/// `clamp(factor:…)`); anything else that would reach past it is brought inside
/// (`DrawableKind.keptInsideCanvasLimit()`, which each kind answers).
public enum CanvasLimit {
    /// The largest |x| or |y| of a coordinate.
    public static let limit = CanvasSpec.coordinateLimit

    /// Whether `v` is a coordinate inside the limit (finite, |v| ≤ `limit`).
    @inline(__always)
    public static func contains(_ v: Double) -> Bool { v >= -limit && v <= limit }

    /// `v` clamped into the limit (NaN, which no edit makes, becomes 0).
    public static func clamp(_ v: Double) -> Double { v.isNaN ? 0 : min(max(v, -limit), limit) }

    /// The bounds of every coordinate of `drawables`, nil when they have none (empty paths).
    public static func coordinateBounds(_ drawables: [Drawable]) -> Rect? {
        drawables.reduce(nil as Rect?) { acc, d in
            guard let b = d.coordinateBounds else { return acc }
            return acc?.union(b) ?? b
        }
    }

    /// `offset` shortened, axis by axis, so that `bounds` moved by it stays inside the limit; never
    /// lengthened or reversed. (Floating-point addition is monotonic, so every coordinate inside
    /// `bounds` lands inside too.)
    public static func clamp(offset: Point, moving bounds: Rect) -> Point {
        Point(clamp(offset.x, low: bounds.minX, high: bounds.maxX), clamp(offset.y, low: bounds.minY, high: bounds.maxY))
    }

    private static func clamp(_ d: Double, low: Double, high: Double) -> Double {
        guard d.isFinite else { return 0 }
        if d > 0 {
            var room = min(d, max(limit - high, 0))
            // `limit - high` may round up: step back until the far edge lands inside.
            for _ in 0..<4 where room > 0 && high + room > limit { room = max(room - limit.ulp, 0) }
            return room
        }
        if d < 0 {
            var room = max(d, min(-limit - low, 0))
            for _ in 0..<4 where room < 0 && low + room < -limit { room = min(room + limit.ulp, 0) }
            return room
        }
        return d
    }

    /// The factors of a scale about `anchor` (x' = anchor + (x - anchor)·factor, per axis) that keep
    /// `bounds` inside the limit: the closed range of each axis, nil when no factor would (`bounds`
    /// is outside the limit already) or the axis does not constrain it.
    static func factorRange(low: Double, high: Double, anchor: Double) -> ClosedRange<Double>? {
        var lower = -Double.infinity, upper = Double.infinity
        for e in [low, high] where e != anchor {
            // anchor + (e - anchor)·f within ±limit: f between these two, in either order.
            let a = (-limit - anchor) / (e - anchor), b = (limit - anchor) / (e - anchor)
            lower = max(lower, min(a, b))
            upper = min(upper, max(a, b))
        }
        guard lower <= upper else { return nil }
        return lower...upper
    }

    /// Scale factors about `anchor` shortened so that `bounds` scaled by them stays inside the limit
    /// (with `uniform`, both by one factor, so the aspect is kept); each factor is kept when it
    /// already fits. Rounding may still leave a coordinate an ulp outside: `keptInsideCanvasLimit()`
    /// brings it in.
    public static func clamp(sx: Double, sy: Double, about anchor: Point, scaling bounds: Rect,
                             uniform: Bool) -> (sx: Double, sy: Double) {
        let rx = factorRange(low: bounds.minX, high: bounds.maxX, anchor: anchor.x)
        let ry = factorRange(low: bounds.minY, high: bounds.maxY, anchor: anchor.y)
        func fit(_ f: Double, _ r: ClosedRange<Double>?) -> Double { r.map { min(max(f, $0.lowerBound), $0.upperBound) } ?? f }
        guard uniform, sx == sy else { return (fit(sx, rx), fit(sy, ry)) }
        let both: ClosedRange<Double>?
        switch (rx, ry) {
        case let (x?, y?): both = x.overlaps(y) ? max(x.lowerBound, y.lowerBound)...min(x.upperBound, y.upperBound) : nil
        case let (x?, nil): both = x
        case let (nil, y?): both = y
        case (nil, nil): both = nil
        }
        let f = fit(sx, both)
        return (f, f)
    }
}
