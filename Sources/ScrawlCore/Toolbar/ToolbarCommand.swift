/// The command buttons at the colour bar's left end (save, export, insert image, undo, redo, layers), in the bar's order: each does what its key
/// does (a click is that key, and a recording holds the key). Adding one is a case here, with its
/// key action, title and icon; the layout, hit testing, drawing and tooltip follow.
public enum ToolbarCommand: String, CaseIterable, Hashable, Sendable {
    case save, export, insertImage, undo, redo, layers

    /// What the button does: the key table's action, whose first chord a click presses.
    public var action: KeyAction {
        switch self {
        case .save: return .window(.save)
        case .export: return .window(.export(transparent: false))
        case .insertImage: return .window(.insertImage)
        case .undo: return .undo
        case .redo: return .redo
        case .layers: return .window(.toggleLayers)
        }
    }

    /// The name its tooltip gives.
    public var title: String {
        switch self {
        case .save: return "Save"
        case .export: return "Export PNG or SVG"
        case .insertImage: return "Insert image"
        case .undo: return "Undo"
        case .redo: return "Redo"
        case .layers: return "Layers panel"
        }
    }

    /// Its icon inside a square, in ink.
    func icon(_ r: Rect, _ c: Color) -> [Drawable] {
        switch self {
        case .save: return ToolIcons.save(r, c)
        case .export: return ToolIcons.export(r, c)
        case .insertImage: return ToolIcons.insertImage(r, c)
        case .undo: return ToolIcons.undo(r, c, mirrored: false)
        case .redo: return ToolIcons.undo(r, c, mirrored: true)
        case .layers: return ToolIcons.layers(r, c)
        }
    }
}
