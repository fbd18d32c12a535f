/// A recorded input session (replay format v1): a canvas, a seed, an optional stamp image path and
/// the input events in order.
///
/// ```json
/// {"version": 1, "canvas": {"width": 640, "height": 480, "background": "#ffffff"}, "seed": 7,
///  "stamp": "images/star.png", "events": [{"key": "ctrl+z"},
///  {"touches": [{"id": 0, "phase": "began", "x": 10, "y": 20, "shift": false}]}, {"frame": "mid"}]}
/// ```
public struct Replay: Hashable, Sendable {
    /// The only version this build reads and writes.
    public static let currentVersion = 1

    /// The format version (1).
    public var version: Int
    /// The canvas size and background (default 800x600, white).
    public var canvas: CanvasSpec
    /// The seed for anything random (default 0).
    public var seed: UInt64
    /// A PNG path relative to the replay's folder, kept as written.
    public var stamp: String?
    /// The input events in order.
    public var events: [InputEvent]

    /// A replay; every part defaults.
    public init(version: Int = Replay.currentVersion, canvas: CanvasSpec = CanvasSpec(), seed: UInt64 = 0,
                stamp: String? = nil, events: [InputEvent] = []) {
        self.version = version
        self.canvas = canvas
        self.seed = seed
        self.stamp = stamp
        self.events = events
    }

    /// Parses a complete replay; nothing is accepted silently (a truncated file is an error).
    public static func parse(_ bytes: [UInt8]) throws(ReplayError) -> Replay {
        try parse(bytes, allowTruncatedEvents: false)
    }

    /// Parses a replay; with `allowTruncatedEvents`, input that ends inside the `events` array (or
    /// just after it) yields every event that was complete, e.g. a recording whose process died
    /// before `ReplayRecorder.close()`. Everything else is still checked strictly.
    public static func parse(_ bytes: [UInt8], allowTruncatedEvents: Bool) throws(ReplayError) -> Replay {
        try bytes.withUnsafeBufferPointer { (buffer) throws(ReplayError) -> Replay in
            try decode(buffer, allowTruncatedEvents: allowTruncatedEvents, output: .keep).replay
        }
    }

    /// Decodes like `parse(_:allowTruncatedEvents:)`, with the same checks and the same errors, but
    /// hands each event to `body` as soon as it is decoded (with the input offset just past it)
    /// instead of keeping it: the replay returned has no events, only their count. Events before a
    /// problem found later in the input have already been handed on when it throws, so a caller that
    /// acts on events decodes twice: first to validate (`check`), then to act.
    public static func decode(_ bytes: UnsafeBufferPointer<UInt8>, allowTruncatedEvents: Bool,
                              eachEvent body: @escaping (InputEvent, Int) -> Void) throws(ReplayError)
        -> (replay: Replay, eventCount: Int) {
        try decode(bytes, allowTruncatedEvents: allowTruncatedEvents, output: .hand(body))
    }

    /// Checks like `decode(_:allowTruncatedEvents:eachEvent:)`, with the same rules and the same
    /// errors, but builds no event (no `InputEvent`, touch array, pasted text or frame name; a key
    /// name is still parsed by `KeyPress(name:)`): the cheap first pass of a caller that decodes
    /// twice. `progress` gets the input offset just past each event checked.
    public static func check(_ bytes: UnsafeBufferPointer<UInt8>, allowTruncatedEvents: Bool,
                             progress: @escaping (Int) -> Void = { _ in }) throws(ReplayError)
        -> (replay: Replay, eventCount: Int) {
        try decode(bytes, allowTruncatedEvents: allowTruncatedEvents, output: .check(progress))
    }

    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, allowTruncatedEvents: Bool,
                               output: ReplayDecoder.EventOutput) throws(ReplayError)
        -> (replay: Replay, eventCount: Int) {
        guard bytes.contains(where: { !ReplayDecoder.isWhitespace($0) }) else { throw .empty }
        var decoder = ReplayDecoder(bytes, allowTruncatedEvents: allowTruncatedEvents)
        decoder.output = output
        let replay = try decoder.decode()
        return (replay, decoder.eventCount)
    }

    /// Throws `.canvasSize` unless the canvas fits `CanvasSpec.fits` at `scale`.
    public func validateCanvas(scale: Double) throws(ReplayError) {
        try canvas.validate(scale: scale)
    }

    /// Whether `name` is a valid frame name: 1 to 64 of `A-Z a-z 0-9 . _ -`.
    public static func isValidFrameName(_ name: String) -> Bool {
        isValidFrameName(bytes: name.utf8)
    }

    static func isValidFrameName<C: Collection>(bytes: C) -> Bool where C.Element == UInt8 {
        guard (1...64).contains(bytes.count) else { return false }
        return bytes.allSatisfy { c in
            (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z"))
                || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9"))
                || c == UInt8(ascii: ".") || c == UInt8(ascii: "_") || c == UInt8(ascii: "-")
        }
    }
}
