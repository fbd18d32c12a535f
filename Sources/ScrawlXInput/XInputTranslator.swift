import ScrawlCore

/// Turns XInput's events, as plain values, into the window's inputs: each pen's proximity, moves
/// and buttons with its samples (pressure, tilt, which end), and the fingers of touchscreens. It
/// knows the devices (`update(devices:time:)` after each hierarchy change), keeps each pen's last
/// sample for the valuators an event leaves out, and reads the server's clock. No X connection:
/// `XInputConnection` feeds it, tests feed it by hand.
///
/// The router knows one pen: it is near while any pen device is, so `enter` comes when the first
/// comes near and `leave` when the last goes (or is unplugged). A pen that reports no proximity
/// is near while its tip touches. A pen event before its proximity is known (a pen already near
/// when the app started) brings it near.
public struct XInputTranslator: Sendable {
    /// The pens and touchscreens known now, by device id.
    public private(set) var pens: [Int: PenDevice] = [:]
    public private(set) var touchscreens: [Int: String] = [:]
    /// The screen's size in pixels (pen positions are mapped onto it).
    public var screenWidth: Double
    public var screenHeight: Double
    private var tracks: [Int: PenTrack] = [:]
    private var fingers: [Int: (device: Int, at: Point)] = [:]
    private var clock = ServerClock()

    /// What is known of one pen between events.
    private struct PenTrack: Sendable {
        var near = false
        var sample: PenSample?
        var at = Point(0, 0)
    }

    public init(screenWidth: Double, screenHeight: Double) {
        self.screenWidth = screenWidth; self.screenHeight = screenHeight
    }

    /// Whether any pen is near now.
    public var penNear: Bool { tracks.values.contains { $0.near } }

    /// Takes the devices as they are now: pens and touchscreens that went away (unplugged,
    /// disabled) leave, and their fingers end, at `time`.
    public mutating func update(devices: [XIDeviceSummary], time: UInt32) -> [WindowInput] {
        var newPens: [Int: PenDevice] = [:], newTouch: [Int: String] = [:]
        for d in devices {
            switch d.role {
            case .pen(var pen):
                pen.reportsProximity = pens[d.id]?.reportsProximity ?? true
                newPens[d.id] = pen
            case .touchscreen: newTouch[d.id] = d.name
            case .other: break
            }
        }
        var out: [WindowInput] = []
        for id in pens.keys where newPens[id] == nil { out += leave(id, time: time) }
        pens = newPens
        tracks = tracks.filter { newPens[$0.key] != nil }
        touchscreens = newTouch
        for (touch, f) in fingers.sorted(by: { $0.key < $1.key }) where newTouch[f.device] == nil {
            fingers[touch] = nil
            out.append(.finger(FingerInput(id: touch, phase: .ended, at: f.at, time: clock.seconds(time))))
        }
        return out
    }

    /// Notes whether pen `id` reports proximity (XInput 1's proximity class, found when the
    /// connection opens it).
    public mutating func setReportsProximity(_ reports: Bool, for id: Int) {
        pens[id]?.reportsProximity = reports
    }

    /// XInput 1's proximity in or out of pen `id` at window point `at` and server time `time`.
    public mutating func proximity(of id: Int, entered: Bool, at: Point, time: UInt32) -> [WindowInput] {
        guard pens[id] != nil else { return [] }
        if entered {
            tracks[id, default: PenTrack()].at = at
            return enter(id, time: time)
        }
        return leave(id, time: time)
    }

    /// The inputs one device event makes: a pen's, a touchscreen finger's, or none.
    public mutating func translate(_ e: XIPointerEvent) -> [WindowInput] {
        if let pen = pens[e.sourceID] { return penEvent(e, pen) }
        if touchscreens[e.sourceID] != nil { return fingerEvent(e) }
        return []
    }

    private mutating func penEvent(_ e: XIPointerEvent, _ pen: PenDevice) -> [WindowInput] {
        let button: PointerButton? = switch e.detail { case 1: .left; case 2: .middle; case 3: .other; default: nil }
        if e.kind == .buttonPress || e.kind == .buttonRelease, button == nil { return [] }  // wheel emulation
        var track = tracks[pen.id] ?? PenTrack()
        track.sample = pen.sample(e.valuators, last: track.sample)
        track.at = pen.position(e.valuators, root: e.root, window: e.window, screen: (screenWidth, screenHeight))
        tracks[pen.id] = track
        let time = clock.seconds(e.time)
        func input(_ action: PenInput.Action) -> WindowInput {
            .pen(PenInput(action, at: track.at, sample: track.sample!, modifiers: e.modifiers, time: time, movesPointer: pen.movesPointer))
        }
        var out: [WindowInput] = []
        let tip = button == .left
        if !track.near, pen.reportsProximity || (e.kind == .buttonPress && tip) { out += enter(pen.id, time: e.time) }
        switch e.kind {
        case .motion: out.append(input(.move))
        case .buttonPress:
            out.append(input(.press(button!)))
        case .buttonRelease:
            out.append(input(.release(button!)))
            if tip, !pen.reportsProximity { out += leave(pen.id, time: e.time) }
        default: break
        }
        return out
    }

    private mutating func fingerEvent(_ e: XIPointerEvent) -> [WindowInput] {
        let phase: TouchPhase
        switch e.kind {
        case .touchBegin: phase = .began
        case .touchUpdate: phase = .moved
        case .touchEnd: phase = .ended
        default: return []
        }
        if phase == .ended { fingers[e.detail] = nil } else { fingers[e.detail] = (e.sourceID, e.window) }
        return [.finger(FingerInput(id: e.detail, phase: phase, at: e.window, time: clock.seconds(e.time)))]
    }

    /// Pen `id` comes near: `enter` when no other pen was.
    private mutating func enter(_ id: Int, time: UInt32) -> [WindowInput] {
        let others = penNear
        var track = tracks[id] ?? PenTrack()
        guard !track.near else { return [] }
        track.near = true
        tracks[id] = track
        if others { return [] }
        return [.pen(PenInput(.enter, at: track.at, sample: track.sample ?? PenSample(eraser: pens[id]?.eraser ?? false),
                              time: clock.seconds(time), movesPointer: pens[id]?.movesPointer ?? true))]
    }

    /// Pen `id` goes away: `leave` when no other pen is near.
    private mutating func leave(_ id: Int, time: UInt32) -> [WindowInput] {
        guard var track = tracks[id], track.near else { return [] }
        track.near = false
        tracks[id] = track
        if penNear { return [] }
        return [.pen(PenInput(.leave, at: track.at, sample: track.sample ?? PenSample(), time: clock.seconds(time),
                              movesPointer: pens[id]?.movesPointer ?? true))]
    }
}
