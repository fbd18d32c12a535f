import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import ScrawlCore

/// The autosave journal: every committed drawable, undo, redo, clear and edit reaches the state folder
/// (`$XDG_STATE_HOME/scrawl`) as it happens, so a crash, a `kill -9` or a power cut loses at most
/// the change being written.
///
/// Each change is one line appended with a plain `write(2)` (see `JournalFormat`): once `record`
/// returns, the data is in the kernel's page cache and survives the process dying; an fsync
/// follows on a background queue for power loss. No frame ever waits on a whole-document rewrite:
/// every `compactAfter` records the journal starts a new generation and a background queue writes
/// the state as a snapshot document (atomically), then deletes the older generation.
///
/// Each running instance has its own session folder, `session-<pid>-<random>`, holding a `lock`
/// file it keeps `flock`ed: recovery skips sessions whose lock is held (a live instance) and
/// recovers the others, so a recycled pid can never hide or steal a crashed session.
///
/// Folder layout: `lock`, `snapshot-<g>.scrawl` (the state when generation `g` began, absent for
/// generation 0 of an empty start), `journal-<g>.log` (the changes since), and one
/// `image-<hash>-<length>.png` per distinct image (`JournalImageFile`), written atomically before
/// the first record naming it and kept for the session's life. A session whose drawing is safe
/// (a clean quit, a recovered one taken over) becomes `removed-session-…` before its files go
/// (`removeSession`), so a file that cannot be deleted never comes back as a recovery.
///
/// Use from one thread (the window's), one journal per editor. Typical use:
///
/// ```swift
/// let dir = XDGPaths.stateDirectory(environment: ProcessInfo.processInfo.environment)
/// let recovered = Journal.recover(directory: dir)    // before creating the editor
/// // ... editor = Editor(canvas: ..., displayList: recovered?.displayList ?? DisplayList(drawables: opened))
/// let journal = try Journal(directory: dir, canvas: canvas, displayList: editor.displayList)
/// recovered?.discard()                               // its drawables and history now live in the new journal
/// // after each event (or once per frame, before drawing it):
/// journal.sync(with: editor.displayList)
/// // on a clean quit:
/// journal.markCleanExit()
/// ```
///
/// `sync(with:)` reads the list's change log (`DisplayList.changes(since:)`); `record(_:)` is the
/// same one change at a time. Use one or the other.
public final class Journal {
    /// The session's folder inside the state folder.
    public let sessionDirectory: String
    /// Records per generation before a compaction starts a new one.
    public let compactAfter: Int
    /// The size a journal file may reach before a new generation starts (64 MiB), whatever its
    /// number of records, so every file stays well under what recovery reads (`Document.maxFileSize`,
    /// 256 MiB).
    public static let maxJournalBytes = 64 << 20
    /// `maxJournalBytes` for this journal (tests lower it).
    var rotateAfterBytes = Journal.maxJournalBytes
    /// A generation also ends once its journal holds twice the bytes of the last snapshot, or this
    /// many when that is smaller: so a start replays at most about twice as much journal as the
    /// snapshot holds state, however big the edits (each nudge of 20000 strokes is an 8 MB record),
    /// and recovery takes time in proportion to the drawing (its history being bounded too:
    /// `DisplayList.historyBudget`).
    static let minRotateBytes = 4 << 20
    /// The largest snapshot written: what recovery reads (`Document.maxFileSize`; tests lower it).
    var snapshotLimit = Document.maxFileSize
    /// What is wrong with autosave now, or nil while it works: a failed write, open, fsync or
    /// snapshot (a full disk, a read-only or failing state folder), or a drawable that could not be
    /// encoded. Journaling goes on: changes made meanwhile live in memory and are written with the
    /// next generation's snapshot. The message clears once that has worked: a failed write or open
    /// when a generation started after it has its snapshot on disk, a failed snapshot or fsync when
    /// a later one succeeds. The window shows it while it is set (and that autosave works again
    /// when it clears); `retry()` tries again without waiting for the next change.
    public var lastError: String? {
        let (background, snapshotGeneration) = shared.state.withLock { ($0.backgroundError ?? $0.syncError, $0.snapshotGeneration) }
        if let background { return background }
        if let writeError, snapshotGeneration <= failedGeneration { return writeError }
        return mainError
    }
    /// Whether autosave works now (`lastError` is nil).
    public var isHealthy: Bool { lastError == nil }
    /// A drawable that could not be encoded (cleared by the next change written).
    var mainError: String?
    /// A change could not be encoded, so nothing was written for it: until a snapshot holds the
    /// whole state, nothing more is written (each new generation's snapshot is written first).
    private var unrecorded = false
    /// The last failed write or open; stale once a snapshot after `failedGeneration` is written.
    private var writeError: String?
    private var failedGeneration = 0

