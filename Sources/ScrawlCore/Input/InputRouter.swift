/// Decides who gets each input of the window: the path prompt, the colour picker, the help
/// overlay, the bars, the view (pan and zoom) or the canvas (the editor). It keeps what the keys
/// and buttons hold between inputs (space, a pan, a drag in the picker or on the canvas); what is
/// shown comes with each input as an `InputScreen`. No window, GL or clock: the window turns GLFW
/// events into `WindowInput`s and performs the `InputRoute` it gets back.
///
/// The order, first match wins:
///
/// Keys (`keyDown`, `keyUp`)
/// 1. The path prompt, while open, takes every key that goes down, named or not, space and
///    escape included (escape closes it); keys coming up go nowhere. Typing there never reaches
///    the key table.
/// 2. Space, with any modifiers, is the view's: held, a left drag pans (the hand cursor shows).
/// 3. A key coming up, or one without a replay name, goes nowhere.
/// 4. The colour picker, while open, takes every key without ctrl (escape closes it, enter and
///    backspace edit its field, the rest is typing, `c` too); keys with ctrl pass on.
/// 5. The key table: help (`F1`, `?`) is the overlay's, the zoom keys the view's, `c` and
///    `shift+c` open or close the picker, save, open, save as, export, quit and mirror mode are the
///    window's; every other key is the editor's (`escape` cancels what is in progress there). Undo,
///    redo and clear during a drag on the canvas end the drag (the editor cancels its touches).
///
/// So escape closes the innermost thing first: the prompt, then the picker, then what the editor
/// has in progress (a shape, a selection, the eyedropper). The help overlay takes no input: only
/// its key hides it, and drawing goes on under it.
///
/// Typed characters (`text`): the prompt, else the picker's hex field, else nobody.
///
/// Pointer (`press`, `release`, `move`)
/// 1. Panning: the middle button, anywhere (over the bars too); the left button while a pan is
///    held, or pressed with space held and no drag on the canvas. A pan's moves are the view's
///    until its button comes up. Other buttons go nowhere.
/// 2. The picker, while open and no drag on the canvas is held: a press on its panel is its own
///    (on the square or a strip it starts a drag, whose moves and release are the picker's too);
///    a press outside it only closes it, except on the colour squares, which are the bars' (they
///    toggle the picker themselves).
/// 3. The bars: a press on a button clicks it; a press on bar space does nothing. Either holds
///    nothing, so the moves that follow are hovering and a drag from a bar onto the canvas never draws.
/// 4. The canvas: a press anywhere else starts a drag there; its moves and its release are touches
///    for the editor, wherever the pointer goes. Alt (or mirror mode) adds the mirrored touch when
///    the tool draws.
/// 5. A move with nothing held is hovering.
///
/// Wheel: over the width or opacity value it steps the value (a sideways wheel there does
/// nothing); anywhere else it is the view's. Dropped files are the window's.
public struct InputRouter: Hashable, Sendable {
    /// Space is held: a left press pans instead of drawing.
    public internal(set) var spaceHeld = false
    /// A pan drag in progress: the pointer's last position.
    public internal(set) var panFrom: Point?
    /// A drag on the canvas in progress: the editor has touches down.
    public internal(set) var canvasDrag: CanvasDrag?
    /// The picker's square or strip being dragged.
    public internal(set) var pickerDrag: ColorPicker.Part?

    /// A drag on the canvas: whether its press added the mirrored touch.
    public struct CanvasDrag: Hashable, Sendable {
        public var mirrored: Bool
    }

    public init() {}

    /// Whether the editor has touches down.
    public var pointerDown: Bool { canvasDrag != nil }

    /// Who gets `input`, with `screen` as the window shows it now; updates what is held.
    public mutating func route(_ input: WindowInput, on screen: InputScreen) -> InputRoute {
        if screen.picker == nil { pickerDrag = nil }  // the picker closed (a key, a click) during its drag
        switch input {
        case .keyDown(let press): return key(press, down: true, on: screen)
        case .keyUp(let press): return key(press, down: false, on: screen)
        case .text(let c):
            if screen.promptOpen { return .prompt(.text(c)) }
            return screen.picker == nil ? .none : .picker(.text(c))
        case .press(let button, let p, let mods): return press(button, at: p, modifiers: mods, on: screen)
        case .release(let button, let p, let mods): return release(button, at: p, modifiers: mods)
        case .move(let p, let mods): return move(to: p, modifiers: mods)
        case .wheel(let dx, let dy, let p): return wheel(dx: dx, dy: dy, at: p, on: screen)
        case .drop(let paths): return .files(paths)
        }
    }
}
