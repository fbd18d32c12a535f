import ScrawlCore

/// What a crashed session left: its canvas and display list. Holds the session's lock until
/// `discard()` (or until it is released), so no other instance recovers the same session.
public final class RecoveredSession {
    /// The canvas the session drew on.
    public let canvas: CanvasSpec
    /// The committed drawables, in order, as they were after the last intact record.
    public let drawables: [Drawable]
    /// The display list with its undo and redo history as far as the journal kept it.
    public let displayList: DisplayList
    /// The session folder the state came from.
    public let sessionDirectory: String
    /// Records that were read and applied (snapshots not counted).
    public let recordsApplied: Int
    /// The journal ended in a torn or corrupt record, which was ignored with anything after it.
    public let foundTornRecord: Bool
    /// Image files of the session that could not be used (missing, damaged, unreadable), one line
    /// each; the drawables using them were recovered as empty paths, and `foundTornRecord` is set.
    public let imageProblems: [String]
    /// The file the drawing belonged to (recovered as that file), or nil for an untitled drawing.
    public let documentPath: String?
    /// That file's modification time and size as the session last opened or saved it (nil in
    /// journals written before stamps were recorded).
    public let documentStamp: FileStamp?
    /// The session was kept on purpose when its window closed (a hot exit), not left by a crash.
    public let keptAtQuit: Bool
    private var lockFD: Int32

    init(canvas: CanvasSpec, displayList: DisplayList, sessionDirectory: String, recordsApplied: Int,
         foundTornRecord: Bool, imageProblems: [String] = [], documentPath: String? = nil, documentStamp: FileStamp? = nil, keptAtQuit: Bool = false,
         lockFD: Int32) {
        self.documentPath = documentPath
        self.documentStamp = documentStamp
        self.keptAtQuit = keptAtQuit
        self.canvas = canvas
        self.drawables = displayList.drawables
        self.displayList = displayList
        self.sessionDirectory = sessionDirectory
        self.recordsApplied = recordsApplied
        self.foundTornRecord = foundTornRecord
        self.imageProblems = imageProblems
        self.lockFD = lockFD
    }

    deinit { release() }

    /// Deletes the session's files: call once its drawables are safe elsewhere (in a new journal
    /// or a saved document).
    public func discard() {
        Journal.removeSession(sessionDirectory)
        release()
    }

    /// Lets go of the session without deleting it (it will be offered again).
    public func release() {
        if lockFD >= 0 { _ = PosixIO.closeFile(lockFD) }
        lockFD = -1
    }
}
