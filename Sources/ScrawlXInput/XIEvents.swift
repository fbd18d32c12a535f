import ScrawlCore

/// An XInput2 device event (`XIDeviceEvent`: motion, buttons, touches) as plain values
/// (`XIEvents+C` reads them).
public struct XIPointerEvent: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case motion, buttonPress, buttonRelease, touchBegin, touchUpdate, touchEnd
    }

    public var kind: Kind
    /// The device the event was selected on, and the physical device it came from.
    public var deviceID: Int
    public var sourceID: Int
    /// The button, or the touch id.
    public var detail: Int
    /// The server's time in milliseconds (it wraps after 2^32).
    public var time: UInt32
    /// The position on the root window and in the window the event was selected on.
    public var root: Point
    public var window: Point
    public var valuators: PackedValuators
    /// The modifiers in effect (shift and alt).
    public var modifiers: InputModifiers

    public init(kind: Kind, deviceID: Int, sourceID: Int? = nil, detail: Int = 0, time: UInt32 = 0, root: Point,
                window: Point? = nil, valuators: PackedValuators = PackedValuators(mask: [], values: []),
                modifiers: InputModifiers = []) {
        self.kind = kind; self.deviceID = deviceID; self.sourceID = sourceID ?? deviceID; self.detail = detail
        self.time = time; self.root = root; self.window = window ?? root; self.valuators = valuators
        self.modifiers = modifiers
    }
}

/// The X server's millisecond clock as seconds that keep counting through its wrap at 2^32 ms
/// (49.7 days), for the router's palm-rejection timing.
public struct ServerClock: Hashable, Sendable {
    private var last: UInt32?
    private var elapsed = 0.0

    public init() {}

    /// Seconds since the first time read, for server time `ms` (an earlier time than the last
    /// reads as earlier).
    public mutating func seconds(_ ms: UInt32) -> Double {
        if let last { elapsed += Double(Int32(bitPattern: ms &- last)) / 1000 }
        last = ms
        return elapsed
    }
}
