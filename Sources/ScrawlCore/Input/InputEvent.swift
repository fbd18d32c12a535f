/// One input event: every touch that changed at one moment (in array order), a key press, a
/// named frame to capture, the part of the canvas the window shows from now on, or text pasted
/// from another window, or a colour or ink setting chosen where no key exists.
public enum InputEvent: Hashable, Sendable {
    case touches([Touch])
    case key(KeyPress)
    case frame(String)
    /// The window now shows `Viewport`; touches stay in canvas points, so drawing does not change.
    case view(Viewport)
    /// Text pasted from the system clipboard (a selection copied in another window, as `.scrawl`
    /// JSON): the selection tool decodes and pastes it, or says the text is not a selection.
    case paste(String)
    /// A colour chosen in the picker or from the recent colours (see `ColorEvent`).
    case color(ColorEvent)
    /// A pressure or stabilizer setting chosen on the bar (see `InkEvent`).
    case ink(InkEvent)
    /// A layer operation chosen in the layers panel (see `LayerEvent`).
    case layer(LayerEvent)
    /// Characters typed into the text being edited (the Text tool's; nothing while no text is edited).
    case text(String)
}
