/// What tools reach of the editor: settings, the canvas, the display list (Dudel's tool delegate).
public protocol ToolContext: AnyObject {
    var settings: DrawingSettings { get }
    var canvas: CanvasSpec { get }
    /// The stamp image the Image tool draws.
    var stampImage: RasterImage { get }
    /// The colours a touch beginning now keeps (draws random colours in order: stroke, then fill).
    func beginStyle() -> TouchStyle
    /// The current style without consuming random colours (for paths finished by a key).
    func currentStyle() -> TouchStyle
    /// Hands a finished drawable to the display list (one undo step).
    func commit(_ drawable: Drawable)
    /// A fresh identity for a live polyline.
    func makeLiveID() -> LiveStrokeID
    /// The path the Follow handle walks: the last drawable's, or nil on an empty canvas.
    var lastDrawablePath: Path? { get }
    /// Canvas points per window point (1 / zoom): UI sizes (handles, guides) times this stay the
    /// same on screen at any zoom. Ink widths are not scaled.
    var screenPointSize: Double { get }
}
