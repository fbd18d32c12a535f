/// The canonical replay text: the header on the first line, one event per line, then `]}`.
/// `ReplayRecorder` writes exactly the same text, a line at a time.
public enum ReplayEncoding {
    /// The events array: one event per line, and `]` on a line of its own even when empty.
    public static let eventsLayout = JSONWriter.Layout(open: "\n", between: "\n", close: "\n", closeEmpty: "\n")

    /// Opens the replay, `{"version": 1, "canvas": {...}, "seed": 7, "stamp": "...", "events": [`
    /// (no newline); then `event(_:into:)` adds each event on a line and `finish(into:)` closes it.
    public static func begin(version: Int, canvas: CanvasSpec, seed: UInt64, stamp: String?, into w: inout JSONWriter) {
        w.beginObject()
        w.key("version")
        w.integer(version)
        w.key("canvas")
        canvas.encode(into: &w)
        w.key("seed")
        w.integer(seed)
        if let stamp {
            w.key("stamp")
            w.string(stamp)
        }
        w.key("events")
        w.beginArray(eventsLayout)
    }

    /// Closes the events array and the replay: `\n]}\n`.
    public static func finish(into w: inout JSONWriter) {
        w.endArray()
        w.endObject()
        w.raw("\n")
    }

    /// One event as a single line of JSON (no newline).
    public static func event(_ event: InputEvent, into w: inout JSONWriter) {
        w.object { w in
            switch event {
            case .key(let key):
                w.key("key")
                w.string(key.name)
            case .frame(let name):
                w.key("frame")
                w.string(name)
            case .touches(let touches):
                w.key("touches")
                w.array { w in for t in touches { touch(t, into: &w) } }
            case .view(let v):
                w.key("view")
                view(v, into: &w)
            case .paste(let text):
                w.key("paste")
                w.string(text)
            case .color(let choice):
                w.key("color")
                color(choice, into: &w)
            case .ink(let setting):
                w.key("ink")
                ink(setting, into: &w)
            case .layer(let op):
                w.key("layer")
                layer(op, into: &w)
            case .text(let text):
                w.key("text")
                w.string(text)
            }
        }
    }

    /// `{"stroke": "#rrggbbaa"}`, `{"fill": "#rrggbbaa"}` or `{"fill": null}`.
    private static func color(_ choice: ColorEvent, into w: inout JSONWriter) {
        w.object { w in
            switch choice {
            case .stroke(let c):
                w.key("stroke")
                w.string(ColorEvent.hex8(c))
            case .fill(let c?):
                w.key("fill")
                w.string(ColorEvent.hex8(c))
            case .fill(nil):
                w.key("fill")
                w.null()
            }
        }
    }

    /// `{"pressure": 0.75}`, `{"speed": true}` or `{"stabilizer": 0.6}`.
    private static func ink(_ setting: InkEvent, into w: inout JSONWriter) {
        w.object { w in
            switch setting {
            case .pressure(let s): w.key("pressure"); w.number(s)
            case .speedPressure(let on): w.key("speed"); w.bool(on)
            case .stabilizer(let a): w.key("stabilizer"); w.number(a)
            }
        }
    }

    private static func view(_ v: Viewport, into w: inout JSONWriter) {
        w.object { w in
            w.key("x")
            w.number(v.origin.x)
            w.key("y")
            w.number(v.origin.y)
            w.key("zoom")
            w.number(v.zoom)
        }
    }

    private static func touch(_ t: Touch, into w: inout JSONWriter) {
        w.object { w in
            w.key("id")
            w.integer(t.id)
            w.key("phase")
            w.string(t.phase.rawValue)
            w.key("x")
            w.number(t.location.x)
            w.key("y")
            w.number(t.location.y)
            if t.shift {
                w.key("shift")
                w.bool(true)
            }
            if t.alt {
                w.key("alt")
                w.bool(true)
            }
            if let p = t.pressure {
                w.key("pressure")
                w.number(p)
            }
            if let tilt = t.tiltX {
                w.key("tiltX")
                w.number(tilt)
            }
            if let tilt = t.tiltY {
                w.key("tiltY")
                w.number(tilt)
            }
            if t.device != .mouse {
                w.key("device")
                w.string(t.device.rawValue)
            }
        }
    }
}

extension Replay {
    /// Canonical JSON text: one event per line, numbers in their shortest exact form (integers
    /// without `.0`), `shift` and `alt` only when true, a touch's `pressure`, `tiltX`,
    /// `tiltY` and `stamp` only when set, its `device` only when not the mouse. `parse(encoded())` == self for
    /// any replay that passes validation.
    public func encoded() -> String {
        var w = JSONWriter()
        ReplayEncoding.begin(version: version, canvas: canvas, seed: seed, stamp: stamp, into: &w)
        for event in events { ReplayEncoding.event(event, into: &w) }
        ReplayEncoding.finish(into: &w)
        return w.text
    }
}
