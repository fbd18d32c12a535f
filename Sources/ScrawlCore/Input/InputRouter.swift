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
///    While a layer's name is typed in the layers panel, the name takes the keys without ctrl
///    (before space: a space is typed), as the picker does; keys with ctrl pass on.
/// 5. The key table: help (`F1`, `?`) is the overlay's, the zoom keys the view's, `c` and
///    `shift+c` open or close the picker, `ctrl+l` the layers panel, save, open, save as, export, quit and mirror mode are the
///    window's; every other key is the editor's (`escape` cancels what is in progress there). Undo,
///    redo and clear during a drag on the canvas end the drag (the editor cancels its touches).
///
/// So escape closes the innermost thing first: the prompt, then the picker, then what the editor
/// has in progress (a shape, a selection, the eyedropper). The help overlay takes no input: only
/// its key hides it, and drawing goes on under it.
///
/// Typed characters (`text`): the prompt, else the picker's hex field, else a layer name being
/// typed, else the text being edited, else nobody.
///
/// Pointer (`press`, `release`, `move`)
/// 1. Panning: the middle button, anywhere (over the bars too); the left button while a pan is
///    held, or pressed with space held and no drag on the canvas. A pan's moves are the view's
///    until its button comes up. Other buttons go nowhere.
/// 2. The picker, while open and no drag on the canvas is held: a press on its panel is its own
///    (on the square or a strip it starts a drag, whose moves and release are the picker's too);
///    a press outside it only closes it, except on the colour squares, which are the bars' (they
///    toggle the picker themselves).
/// 3. The layers panel, while open and no drag on the canvas is held: a press on it is its own
///    (it stays open: it closes by its key or button); a press outside it while a name is typed
///    only ends the rename. The wheel over a row's opacity steps it; elsewhere on the panel it
///    does nothing. A finger on the panel clicks it.
/// 4. The bars: a press on a button clicks it; a press on bar space does nothing. Either holds
///    nothing, so the moves that follow are hovering and a drag from a bar onto the canvas never draws.
/// 5. The canvas: a press anywhere else starts a drag there; its moves and its release are touches
///    for the editor, wherever the pointer goes. Alt (or mirror mode) adds the mirrored touch when
///    the tool draws.
/// 6. A move with nothing held is hovering.
///
/// Wheel: over the width or opacity value it steps the value (a sideways wheel there does
/// nothing); anywhere else it is the view's. Dropped files are the window's.
///
/// Pen (`pen`, XInput2; see `InputRouter+Pen`)
/// 1. The X server moves the pointer with the pen (unless its device floats), so GLFW reports each
///    of its presses, releases and moves again, and not always after the pen's own (the two come
///    on different connections). A pointer press or release of the button of a pen press or
///    release not yet matched is that duplicate and goes nowhere, whenever it arrives; and while
///    the pen is near the tablet (between its `enter` and `leave`) or touching, the pointer's
///    presses, releases and moves go nowhere, unless they belong to a drag the mouse began. The
///    wheel stays the mouse's.
/// 2. The pen's tip is the left button and a barrel button the middle one, by the pointer rules
///    above: it clicks the bars, drags in the picker, pans, or draws with its pressure and tilt
///    (the eraser end as the eraser). Its moves with nothing held are hovering; `leave` ends it.
///
/// Fingers (`finger`, XInput2; see `InputRouter+Fingers`)
/// 1. A finger that begins while the pen is near, or within `palmDelay` after it left, is a palm:
///    it and everything it does go nowhere. So do fingers while the prompt is open.
/// 2. With the picker open a finger only closes it (on the panel: nothing). On the bars a finger
///    clicks the button under it; on bar space it does nothing. Either way its moves go nowhere.
/// 3. On the canvas, with *touch draws*, each finger is a touch of its own for the editor (ids from
///    2 up); with *touch navigates* the first finger pans, a second pans and pinch-zooms about the
///    two fingers' centre, and a third does nothing.
public struct InputRouter: Hashable, Sendable {
    /// Space is held: a left press pans instead of drawing.
    public internal(set) var spaceHeld = false
    /// A pan drag in progress: the pointer's last position.
    public internal(set) var panFrom: Point?
    /// A drag on the canvas in progress: the editor has touches down.
    public internal(set) var canvasDrag: CanvasDrag?
    /// The picker's square or strip being dragged.
    public internal(set) var pickerDrag: ColorPicker.Part?
    /// The pen: whether it is near the tablet, and when it last went away.
    public internal(set) var pen = PenState()
    /// The fingers down on a touchscreen, by the device's touch id, and what each does.
    public internal(set) var fingers: [Int: FingerRole] = [:]
    /// The pen's presses and releases whose pointer duplicates have not arrived yet, oldest first
    /// (at most `pendingLimit`).
    public internal(set) var pendingDuplicates: [PenButtonEvent] = []
    static let pendingLimit = 32
    /// How long after the pen went away a finger is still taken for a palm, in seconds.
    public static let palmDelay = 0.3

    /// A drag on the canvas: whether its press added the mirrored touch, and whose it is.
    public struct CanvasDrag: Hashable, Sendable {
        public var mirrored: Bool
        /// The pen's latest sample while it touches, for a drag of the pen; nil for the mouse's.
        public var pen: PenSample?

        public init(mirrored: Bool, pen: PenSample? = nil) { self.mirrored = mirrored; self.pen = pen }
    }

    /// The pen as the router knows it.
    public struct PenState: Hashable, Sendable {
        /// Between an `enter` and a `leave`.
        public var near = false
        /// It moves the pointer (as of its latest input): then the pointer's inputs are its duplicates.
        public var movesPointer = true
        /// When it last left (server seconds); nil before it ever did.
        public var leftAt: Double?
    }

    /// A press or release of the pen's, waiting for its pointer duplicate.
    public struct PenButtonEvent: Hashable, Sendable {
        public var button: PointerButton
        public var pressed: Bool
    }

    /// What a finger does, decided when it begins.
    public enum FingerRole: Hashable, Sendable {
        /// It draws as the editor's touch `id`.
        case draws(id: Int, at: Point)
        /// It pans (and with a second finger pinch-zooms) the view; `at` is its last position.
        case navigates(at: Point)
        /// A palm, a press on the bars, or a third finger: it goes nowhere.
        case ignored
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
            if screen.renamingLayer { return .layers(.text(c)) }
            if screen.picker == nil, screen.textEditing { return .canvas(.text(c)) }
            return screen.picker == nil ? .none : .picker(.text(c))
        case .press(let button, let p, let mods):
            return takeDuplicate(button, pressed: true) || mouseIsPens ? .none : press(button, at: p, modifiers: mods, on: screen)
        case .release(let button, let p, let mods):
            return takeDuplicate(button, pressed: false) || mouseIsPens ? .none : release(button, at: p, modifiers: mods)
        case .move(let p, let mods): return mouseIsPens ? .none : move(to: p, modifiers: mods)
        case .pen(let input): return pen(input, on: screen)
        case .finger(let input): return finger(input, on: screen)
        case .wheel(let dx, let dy, let p): return wheel(dx: dx, dy: dy, at: p, on: screen)
        case .drop(let paths): return .files(paths)
        }
    }
}
