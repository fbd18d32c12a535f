/// One input event: every touch that changed at one moment (in array order), a key press, a
/// named frame to capture, or the part of the canvas the window shows from now on.
public enum InputEvent: Hashable, Sendable {
    case touches([Touch])
    case key(KeyPress)
    case frame(String)
    /// The window now shows `Viewport`; touches stay in canvas points, so drawing does not change.
    case view(Viewport)
}
