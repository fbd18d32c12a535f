/// Identifies one live polyline across frames, so a renderer can grow its mesh incrementally.
public typealias LiveStrokeID = UInt64

/// Something drawn in the live layer: redrawn every frame, never committed by itself.
public enum LiveItem: Sendable {
    /// A polyline that only ever grows (the Pencil's touch): `points` extends the previous frame's.
    case polyline(id: LiveStrokeID, points: [Point], color: Color, style: StrokeOptions)
    /// A shape drawn as it would be committed now.
    case drawable(Drawable)
    /// A dashed guide line.
    case dashed(Path, color: Color, width: Double, pattern: DashPattern)
}
