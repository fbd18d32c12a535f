/// One input of the window as plain values, before anyone has taken it: the GLFW callbacks turn
/// each event into one of these and hand it to `InputRouter`. Positions are window points, the
/// origin at the window's top-left (the bars' coordinates).
public enum WindowInput: Hashable, Sendable {
    /// A key went down or repeated; nil for a key without a replay name (only the path prompt uses those).
    case keyDown(KeyPress?)
    /// A key came up.
    case keyUp(KeyPress?)
    /// A typed character (it arrives right after its key's `keyDown`).
    case text(Character)
    /// A pointer button went down or up where the pointer last moved to, with the modifiers held.
    case press(PointerButton, at: Point, modifiers: InputModifiers)
    case release(PointerButton, at: Point, modifiers: InputModifiers)
    /// The pointer moved, with the modifiers held now.
    case move(to: Point, modifiers: InputModifiers)
    /// The scroll wheel turned (`dy` > 0: up) with the pointer at `at`.
    case wheel(dx: Double, dy: Double, at: Point)
    /// Files dropped on the window.
    case drop([String])
    /// The pen (XInput2): proximity, moves, its tip and buttons, with pressure and tilt.
    case pen(PenInput)
    /// A finger on a touchscreen (XInput2).
    case finger(FingerInput)
}

/// The pointer's buttons as the router tells them apart.
public enum PointerButton: Hashable, Sendable {
    case left, middle
    /// Any other button (the right one, extra ones): nobody takes it.
    case other
}

/// The modifiers a pointer input carries (the touches' flags, and shift-click on the bars).
public struct InputModifiers: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let shift = InputModifiers(rawValue: 1)
    public static let alt = InputModifiers(rawValue: 2)
    /// Ctrl: a ctrl-click on the zoom fits the drawing (touches do not carry it).
    public static let ctrl = InputModifiers(rawValue: 4)
}

/// What the window shows when an input arrives, as far as the router's decision reads it. The
/// window builds one per input from its interface state and its size; tests build them by hand.
public struct InputScreen: Hashable, Sendable {
    /// The path prompt is open (it takes every key and character).
    public var promptOpen: Bool
    /// The colour picker, while it is open (its panel's parts are hit-tested).
    public var picker: ColorPicker?
    /// The bars laid out across the window around the canvas area (`visible` false: hidden).
    public var bars: ToolbarLayout
    /// One bar's height in window points as the scene draws it (whole device pixels).
    public var barHeight: Double
    /// Recent colours in the colour bar: a slot past them is bar space, not a button.
    public var recentColours: Int
    /// The current tool draws, so a press may add the mirrored touch.
    public var toolDraws: Bool
    /// Mirror mode (`m`) is on.
    public var mirror: Bool
    /// The ink labels the current tool shows (`Editor.inkUse`): the others are bar space.
    public var ink: InkUse = []
    /// What fingers on a touchscreen do.
    public var touchMode: TouchMode = .draw
    /// The bar shows the touch mode's label (a touchscreen is known): elsewhere it is bar space.
    public var touchModeShown = false
    /// A text is being edited: keys without ctrl and typed characters go to it.
    public var textEditing = false
    /// The tool options show the selection's mode (Select is the tool).
    public var selectMode = false
    /// The layers panel, while it is open (its rows and buttons are hit-tested).
    public var layerPanel: LayerPanel?

    /// A layer's name is being typed in the panel (and the picker is closed): keys without ctrl
    /// and typed characters go to it.
    public var renamingLayer: Bool { picker == nil && layerPanel?.isRenaming == true }

    public init(promptOpen: Bool = false, picker: ColorPicker? = nil, bars: ToolbarLayout, barHeight: Double = ToolbarLayout.barHeight,
                recentColours: Int = 0, toolDraws: Bool = true, mirror: Bool = false) {
        self.promptOpen = promptOpen; self.picker = picker; self.bars = bars; self.barHeight = barHeight
        self.recentColours = recentColours; self.toolDraws = toolDraws; self.mirror = mirror
    }

    /// Whether `p` lies on the colour bar or the shape bar (when they are shown).
    public func isOverBars(_ p: Point) -> Bool {
        guard bars.visible else { return false }
        return p.y < barHeight || p.y >= barHeight + bars.canvas.height
    }

    /// The button of the bars under `p`: nil over bar space, the canvas, or an empty recent-colour slot.
    public func button(at p: Point) -> ToolbarHit? {
        guard let hit = bars.hit(p, selectMode: selectMode) else { return nil }
        if case .recent(let i) = hit, i >= recentColours { return nil }
        if hit == .pressure, !ink.contains(.pressure) { return nil }
        if hit == .stabilizer, !ink.contains(.stabilizer) { return nil }
        if hit == .touchMode, !touchModeShown { return nil }
        return hit
    }
}
