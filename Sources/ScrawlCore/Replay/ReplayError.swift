/// Why a replay could not be read, with enough context for a one-line message.
public enum ReplayError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file could not be opened or read (`reason` is the system's explanation).
    case unreadable(reason: String)
    /// The file is empty or holds only whitespace.
    case empty
    /// The bytes are not valid JSON (1-based line and column).
    case invalidJSON(line: Int, column: Int, message: String)
    /// The top level is valid JSON but not an object.
    case notAnObject
    /// A top-level or canvas field is missing or wrong; `path` is e.g. `canvas.width`.
    case field(path: String, problem: String)
    /// Event `index` (from 0, as in the `events` array) is wrong; `problem` names the field.
    case event(index: Int, problem: String)
    /// The `version` is an integer this build does not read.
    case unsupportedVersion(Int)
    /// The canvas is `width`×`height` device pixels at `scale`, outside 1...16384 on a side or over `CanvasSpec.maxDevicePixelArea`.
    case canvasSize(width: Int, height: Int, scale: Double)

    /// The one-line message, e.g. `replay.json: event 41: touch 0: "x" is not a finite number`.
    public func message(file: String) -> String {
        switch self {
        case .unreadable(let reason):
            return "\(file): cannot read the replay: \(reason)"
        case .empty:
            return "\(file): the replay is empty"
        case .invalidJSON(let line, let column, let message):
            return "\(file): line \(line), column \(column): invalid JSON: \(message)"
        case .notAnObject:
            return "\(file): a replay must be a JSON object"
        case .field(let path, let problem):
            return "\(file): \"\(path)\" \(problem)"
        case .event(let index, let problem):
            return "\(file): event \(index): \(problem)"
        case .unsupportedVersion(let version):
            return "\(file): unsupported replay version \(version) (this build reads version \(Replay.currentVersion))"
        case .canvasSize(let width, let height, let scale):
            return "\(file): the canvas is \(width)x\(height) device pixels at scale \(JSONWriter.format(scale)); "
                + CanvasSpec.limitText
        }
    }

    /// The message with the file called `replay`.
    public var description: String { message(file: "replay") }
}

/// Why a replay could not be written.
public struct ReplayWriteError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file being written.
    public var path: String
    /// The system's explanation.
    public var reason: String

    /// An error for `path`.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// `path: cannot write the replay: reason`.
    public var description: String { "\(PathText.short(path)): cannot write the replay: \(reason)" }
}
