/// How the ends of open subpaths are drawn.
public enum LineCap: String, Hashable, Sendable, CaseIterable { case butt, round, square }

/// How corners between segments are drawn.
public enum LineJoin: String, Hashable, Sendable, CaseIterable { case miter, round, bevel }

/// Parameters of stroke tessellation, after lyon's `StrokeOptions`.
///
/// All lengths are canvas points except `tolerance`, which is in device pixels: the largest distance
/// allowed between the tessellated outline and the true curve. It also sets how many segments a round
/// cap or join gets, as NanoVG does: a circle of radius `r` device pixels is cut into arcs of
/// `2·acos(r / (r + tolerance))` radians, so a 64 px dot is as round as a 2 px one.
public struct StrokeOptions: Hashable, Sendable {
    /// Full stroke width in canvas points.
    public var width: Double
    public var cap: LineCap
    public var join: LineJoin
    /// A miter join whose miter length divided by the stroke width exceeds this falls back to a bevel
    /// (the Core Graphics and SVG rule: 1/sin(θ/2) > miterLimit for an angle θ between the segments).
    public var miterLimit: Double
    /// Maximum deviation from the true outline, in device pixels.
    public var tolerance: Double

    public init(width: Double = 2, cap: LineCap = .round, join: LineJoin = .round,
                miterLimit: Double = 4, tolerance: Double = 0.25) {
        self.width = width; self.cap = cap; self.join = join
        self.miterLimit = miterLimit; self.tolerance = tolerance
    }

    /// Round caps and round joins: the Pencil's style.
    public static func round(width: Double) -> StrokeOptions { StrokeOptions(width: width, cap: .round, join: .round) }
}
