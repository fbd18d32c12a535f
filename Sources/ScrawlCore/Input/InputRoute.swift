/// Who gets one input of the window, and what it is for them: `InputRouter`'s answer, which the
/// window performs. Positions are window points, as the input had them.
public enum InputRoute: Hashable, Sendable {
    /// Nobody: the input changes nothing.
    case none
    /// The path prompt (see `PromptRoute`).
    case prompt(PromptRoute)
    /// The colour picker (see `PickerRoute`).
    case picker(PickerRoute)
    /// The layers panel (see `LayerPanelRoute`).
    case layers(LayerPanelRoute)
    /// The help overlay is shown or hidden (`F1`, `?`).
    case overlay
    /// A button of the bars (see `BarRoute`).
    case bars(BarRoute)
    /// The pointer moved with no drag held: the bars' highlight and tooltip, and the cursor
    /// feedback over the canvas, follow it.
    case hover(Point)
    /// The pen went away from the tablet: the cursor feedback goes until the pointer moves again.
    case hoverEnded
    /// The view: panning and zooming (see `ViewRoute`).
    case view(ViewRoute)
    /// The editor: a key through the key table, or the touches of a drag on the canvas.
    case canvas(CanvasRoute)
    /// A window command from the key table: save, quit, open, save as, export, mirror mode.
    case window(KeyAction.WindowAction)
    /// Dropped files: a picture becomes the stamp, anything else is opened.
    case files([String])
}

/// What the path prompt gets.
public enum PromptRoute: Hashable, Sendable {
    /// The key that went down (the window reads its own key code: the prompt knows keys, such as
    /// `end`, that replays have no name for).
    case key
    case text(Character)
}

/// What the colour picker gets.
public enum PickerRoute: Hashable, Sendable {
    /// A key without ctrl: escape closes, enter applies the field, backspace edits it; the rest is typing.
    case key(KeyPress)
    case text(Character)
    /// `c` or `shift+c`: opens the picker for the stroke (or the fill), or closes it.
    case toggle(fill: Bool)
    /// A press on a part of the panel (on the square or a strip it starts a drag).
    case press(ColorPicker.Part, at: Point)
    /// The drag on the square or a strip moved.
    case drag(ColorPicker.Part, to: Point)
    /// The drag ended: the colour shown is applied.
    case release(ColorPicker.Part, at: Point)
    /// A press outside the panel: it only closes the picker.
    case close
}

/// What the layers panel gets.
public enum LayerPanelRoute: Hashable, Sendable {
    /// `ctrl+l` or the bar's button: opens the panel, or closes it.
    case toggle
    /// A click on a part of the open panel.
    case press(LayerPanel.Part, shift: Bool)
    /// The wheel over a row's opacity (up: higher).
    case step(Int, up: Bool)
    /// The wheel elsewhere over a panel with more rows than show: this many rows down the list
    /// (negative: up; the wheel turned up shows the rows above).
    case scroll(Int)
    /// While a name is typed: a key without ctrl (enter commits, escape cancels, backspace edits;
    /// the rest is typing) and a typed character.
    case key(KeyPress)
    case text(Character)
    /// A press outside the panel while a name is typed: it only ends the rename (the name kept).
    case endRename
}

/// What a button of the bars gets.
public enum BarRoute: Hashable, Sendable {
    /// A click: a swatch, tool or command does what its key does; shift picks the fill or steps
    /// down; ctrl on the zoom fits the drawing.
    case click(ToolbarHit, shift: Bool, ctrl: Bool = false)
    /// The wheel over the width or the opacity value steps it (up: larger).
    case step(ToolbarHit, up: Bool)
}

/// What the view gets.
public enum ViewRoute: Hashable, Sendable {
    /// Space went down (or repeated) or up: the hand cursor shows while it is held.
    case space(held: Bool)
    /// A pan drag starts at the pointer, moves (the canvas follows it from `from` to `to`), or ends.
    case beginPan(at: Point)
    case pan(from: Point, to: Point)
    case endPan
    /// The wheel with the pointer at `at`: pans (shift: sideways), or zooms about the pointer with ctrl.
    case wheel(dx: Double, dy: Double, at: Point)
    /// A zoom key (`zoomIn`, `zoomOut`, `zoomToFit`, `zoomToActualSize`).
    case zoom(KeyAction.WindowAction)
    /// A step of a finger gesture (*touch navigates*): the view zooms by `scale` about `from`, then
    /// pans so that the canvas point that was under `from` lies under `to`.
    case touchGesture(from: Point, to: Point, scale: Double)
}

/// What the editor gets.
public enum CanvasRoute: Hashable, Sendable {
    /// A key and its binding in `KeyTable` (nil: none; the editor records it and ignores it).
    /// `paste` tries the system clipboard first.
    case key(KeyPress, KeyAction?)
    /// Touch 0 of a drag on the canvas in `phase` at `at`, plus the mirrored touch 1 when `mirrored`;
    /// `pen` is the pen's sample for a drag of the pen (nil: the mouse's).
    case touches(TouchPhase, at: Point, modifiers: InputModifiers, mirrored: Bool, pen: PenSample? = nil)
    /// Fingers that draw, each its own touch.
    case fingers([FingerTouch])
    /// A character typed into the text being edited.
    case text(Character)
}
