/// A flattened subpath with a stroke width at each vertex: the centre line of a variable-width
/// stroke as its hit tests, eraser and SVG outline see it.
///
/// Its shape is the union of the discs at the vertices (diameter the vertex's width) and, for each
/// segment (the closing one included when closed), the convex hull of its two end discs: the disc
/// swept along the segment with its radius changing linearly.
public struct WidthPolyline: Hashable, Sendable {
    /// The vertices, no two consecutive ones equal.
    public var points: [Point]
    /// The width at each vertex (canvas points, finite, not negative).
    public var widths: [Double]
    /// The last point joins the first.
    public var closed: Bool

    public init(points: [Point], widths: [Double], closed: Bool) {
        assert(points.count == widths.count, "one width per point")
        self.points = points; self.widths = widths; self.closed = closed
    }

    /// The centre line without its widths.
    public var polyline: Polyline { Polyline(points: points, closed: closed) }

    /// The number of segments: the closing one included when closed (and there are 3 points or more).
    public var segmentCount: Int {
        let n = points.count
        guard n > 1 else { return 0 }
        return closed && n > 2 ? n : n - 1
    }

    /// The ends of segment `i` (0 ≤ i < segmentCount) and their radii.
    @inline(__always)
    public func segment(_ i: Int) -> (Point, Double, Point, Double) {
        let j = (i + 1) % points.count
        return (points[i], widths[i] / 2, points[j], widths[j] / 2)
    }
}

extension Path {
    /// The subpaths flattened as `flattened(tolerance:)` flattens them (the same points), each
    /// with the width at every point: a node's own width at its end point, interpolated linearly in
    /// the curve parameter along a curve. `widths` holds one width per node (`PathDrawable.nodeCount`).
    /// Where consecutive points coincide the wider one is kept (the union of their discs).
    public func flattened(widths: [Float], tolerance: Double) -> [WidthPolyline] {
        var f = WidthFlattener(tolerance: tolerance > 0 ? tolerance : 0.25, widths: widths)
        let pts = points
        var i = 0
        for v in verbs {
            switch v {
            case .move: f.move(pts[i])
            case .line: f.line(pts[i])
            case .quad: f.curve(QuadraticBezier(f.current, pts[i], pts[i + 1]))
            case .cubic: f.curve(CubicBezier(f.current, pts[i], pts[i + 1], pts[i + 2]))
            case .close: f.close()
            }
            if v != .close { f.node += 1 }
            i += v.pointCount
        }
        f.finish(closed: false)
        return f.out
    }
}

/// The state machine behind `Path.flattened(widths:tolerance:)`, as `Flattener` is for points.
private struct WidthFlattener {
    let tolerance: Double
    let widths: [Float]
    /// The node the element being read ends at.
    var node = 0
    var out: [WidthPolyline] = []
    var points: [Point] = [], pointWidths: [Double] = []
    var isOpen = false
    var current = Point.zero, currentWidth = 0.0
    var start = Point.zero, startWidth = 0.0

    init(tolerance: Double, widths: [Float]) {
        self.tolerance = tolerance
        self.widths = widths
        currentWidth = Double(widths.first ?? 0)
        startWidth = currentWidth
    }

    var nodeWidth: Double { node < widths.count ? Double(widths[node]) : currentWidth }

    mutating func move(_ p: Point) {
        finish(closed: false)
        begin(p, nodeWidth)
    }

    mutating func line(_ p: Point) {
        ensureOpen()
        append(p, nodeWidth)
    }

    mutating func curve<C: FlattenableCurve>(_ c: C) {
        ensureOpen()
        let w0 = currentWidth, w1 = nodeWidth
        let n = c.flatteningSegmentCount(tolerance: tolerance)
        let step = 1 / Double(n)
        for k in 1..<n {
            let t = Double(k) * step
            append(c.point(at: t), w0 + (w1 - w0) * t)
        }
        append(c.end, w1)
    }

    mutating func close() {
        guard isOpen else { return }
        finish(closed: true)
        current = start
        currentWidth = startWidth
    }

    private mutating func begin(_ p: Point, _ w: Double) {
        isOpen = true
        points = [p]; pointWidths = [w]
        current = p; currentWidth = w
        start = p; startWidth = w
    }

    private mutating func ensureOpen() { if !isOpen { begin(current, currentWidth) } }

    private mutating func append(_ p: Point, _ w: Double) {
        current = p; currentWidth = w
        if points[points.count - 1] != p {
            points.append(p); pointWidths.append(w)
        } else {
            pointWidths[pointWidths.count - 1] = max(pointWidths[pointWidths.count - 1], w)
        }
    }

    mutating func finish(closed: Bool) {
        guard isOpen else { return }
        isOpen = false
        if closed {
            while points.count > 1 && points[points.count - 1] == points[0] {
                pointWidths[0] = max(pointWidths[0], pointWidths.removeLast())
                points.removeLast()
            }
        }
        out.append(WidthPolyline(points: points, widths: pointWidths, closed: closed))
    }
}
