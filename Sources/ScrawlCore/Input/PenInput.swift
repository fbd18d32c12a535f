/// One input of a tablet's stylus (its tip, its eraser end or a barrel button), read through
/// XInput2 beside GLFW's pointer; positions are window points, as `WindowInput` has them.
public struct PenInput: Hashable, Sendable {
    /// What the pen did.
    public enum Action: Hashable, Sendable {
        /// It came near the tablet (proximity in): from now on the mouse's pointer events are the
        /// pen's, and touches are palms (`InputRouter`), until it leaves.
        case enter
        /// It went away from the tablet (proximity out), or its device was unplugged.
        case leave
        /// It moved, touching or hovering.
        case move
        /// The tip (`.left`) or a barrel button (`.middle` pans, others do nothing) went down or up.
        case press(PointerButton)
        case release(PointerButton)
    }

    public var action: Action
    public var at: Point
    public var sample: PenSample
    public var modifiers: InputModifiers
    /// When it happened, in seconds on the X server's clock (the one finger inputs carry too).
    public var time: Double
    /// The pen moves the pointer (its device is attached to the master pointer, not floating), so
    /// GLFW reports its presses, releases and moves again.
    public var movesPointer: Bool

    public init(_ action: Action, at: Point, sample: PenSample = PenSample(), modifiers: InputModifiers = [], time: Double = 0,
                movesPointer: Bool = true) {
        self.action = action; self.at = at; self.sample = sample; self.modifiers = modifiers; self.time = time
        self.movesPointer = movesPointer
    }
}

/// What a pen sample measures beside its position.
public struct PenSample: Hashable, Sendable {
    /// The tip's pressure, 0...1 (0 while it hovers).
    public var pressure: Double
    /// The tilt from the vertical towards +x and +y in degrees (-90...90), where the device has it.
    public var tiltX: Double?
    public var tiltY: Double?
    /// The stylus's eraser end (its own device, or a tool type saying so).
    public var eraser: Bool

    public init(pressure: Double = 0, tiltX: Double? = nil, tiltY: Double? = nil, eraser: Bool = false) {
        self.pressure = pressure; self.tiltX = tiltX; self.tiltY = tiltY; self.eraser = eraser
    }

    /// The device a touch made from this sample comes from.
    public var device: TouchDevice { eraser ? .eraser : .pen }
}

/// One finger on a touchscreen, read through XInput2: the device's touch id, its phase and where
/// it is (window points).
public struct FingerInput: Hashable, Sendable {
    public var id: Int
    public var phase: TouchPhase
    public var at: Point
    /// When it happened, in seconds on the X server's clock (the one pen inputs carry).
    public var time: Double

    public init(id: Int, phase: TouchPhase, at: Point, time: Double = 0) {
        self.id = id; self.phase = phase; self.at = at; self.time = time
    }
}

/// A finger that draws, as the router hands it to the canvas: the touch id the tools see (2 and
/// up, the lowest free one: 0 and 1 are the pointer's and its mirrored twin's), its phase and
/// where it is (window points).
public struct FingerTouch: Hashable, Sendable {
    public var id: Int
    public var phase: TouchPhase
    public var at: Point

    public init(id: Int, phase: TouchPhase, at: Point) { self.id = id; self.phase = phase; self.at = at }
}
