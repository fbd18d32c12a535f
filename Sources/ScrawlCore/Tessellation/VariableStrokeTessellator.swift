/// Tessellates variable-width strokes (pressure ink) into the `Mesh` format `StrokeTessellator`
/// makes, for the same renderer passes.
///
/// The shape is the union of the discs at the path's nodes (diameter the node's width, in canvas
/// points) and, for each pair of consecutive flattened points, the convex hull of their two discs;
/// along a curve the width is interpolated linearly in the curve's parameter at each flattened
/// point. A disc inside its neighbour adds nothing. Caps and joins are round whatever the options
/// say (the shape is defined so); the options give the tolerance. Antialiasing is the constant
/// stroker's: coverage ramps over ±0.5 device px about the true outline (each segment's `radius`
/// and `edge` are affine in its hull, see `VariableSegment`), and widths under 1 device px are drawn
/// 1 px wide with alpha multiplied by the width, per point. A closed subpath is stroked as an open
/// one that returns to its first point (the caps there lie inside the first disc).
///
/// A smooth pen stroke costs about 2 vertices and 2 triangles per point, as the constant stroker's
/// (see `VariableStrokeEmitter.mitre`). With every width equal the shape is the constant
/// round stroke's, but the path drawables and live strokes of constant width keep using
/// `StrokeTessellator` (pixel for pixel as before).
public enum VariableStrokeTessellator {
    /// Appends the stroke of `path` (canvas points) with `widths` (canvas points, one per node:
    /// each move, line, quad or cubic end) at `scale` device px per point to `mesh`. Missing or
    /// unusable widths read as `options.width`.
    public static func stroke(_ path: Path, widths: [Float], options: StrokeOptions, color: Color, scale: Double,
                              into mesh: inout Mesh) {
        guard let style = style(widths, options: options, color: color, scale: scale) else { return }
        let (knots, ranges) = knots(path, widths: widths, options: options, style: style, reserving: false)
        let emitter = VariableStrokeEmitter(style: style)
        let bound = style.bound(points: knots.count)
        mesh.write(maxVertices: bound.vertices, maxIndices: bound.indices) { w in
            for range in ranges { emitter.subpath(knots, range.start..<range.end, into: &w) }
        }
    }

    /// The stroke of `path` with `widths` as a new mesh.
    public static func mesh(_ path: Path, widths: [Float], options: StrokeOptions, color: Color, scale: Double) -> Mesh {
        var mesh = Mesh()
        stroke(path, widths: widths, options: options, color: color, scale: scale, into: &mesh)
        return mesh
    }

    /// The stroke `stroke` makes, handed to `body` in pieces of about `pieceVertices` vertices (as
    /// `StrokeTessellator.strokePieces`): what this holds at once is the knots and one piece.
    public static func strokePieces(_ path: Path, widths: [Float], options: StrokeOptions, color: Color, scale: Double,
                                    pieceVertices: Int, _ body: (Mesh) -> Void) {
        guard let style = style(widths, options: options, color: color, scale: scale) else { return }
        let (knots, ranges) = knots(path, widths: widths, options: options, style: style, reserving: true)
        let emitter = VariableStrokeEmitter(style: style)
        Mesh.writePieces(limit: pieceVertices, room: style.bound(points: 3), emit: body) { w in
            for range in ranges {
                emitter.subpath(knots, range.start..<range.end, into: &w)
                w.checkpoint()
            }
        }
    }

    static func style(_ widths: [Float], options: StrokeOptions, color: Color, scale: Double) -> VariableStrokeStyle? {
        var widest = options.width.isFinite ? max(options.width, 0) : 0
        for w in widths where w.isFinite && Double(w) > widest { widest = Double(w) }
        return VariableStrokeStyle(options: options, color: color, scale: scale, maxWidth: widest)
    }

    /// The knots of `path`'s flattened subpaths at `style.scale`, each subpath compacted (unusable
    /// points dropped, duplicates merged into the wider), a closed one ending on its first point again.
    /// With `reserving`, their room is reserved from the flattener's count first (as
    /// `StrokeTessellator.flattened` does for pieces: a long path takes no more than its knots);
    /// without, from the path's point count (a polyline's exactly; curves grow the array).
    static func knots(_ path: Path, widths: [Float], options: StrokeOptions, style: VariableStrokeStyle,
                      reserving: Bool) -> (knots: [VariableKnot], ranges: [SubpathRange]) {
        var b = KnotBuilder(style: style, fallback: options.width.isFinite ? max(options.width, 0) : 0)
        let room = reserving ? path.flattenedPointEstimate(tolerance: style.tolerance, scale: style.scale) : path.points.count
        b.knots.reserveCapacity(room + 2)
        let pts = path.points, verbs = path.verbs, scale = style.scale
        var i = 0, node = 0, v = 0
        let fallback = b.fallback  // (`width` must not read `b` while `b.lines` changes it)
        func width(_ n: Int) -> Double {
            guard n < widths.count, widths[n].isFinite, widths[n] >= 0 else { return fallback }
            return Double(widths[n])
        }
        while v < verbs.count {
            let verb = verbs[v]
            switch verb {
            case .move: b.move(to: pts[i] * scale, width: width(node))
            case .line:
                // A run of lines (all of a pen stroke) in one loop.
                var n = 1
                while v + n < verbs.count && verbs[v + n] == PathVerb.line { n += 1 }
                pts.withUnsafeBufferPointer { all in
                    b.lines(to: all[i..<(i + n)], scale: scale) { width(node + $0) }
                }
                i += n; node += n; v += n
                continue
            case .quad:
                b.curve(QuadraticBezier(b.current, pts[i] * scale, pts[i + 1] * scale), width: width(node))
            case .cubic:
                b.curve(CubicBezier(b.current, pts[i] * scale, pts[i + 1] * scale, pts[i + 2] * scale), width: width(node))
            case .close: b.close()
            }
            if verb != .close { node += 1 }
            i += verb.pointCount
            v += 1
        }
        b.finish(closed: false)
        return (b.knots, b.ranges)
    }
}