    private let canvas: CanvasSpec
    /// The file the drawing belongs to (recovery reopens it as that file), or nil when untitled;
    /// set with `setDocumentPath`.
    public private(set) var documentPath: String?
    /// The document file's stamp as the session last opened or saved it (nil: not known).
    public private(set) var documentStamp: FileStamp?
    /// The journal's copy of the display list, kept in step by replaying each change on it.
    var mirror: DisplayList
    var images = JournalImages()
    /// The text being typed, as the files hold it (Journal+Text).
    var textState = JournalTextState()
    /// An image file that could not be written for the change being recorded.
    var imageWriteError: String?
    private var generation = 0
    private var fd: Int32 = -1
    private var lockFD: Int32 = -1
    private var recordsInGeneration = 0
    private var bytesInGeneration = 0
    private var needsNewGeneration = false
    private var closed = false
    /// The `DisplayList.revision` that `sync(with:)` last saw.
    private var syncedRevision: UInt64
    /// Snapshot writing, fsyncs and closing old journal files, in order.
    private let queue = DispatchQueue(label: "scrawl.journal", qos: .utility)
    /// What the background queue touches. Its closures capture this, never the journal, so the
    /// journal's `deinit` (which waits for the queue) can never run on the queue.
    private let shared = Shared()

    /// What the journal and its background queue share, behind one lock.
    private final class Shared: Sendable {
        struct State {
            /// An fsync is queued.
            var syncPending = false
            /// Set by the background queue when a snapshot fails; cleared when one succeeds.
            var backgroundError: String?
            /// Set when an fsync of the journal fails; cleared when one succeeds.
            var syncError: String?
            /// The newest generation whose snapshot is on disk (-1: none yet).
            var snapshotGeneration = -1
            /// The size of the last snapshot written.
            var snapshotBytes = 0
            /// A background snapshot failed: the next record starts a new generation to try again.
            var snapshotFailed = false
            /// The session is being deleted (a clean exit): pending snapshots are pointless.
            var cancelled = false
        }

        let state = Locked(State())

        var isCancelled: Bool { state.withLock { $0.cancelled } }

        /// Whether a snapshot failed since the last call.
        func takeSnapshotFailure() -> Bool {
            state.withLock { state in
                defer { state.snapshotFailed = false }
                return state.snapshotFailed
            }
        }
    }

    /// The copy of the mirror a background snapshot encodes. The queue lets go of it under the shared
    /// lock, which every `record` takes before it changes the mirror: the mirror's arrays are then
    /// changed in place only after the queue's last read of them, in an order the memory model (and
    /// ThreadSanitizer) can see, instead of one resting on the runtime's reference count alone.
    private final class SnapshotHold: @unchecked Sendable {
        private(set) var list: DisplayList?
        init(_ list: DisplayList) { self.list = list }
        func release(under shared: Shared) { shared.state.withLock { _ in list = nil } }
    }

