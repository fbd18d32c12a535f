import ScrawlCore

/// The window's interface state beside the drawing, one stored value of `WindowApp`: what is open
/// over the canvas, what the keys and buttons hold (the input router's), the toast, the tooltip
/// and where the pointer is. `screen` is what of it the router reads with each input.
struct WindowUI {
    /// Who gets each input, and what the keys and buttons hold (space, a pan, a drag).
    var router = InputRouter()
    /// The in-window path prompt, while it is open.
    var prompt: PathPrompt?
    /// The colour picker and the layers panel: opening one closes the other.
    var panels = OpenPanels()
    /// The colour picker, while it is open (`c`, or a click on the colour squares).
    var picker: ColorPicker? {
        get { panels.picker }
        set { panels.picker = newValue }
    }
    /// The layers panel, while it is open (`ctrl+l`, or the bar's layers button).
    var layerPanel: LayerPanel? {
        get { panels.layerPanel }
        set { panels.layerPanel = newValue }
    }
    /// The help overlay (`F1`, `?`).
    var helpShown = false
    /// Mirror mode (`m`): a second touch mirrored through the page centre.
    var mirror = false
    /// What fingers on a touchscreen do (`n`; kept in the settings).
    var touchMode = TouchMode.draw
    /// The view a finger gesture computes its steps from, unsnapped (the editor's is snapped to
    /// whole device pixels), while it still matches the editor's.
    var gestureView: Viewport?
    /// The first start's hint ("Press F1 for keys and mouse") on the empty canvas, until the first
    /// touch on the canvas.
    var firstHint = false
    /// The message at the bottom of the canvas, and the swatch or tool under the pointer.
    var toast: Toast?
    var hover: Hover?
    /// The pointer's position from the last motion (or enter) event, in window points.
    var cursor: Point?
    /// The pointer has moved in the window since it last entered (a new window's first frames
    /// do not know where the pointer is, whatever GLFW reports).
    var pointerSeen = false
    /// The picker's gradients failed to draw and standard error was told (once).
    var pickerProblemSaid = false
    /// The cursor feedback the last frame drew.
    var drawnFeedback = CursorFeedback.none

    /// What the router reads of this state, with the bars as laid out now.
    func screen(bars: ToolbarLayout, barHeight: Double, recentColours: Int, toolDraws: Bool, ink: InkUse = [],
                touchModeShown: Bool = false) -> InputScreen {
        var s = InputScreen(promptOpen: prompt != nil, picker: picker, bars: bars, barHeight: barHeight,
                            recentColours: recentColours, toolDraws: toolDraws, mirror: mirror)
        s.ink = ink
        s.touchMode = touchMode
        s.touchModeShown = touchModeShown
        return s
    }
}
