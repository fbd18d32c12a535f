/// What the window draws at the pointer over the canvas (never into the document): the current
/// tool's answer, or the eyedropper's while it is armed. Points are canvas points.
public enum CursorFeedback: Hashable, Sendable {
    case none
    /// A ring `diameter` canvas points wide around the pointer (on screen at least 3 pixels).
    case ring(center: Point, diameter: Double)
    /// The outline of what a touch here would put down (the Image tool's stamp).
    case outline(Rect)
    /// A zone of `radius` window points around `center` that a touch grabs (Follow's handle).
    case grabZone(center: Point, radius: Double)
    /// Crosshairs at the pointer and a chip of the colour a click takes.
    case eyedropper(at: Point, colour: Color)
    /// A path a click here would add (the Bézier's next segment), `width` canvas points wide in
    /// `color`: drawn half transparent, over the drawing.
    case segment(Path, color: Color, width: Double)
}