    /// Starts a session in `directory` (created if missing) whose state is `drawables` with no
    /// history (an opened document; they are written as the first snapshot before this returns).
    /// `revision` is the `DisplayList.revision` those drawables are at, for `sync(with:)`. Throws
    /// when the folder or the first files cannot be written.
    ///
    /// For a list with undo or redo history (a recovered session), use `init(directory:canvas:displayList:)`:
    /// with this one, every undo into that history makes `sync(with:)` start over from a snapshot.
    public convenience init(directory: String, canvas: CanvasSpec, drawables: [Drawable] = [], revision: UInt64 = 0,
                            documentPath: String? = nil, compactAfter: Int = 1000) throws(SaveError) {
        try self.init(directory: directory, canvas: canvas, mirror: DisplayList(drawables: drawables), revision: revision,
                      documentPath: documentPath, compactAfter: compactAfter)
    }

    /// Starts a session in `directory` (created if missing) whose state is `displayList`: its
    /// drawables and its whole undo and redo history (a recovered session's `displayList`, or the
    /// editor's list), written as the first snapshot before this returns. `sync(with:)` then
    /// continues from `displayList.revision`, so undo and redo into that history are appended as
    /// records like any other change. Throws when the folder or the first files cannot be written.
    public convenience init(directory: String, canvas: CanvasSpec, displayList: DisplayList,
                            documentPath: String? = nil, compactAfter: Int = 1000) throws(SaveError) {
        try self.init(directory: directory, canvas: canvas, mirror: displayList,
                      revision: displayList.revision, documentPath: documentPath, compactAfter: compactAfter)
    }

    private init(directory: String, canvas: CanvasSpec, mirror: DisplayList, revision: UInt64,
                 documentPath: String?, compactAfter: Int) throws(SaveError) {
        self.canvas = canvas
        self.documentPath = documentPath
        self.compactAfter = max(1, compactAfter)
        self.mirror = mirror
        self.syncedRevision = revision
        if let code = PosixIO.makeFolders(directory) {
            throw SaveError(path: directory, reason: "\(PosixIO.reason(code)) (creating the autosave folder)")
        }
        sessionDirectory = PosixIO.join(directory, "session-\(getpid())-\(PosixIO.randomHex())")
        guard mkdir(sessionDirectory, 0o700) == 0 else {
            throw SaveError(path: sessionDirectory, reason: "\(PosixIO.reason()) (creating the autosave session)")
        }
        do throws(SaveError) {
            try takeLock()
            if !mirror.isBlank {
                do { try registerImages(of: mirror.history.allItems.map(\.drawable)) } catch {
                    throw SaveError(path: sessionDirectory, reason: error.message(file: "state").dropPrefix("state: "))
                }
                imageWriteError = nil  // the snapshot writes what is missing, or throws
                try writeSnapshot(generation: 0)
            }
            fd = try openJournal(generation: 0)
        } catch {
            Journal.removeSession(sessionDirectory)
            if lockFD >= 0 { _ = PosixIO.closeFile(lockFD) }
            lockFD = -1
            closed = true
            throw error
        }
    }

    deinit { close() }

    // MARK: Recording

    /// Records one change to the display list (see `applyToMirror` for the records). Changes
    /// `DisplayList` would not make (undo with nothing to undo, clearing an empty list, an edit
    /// whose ids or indices do not fit the journal's copy) are ignored, as it ignores them; then
    /// the result is false (`sync(with:)` then starts over from the list).
    @discardableResult
    public func record(_ change: DisplayList.Change) -> Bool {
        guard !closed else { return false }
        if shared.takeSnapshotFailure() { needsNewGeneration = true }
        if needsNewGeneration && !unrecorded { startGeneration() }  // after a failed write or snapshot: try again
        guard let (lines, unencodable) = applyToMirror(change) else { return false }
        textState.onDisk = nil  // a change of the drawing ends the open text's records (a commit is one)
        if let unencodable {
            // Nothing of a change that cannot be encoded is written (no stand-in, no half record):
            // the files stop here until a snapshot holds the whole state again, so recovery gives
            // the last state they hold whole, never an emptied drawable.
            mainError = unencodable
            unrecorded = true
            needsNewGeneration = true
        }
        if let imageWriteError {
            // The record cannot name a file that is not there: the next snapshot writes it.
            self.imageWriteError = nil
            failed(imageWriteError)
            needsNewGeneration = true
        }
        if needsNewGeneration {
            // No usable file: the change lives in the mirror until a new generation's snapshot
            // (written first while `unrecorded`: no record may follow what no file holds).
            startGeneration(synchronously: unrecorded)
            return true
        }
        if let code = PosixIO.writeAll(fd, lines, path: file("journal", generation)) {
            failed("cannot write \(PathText.short(file("journal", generation))): \(PosixIO.reason(code))")
            startGeneration()  // the file may end in a torn record; the snapshot will hold this change
            return true
        }
        mainError = nil
        recordsInGeneration += 1
        bytesInGeneration += lines.count
        if recordsInGeneration >= compactAfter || bytesInGeneration >= rotationBytes { startGeneration() }
        scheduleSync()
        return true
    }

