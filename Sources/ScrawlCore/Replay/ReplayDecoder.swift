/// Decodes replay JSON in one streaming pass over `JSONReader`, without building a tree.
///
/// Precedence of problems: a top level that is not an object first; then invalid JSON anywhere (the
/// whole input is always checked), then an unsupported version, then a missing or mistyped version,
/// then the first other problem in document order. After the first problem, later values are only checked for syntax.
struct ReplayDecoder {
    var reader: JSONReader
    /// Scratch for member keys.
    var key: [UInt8] = []
    /// Scratch for string values.
    var text: [UInt8] = []
    let allowTruncatedEvents: Bool
    /// The last syntax error thrown, to tell a truncated input from a malformed one.
    var lastSyntaxError: JSONError? = nil
    /// What becomes of each event decoded.
    var output = EventOutput.keep
    /// How many events have been decoded (the next event's index).
    var eventCount = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>, allowTruncatedEvents: Bool) {
        reader = JSONReader(bytes)
        self.allowTruncatedEvents = allowTruncatedEvents
    }

    static func isWhitespace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 }

    /// Where decoded events go; each callback also gets the input offset just past the event.
    enum EventOutput {
        /// Into `Replay.events`.
        case keep
        /// To the closure, one at a time, instead of into `Replay.events`.
        case hand((InputEvent, Int) -> Void)
        /// Nowhere: each event is checked with the same rules and errors but not built.
        case check((Int) -> Void)
    }

    /// What the top-level pass has found so far.
    struct TopState {
        var replay = Replay()
        var seen = MemberSet()
        var problem: ReplayError? = nil
        var versionProblem: ReplayError? = nil
        var truncated = false
    }

    mutating func decode() throws(ReplayError) -> Replay {
        try expect(.object, .notAnObject)
        var state = TopState()
        var more = try beginObject()
        while more {
            let field = try readMember(TopField.self, &state.seen)
            try decodeTopMember(field, &state)
            more = try !state.truncated ? nextTopMember(&state) : false
        }
        if !state.truncated {
            do { try reader.finish() } catch { throw fail(error) }
        }
        return try ReplayDecoder.result(state)
    }

    private static func result(_ state: TopState) throws(ReplayError) -> Replay {
        if let problem = state.versionProblem { throw problem }
        guard state.seen.contains(TopField.version) else {
            throw .field(path: "version", problem: "is missing")
        }
        if let problem = state.problem { throw problem }
        guard state.seen.contains(TopField.events) else { throw .field(path: "events", problem: "is missing") }
        return state.replay
    }

    /// Like `nextMember`, but input ending after a complete `events` array may count as truncation.
    private mutating func nextTopMember(_ state: inout TopState) throws(ReplayError) -> Bool {
        do {
            return try reader.nextMember()
        } catch {
            if error.isEndOfInput && allowTruncatedEvents && state.seen.contains(TopField.events) {
                state.truncated = true
                return false
            }
            throw fail(error)
        }
    }

    private mutating func decodeTopMember(_ field: TopField?, _ state: inout TopState) throws(ReplayError) {
        guard let field else { return try skipValue() }
        guard state.problem == nil || field == .version else { return try skipAfterProblem(in: field, &state) }
        let mark = reader.mark
        do {
            switch field {
            case .version: try decodeVersion()
            case .canvas: state.replay.canvas = try decodeCanvas()
            case .seed: state.replay.seed = try decodeSeed()
            case .stamp: state.replay.stamp = try decodeString(path: "stamp")
            case .events: state.truncated = try decodeEvents(into: &state.replay.events)
            }
        } catch {
            switch error {
            case .invalidJSON, .unsupportedVersion: throw error
            default: break
            }
            if field == .version { state.versionProblem = error } else if state.problem == nil { state.problem = error }
            reader.reset(to: mark)
            try skipAfterProblem(in: field, &state)
        }
    }

    /// Skips a value that had a problem; input ending inside `events` counts as truncation if allowed.
    private mutating func skipAfterProblem(in field: TopField, _ state: inout TopState) throws(ReplayError) {
        do {
            try reader.skipValue()
        } catch {
            guard error.isEndOfInput && allowTruncatedEvents && field == .events else { throw fail(error) }
            state.truncated = true
        }
    }

    private mutating func decodeVersion() throws(ReplayError) {
        try expect(.number, .field(path: "version", problem: "must be an integer"))
        switch try readNumber() {
        case .int(let v) where v == Int64(Replay.currentVersion): return
        case .int(let v): throw .unsupportedVersion(Int(v))
        case .uint: throw .field(path: "version", problem: "is not a supported version (this build reads version 1)")
        case .double: throw .field(path: "version", problem: "must be an integer")
        }
    }

    private mutating func decodeSeed() throws(ReplayError) -> UInt64 {
        let problem = ReplayError.field(path: "seed", problem: "must be an integer from 0 to \(UInt64.max)")
        try expect(.number, problem)
        guard let seed = try readNumber().uint64Value else { throw problem }
        return seed
    }

    private mutating func decodeString(path: String) throws(ReplayError) -> String {
        try expect(.string, .field(path: path, problem: "must be a string"))
        try readString()
        return String(decoding: text, as: UTF8.self)
    }

    private mutating func decodeCanvas() throws(ReplayError) -> CanvasSpec {
        try expect(.object, .field(path: "canvas", problem: "must be an object"))
        var canvas = CanvasSpec()
        var seen = MemberSet()
        if try beginObject() {
            repeat {
                switch try readMember(CanvasField.self, &seen) {
                case .width: canvas.width = try decodeSide(path: "canvas.width")
                case .height: canvas.height = try decodeSide(path: "canvas.height")
                case .background: canvas.background = try decodeColor(path: "canvas.background")
                case nil: try skipValue()
                }
            } while try nextMember()
        }
        return canvas
    }

    private mutating func decodeSide(path: String) throws(ReplayError) -> Double {
        try expect(.number, .field(path: path, problem: "must be a number"))
        let value = try readNumber().doubleValue
        if let problem = CanvasSpec.sideProblem(value) { throw .field(path: path, problem: problem) }
        return value
    }

    private mutating func decodeColor(path: String) throws(ReplayError) -> Color {
        let hex = try decodeString(path: path)
        guard let color = Color(hex: hex) else {
            throw .field(path: path, problem: "is not a #rrggbb or #rrggbbaa colour: \(JSONWriter.quoted(hex, limit: 40))")
        }
        return color
    }
}
