/// Variable width: the per-node widths of pressure ink (`PathDrawable.widths`).
///
/// A stroke with widths is the union of the discs at its nodes (diameter the node's width) and, for
/// each segment, the convex hull of its two end discs (along a curve, of the discs swept along it
/// with the width changing linearly in the curve parameter). With every width equal it is the
/// round-capped, round-joined stroke of that width, and is stored and drawn as one (`widths` nil).
extension PathDrawable {
    /// Whether the stroke's width varies along it (`widths` holds one per node and not all equal).
    public var hasVaryingWidth: Bool {
        guard let widths, let first = widths.first else { return false }
        return widths.contains { $0 != first }
    }

    /// The number of nodes (element end points) of `path`: what `widths` must hold.
    public static func nodeCount(of path: Path) -> Int {
        path.verbs.reduce(0) { $0 + ($1 == .close ? 0 : 1) }
    }

    /// Whether `widths` is nil or holds one finite, non-negative width per node.
    public var widthsAreValid: Bool {
        guard let widths else { return true }
        guard widths.count == PathDrawable.nodeCount(of: path) else { return false }
        // One pass without early exits (it vectorizes): every tessellation of the stroke asks.
        var valid = true
        for w in widths { valid = valid && w >= 0 && w <= .greatestFiniteMagnitude }
        return valid
    }

    /// The widest the stroke gets: the largest node width, else `style.width`.
    public var maxWidth: Double {
        guard let widths, let m = widths.max() else { return style.width }
        return Double(m)
    }
}

// MARK: Geometry of the widths

extension PathDrawable {
    /// The widths its shape follows: `widths` when it holds one valid width per node, else nil (the
    /// stroke is `style.width` wide, with its caps and joins). Hit tests, bounds, the eraser and the
    /// SVG outline all go by this, as the tessellator does.
    public var shapeWidths: [Float]? {
        guard let widths, widthsAreValid else { return nil }
        return widths
    }

    /// The stroke's centre line flattened within `tolerance` with the width at every point, when
    /// its width varies by node (`shapeWidths`); nil otherwise.
    public func widthLines(tolerance: Double) -> [WidthPolyline]? {
        shapeWidths.map { path.flattened(widths: $0, tolerance: tolerance) }
    }

    /// The control-point bounds, each point grown by half a width: a move's or line's end point
    /// by its node's (the bounds of a segment's hull are those of its two discs), a curve's points
    /// by the wider of its two end nodes' (the curve lies inside its controls' hull, its width
    /// between its ends'). They hold every node's disc and every segment's hull.
    func paintedBounds(widths: [Float]) -> Rect? {
        var bounds: Rect? = nil
        var i = 0, node = 0
        var previous = Double(widths.first ?? 0), start = previous
        for v in path.verbs {
            guard v != .close else { previous = start; continue }  // the next segment starts there
            let own = Double(widths[node])
            if v == .move { start = own }
            let r = (v == .quad || v == .cubic ? max(previous, own) : own) / 2
            for p in path.points[i..<(i + v.pointCount)] {
                let disc = Rect(minX: p.x - r, minY: p.y - r, maxX: p.x + r, maxY: p.y + r)
                bounds = bounds?.union(disc) ?? disc
            }
            previous = own
            node += 1
            i += v.pointCount
        }
        return bounds
    }

    /// The widths scaled by `factor` (nil stays nil).
    func widthsScaled(by factor: Double) -> [Float]? {
        widths.map { $0.map { Float(Double($0) * factor) } }
    }
}
