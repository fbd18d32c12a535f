/// What a touch came from: the mouse (or anything else GLFW reports as the pointer), a tablet's
/// stylus, its eraser end, or a finger on a touchscreen (the last three through XInput2).
public enum TouchDevice: String, Hashable, Sendable, CaseIterable {
    case mouse, pen, eraser, touch

    /// The stylus's eraser end: its touches erase (`Editor+EraserEnd`).
    public var isEraserEnd: Bool { self == TouchDevice.eraser }
}
