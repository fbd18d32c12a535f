/// What a click on the bars hits.
public enum ToolbarHit: Hashable, Sendable {
    case swatch(index: Int)
    case tool(ToolKind)
    /// The current-colour squares: the stroke square in front, or the fill square behind it.
    case colorIndicator(fill: Bool)
    /// One of the recent colours (index 0 is the most recent; the window ignores empty slots).
    case recent(index: Int)
    /// The labelled width value ("12 pt"): a click steps it up, shift-click down, the wheel both ways.
    case width
    /// The labelled opacity value ("75 %"), stepped like the width.
    case opacity
    /// The pressure label ("pressure 50%", colour bar, for tools that use pressure): a click steps
    /// the sensitivity, shift-click turns pressure from speed on or off.
    case pressure
    /// The stabilizer label ("steady 0.6"): a click steps it as `g` does.
    case stabilizer
    /// The touch mode's label ("touch draws", shape bar, with a touchscreen): a click switches it as `n` does.
    case touchMode
    /// A command button (undo, redo, save, export, layers; the layer's name beside the layers
    /// button is that button too): a click does what its key does.
    case command(ToolbarCommand)
    /// The zoom ("100 %"): a click zooms to 100 %, ctrl-click fits the drawing in the window.
    case zoom
    /// The selection's mode ("box select" or "lasso select", the Select tool's option): a click
    /// switches it, as `v` does while Select is the tool.
    case selectMode
}

/// What the bars show beyond the editor's settings: the window's own state.
public struct BarStatus: Hashable, Sendable {
    /// The button under the pointer (drawn highlighted).
    public var hover: ToolbarHit?
    /// Mirror mode is on (`m`).
    public var mirror: Bool
    /// The window is recording a replay (`--record`).
    public var recording: Bool
    /// The current tool's pressure and stabilizer settings (`Editor.shownInk`; the toolbar pass sets
    /// them from the editor): nil hides their labels.
    public var ink: BarInk?
    /// The touch mode, shown while a touchscreen is known or it is not the default: nil hides it.
    public var touchMode: TouchMode?
    /// The selection's mode while Select is the tool (the toolbar pass sets it from the editor):
    /// nil hides it.
    public var selectMode: SelectionMode?
    /// The view's zoom (window points per canvas point), shown at the shape bar's right end.
    public var zoom: Double = 1

    public init(hover: ToolbarHit? = nil, mirror: Bool = false, recording: Bool = false, ink: BarInk? = nil,
                touchMode: TouchMode? = nil) {
        self.hover = hover; self.mirror = mirror; self.recording = recording; self.ink = ink; self.touchMode = touchMode
    }
}

/// A line of text the bars show (a value or an indicator): drawn by the renderer's text, its
/// rectangle relative to its bar's top edge, the text centred vertically.
public struct ToolbarLabel: Hashable, Sendable {
    public var text: String
    public var rect: Rect
    public var color: Color
    /// On the shape bar (else the colour bar).
    public var onShapeBar: Bool
    /// Words of the user's that may be wider than the rectangle (the layer's name): the renderer
    /// cuts them to fit (`fitted`). The bar's own words always fit theirs.
    public var cutToFit: Bool

    public init(text: String, rect: Rect, color: Color, onShapeBar: Bool, cutToFit: Bool = false) {
        self.text = text; self.rect = rect; self.color = color; self.onShapeBar = onShapeBar; self.cutToFit = cutToFit
    }
    /// Text size in points.
    public static let textPoints = 12.0
}
