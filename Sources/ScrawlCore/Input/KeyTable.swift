/// Every key Scrawl knows, in one place: the editor dispatches through it, the window takes its
/// `.window` actions, and `--help`, the README's table and the toolbar's key names come from it.
public enum KeyTable {
    /// All bindings, grouped, in the order help lists them.
    public static let all: [KeyBinding] = tools + colours + widthAndOpacity + edit + layers + viewAndWindow + files

    static let tools: [KeyBinding] = [
        KeyBinding("p", .selectTool(.pencil), .tools, "Pencil"),
        KeyBinding("l", .selectTool(.line), .tools, "Line"),
        KeyBinding("r", .selectTool(.rectangle), .tools, "Rectangle"),
        KeyBinding("e", .selectTool(.ellipse), .tools, "Ellipse"),
        KeyBinding("i", .selectTool(.stamp), .tools, "Image stamp"),
        KeyBinding("b", .selectTool(.bezier), .tools, "Bézier"),
        KeyBinding("s", .selectTool(.smooth), .tools, "Smooth brush"),
        KeyBinding("a", .selectTool(.arrow), .tools, "Arrow"),
        KeyBinding("f", .selectTool(.follow), .tools, "Follow"),
        KeyBinding("h", .selectTool(.highlighter), .tools, "Highlighter"),
        KeyBinding("x", .selectTool(.eraser), .tools, "Eraser"),
        KeyBinding("v", .selectTool(.select), .tools, "Select (again to switch box and lasso)"),
        KeyBinding("t", .selectTool(.text), .tools, "Text (click, type; escape or a click elsewhere ends it)"),
    ]

    /// The colour bar's swatches by digit: `0`–`7` set the stroke, `shift+0`–`shift+7` the fill.
    static let swatchDigits: [(digit: String, choice: ColorChoice)] = [
        ("0", .fixed(.black)), ("1", .fixed(.red)), ("2", .fixed(.blue)), ("3", .fixed(.yellow)),
        ("4", .fixed(.green)), ("5", .random), ("6", .fixed(.lightGray)), ("7", .fixed(.white)),
    ]

    static let colours: [KeyBinding] =
        swatchDigits.map { KeyBinding($0.digit, .strokeColor($0.choice), .colours, "stroke colour: \($0.choice.name)") }
        + swatchDigits.map { KeyBinding("shift+" + $0.digit, .fillColor($0.choice), .colours, "fill colour: \($0.choice.name)") }
        + [KeyBinding("shift+9", .fillColor(nil), .colours, "fill colour: none")]
        + pickerKeys

    /// The colour picker and the eyedropper.
    static let pickerKeys: [KeyBinding] = [
        KeyBinding("c", .window(.colorPicker), .colours, "colour picker for the stroke"),
        KeyBinding("shift+c", .window(.colorPickerFill), .colours, "colour picker for the fill"),
        KeyBinding("k", .eyedropper, .colours, "eyedropper: the next click takes the colour under it (shift+click: as the fill)"),
    ]

    static let widthAndOpacity: [KeyBinding] = [
        KeyBinding("[", .stepWidth(-1), .widthAndOpacity, "width down"),
        KeyBinding("]", .stepWidth(1), .widthAndOpacity, "width up"),
        KeyBinding("shift+[", .stepOpacity(-1), .widthAndOpacity, "opacity down"),
        KeyBinding("shift+]", .stepOpacity(1), .widthAndOpacity, "opacity up"),
        KeyBinding("g", .stepStabilizer, .widthAndOpacity, "step the stabilizer (off, 0.3, 0.6, 0.85)"),
    ]

    static let edit: [KeyBinding] = [
        KeyBinding("enter", .finish, .edit, "finish the Bézier path"),
        KeyBinding("escape", .cancel, .edit, "cancel what is in progress"),
        KeyBinding("ctrl+z", .undo, .edit, "undo"),
        KeyBinding("ctrl+shift+z", .redo, .edit, "redo"),
        KeyBinding("ctrl+y", .redo, .edit, "redo"),
        KeyBinding("delete", .deleteSelection, .edit, "delete the selection"),
        KeyBinding("backspace", .deleteSelection, .edit, "delete the selection"),
        KeyBinding("ctrl+shift+delete", .clear, .edit, "clear the canvas (ctrl+z brings it back)"),
        KeyBinding("shift+x", .toggleEraserMode, .edit, "eraser mode: whole strokes / partial"),
        KeyBinding("ctrl+a", .selectAll, .edit, "select all"),
        KeyBinding("ctrl+c", .copy, .edit, "copy"),
        KeyBinding("ctrl+x", .cut, .edit, "cut"),
        KeyBinding("ctrl+v", .paste, .edit, "paste"),
        KeyBinding("ctrl+d", .duplicate, .edit, "duplicate"),
        KeyBinding("left", .nudge(dx: -1, dy: 0), .edit, "nudge the selection 1 point"),
        KeyBinding("right", .nudge(dx: 1, dy: 0), .edit, "nudge the selection 1 point"),
        KeyBinding("up", .nudge(dx: 0, dy: -1), .edit, "nudge the selection 1 point"),
        KeyBinding("down", .nudge(dx: 0, dy: 1), .edit, "nudge the selection 1 point"),
        KeyBinding("shift+left", .nudge(dx: -10, dy: 0), .edit, "nudge the selection 10 points"),
        KeyBinding("shift+right", .nudge(dx: 10, dy: 0), .edit, "nudge the selection 10 points"),
        KeyBinding("shift+up", .nudge(dx: 0, dy: -10), .edit, "nudge the selection 10 points"),
        KeyBinding("shift+down", .nudge(dx: 0, dy: 10), .edit, "nudge the selection 10 points"),
    ]

