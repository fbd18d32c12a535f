/// The colour picker and the layers panel, which never show at once: opening one closes the
/// other (both open at the colour bar's edge, where they would cover each other). The window
/// keeps its picker and panel in one of these; changing the open one (a drag in the picker, a
/// rename in the panel) leaves the other closed as it is.
public struct OpenPanels: Hashable, Sendable {
    /// The colour picker, while it is open; opening it closes the layers panel.
    public var picker: ColorPicker? {
        didSet { if oldValue == nil, picker != nil { layerPanel = nil } }
    }
    /// The layers panel, while it is open; opening it closes the colour picker.
    public var layerPanel: LayerPanel? {
        didSet { if oldValue == nil, layerPanel != nil { picker = nil } }
    }

    public init() {}
}