    /// Records whatever changed in `list` since the last call (or since `init`'s `revision`). When
    /// the journal cannot follow (more changed than the list remembers, `list` is a different
    /// list), it restarts from `list` with its history, writing it as a snapshot now.
    public func sync(with list: DisplayList) {
        guard !closed, list.revision != syncedRevision else { return }
        var inStep = false
        if let changes = list.changes(since: syncedRevision) {
            inStep = true
            for c in changes where !record(c) {
                inStep = false
                break
            }
            // Edits name items by id: after one, check that the ids still match, item for item.
            let edited = changes.contains { if case .edit = $0 { return true } else { return false } }
            inStep = inStep && mirror.count == list.count && mirror.items.last?.id == list.items.last?.id
                && (!edited || mirror.items.map(\.id) == list.items.map(\.id))
        }
        if !inStep {
            mirror = list
            do { try registerImages(of: mirror.history.allItems.map(\.drawable)) } catch {
                mainError = "autosave: \(error.message(file: "drawing").dropPrefix("drawing: "))"
            }
            imageWriteError = nil  // the snapshot writes what is missing
            startGeneration(synchronously: true)
        }
        syncedRevision = list.revision
    }

    /// The drawables as the journal has them (what recovery would give now).
    public var drawables: [Drawable] { mirror.drawables }

    /// The drawing now belongs to the file at `path` (nil: to none, untitled): recorded at once, and
    /// named in every later generation's header, so recovery reopens it as that file.
    /// `stamp` is the file's modification time and size as the session saw it (see `FileStamp`).
    public func setDocumentPath(_ path: String?, stamp: FileStamp? = nil) {
        let stamp = path == nil ? nil : stamp
        guard path != documentPath || stamp != documentStamp else { return }
        documentPath = path
        documentStamp = stamp
        guard !closed else { return }
        appendMarker(JournalFormat.document(path, stamp: stamp))
    }

    /// A hot exit: records that the session is kept on purpose (recovery reports it as the drawing
    /// kept at the last quit, not as a crash), then closes it as `close()` does. Returns whether the
    /// whole drawing is on disk for the next start: autosave worked, the marker was written and the
    /// final fsync succeeded; when false the caller must save the drawing elsewhere.
    public func keepForNextStart() -> Bool {
        guard !closed else { return false }
        if shared.takeSnapshotFailure() { needsNewGeneration = true }
        if needsNewGeneration { startGeneration(synchronously: true) }
        guard !needsNewGeneration, appendMarker(JournalFormat.op("exit")) else {
            close()
            return false
        }
        return close() && lastError == nil
    }

    /// Appends a record that changes no drawing (a path, the exit marker); false when it could not
    /// be written (the next generation's header then carries the path, and `lastError` says why).
    @discardableResult
    func appendMarker(_ json: [UInt8]) -> Bool {
        guard fd >= 0, !needsNewGeneration else { return false }
        if let code = PosixIO.writeAll(fd, JournalFormat.frame(json), path: file("journal", generation)) {
            failed("cannot write \(PathText.short(file("journal", generation))): \(PosixIO.reason(code))")
            startGeneration()
            return false
        }
        scheduleSync()
        return true
    }

