/// What a key binding does: an editor action, or one the window performs itself.
public enum KeyAction: Hashable, Sendable {
    case selectTool(ToolKind)
    case strokeColor(ColorChoice)
    /// nil is "no fill".
    case fillColor(ColorChoice?)
    /// Steps the stroke width by this many places through `DrawingSettings.widths`.
    case stepWidth(Int)
    /// Steps the opacity of new drawings by this many places through `DrawingSettings.opacities`.
    case stepOpacity(Int)
    /// Steps the stabilizer of the current tool: off, 0.3, 0.6, 0.85, then off again.
    case stepStabilizer
    case finish, cancel, undo, redo, clear, toggleBars
    /// The eraser's mode: whole drawables (default) or cutting open strokes.
    case toggleEraserMode
    /// Selection: select everything, delete the selection, copy, cut, paste, duplicate.
    case selectAll, deleteSelection, copy, cut, paste, duplicate
    /// Arms the eyedropper: the next touch takes the colour under it (with shift: as the fill).
    case eyedropper
    /// Moves the selection by this many points.
    case nudge(dx: Int, dy: Int)
    /// A layer operation on the current layer (`Editor+Layers`).
    case layer(LayerKey)
    /// Handled by the window, never by the editor (a replay's `ctrl+s` does nothing).
    case window(WindowAction)

    /// The actions only the window performs.
    public enum WindowAction: Hashable, Sendable {
        case save, quit, toggleMirror
        /// Switches what fingers on a touchscreen do: draw, or pan and zoom (`TouchMode`).
        case toggleTouchMode
        /// Open a document, save under a chosen name, export the page as PNG or SVG (by the chosen
        /// name's extension; `transparent`: a PNG without the page background), through a file chooser.
        case open, saveAs, export(transparent: Bool)
        /// Discards the unsaved changes: the document's file as it is on disk, as one undo step.
        case revert
        /// Places a PNG chosen in the file chooser on the canvas at the view centre.
        case insertImage
        /// Zoom one step in or out about the window centre, fit the drawing, or 100 %.
        case zoomIn, zoomOut, zoomToFit, zoomToActualSize
        /// Shows or hides the help overlay.
        case toggleHelp
        /// Opens (or closes) the colour picker for the stroke colour, or for the fill.
        case colorPicker, colorPickerFill
        /// Opens (or closes) the layers panel.
        case toggleLayers
    }
}
