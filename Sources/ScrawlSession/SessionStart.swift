import Foundation
import ScrawlCore
import ScrawlStorage

/// What a window starts with: an opened document, a new one, a recovered or kept session, or a
/// fresh canvas, with the notices to show once the window is open.
public struct SessionStart {
    public var canvas = CanvasSpec()
    public var displayList = DisplayList()
    public var documentPath: String?
    /// That file's stamp when this start read it (or the recovered session last saw it).
    public var documentStamp: FileStamp?
    /// A session whose drawing this start took over (discarded once the new journal holds it).
    public var recovered: RecoveredSession?
    /// A picture given on the command line, to become the stamp.
    public var stamp: RasterImage?
    /// What to tell the user once the window is open.
    public var notices: [SessionNotice] = []

    public init() {}

    /// Whether the drawing was left by a crash (the title says "(recovered)" until it is saved).
    public var isCrashRecovery: Bool { recovered.map { !$0.keptAtQuit } ?? false }

    /// The start for `scrawl [FILE]`: no file recovers the newest session left in the state folder
    /// (a crash, or a drawing kept at the last quit), as the file it belonged to; a `.scrawl` file
    /// opens (a crashed or kept session of that same file, unchanged since, is recovered instead:
    /// its unsaved changes), a missing `NAME.scrawl` is a new empty drawing that saves there (a
    /// crashed session of that never-saved name is recovered instead), and a PNG picture becomes
    /// the stamp of a new drawing. Sessions not taken over stay for a later start without a file.
    /// `opening`: the window's Open, which names files that exist and says nothing of the
    /// sessions it leaves (they are the user's other drawings, told of when they were kept).
    public static func make(file: String?, environment: SessionEnvironment,
                            opening: Bool = false) throws(SessionStartError) -> SessionStart {
        var start = SessionStart()
        guard let file else {
            let recovery = Journal.recoverReporting(directory: environment.stateDirectory)
            start.notices += recovery.unreadable.map { .unreadableSession(message: $0.message) }
            if let session = recovery.session { start.takeOver(session) }
            return start
        }
        let kind = try FileKind.of(file)
        if opening, case .missingDocument = kind { throw SessionStartError("\(PathText.name(file)): no such file") }
        let exists: Bool
        if case .missingDocument = kind { exists = false } else { exists = true }
        let recovery = Journal.recoverReporting(directory: environment.stateDirectory) { $0.belongs(to: file, exists: exists) }
        if !opening { start.notices += recovery.unreadable.map { .unreadableSession(message: $0.message) } }
        let session = recovery.session
        switch kind {
        case .picture(let image):
            start.stamp = image
            start.notices.append(.stamp(path: file))
        case .missingDocument:
            if let session, session.belongs(to: file, exists: false) { return start.recovering(session, as: file) }
            start.documentPath = file
            start.documentStamp = .missing
            start.notices.append(.newDocument(path: file))
        case .document:
            if let session, session.belongs(to: file, exists: true) { return start.recovering(session, as: file) }
            do { try start.openDocument(file) } catch {
                session?.release()
                throw error
            }
        }
        if let session {
            if !opening { start.notices.append(.sessionKept(count: session.recoveredCount)) }
            session.release()
        }
        return start
    }

    /// This start, taking over `session` as `file` (the name given on the command line).
    func recovering(_ session: RecoveredSession, as file: String) -> SessionStart {
        var start = self
        start.takeOver(session)
        start.documentPath = file
        return start
    }

    /// Starts from `session`'s drawing and history, as the file it belonged to.
    mutating func takeOver(_ session: RecoveredSession) {
        canvas = session.canvas
        displayList = session.displayList
        documentPath = session.documentPath
        documentStamp = session.documentStamp
        recovered = session
        if let path = documentPath, !FileKind.isSaveTarget(path) {
            documentPath = nil
            notices.append(.recoveredAsUntitled(path: path, reason: "is not a document name scrawl saves to"))
        } else if let path = documentPath, FileKind.changed(path, since: session.documentStamp) {
            documentPath = nil  // its quit would save the older drawing over the newer file
            notices.append(.recoveredAsUntitled(path: path, reason: "changed since"))
        } else if let path = documentPath, session.lostDrawables > 0 {
            documentPath = nil  // a save or quit would write the emptied drawings over the file's
            notices.append(.recoveredAsUntitled(path: path, reason: "could not be recovered whole "
                                                + "(\(SessionNotice.lost(session.lostDrawables)) lost)"))
        }
        let n = session.recoveredCount
        if session.keptAtQuit {
            notices.append(.hotExitRestored(count: n, document: documentPath))
        } else {
            notices.append(.recovered(count: n, document: documentPath, detail: SessionStart.detail(session)))
        }
    }