    /// A clean quit: removes the session's journal and snapshots, so no recovery is offered next
    /// time, even when a file of it cannot be deleted (see `removeSession`). Nothing is recorded
    /// afterwards. Also removes the files of a journal closed already (a hot exit that failed, once
    /// the drawing was saved elsewhere).
    public func markCleanExit() {
        shared.state.withLock { $0.cancelled = true }
        waitForBackgroundWork()
        Journal.removeSession(sessionDirectory)  // while the lock is held, so no other instance recovers it meanwhile
        close()
    }

    /// Stops recording and releases the session, leaving its files for recovery: what a crash
    /// leaves behind. (`deinit` does the same.) Returns whether the journal reached the disk (its
    /// final fsync succeeded; otherwise `lastError` says why); false when it was closed already.
    @discardableResult
    public func close() -> Bool {
        guard !closed else { return false }
        closed = true
        let journalFD = fd, path = file("journal", generation)
        var synced = true, reason = ""
        queue.sync {
            if journalFD >= 0 {
                synced = PosixIO.fsync(journalFD, path: path) == 0
                if !synced { reason = PosixIO.reason() }
                _ = PosixIO.closeFile(journalFD)
            }
        }
        if !synced { mainError = "autosave: cannot flush \(PathText.short(path)) to disk: \(reason)" }
        fd = -1
        if lockFD >= 0 { _ = PosixIO.closeFile(lockFD) }
        lockFD = -1
        return synced
    }

    /// After a failure (`lastError`), tries again now to start a new generation with a snapshot
    /// holding everything so far, instead of at the next change; the window may call this on a
    /// timer. Returns whether autosave works (after the snapshot, which is written in the
    /// background: see `lastError` later).
    @discardableResult
    public func retry() -> Bool {
        guard !closed else { return false }
        if shared.takeSnapshotFailure() { needsNewGeneration = true }
        if needsNewGeneration { startGeneration(synchronously: unrecorded) }
        return !needsNewGeneration
    }

    /// The journal bytes after which a generation ends (see `minRotateBytes`).
    private var rotationBytes: Int {
        min(rotateAfterBytes, max(Journal.minRotateBytes, 2 * shared.state.withLock { $0.snapshotBytes }))
    }

    /// Waits until background snapshots and fsyncs are done (for tests and before exiting).
    public func waitForBackgroundWork() { queue.sync {} }

    /// Holds background work back (tests: the state between a rotation and its snapshot).
    func suspendBackgroundWork() { queue.suspend() }
    func resumeBackgroundWork() { queue.resume() }

    // MARK: Generations

    private func file(_ kind: String, _ g: Int) -> String {
        PosixIO.join(sessionDirectory, kind == "snapshot" ? "snapshot-\(g).scrawl" : "journal-\(g).log")
    }

    /// Starts generation + 1: a new journal file now, and the snapshot of the state so far (on
    /// the background queue unless `synchronously`), after which the older files are deleted.
    /// Until the snapshot is written, recovery uses the older snapshot and journals, which hold the
    /// same state. On failure the current file is kept and the next record tries again.
    private func startGeneration(synchronously: Bool = false) {
        let next = generation + 1
        if synchronously {
            do { try writeSnapshot(generation: next) } catch {
                failed("\(error)")
                needsNewGeneration = true
                return
            }
            if unrecorded { mainError = nil }
            unrecorded = false
        }
        let newFD: Int32
        do { newFD = try openJournal(generation: next) } catch {
            failed("\(error)")
            needsNewGeneration = true
            return
        }
        let oldFD = fd
        fd = newFD
        generation = next
        recordsInGeneration = 0
        bytesInGeneration = 0
        needsNewGeneration = false
        rewriteOpenText()
        let hold = SnapshotHold(mirror), table = images, canvas = canvas
        let snapshotPath = file("snapshot", next), folder = sessionDirectory, limit = snapshotLimit
        let shared = shared
        queue.async {
            defer { hold.release(under: shared) }
            if oldFD >= 0 {
                _ = PosixIO.fsync(oldFD)
                _ = PosixIO.closeFile(oldFD)
            }
            if synchronously {
                Journal.removeGenerations(before: next, in: folder)
                return
            }
            if shared.isCancelled { return }
            do {
                try table.writeMissing(in: folder)
                guard let state = hold.list else { return }
                let bytes = try JournalSnapshot.encode(canvas: canvas, list: state, images: table.files,
                                                       imageIndex: table.existingIndex, limit: limit)
                try AtomicFile.write(bytes, to: snapshotPath)
                shared.state.withLock {
                    $0.backgroundError = nil
                    $0.snapshotGeneration = max($0.snapshotGeneration, next)
                    $0.snapshotBytes = bytes.count
                }
                Journal.removeGenerations(before: next, in: folder)
            } catch {
                // The older snapshot and journals stay, so recovery still has the whole state.
                shared.state.withLock {
                    $0.backgroundError = "autosave: \(error)"
                    $0.snapshotFailed = true
                }
            }
        }
    }

