import Foundation

/// A flattened subpath: straight segments between consecutive points (and back to the first when closed).
public struct Polyline: Hashable, Sendable {
    /// The vertices, no two consecutive ones equal.
    public var points: [Point]
    /// The last point joins the first: a closed subpath.
    public var closed: Bool

    /// A polyline through `points`, closed or not.
    public init(points: [Point], closed: Bool) { self.points = points; self.closed = closed }

    /// Total length of the segments (the closing one included when closed).
    public var length: Double {
        guard points.count > 1 else { return 0 }
        var total = 0.0
        for i in 1..<points.count { total += points[i].distance(to: points[i - 1]) }
        if closed { total += points[points.count - 1].distance(to: points[0]) }
        return total
    }
}

/// Where one flattened subpath lies in a shared point buffer.
struct SubpathRange: Hashable, Sendable {
    var start: Int
    var end: Int
    var closed: Bool
    var count: Int { end - start }
}

extension Path {
    /// The subpaths as polylines, curves cut into chords within `tolerance` (path units) by Wang's formula.
    ///
    /// Consecutive duplicate points are dropped (for closed subpaths also a last point equal to the
    /// first); a `move` alone gives a one-point polyline (a dot). Segments after a `close` start a
    /// new subpath at the closed one's first point, as in Core Graphics.
    public func flattened(tolerance: Double) -> [Polyline] {
        var points: [Point] = []
        var ranges: [SubpathRange] = []
        flatten(tolerance: tolerance, scale: 1, into: &points, ranges: &ranges)
        return ranges.map { Polyline(points: Array(points[$0.start..<$0.end]), closed: $0.closed) }
    }

    /// Total length of the flattened path (closing segments included), chords within `tolerance`.
    public func length(tolerance: Double) -> Double {
        flattened(tolerance: tolerance).reduce(0) { $0 + $1.length }
    }

    /// Flattens every subpath, scaled by `scale`, into `points`; `tolerance` is in scaled units.
    func flatten(tolerance: Double, scale: Double, into out: inout [Point], ranges: inout [SubpathRange]) {
        var f = Flattener(tolerance: tolerance, scale: scale)
        out.reserveCapacity(out.count + verbs.count + 1)
        let pts = points
        var i = 0
        for v in verbs {
            switch v {
            case .move: f.move(to: pts[i], into: &out, ranges: &ranges)
            case .line: f.line(to: pts[i], into: &out)
            case .quad: f.quad(pts[i], to: pts[i + 1], into: &out)
            case .cubic: f.cubic(pts[i], pts[i + 1], to: pts[i + 2], into: &out)
            case .close: f.close(into: &out, ranges: &ranges)
            }
            i += v.pointCount
        }
        f.finish(closed: false, into: &out, ranges: &ranges)
    }
}

/// The state machine behind `Path.flatten`: one open subpath at a time.
private struct Flattener {
    let tolerance: Double
    let scale: Double
    /// Index in the buffer where the open subpath starts, or nil when none is open.
    var start: Int?
    /// Where the next segment starts (scaled).
    var current = Point.zero
    /// The first point of the last subpath (scaled): where segments after a `close` start.
    var subpathStart = Point.zero

    init(tolerance: Double, scale: Double) {
        self.tolerance = tolerance > 0 ? tolerance : 0.25
        self.scale = scale
    }

    mutating func move(to p: Point, into points: inout [Point], ranges: inout [SubpathRange]) {
        finish(closed: false, into: &points, ranges: &ranges)
        begin(at: p * scale, into: &points)
    }

    mutating func line(to p: Point, into points: inout [Point]) {
        ensureOpen(into: &points)
        append(p * scale, into: &points)
    }

    mutating func quad(_ c: Point, to p: Point, into points: inout [Point]) {
        ensureOpen(into: &points)
        appendCurve(QuadraticBezier(current, c * scale, p * scale), into: &points)
    }

    mutating func cubic(_ c1: Point, _ c2: Point, to p: Point, into points: inout [Point]) {
        ensureOpen(into: &points)
        appendCurve(CubicBezier(current, c1 * scale, c2 * scale, p * scale), into: &points)
    }

    mutating func close(into points: inout [Point], ranges: inout [SubpathRange]) {
        guard start != nil else { return }
        finish(closed: true, into: &points, ranges: &ranges)
        current = subpathStart
    }

    private mutating func begin(at p: Point, into points: inout [Point]) {
        start = points.count
        points.append(p)
        current = p
        subpathStart = p
    }

    /// A segment with no open subpath starts one at the current point (after a `close`).
    private mutating func ensureOpen(into points: inout [Point]) {
        if start == nil { begin(at: current, into: &points) }
    }

    /// Appends a curve starting at the current point, chords within `tolerance`.
    @inline(__always)
    private mutating func appendCurve<C: FlattenableCurve>(_ curve: C, into points: inout [Point]) {
        curve.forEachFlattenedPoint(tolerance: tolerance) { append($0, into: &points) }
    }

    @inline(__always)
    private mutating func append(_ p: Point, into points: inout [Point]) {
        current = p
        if points[points.count - 1] != p { points.append(p) }
    }

    /// Ends the open subpath, if any, recording its range.
    mutating func finish(closed: Bool, into points: inout [Point], ranges: inout [SubpathRange]) {
        guard let s = start else { return }
        start = nil
        if closed {
            while points.count - s > 1 && points[points.count - 1] == points[s] { points.removeLast() }
        }
        ranges.append(SubpathRange(start: s, end: points.count, closed: closed))
    }
}