    /// What was lost in a crashed session, and why, for the recovered notice; nil when nothing was.
    static func detail(_ session: RecoveredSession) -> String? {
        var parts: [String] = []
        let lost = SessionNotice.lost(session.lostDrawables)
        if !session.imageProblems.isEmpty {
            parts.append("\(lost) could not be recovered, images lost: " + session.imageProblems.joined(separator: "; "))
        } else if session.lostDrawables > 0 {
            parts.append("\(lost) had been recorded empty and could not be recovered")
        }
        if let leftOut = session.leftOut { parts.append(leftOut) }
        if parts.isEmpty && session.foundTornRecord { parts.append("part of the journal could not be read and was left out") }
        return parts.isEmpty ? nil : "(" + parts.joined(separator: "; ") + ")"
    }

    /// Opens the document at `path` within the flattening budget.
    mutating func openDocument(_ path: String) throws(SessionStartError) {
        documentStamp = FileStamp.of(path)  // before reading: a change after it reads as a change
        let document = try DocumentSession.load(path)
        canvas = document.canvas
        displayList = document.displayList
        documentPath = path
    }
}

extension RecoveredSession {
    /// Whether a start with `file` recovers this session as that file: it belonged to the same
    /// file, unchanged since (an existing one), or never saved and still missing (a new one).
    func belongs(to file: String, exists: Bool) -> Bool {
        guard let owner = documentPath, FileKind.isSaveTarget(owner) else { return false }
        if exists { return FileKind.sameFile(owner, file) && !FileKind.changed(owner, since: documentStamp) }
        return documentStamp == .missing && DocumentSession.samePath(owner, file)
    }
}

/// Why the window cannot start with a file: bad input (exit 2) with one line naming it.
public struct SessionStartError: Error, Hashable, Sendable, CustomStringConvertible {
    public let message: String
    /// The name is not a file and looks like a mistyped subcommand (the CLI points to `--help`).
    public let isUsage: Bool

    public init(_ message: String, isUsage: Bool = false) {
        self.message = message
        self.isUsage = isUsage
    }

    public var description: String { message }
}

/// What a file named on the command line is.
enum FileKind {
    case document
    case missingDocument
    case picture(RasterImage)

    /// A PNG by its signature (whatever its name), a `.scrawl` name that does not exist yet (in an
    /// existing folder), or a document to open; anything else missing is an error.
    static func of(_ path: String) throws(SessionStartError) -> FileKind {
        let name = PathText.name(path)
        guard FileManager.default.fileExists(atPath: path) else {
            let folder = (path as NSString).deletingLastPathComponent
            if path.lowercased().hasSuffix(".scrawl") {
                guard folder.isEmpty || XDGPaths.isFolder(folder) else {
                    throw SessionStartError("\(name): no such folder \(PathText.short(folder)) to create it in")
                }
                return .missingDocument
            }
            let bare = !path.contains("/") && !path.contains(".")
            throw SessionStartError(bare ? "unknown command '\(PathText.short(path))' (and no such file)"
                                         : "\(name): no such file", isUsage: bare)
        }
        if PNGCodec.hasSignature(path: path) {
            do { return .picture(try PNGCodec.read(path: path)) } catch {
                throw SessionStartError("stamp image: \(error)")
            }
        }
        return .document
    }

    /// Whether a recovered session's file name may become the save target: an absolute path to a
    /// `.scrawl` file or to an existing document (as `scrawl FILE` opens), never a folder.
    static func isSaveTarget(_ path: String) -> Bool {
        guard path.hasPrefix("/"), !path.hasSuffix("/"), !path.contains("\0") else { return false }
        var st = stat()
        guard stat(path, &st) == 0 else { return path.lowercased().hasSuffix(".scrawl") }
        guard (st.st_mode & S_IFMT) == S_IFREG else { return false }
        return path.lowercased().hasSuffix(".scrawl") || (try? DocumentStore.standard.open(path)) != nil
    }

    /// Whether the file at `path` was changed (or created) since it had `stamp`; not when the stamp
    /// is unknown (an older journal) or the file is gone (saving recreates it).
    static func changed(_ path: String, since stamp: FileStamp?) -> Bool {
        guard let stamp else { return false }
        let now = FileStamp.of(path)
        return now != .missing && now != stamp
    }

    /// Whether `a` and `b` name the same file (same device and inode), or resolve to the same path.
    static func sameFile(_ a: String, _ b: String) -> Bool {
        var sa = stat(), sb = stat()
        if stat(a, &sa) == 0 && stat(b, &sb) == 0 { return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino }
        return DocumentSession.samePath(a, b)
    }
}