    /// Writes the current state as `snapshot-<g>.scrawl`, now.
    private func writeSnapshot(generation g: Int) throws(SaveError) {
        let path = file("snapshot", g)
        try images.writeMissing(in: sessionDirectory)
        let bytes: [UInt8]
        do {
            bytes = try JournalSnapshot.encode(canvas: canvas, list: mirror, images: images.files,
                                               imageIndex: images.existingIndex, limit: snapshotLimit)
        } catch {
            throw SaveError(path: path, reason: error.message(file: "state").dropPrefix("state: "))
        }
        try AtomicFile.write(bytes, to: path)
        shared.state.withLock {
            $0.backgroundError = nil
            $0.snapshotGeneration = max($0.snapshotGeneration, g)
            $0.snapshotBytes = bytes.count
        }
    }

    /// Notes a failed write or open in the current generation (see `lastError`).
    private func failed(_ reason: String) {
        writeError = "autosave: \(reason)"
        failedGeneration = generation
    }

    /// Creates `journal-<g>.log` with its header record.
    private func openJournal(generation g: Int) throws(SaveError) -> Int32 {
        let path = file("journal", g)
        let newFD = PosixIO.open(path, O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, 0o600)
        guard newFD >= 0 else { throw SaveError(path: path, reason: PosixIO.reason()) }
        let header: [UInt8]
        do { header = try JournalFormat.header(generation: g, canvas: canvas, document: documentPath, stamp: documentStamp) } catch {
            _ = PosixIO.closeFile(newFD)
            _ = unlink(path)
            throw SaveError(path: path, reason: error.message(file: "canvas").dropPrefix("canvas: "))
        }
        if let code = PosixIO.writeAll(newFD, JournalFormat.frame(header), path: path) {
            _ = PosixIO.closeFile(newFD)
            _ = unlink(path)  // so a later attempt can create it again
            throw SaveError(path: path, reason: PosixIO.reason(code))
        }
        return newFD
    }

    private func takeLock() throws(SaveError) {
        let path = PosixIO.join(sessionDirectory, "lock")
        lockFD = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard lockFD >= 0 else { throw SaveError(path: path, reason: PosixIO.reason()) }
        guard flock(lockFD, LOCK_EX | LOCK_NB) == 0 else { throw SaveError(path: path, reason: PosixIO.reason()) }
        _ = PosixIO.writeAll(lockFD, Array("\(getpid())\n".utf8))
    }

    /// Coalesced fsync of the current journal on the background queue.
    private func scheduleSync() {
        let shared = shared
        let already = shared.state.withLock { state in
            defer { state.syncPending = true }
            return state.syncPending
        }
        if already { return }
        let current = fd, path = file("journal", generation)
        queue.async {
            shared.state.withLock { $0.syncPending = false }
            // `current` is closed only by a later task on this queue, so it is still open here.
            guard current >= 0 else { return }
            let ok = PosixIO.fsync(current, path: path) == 0
            let why = ok ? nil : "autosave: cannot flush \(PathText.short(path)) to disk: \(PosixIO.reason())"
            shared.state.withLock { $0.syncError = why }
        }
    }
}
