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
        return widths.count == PathDrawable.nodeCount(of: path) && widths.allSatisfy { $0.isFinite && $0 >= 0 }
    }

    /// The widest the stroke gets: the largest node width, else `style.width`.
    public var maxWidth: Double {
        guard let widths, let m = widths.max() else { return style.width }
        return Double(m)
    }
}
