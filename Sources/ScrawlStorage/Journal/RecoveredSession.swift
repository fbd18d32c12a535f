import ScrawlCore

/// What a crashed session left: its canvas and display list. Holds the session's lock until
/// `discard()` (or until it is released), so no other instance recovers the same session.
public final class RecoveredSession {
    /// The canvas the session drew on.
    public let canvas: CanvasSpec
    /// The committed drawables, in order, as they were after the last intact record.
    public let drawables: [Drawable]
    /// How many drawings came back: the drawables less the `lostDrawables`.
    public var recoveredDrawings: Int { drawables.count - lostDrawables }
    /// The strokes and images that came back (the `lostDrawables` left out), as messages count them.
    public var recoveredCount: DrawingCount {
        var count = DrawingCount(drawables.lazy.filter { $0 != SessionImages.standIn })
        if let openText, !openText.string.isEmpty, openText.replacing == nil { count.texts += 1 }  // committed when recovered
        return count
    }
    /// The display list with its undo and redo history as far as the journal kept it.
    public let displayList: DisplayList
    /// The session folder the state came from.
    public let sessionDirectory: String
    /// Records that were read and applied (snapshots not counted).
    public let recordsApplied: Int
    /// Something was left out: a record cut off by the crash, a damaged or unusable one (ignored
    /// with anything after it), or an image file (see `imageProblems`).
    public let foundTornRecord: Bool
    /// What the replay left out and why, in words (`the last record of journal-0.log was cut off
    /// by the crash and left out`, `line 3 of journal-0.log could not be used (…); …`); nil when
    /// it read every record.
    public let leftOut: String?
    /// Shown drawables that are empty stand-ins, not the drawings they were: their image file is
    /// lost (`imageProblems`), or an older build recorded them empty because it could not encode
    /// them. They are not recovered drawings.
    public let lostDrawables: Int
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
    /// The text that was being typed, not yet committed, when the session ended (laid out again
    /// and committed by `Editor.recoverText`), nil when none was.
    public let openText: OpenText?
    private var lockFD: Int32

    init(canvas: CanvasSpec, displayList: DisplayList, sessionDirectory: String, recordsApplied: Int,
         foundTornRecord: Bool, leftOut: String? = nil, imageProblems: [String] = [], documentPath: String? = nil, documentStamp: FileStamp? = nil, keptAtQuit: Bool = false,
         openText: OpenText? = nil, lockFD: Int32) {
        self.openText = openText
        self.documentPath = documentPath
        self.documentStamp = documentStamp
        self.keptAtQuit = keptAtQuit
        self.canvas = canvas
        self.drawables = displayList.drawables
        self.displayList = displayList
        self.sessionDirectory = sessionDirectory
        self.recordsApplied = recordsApplied
        self.foundTornRecord = foundTornRecord
        self.leftOut = leftOut
        self.lostDrawables = displayList.items.reduce(0) { $0 + ($1.drawable == SessionImages.standIn ? 1 : 0) }
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
