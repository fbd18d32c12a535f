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
    /// Hands a finished drawable to the display list. Drawables committed while one input event is
    /// handled (a mirrored pair of touches ending together) become one undo step.
    func commit(_ drawable: Drawable)
    /// The committed drawing (read only: tools change it through `commit` and `replace`).
    var displayList: DisplayList { get }
    /// Which committed drawables touch a rectangle (painted bounds), kept in step with the list.
    var spatialIndex: DisplayListIndex { get }
    /// Replaces each listed item by its drawables at its place (none removes it) as one undo step;
    /// returns the step (its `inserted` items carry the new ids), nil when nothing changed.
    @discardableResult
    func replace(_ replacements: [UInt64: [Drawable]]) -> DisplayList.Step?
    /// Appends drawables as one undo step (a paste, a duplicate); returns the new items.
    @discardableResult
    func append(_ drawables: [Drawable]) -> [DisplayItem]
    /// A fresh identity for a live polyline.
    func makeLiveID() -> LiveStrokeID
    /// The path the Follow handle walks: the last drawable's, or nil on an empty canvas.
    var lastDrawablePath: Path? { get }
    /// Tells the user what an edit did (a move stopped at the canvas limit), once per event.
    func note(_ notice: EditorNotice)
    /// Canvas points per window point (1 / zoom): UI sizes (handles, guides) times this stay the
    /// same on screen at any zoom. Ink widths are not scaled.
    var screenPointSize: Double { get }
    /// Lays text out in fonts (the Text tool's).
    var textShaper: TextShaper { get }
}
