import Foundation
import ScrawlCore
import ScrawlStorage

/// The document policy of one window, without any window: the editor, the file the drawing belongs
/// to, what was last saved, the autosave journal and recovery, and what a quit does. Everything the
/// user should hear comes out as `SessionNotice`s (`takeNotices()`), which the window shows.
public final class DocumentSession {
    public let environment: SessionEnvironment
    /// The editor of the current drawing (replaced when another document is opened).
    public var editor: Editor
    /// The file the drawing belongs to (where ctrl+s and a quit save it), or nil when untitled.
    /// The journal records it, so a crash recovers the drawing as this file.
    public var documentPath: String? {
        didSet { noteFileSeen() }
    }
    /// The document's file as this session last opened or saved it (nil: unknown, or untitled); a
    /// save in place checks that the file is still so (see `saveInPlace`).
    var seenStamp: FileStamp?
    /// The drawing was left by a crash and has not been saved since (the title says "(recovered)").
    public internal(set) var recovered = false
    /// Autosave: every change reaches the journal before the next frame.
    public internal(set) var journal: Journal?
    /// Why the journal could not be started, while it could not.
    public internal(set) var journalStartError: String?
    /// Why autosave is not working now, or nil while it works.
    public internal(set) var autosaveProblem: String?
    /// Why the last quit was refused (nothing could be saved anywhere).
    public internal(set) var quitRefusal: String?
    /// The editor and its list's state mark (`DisplayList.state`) as last saved or opened; nil
    /// when the drawing was never saved (a recovered session).
    private var saved: (editor: Weak<Editor>, state: UInt64)?
    private var pending: [SessionNotice] = []
    /// Journals a failed hot exit closed: their files go once the drawing is saved elsewhere.
    var abandoned: [Journal] = []
    /// A recovered session autosave could not take over: held (locked, so no other window recovers
    /// it too) until the drawing is saved elsewhere, then discarded.
    var heldRecovery: RecoveredSession?
    /// The recording of this session's input (`--record`), while it is written (DocumentSession+Recording).
    var recorder: ReplayRecorder?

    /// A session over `start` (see `SessionStart.make`); the journal starts at once and takes over
    /// a recovered session's files. `editor` makes the editor for a canvas and display list (the
    /// window sets its seed, stamp and clipboard decoder there).
    public init(start: SessionStart, environment: SessionEnvironment, editor: Editor) {
        self.environment = environment
        self.editor = editor
        self.documentPath = start.documentPath
        adopt(start)
    }

    /// Makes `start`'s drawing (in `editor` already) the session's: its file, whether it is saved
    /// (a recovered or kept drawing never is), its notices and a journal that takes over a
    /// recovered session's files.
    private func adopt(_ start: SessionStart) {
        documentPath = start.documentPath
        seenStamp = start.documentPath == nil ? nil : start.documentStamp
        recovered = start.isCrashRecovery
        saved = start.recovered == nil ? (Weak(editor), editor.displayList.state) : nil
        pending += start.notices
        // The text being typed when the session ended comes back committed (laid out by the
        // editor's shaper), before the new journal's first snapshot holds the drawing.
        if let text = start.recovered?.openText { editor.recoverText(text) }
        startJournal(discarding: start.recovered)
    }

    /// The notices since the last call, oldest first.
    public func takeNotices() -> [SessionNotice] {
        defer { pending.removeAll() }
        return pending
    }

    func notify(_ notice: SessionNotice) { pending.append(notice) }

    /// The pending notices, left pending.
    func peekNotices() -> [SessionNotice] { pending }

    /// Whether the drawing differs from what was last saved or opened (undoing back to it clears this).
    public var hasUnsavedChanges: Bool {
        guard let saved, saved.editor.object === editor else { return true }
        return saved.state != editor.displayList.state || editor.hasUncommittedText
    }

    /// Marks the current drawing as saved (or just opened).
    func markSaved() {
        saved = (Weak(editor), editor.displayList.state)
    }

    /// The document's file is as this session wrote or read it: its stamp now (or `stamp`, taken
    /// before reading) is what a later save in place and recovery compare with.
    func noteFileSeen(_ stamp: FileStamp? = nil) {
        seenStamp = documentPath.map { stamp ?? FileStamp.of($0) }
        stampJournal()
    }

    /// Tells the journal the document's file and its stamp as this session last saw it, so recovery
    /// can tell whether something else changed the file since.
    func stampJournal() {
        journal?.setDocumentPath(documentPath.map(DocumentSession.absolute), stamp: seenStamp)
    }

    // MARK: Saving and opening

    /// `ctrl+s`: saves to the document's file, or to a new file in the pictures folder (which then
    /// becomes the document's file). Returns whether it saved.
    @discardableResult
    public func save() -> Bool {
        editor.commitText()  // the text being typed is saved with the rest
        if let documentPath { return saveInPlace(documentPath) }
        let path = environment.defaultSavePath()
        guard write(to: path) else { return false }
        documentPath = path
        return true
    }

