/// The most a drawing may cost to flatten: `maxPoints` flattened points (fills and strokes counted
/// separately) for the whole drawing at the render scale, estimated before anything is flattened.
/// A file over it is refused instead of taking gigabytes and minutes. See docs/document-format.md.
public enum FlatteningBudget {
    /// Flattened points one drawing may have in all, at the render scale (20 million: tens of
    /// seconds to draw). Memory does not grow with it: long paths are tessellated in pieces while
    /// drawn (`PiecewiseTessellation`), so one path takes its flattened points, 16 bytes each.
    public static let maxPoints = 20_000_000
    /// The smallest flattening tolerance (device pixels) a file may ask for; smaller ones are raised to it.
    public static let minFileTolerance = 0.05

    /// The drawing at `index` pushed the running total over `maxPoints`.
    public struct Exceeded: Error, Hashable, Sendable {
        public let index: Int
        /// The drawable's own estimate, and the drawing's up to and including it.
        public let points: Int, total: Int
        public let scale: Double

        /// `drawables[12]: flattens to N points (M in the drawing up to it) at scale S; the limit is … points per drawing`.
        public var message: String {
            "drawables[\(index)]: flattens to \(points) points (\(total) in the drawing up to it) at scale "
                + "\(JSONWriter.format(scale)); the limit is \(FlatteningBudget.maxPoints) points per drawing"
        }
    }

    /// Throws at the first drawable with which `drawables` exceed `maxPoints` at `scale`.
    public static func check(_ drawables: [Drawable], scale: Double) throws(Exceeded) {
        var total = 0
        for (i, d) in drawables.enumerated() {
            let points = estimate(d, scale: scale)
            total += points
            if total > maxPoints { throw Exceeded(index: i, points: points, total: total, scale: scale) }
        }
    }

    /// The flattened points of one drawable at `scale` (`DrawableKind.flattenedPointEstimate`).
    public static func estimate(_ drawable: Drawable, scale: Double) -> Int {
        drawable.flattenedPointEstimate(scale: scale)
    }
}
