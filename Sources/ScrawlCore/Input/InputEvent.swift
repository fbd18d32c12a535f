/// One input event: every touch that changed at one moment (in array order), a key press, or a
/// named frame to capture.
public enum InputEvent: Hashable, Sendable {
    case touches([Touch])
    case key(KeyPress)
    case frame(String)
}
