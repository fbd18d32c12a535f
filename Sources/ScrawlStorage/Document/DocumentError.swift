import ScrawlCore

/// Why a document (`*.scrawl`) could not be read or encoded, with enough context for one line.
///
/// Field paths name the place in the JSON the way a program would: `canvas.width`,
/// `drawables[3].d[2]`, `images[0].png`.
public enum DocumentError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file could not be opened or read (`reason` is the system's explanation).
    case unreadable(reason: String)
    /// The file is larger than `Document.maxFileSize`; refused before reading it.
    case tooLarge(bytes: Int64)
    /// The file is empty or holds only whitespace.
    case empty
    /// The bytes are not valid JSON (1-based line and column); `truncated` when they end mid-value.
    case invalidJSON(line: Int, column: Int, message: String, truncated: Bool)
    /// Valid JSON, but not a Scrawl document (`problem` says why).
    case notADocument(problem: String)
    /// The document was written by a newer Scrawl (its `version` is above `Document.currentVersion`).
    case newerVersion(Int)
    /// The `version` is not one this build has ever written (zero, negative, not an integer).
    case unsupportedVersion(String)
    /// A member is missing or wrong; `path` is e.g. `drawables[3].d[2]`.
    case field(path: String, problem: String)
    /// An embedded image could not be decoded or encoded.
    case image(path: String, reason: String)

    /// The one-line message, e.g. `drawing.scrawl: drawables[3].d[2]: expected a number, found a string`.
    public func message(file: String) -> String {
        switch self {
        case .unreadable(let reason):
            return "\(file): cannot read the document: \(reason)"
        case .tooLarge(let bytes):
            return "\(file): the document is \(DocumentError.mebibytes(bytes)) MiB; "
                + "documents larger than \(Document.maxFileSize >> 20) MiB are refused"
        case .empty:
            return "\(file): the document is empty"
        case .invalidJSON(let line, let column, let message, let truncated):
            let what = truncated ? "the document is truncated" : "invalid JSON"
            return "\(file): line \(line), column \(column): \(what): \(message)"
        case .notADocument(let problem):
            return "\(file): not a Scrawl document: \(problem)"
        case .newerVersion(let version):
            return "\(file): the document is version \(version), written by a newer Scrawl; "
                + "this build reads version \(Document.currentVersion) (update Scrawl to open it)"
        case .unsupportedVersion(let text):
            return "\(file): unsupported document version \(text) (this build reads version \(Document.currentVersion))"
        case .field(let path, let problem):
            return "\(file): \(path): \(problem)"
        case .image(let path, let reason):
            return "\(file): \(path): \(reason)"
        }
    }

    /// The message with the file called `document`.
    public var description: String { message(file: "document") }

    private static func mebibytes(_ bytes: Int64) -> String {
        let tenths = (Double(bytes) / Double(1 << 20) * 10).rounded(.down) / 10
        return JSONWriter.format(tenths)
    }

    /// `256 MiB`, or `300 bytes` under a mebibyte.
    static func size(_ bytes: Int64) -> String { bytes < 1 << 20 ? "\(bytes) bytes" : "\(mebibytes(bytes)) MiB" }
}