    static let layers: [KeyBinding] = [
        KeyBinding("ctrl+l", .window(.toggleLayers), .layers, "layers panel (open/close)"),
        KeyBinding("ctrl+shift+n", .layer(.add), .layers, "new layer above the current one"),
        KeyBinding("alt+delete", .layer(.delete), .layers, "delete the current layer (not the last)"),
        KeyBinding("alt+up", .layer(.current(1)), .layers, "the layer above becomes current"),
        KeyBinding("alt+down", .layer(.current(-1)), .layers, "the layer below becomes current"),
        KeyBinding("shift+alt+up", .layer(.move(1)), .layers, "move the current layer up"),
        KeyBinding("shift+alt+down", .layer(.move(-1)), .layers, "move the current layer down"),
        KeyBinding("alt+h", .layer(.toggleVisible), .layers, "hide/show the current layer"),
        KeyBinding("alt+l", .layer(.toggleLocked), .layers, "lock/unlock the current layer"),
        KeyBinding("alt+[", .layer(.stepOpacity(-1)), .layers, "current layer's opacity down 10 %"),
        KeyBinding("alt+]", .layer(.stepOpacity(1)), .layers, "current layer's opacity up 10 %"),
        KeyBinding("alt+m", .layer(.mergeDown), .layers, "merge the current layer into the one below"),
        KeyBinding("ctrl+alt+up", .layer(.moveSelection(1)), .layers, "move the selection to the layer above"),
        KeyBinding("ctrl+alt+down", .layer(.moveSelection(-1)), .layers, "move the selection to the layer below"),
    ]

    static let viewAndWindow: [KeyBinding] = [
        KeyBinding("tab", .toggleBars, .viewAndWindow, "hide/show the bars"),
        KeyBinding("ctrl+=", .window(.zoomIn), .viewAndWindow, "zoom in"),
        KeyBinding("ctrl+shift+=", .window(.zoomIn), .viewAndWindow, "zoom in"),
        KeyBinding("ctrl+-", .window(.zoomOut), .viewAndWindow, "zoom out"),
        KeyBinding("ctrl+0", .window(.zoomToFit), .viewAndWindow, "fit the drawing (or the page) in the window"),
        KeyBinding("ctrl+1", .window(.zoomToActualSize), .viewAndWindow, "zoom to 100 %"),
        KeyBinding("m", .window(.toggleMirror), .viewAndWindow, "mirror mode"),
        KeyBinding("n", .window(.toggleTouchMode), .viewAndWindow, "touch mode (fingers draw, or pan and zoom)"),
        KeyBinding("f1", .window(.toggleHelp), .viewAndWindow, "help"),
        KeyBinding("shift+/", .window(.toggleHelp), .viewAndWindow, "help"),
        KeyBinding("ctrl+q", .window(.quit), .viewAndWindow, "quit"),
    ]

    static let files: [KeyBinding] = [
        KeyBinding("ctrl+s", .window(.save), .files, "save"),
        KeyBinding("ctrl+o", .window(.open), .files, "open"),
        KeyBinding("ctrl+shift+s", .window(.saveAs), .files, "save as"),
        KeyBinding("ctrl+e", .window(.export(transparent: false)), .files, "export PNG, SVG or PDF"),
        KeyBinding("ctrl+alt+e", .window(.export(transparent: true)), .files, "export PNG or PDF with a transparent background"),
        KeyBinding("ctrl+r", .window(.revert), .files, "revert to the saved file (ctrl+z brings the changes back)"),
        KeyBinding("ctrl+i", .window(.insertImage), .files, "insert a PNG image at the view centre"),
    ]

    private static let byChord: [KeyPress: KeyBinding] = Dictionary(all.map { ($0.chord, $0) }) { first, _ in first }

    /// The binding of a key press, or nil when the key does nothing.
    public static func binding(for key: KeyPress) -> KeyBinding? { byChord[key] }

    /// The first chord bound to `action`, or nil.
    public static func chord(for action: KeyAction) -> KeyPress? { all.first { $0.action == action }?.chord }
}
