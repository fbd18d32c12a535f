extension ReplayDecoder {
    static func phase(_ k: UnsafeBufferPointer<UInt8>) -> TouchPhase? {
        if same(k, "moved") { return .moved }
        if same(k, "began") { return .began }
        if same(k, "ended") { return .ended }
        if same(k, "cancelled") { return .cancelled }
        return nil
    }

    /// Decodes the `events` array onto `events` (or as `output` says); returns true when the input
    /// ended inside it and truncation is allowed (the events decoded so far are the complete ones).
    mutating func decodeEvents(into events: inout [InputEvent]) throws(ReplayError) -> Bool {
        try expect(.array, .field(path: "events", problem: "must be an array"))
        do {
            guard try beginArray() else { return false }
            switch output {
            case .keep: try decodeEach { event, _ in events.append(event) }
            case .hand(let body): try decodeEach(body)
            case .check(let progress): try checkEach(progress)
            }
            return false
        } catch {
            guard case .invalidJSON = error, allowTruncatedEvents, lastSyntaxError?.isEndOfInput == true else {
                throw error
            }
            return true
        }
    }

    /// Decodes the rest of the events array, handing each on with the input offset just past it.
    @inline(__always)
    private mutating func decodeEach(_ body: (InputEvent, Int) -> Void) throws(ReplayError) {
        repeat {
            let event = try decodeEvent(eventCount, build: true)!
            eventCount += 1
            body(event, reader.offset)
        } while try nextElement()
    }

    /// Checks the rest of the events array, building none; `progress` gets the offset past each.
    @inline(__always)
    private mutating func checkEach(_ progress: (Int) -> Void) throws(ReplayError) {
        repeat {
            _ = try decodeEvent(eventCount, build: false)
            eventCount += 1
            progress(reader.offset)
        } while try nextElement()
    }

    /// Reads one event object: exactly one known member makes the event. Returns it when `build`,
    /// nil otherwise (then a valid event allocates nothing, but for a key's `KeyPress(name:)`).
    private mutating func decodeEvent(_ index: Int, build: Bool) throws(ReplayError) -> InputEvent? {
        try expect(.object, .event(index: index, problem: "must be an object"))
        var seen = MemberSet()
        var found = false
        var event: InputEvent? = nil
        if try beginObject() {
            repeat {
                guard let field = try readMember(EventField.self, &seen) else {
                    try skipValue()
                    continue
                }
                guard !found else {
                    throw .event(index: index,
                                 problem: "has more than one of \"key\", \"touches\", \"frame\", \"view\", \"paste\", \"color\", \"ink\", \"layer\" and \"text\"")
                }
                found = true
                event = try decodeEventBody(field, index, build: build)
            } while try nextMember()
        }
        guard found else {
            throw .event(index: index, problem: "needs one of \"key\", \"touches\", \"frame\", \"view\", \"paste\", \"color\", \"ink\", \"layer\" or \"text\"")
        }
        return event
    }

    /// One event member, checked by the same rules either way; the event only when `build`.
    private mutating func decodeEventBody(_ field: EventField, _ index: Int, build: Bool) throws(ReplayError)
        -> InputEvent? {
        switch field {
        case .key: let key = try decodeKey(index); return build ? .key(key) : nil
        case .touches: let touches = try decodeTouches(index, keep: build); return build ? .touches(touches) : nil
        case .frame: let name = try decodeFrame(index, keep: build); return build ? .frame(name) : nil
        case .view: let view = try decodeView(index); return build ? .view(view) : nil
        case .paste: let text = try decodePaste(index, keep: build); return build ? .paste(text) : nil
        case .color: let choice = try decodeColorEvent(index); return build ? .color(choice) : nil
        case .ink: let setting = try decodeInkEvent(index); return build ? .ink(setting) : nil
        case .layer: let op = try decodeLayerEvent(index); return build ? .layer(op) : nil
        case .text: let text = try decodeText(index, keep: build); return build ? .text(text) : nil
        }
    }

    /// A `paste` string; its text only when `keep` (the empty string otherwise).
    private mutating func decodePaste(_ index: Int, keep: Bool) throws(ReplayError) -> String {
        try expect(.string, .event(index: index, problem: "\"paste\" must be a string"))
        let raw = try readStringRaw()
        return keep ? withBytes(raw, text) { String(decoding: $0, as: UTF8.self) } : ""
    }

    /// A `text` string (characters typed into a text); its text only when `keep`.
    private mutating func decodeText(_ index: Int, keep: Bool) throws(ReplayError) -> String {
        try expect(.string, .event(index: index, problem: "\"text\" must be a string"))
        let raw = try readStringRaw()
        return keep ? withBytes(raw, text) { String(decoding: $0, as: UTF8.self) } : ""
    }

    private mutating func decodeKey(_ index: Int) throws(ReplayError) -> KeyPress {
        try expect(.string, .event(index: index, problem: "\"key\" must be a string"))
        try readString()
        let name = String(decoding: text, as: UTF8.self)
        guard let key = KeyPress(name: name) else {
            throw .event(index: index, problem: "\"key\" is not a valid key name: \(JSONWriter.quoted(name, limit: 40))")
        }
        return key
    }

    /// A valid frame name; the name only when `keep` (the empty string otherwise).
    private mutating func decodeFrame(_ index: Int, keep: Bool) throws(ReplayError) -> String {
        try expect(.string, .event(index: index, problem: "\"frame\" must be a string"))
        let raw = try readStringRaw()
        guard withBytes(raw, text, { Replay.isValidFrameName(bytes: $0) }) else {
            let name = withBytes(raw, text) { String(decoding: $0, as: UTF8.self) }
            throw .event(index: index, problem: "\"frame\" is not a valid frame name (1 to 64 of A-Z a-z 0-9 . _ -): "
                + JSONWriter.quoted(name, limit: 40))
        }
        return keep ? withBytes(raw, text) { String(decoding: $0, as: UTF8.self) } : ""
    }

    /// A non-empty `touches` array, each touch checked; the touches only when `keep` (none otherwise).
    private mutating func decodeTouches(_ index: Int, keep: Bool) throws(ReplayError) -> [Touch] {
        try expect(.array, .event(index: index, problem: "\"touches\" must be an array"))
        guard try beginArray() else { throw .event(index: index, problem: "\"touches\" must not be empty") }
        let first = try decodeTouch(index, 0)
        var touches: [Touch] = keep ? [first] : []
        var t = 1
        while try nextElement() {
            let touch = try decodeTouch(index, t)
            if keep { touches.append(touch) }
            t += 1
        }
        return touches
    }

    /// The parts of a touch read so far.
    private struct TouchFields {
        var id: Int?
        var phase: TouchPhase?
        var x: Double?
        var y: Double?
        var shift = false
        var alt = false
        var pressure: Double?
        var tiltX: Double?
        var tiltY: Double?
        var device = TouchDevice.mouse
    }

    private mutating func decodeTouch(_ index: Int, _ t: Int) throws(ReplayError) -> Touch {
        try expect(.object, .event(index: index, problem: "touch \(t) must be an object"))
        var seen = MemberSet()
        var f = TouchFields()
        if try beginObject() {
            repeat {
                switch try readMember(TouchField.self, &seen) {
                case .id: f.id = try decodeTouchID(index, t)
                case .phase: f.phase = try decodePhase(index, t)
                case .x: f.x = try decodeCoordinate("x", index, t)
                case .y: f.y = try decodeCoordinate("y", index, t)
                case .shift: f.shift = try decodeFlag("shift", index, t)
                case .alt: f.alt = try decodeFlag("alt", index, t)
                case .pressure: f.pressure = try decodePressure(index, t)
                case .tiltX: f.tiltX = try decodeTilt("tiltX", index, t)
                case .tiltY: f.tiltY = try decodeTilt("tiltY", index, t)
                case .device: f.device = try decodeDevice(index, t)
                case nil: try skipValue()
                }
            } while try nextMember()
        }
        guard let id = f.id else { throw Self.touchProblem(index, t, "id", "is missing") }
        guard let phase = f.phase else { throw Self.touchProblem(index, t, "phase", "is missing") }
        guard let x = f.x else { throw Self.touchProblem(index, t, "x", "is missing") }
        guard let y = f.y else { throw Self.touchProblem(index, t, "y", "is missing") }
        return Touch(id: id, phase: phase, location: Point(x, y), shift: f.shift, alt: f.alt, pressure: f.pressure,
                     tiltX: f.tiltX, tiltY: f.tiltY, device: f.device)
    }

    private static func touchProblem(_ index: Int, _ t: Int, _ field: String, _ problem: String) -> ReplayError {
        .event(index: index, problem: "touch \(t): \"\(field)\" \(problem)")
    }

    private mutating func decodeTouchID(_ index: Int, _ t: Int) throws(ReplayError) -> Int {
        try expect(.number, Self.touchProblem(index, t, "id", "must be an integer"))
        switch try readNumber() {
        case .int(let v) where Int64(Int.min) <= v && v <= Int64(Int.max): return Int(v)
        case .int, .uint: throw Self.touchProblem(index, t, "id", "is out of range")
        case .double: throw Self.touchProblem(index, t, "id", "must be an integer")
        }
    }

    private mutating func decodePhase(_ index: Int, _ t: Int) throws(ReplayError) -> TouchPhase {
        try expect(.string, Self.touchProblem(index, t, "phase", "must be a string"))
        let raw = try readStringRaw()
        if let phase = withBytes(raw, text, ReplayDecoder.phase) { return phase }
        let got = JSONWriter.quoted(withBytes(raw, text) { String(decoding: $0, as: UTF8.self) }, limit: 40)
        throw Self.touchProblem(index, t, "phase", "must be began, moved, ended or cancelled, not \(got)")
    }

    private mutating func decodeCoordinate(_ name: String, _ index: Int, _ t: Int) throws(ReplayError) -> Double {
        try expect(.number, Self.touchProblem(index, t, name, "must be a number"))
        let value = try readNumber().doubleValue
        guard value.isFinite else { throw Self.touchProblem(index, t, name, "is not a finite number") }
        guard abs(value) <= CanvasSpec.coordinateLimit else {
            throw Self.touchProblem(index, t, name, "is out of range (more than 1000000 from 0)")
        }
        return value
    }

    /// A touch's `pressure`: a number from 0 to 1.
    private mutating func decodePressure(_ index: Int, _ t: Int) throws(ReplayError) -> Double {
        try expect(.number, Self.touchProblem(index, t, "pressure", "must be a number from 0 to 1"))
        let value = try readNumber().doubleValue
        guard value >= 0 && value <= 1 else { throw Self.touchProblem(index, t, "pressure", "must be a number from 0 to 1") }
        return value
    }

    /// A touch's `tiltX` or `tiltY`: degrees from -90 to 90.
    private mutating func decodeTilt(_ name: String, _ index: Int, _ t: Int) throws(ReplayError) -> Double {
        try expect(.number, Self.touchProblem(index, t, name, "must be a number from -90 to 90"))
        let value = try readNumber().doubleValue
        guard value >= -90 && value <= 90 else { throw Self.touchProblem(index, t, name, "must be a number from -90 to 90") }
        return value
    }

    /// A touch's `device`: `mouse`, `pen`, `eraser` or `touch`.
    private mutating func decodeDevice(_ index: Int, _ t: Int) throws(ReplayError) -> TouchDevice {
        let problem = "must be mouse, pen, eraser or touch"
        try expect(.string, Self.touchProblem(index, t, "device", problem))
        let raw = try readStringRaw()
        if let device = withBytes(raw, text, ReplayDecoder.device) { return device }
        let got = JSONWriter.quoted(withBytes(raw, text) { String(decoding: $0, as: UTF8.self) }, limit: 40)
        throw Self.touchProblem(index, t, "device", "\(problem), not \(got)")
    }

    static func device(_ k: UnsafeBufferPointer<UInt8>) -> TouchDevice? {
        if same(k, "pen") { return .pen }
        if same(k, "touch") { return .touch }
        if same(k, "eraser") { return .eraser }
        if same(k, "mouse") { return .mouse }
        return nil
    }

    /// A touch's modifier flag (`shift`, `alt`).
    private mutating func decodeFlag(_ name: String, _ index: Int, _ t: Int) throws(ReplayError) -> Bool {
        try expect(.bool, Self.touchProblem(index, t, name, "must be true or false"))
        return try readBool()
    }
}