/// Builds compacted knots from flattened points, as `Path.flatten` and `StrokeTessellator.compact`
/// do for constant strokes, and as `VariableIncrementalStroker.append` does one point at a time.
struct KnotBuilder {
    let style: VariableStrokeStyle
    let fallback: Double
    var knots: [VariableKnot] = []
    var ranges: [SubpathRange] = []
    /// Where the open subpath starts in `knots` (nil: none open).
    var start: Int?
    /// The current point (device px) and width (canvas points), as the path is walked.
    var current = Point.zero
    var currentWidth = 0.0
    var subpathStart = Point.zero
    var subpathStartWidth = 0.0

    init(style: VariableStrokeStyle, fallback: Double) { self.style = style; self.fallback = fallback }

    mutating func move(to p: Point, width: Double) {
        finish(closed: false)
        begin(at: p, width: width)
    }

    mutating func line(to p: Point, width: Double) {
        ensureOpen()
        add(p, width: width)
    }

    /// `line(to:width:)` to each of `points` (canvas points, times `scale`), the `j`th with
    /// `width(j)`, in one loop that keeps the last knot at hand.
    @inline(__always)
    mutating func lines(to points: Slice<UnsafeBufferPointer<Point>>, scale: Double, width: (Int) -> Double) {
        guard let end = points.last else { return }
        ensureOpen()
        let first = start ?? knots.count
        var last: VariableKnot? = knots.count > first ? knots[knots.count - 1] : nil
        var w = 0.0
        for (j, q) in points.enumerated() {
            w = width(j)
            switch Self.change(q * scale, width: w, style: style, after: last) {
            case .none: break
            case .replace(let k):
                knots[knots.count - 1] = k
                last = k
            case .append(let k):
                knots.append(k)
                last = k
            }
        }
        current = end * scale
        currentWidth = w
    }

    mutating func curve<C: FlattenableCurve>(_ curve: C, width: Double) {
        ensureOpen()
        let w0 = currentWidth
        let n = curve.flatteningSegmentCount(tolerance: style.tolerance)
        let step = 1 / Double(n)
        for j in 1..<max(n, 1) {
            let t = Double(j) * step
            add(curve.point(at: t), width: w0 + (width - w0) * t)
        }
        add(curve.end, width: width)
    }

    mutating func close() {
        guard start != nil else { return }
        finish(closed: true)
        current = subpathStart
        currentWidth = subpathStartWidth
    }

    private mutating func begin(at p: Point, width: Double) {
        start = knots.count
        subpathStart = p
        subpathStartWidth = width
        current = p
        currentWidth = width
        Self.append(p, width: width, style: style, to: &knots, from: knots.count)
    }

    private mutating func ensureOpen() {
        if start == nil { begin(at: current, width: currentWidth) }
    }

    @inline(__always)
    private mutating func add(_ p: Point, width: Double) {
        current = p
        currentWidth = width
        Self.append(p, width: width, style: style, to: &knots, from: start ?? knots.count)
    }

    /// What a point does to the knots after `last` (the subpath's last knot, nil when it has none).
    enum Change {
        case none
        case replace(VariableKnot)
        case append(VariableKnot)
    }

    /// The change the knot at device point `p` brings after `last`: none when it is unusable; a
    /// duplicate of the last knot widens it instead (the union of the two discs), else it is added.
    @inline(__always)
    static func change(_ p: Point, width: Double, style: VariableStrokeStyle, after last: VariableKnot?) -> Change {
        guard StrokeStyle.isUsable(p) else { return .none }
        guard let last else { return .append(style.knot(p, width: width, s: 0, gap: 0)) }
        if StrokeStyle.isDuplicate(p, of: last.p) {
            let k = style.knot(last.p, width: width, s: last.s, gap: last.gap)
            guard k.r > last.r || (k.r == last.r && k.color >> 24 > last.color >> 24) else { return .none }
            return .replace(k)
        }
        let gap = (p - last.p).length
        return .append(style.knot(p, width: width, s: last.s + gap, gap: gap))
    }

    /// Appends the knot at device point `p` to `knots` (whose subpath starts at `first`), as
    /// `change` says. Returns whether the knots changed.
    @discardableResult @inline(__always)
    static func append(_ p: Point, width: Double, style: VariableStrokeStyle, to knots: inout [VariableKnot],
                       from first: Int) -> Bool {
        switch change(p, width: width, style: style, after: knots.count > first ? knots.last : nil) {
        case .none: return false
        case .replace(let k): knots[knots.count - 1] = k
        case .append(let k): knots.append(k)
        }
        return true
    }

    /// Ends the open subpath; a closed one returns to its first knot.
    mutating func finish(closed: Bool) {
        guard let s = start else { return }
        start = nil
        if closed && knots.count - s > 1 {
            let first = knots[s]
            // A last knot on the first point takes the first's width if wider, as a duplicate would.
            Self.append(first.p, width: subpathStartWidth, style: style, to: &knots, from: s)
        }
        ranges.append(SubpathRange(start: s, end: knots.count, closed: false))
    }
}
