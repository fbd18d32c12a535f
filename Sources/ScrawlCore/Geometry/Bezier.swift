import Foundation

/// Segment counts for uniform flattening of Bézier curves, by Wang's formula.
///
/// For a degree-`d` Bézier with control points `P0…Pd`, cutting the parameter range into `n` equal
/// steps and joining the curve points by chords keeps every chord within `tolerance` of the curve
/// (at equal parameters, hence also in Hausdorff distance) when
/// `n ≥ sqrt(d·(d−1)/8 · M / tolerance)`, with `M = max |P(i) − 2·P(i+1) + P(i+2)|`.
/// This is the bound Skia and lyon use for their "fast" flatteners.
enum WangFormula {
    /// Upper limit on the segments of one curve, so absurd inputs cannot loop for ever.
    static let maxSegments = 1 << 16

    /// Segments for a curve of degree `degree` whose largest second difference is `m`.
    static func segments(degree: Int, maxSecondDifference m: Double, tolerance: Double) -> Int {
        let k = Double(degree * (degree - 1)) / 8
        let n = (k * m / tolerance).squareRoot().rounded(.up)
        if n.isNaN || n < 1 { return 1 }  // a straight curve, or non-finite input
        return n > Double(maxSegments) ? maxSegments : Int(n)
    }
}

/// A quadratic Bézier curve `p0 → p2` with control point `p1`. Flattening cuts it into equal
/// parameter steps counted by Wang's formula, a proven bound on the chord-to-curve distance.
public struct QuadraticBezier: FlattenableCurve, Hashable, Sendable {
    /// Start, control and end points.
    public var p0: Point, p1: Point, p2: Point

    /// The curve from `p0` to `p2` pulled towards `p1`.
    public init(_ p0: Point, _ p1: Point, _ p2: Point) { self.p0 = p0; self.p1 = p1; self.p2 = p2 }

    /// The point at parameter `t` (0…1).
    @inline(__always)
    public func point(at t: Double) -> Point {
        let u = 1 - t
        let a = u * u, b = 2 * u * t, c = t * t
        return Point(a * p0.x + b * p1.x + c * p2.x, a * p0.y + b * p1.y + c * p2.y)
    }

    /// The derivative (tangent vector, not normalised) at parameter `t`.
    public func derivative(at t: Double) -> Point {
        ((p1 - p0) * (1 - t) + (p2 - p1) * t) * 2
    }

    /// The curve cut at `t` into the part before and the part after (de Casteljau).
    public func split(at t: Double) -> (QuadraticBezier, QuadraticBezier) {
        let a = p0.lerp(p1, t), b = p1.lerp(p2, t)
        let m = a.lerp(b, t)
        return (QuadraticBezier(p0, a, m), QuadraticBezier(m, b, p2))
    }

    /// Number of equal parameter steps that keep chords within `tolerance` of the curve (Wang's formula).
    public func flatteningSegmentCount(tolerance: Double) -> Int {
        WangFormula.segments(degree: 2, maxSecondDifference: (p0 - p1 * 2 + p2).length, tolerance: tolerance)
    }
}

/// A cubic Bézier curve `p0 → p3` with control points `p1`, `p2`. Flattening cuts it into equal
/// parameter steps counted by Wang's formula, a proven bound on the chord-to-curve distance.
public struct CubicBezier: FlattenableCurve, Hashable, Sendable {
    /// Start point, the two control points, end point.
    public var p0: Point, p1: Point, p2: Point, p3: Point

    /// The curve from `p0` to `p3` with controls `p1`, `p2`.
    public init(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point) {
        self.p0 = p0; self.p1 = p1; self.p2 = p2; self.p3 = p3
    }

    /// The point at parameter `t` (0…1).
    @inline(__always)
    public func point(at t: Double) -> Point {
        let u = 1 - t
        let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
        return Point(a * p0.x + b * p1.x + c * p2.x + d * p3.x,
                     a * p0.y + b * p1.y + c * p2.y + d * p3.y)
    }

    /// The derivative (tangent vector, not normalised) at parameter `t`.
    public func derivative(at t: Double) -> Point {
        hodograph.point(at: t)
    }

    /// The derivative curve: a quadratic whose points are the tangent vectors.
    public var hodograph: QuadraticBezier {
        QuadraticBezier((p1 - p0) * 3, (p2 - p1) * 3, (p3 - p2) * 3)
    }

    /// The curve cut at `t` into the part before and the part after (de Casteljau).
    public func split(at t: Double) -> (CubicBezier, CubicBezier) {
        let a = p0.lerp(p1, t), b = p1.lerp(p2, t), c = p2.lerp(p3, t)
        let ab = a.lerp(b, t), bc = b.lerp(c, t)
        let m = ab.lerp(bc, t)
        return (CubicBezier(p0, a, ab, m), CubicBezier(m, bc, c, p3))
    }

    /// Number of equal parameter steps that keep chords within `tolerance` of the curve (Wang's formula).
    public func flatteningSegmentCount(tolerance: Double) -> Int {
        let m = max((p0 - p1 * 2 + p2).length, (p1 - p2 * 2 + p3).length)
        return WangFormula.segments(degree: 3, maxSecondDifference: m, tolerance: tolerance)
    }
}

extension QuadraticBezier { public var end: Point { p2 } }
extension CubicBezier { public var end: Point { p3 } }

/// A Bézier curve flattened in equal parameter steps, their count from Wang's formula.
public protocol FlattenableCurve {
    var p0: Point { get }
    /// The last control point, where the curve ends.
    var end: Point { get }
    func point(at t: Double) -> Point
    func flatteningSegmentCount(tolerance: Double) -> Int
}

extension FlattenableCurve {
    /// Calls `body` with the curve's points after `p0` in order (the last exactly `end`), in equal
    /// parameter steps whose chords stay within `tolerance` (Wang's formula).
    @inline(__always)
    public func forEachFlattenedPoint(tolerance: Double, _ body: (Point) -> Void) {
        let n = flatteningSegmentCount(tolerance: tolerance)
        let step = 1 / Double(n)
        for i in 1..<n { body(point(at: Double(i) * step)) }
        body(end)
    }

    /// Appends the curve's points after `p0` (ending exactly at `end`), chords within `tolerance`.
    public func flatten(tolerance: Double, into points: inout [Point]) {
        forEachFlattenedPoint(tolerance: tolerance) { points.append($0) }
    }

    /// The curve's points from `p0` to `end`, chords within `tolerance` (Wang's formula).
    public func flattened(tolerance: Double) -> [Point] {
        var pts = [p0]
        flatten(tolerance: tolerance, into: &pts)
        return pts
    }
}