    /// Writes the drawing to `path` atomically (the previous file stays intact on failure); notices
    /// say where or why not. Does not change `documentPath`.
    @discardableResult
    public func write(to path: String) -> Bool {
        editor.commitText()
        do {
            try DocumentStore.standard.save(items: editor.displayList.items, layers: editor.displayList.layers, canvas: editor.canvas, to: path)
            notify(.saved(path: path))
        } catch {
            guard error.fileIsInPlace else {
                notify(.saveFailed(path: path, reason: error.reason, safeInJournal: journal != nil && autosaveProblem == nil))
                return false
            }
            notify(.savedUnsynced(path: path, reason: error.reason))
        }
        markSaved()
        recovered = false
        dropAbandoned()
        if let documentPath, FileKind.sameFile(documentPath, path) { noteFileSeen() }
        return true
    }

    /// Reads `path` as a document within the flattening budget; the error is one line naming it.
    public static func load(_ path: String) throws(SessionStartError) -> Document {
        let name = PathText.name(path)
        let document: Document
        do { document = try DocumentStore.standard.open(path) } catch {
            throw SessionStartError(error.message(file: name))
        }
        do { try FlatteningBudget.check(document.drawables, scale: 1) } catch {
            throw SessionStartError("\(name): \(error.message)")
        }
        return document
    }

    /// Opens `path` in place of the current drawing, as `scrawl PATH` would start: a document
    /// opens (with the unsaved changes a quit or an earlier Open kept for it, when it has not
    /// changed since), a PNG picture starts a new untitled drawing with it as the stamp. The
    /// current drawing is made safe first, as a quit would: unsaved changes (a document's, or an
    /// untitled drawing's) are kept in the autosave folder (written to a file only when autosave
    /// does not work). Opening the file being edited leaves its drawing, unsaved changes and undo
    /// history as they are (unless another program saved the file since: the changes are kept and
    /// the newer file opens). Refused while recording (`mayOpen`). Returns whether it replaced the
    /// drawing.
    @discardableResult
    public func open(_ path: String) -> Bool {
        guard mayOpen() else { return false }
        if hasUnsavedChanges, let documentPath, FileKind.sameFile(documentPath, path),
           !FileKind.changed(path, since: seenStamp) {
            notify(.alreadyOpen(path: documentPath))
            return false
        }
        let start: SessionStart
        do { start = try SessionStart.make(file: path, environment: environment, opening: true) } catch {
            notify(.openFailed(reason: error.message))
            return false
        }
        guard putAwayForOpen() else {
            start.recovered?.release()
            if journal == nil, !abandoned.isEmpty { startJournal() }  // autosave goes on after a failed hot exit
            return false
        }
        journal?.markCleanExit()  // the old drawing is safe: its journal goes before the path changes
        journal = nil
        let next = Editor(canvas: start.canvas, seed: DocumentSession.seed(environment.now()),
                          stampImage: start.stamp ?? editor.stampImage, displayList: start.displayList)
        next.carryOver(from: editor)
        editor = next
        adopt(start)
        return true
    }

    /// A random seed from the clock in milliseconds (0 for a clock before 1970 or not a number).
    static func seed(_ date: Date) -> UInt64 {
        let ms = date.timeIntervalSince1970 * 1000
        return ms.isFinite && ms > 0 ? UInt64(min(ms, 1e18)) : 0
    }

    /// Makes the current drawing safe before another replaces it, as a quit does; false when it
    /// could not be.
    private func putAwayForOpen() -> Bool {
        editor.commitText()  // the text being typed goes with the drawing, as at a quit
        journal?.sync(with: editor.displayList)
        guard hasUnsavedChanges, !isBlankUntitled else { return true }
        if keepInJournal() { return true }
        if let documentPath { return saveInPlace(documentPath) }
        return write(to: environment.defaultSavePath())
    }

    /// An untitled drawing with nothing shown and nothing to undo: nothing a quit or an Open
    /// must keep. (A cleared or erased drawing has its strokes in the undo history: it is kept.)
    var isBlankUntitled: Bool {
        documentPath == nil && editor.displayList.isEmpty && !editor.displayList.canUndo
    }
}

extension Editor {
    /// Takes the tool, settings, recent colours, bars and clipboard decoder of `old` (the editor of
    /// the drawing this one replaces), so opening a file changes the drawing only.
    func carryOver(from old: Editor) {
        selectionDecoder = old.selectionDecoder
        textShaper = old.textShaper
        recentColours = old.recentColours
        restore(settings: old.settings, tool: old.tool.kind, barsVisible: old.barsVisible)
    }
}

/// A weak reference, for remembering which object something was true of.
struct Weak<T: AnyObject> {
    weak var object: T?
    init(_ object: T) { self.object = object }
}
