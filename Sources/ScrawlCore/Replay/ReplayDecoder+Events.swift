extension ReplayDecoder {
    static let eventNames = names(["key", "touches", "frame"])
    static let touchNames = names(["id", "phase", "x", "y", "shift"])
    static let phaseNames = names(TouchPhase.allCases.map(\.rawValue))
    static let phases = TouchPhase.allCases

    /// Decodes the `events` array onto `events`; returns true when the input ended inside it and
    /// truncation is allowed (the events decoded so far are the complete ones).
    mutating func decodeEvents(into events: inout [InputEvent]) throws(ReplayError) -> Bool {
        guard try peek() == .array else { throw .field(path: "events", problem: "must be an array") }
        do {
            guard try beginArray() else { return false }
            // Canonical events take 40 to 80 bytes: room for most without regrowing a large array.
            events.reserveCapacity(events.count + min((reader.bytes.count - reader.offset) / 64, 1 << 22))
            repeat {
                events.append(try decodeEvent(events.count))
            } while try nextElement()
            return false
        } catch {
            guard case .invalidJSON = error, allowTruncatedEvents, lastSyntaxError?.isEndOfInput == true else {
                throw error
            }
            return true
        }
    }

    private mutating func decodeEvent(_ index: Int) throws(ReplayError) -> InputEvent {
        guard try peek() == .object else { throw .event(index: index, problem: "must be an object") }
        var seen = MemberSet()
        var event: InputEvent? = nil
        if try beginObject() {
            repeat {
                guard let field = try readMember(ReplayDecoder.eventNames, &seen) else {
                    try skipValue()
                    continue
                }
                guard event == nil else {
                    throw .event(index: index, problem: "has more than one of \"key\", \"touches\" and \"frame\"")
                }
                event = try decodeEventBody(field, index)
            } while try nextMember()
        }
        guard let event else { throw .event(index: index, problem: "needs one of \"key\", \"touches\" or \"frame\"") }
        return event
    }

    private mutating func decodeEventBody(_ field: Int, _ index: Int) throws(ReplayError) -> InputEvent {
        switch field {
        case 0: return .key(try decodeKey(index))
        case 1: return .touches(try decodeTouches(index))
        default: return .frame(try decodeFrame(index))
        }
    }

    private mutating func decodeKey(_ index: Int) throws(ReplayError) -> KeyPress {
        guard try peek() == .string else { throw .event(index: index, problem: "\"key\" must be a string") }
        try readString()
        let name = String(decoding: text, as: UTF8.self)
        guard let key = KeyPress(name: name) else {
            throw .event(index: index, problem: "\"key\" is not a valid key name: \(JSONWriter.quoted(name, limit: 40))")
        }
        return key
    }

    private mutating func decodeFrame(_ index: Int) throws(ReplayError) -> String {
        guard try peek() == .string else { throw .event(index: index, problem: "\"frame\" must be a string") }
        try readString()
        let name = String(decoding: text, as: UTF8.self)
        guard Replay.isValidFrameName(bytes: text) else {
            throw .event(index: index, problem: "\"frame\" is not a valid frame name (1 to 64 of A-Z a-z 0-9 . _ -): "
                + JSONWriter.quoted(name, limit: 40))
        }
        return name
    }

    private mutating func decodeTouches(_ index: Int) throws(ReplayError) -> [Touch] {
        guard try peek() == .array else { throw .event(index: index, problem: "\"touches\" must be an array") }
        var touches: [Touch] = []
        if try beginArray() {
            repeat {
                touches.append(try decodeTouch(index, touches.count))
            } while try nextElement()
        }
        guard !touches.isEmpty else { throw .event(index: index, problem: "\"touches\" must not be empty") }
        return touches
    }

    /// The parts of a touch read so far.
    private struct TouchFields {
        var id: Int?
        var phase: TouchPhase?
        var x: Double?
        var y: Double?
        var shift = false
    }

    private mutating func decodeTouch(_ index: Int, _ t: Int) throws(ReplayError) -> Touch {
        guard try peek() == .object else { throw .event(index: index, problem: "touch \(t) must be an object") }
        var seen = MemberSet()
        var f = TouchFields()
        if try beginObject() {
            repeat {
                switch try readMember(ReplayDecoder.touchNames, &seen) {
                case 0: f.id = try decodeTouchID(index, t)
                case 1: f.phase = try decodePhase(index, t)
                case 2: f.x = try decodeCoordinate("x", index, t)
                case 3: f.y = try decodeCoordinate("y", index, t)
                case 4: f.shift = try decodeShift(index, t)
                default: try skipValue()
                }
            } while try nextMember()
        }
        guard let id = f.id else { throw touchProblem(index, t, "id", "is missing") }
        guard let phase = f.phase else { throw touchProblem(index, t, "phase", "is missing") }
        guard let x = f.x else { throw touchProblem(index, t, "x", "is missing") }
        guard let y = f.y else { throw touchProblem(index, t, "y", "is missing") }
        return Touch(id: id, phase: phase, location: Point(x, y), shift: f.shift)
    }

    private func touchProblem(_ index: Int, _ t: Int, _ field: String, _ problem: String) -> ReplayError {
        .event(index: index, problem: "touch \(t): \"\(field)\" \(problem)")
    }

    private mutating func decodeTouchID(_ index: Int, _ t: Int) throws(ReplayError) -> Int {
        guard try peek() == .number else { throw touchProblem(index, t, "id", "must be an integer") }
        switch try readNumber() {
        case .int(let v) where Int64(Int.min) <= v && v <= Int64(Int.max): return Int(v)
        case .int, .uint: throw touchProblem(index, t, "id", "is out of range")
        case .double: throw touchProblem(index, t, "id", "must be an integer")
        }
    }

    private mutating func decodePhase(_ index: Int, _ t: Int) throws(ReplayError) -> TouchPhase {
        guard try peek() == .string else { throw touchProblem(index, t, "phase", "must be a string") }
        if let i = try readString(matching: ReplayDecoder.phaseNames) { return ReplayDecoder.phases[i] }
        let got = JSONWriter.quoted(String(decoding: text, as: UTF8.self), limit: 40)
        throw touchProblem(index, t, "phase", "must be began, moved, ended or cancelled, not \(got)")
    }

    private mutating func decodeCoordinate(_ name: String, _ index: Int, _ t: Int) throws(ReplayError) -> Double {
        guard try peek() == .number else { throw touchProblem(index, t, name, "must be a number") }
        let value = try readNumber().doubleValue
        guard value.isFinite else { throw touchProblem(index, t, name, "is not a finite number") }
        guard abs(value) <= Replay.coordinateLimit else {
            throw touchProblem(index, t, name, "is out of range (more than 1000000 from 0)")
        }
        return value
    }

    private mutating func decodeShift(_ index: Int, _ t: Int) throws(ReplayError) -> Bool {
        guard try peek() == .bool else { throw touchProblem(index, t, "shift", "must be true or false") }
        return try readBool()
    }
}
