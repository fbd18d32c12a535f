/// The canonical replay text: the header on the first line, one event per line, then `]}`.
/// `ReplayRecorder` writes exactly the same text, a line at a time.
public enum ReplayEncoding {
    /// Ends the events array and the document.
    public static let footer = "\n]}\n"

    /// `{"version": 1, "canvas": {...}, "seed": 7, "stamp": "...", "events": [` (no newline).
    public static func header(version: Int, canvas: CanvasSpec, seed: UInt64, stamp: String?, into w: inout JSONWriter) {
        w.raw("{\"version\": ")
        w.integer(version)
        w.raw(", \"canvas\": ")
        canvas.encode(into: &w)
        w.raw(", \"seed\": ")
        w.integer(seed)
        if let stamp {
            w.raw(", \"stamp\": ")
            w.string(stamp)
        }
        w.raw(", \"events\": [")
    }

    /// The separator before event number `index`: a newline, after a comma unless it is the first.
    public static func separator(before index: Int) -> String { index == 0 ? "\n" : ",\n" }

    /// One event as a single line of JSON (no newline).
    public static func event(_ event: InputEvent, into w: inout JSONWriter) {
        switch event {
        case .key(let key):
            w.raw("{\"key\": ")
            w.string(key.name)
            w.raw("}")
        case .frame(let name):
            w.raw("{\"frame\": ")
            w.string(name)
            w.raw("}")
        case .touches(let touches):
            w.raw("{\"touches\": [")
            for (i, touch) in touches.enumerated() {
                if i > 0 { w.raw(", ") }
                self.touch(touch, into: &w)
            }
            w.raw("]}")
        }
    }

    private static func touch(_ t: Touch, into w: inout JSONWriter) {
        w.raw("{\"id\": ")
        w.integer(t.id)
        w.raw(", \"phase\": \"")
        w.raw(t.phase.rawValue)
        w.raw("\", \"x\": ")
        w.number(t.location.x)
        w.raw(", \"y\": ")
        w.number(t.location.y)
        if t.shift { w.raw(", \"shift\": true") }
        w.raw("}")
    }
}

extension Replay {
    /// Canonical JSON text: one event per line, numbers in their shortest exact form (integers
    /// without `.0`), `shift` only when true, `stamp` only when set. `parse(encoded())` == self for
    /// any replay that passes validation.
    public func encoded() -> String {
        var w = JSONWriter()
        ReplayEncoding.header(version: version, canvas: canvas, seed: seed, stamp: stamp, into: &w)
        for (i, event) in events.enumerated() {
            w.raw(ReplayEncoding.separator(before: i))
            ReplayEncoding.event(event, into: &w)
        }
        w.raw(ReplayEncoding.footer)
        return w.text
    }

    /// One event as its single line of canonical JSON.
    public static func encodedLine(_ event: InputEvent) -> String {
        var w = JSONWriter()
        ReplayEncoding.event(event, into: &w)
        return w.text
    }
}
