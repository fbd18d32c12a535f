#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import ScrawlCore

extension Journal {
    /// The most recent session in `directory` whose instance is gone (its lock is free), replayed:
    /// the newest intact snapshot, then every intact journal record after it, stopping at the first
    /// torn or corrupt one. Nil when there is none. Sessions that hold nothing (no drawables and no
    /// history) are deleted on the way; sessions this build cannot read (a newer journal version,
    /// a journal file that cannot be read) are left alone: `recoverReporting` names them.
    public static func recover(directory: String) -> RecoveredSession? {
        recoverReporting(directory: directory).session
    }

    /// `recover(directory:)`, also returning the crashed sessions it could not read (newer than the
    /// one recovered), which it left on disk, so the app can say so.
    /// With `wanted`, the newest session `wanted` accepts (a drawing kept for the file being
    /// opened), else the newest one as without it; the others stay on disk, unlocked.
    public static func recoverReporting(directory: String, preferring wanted: ((RecoveredSession) -> Bool)? = nil) -> RecoveryResult {
        recoverReporting(directory: directory, fileLimit: Document.maxFileSize, preferring: wanted)
    }

    /// `recoverReporting(directory:)` reading journals and snapshots of at most `fileLimit` bytes
    /// (tests lower it; image files have their own limit, `JournalImageFile.maxBytes`).
    static func recoverReporting(directory: String, fileLimit: Int,
                                 preferring wanted: ((RecoveredSession) -> Bool)? = nil) -> RecoveryResult {
        var result = RecoveryResult(session: nil, unreadable: [])
        var newest: RecoveredSession?
        let names = PosixIO.list(directory) ?? []
        removeLeftovers(in: directory, names: names)
        let sessions = names
            .filter { $0.hasPrefix("session-") }
            .map { PosixIO.join(directory, $0) }
            .filter(PosixIO.isFolder)
            .map { (path: $0, time: latestModification(in: $0)) }
            .sorted { $0.time > $1.time }
        for session in sessions {
            let lockPath = PosixIO.join(session.path, "lock")
            let lockFD = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
            guard lockFD >= 0 else {
                result.unreadable.append(UnreadableSession(path: session.path, reason: "lock: \(PosixIO.reason())"))
                continue
            }
            guard flock(lockFD, LOCK_EX | LOCK_NB) == 0 else {
                _ = PosixIO.closeFile(lockFD)  // a live instance's session
                continue
            }
            switch replay(session: session.path, fileLimit: fileLimit) {
            case .recovered(let r) where !r.list.isBlank || !(r.openText?.string.isEmpty ?? true):
                // Replayed with the ids the records name, then given room for new ones.
                let found = RecoveredSession(canvas: r.canvas, displayList: r.list.withRoomForNewIDs(),
                                             sessionDirectory: session.path,
                                             recordsApplied: r.records, foundTornRecord: r.torn || !r.problems.isEmpty,
                                             leftOut: r.leftOut, imageProblems: r.problems, documentPath: r.documentPath,
                                             documentStamp: r.documentStamp, keptAtQuit: r.keptAtQuit && !r.torn,
                                             openText: r.openText, lockFD: lockFD)
                guard let wanted, !wanted(found) else {
                    newest?.release()
                    result.session = found
                    return result
                }
                if newest == nil { newest = found } else { found.release() }
                continue
            case .recovered, .nothing:
                removeSession(session.path)
            case .unreadable(let reason):
                result.unreadable.append(UnreadableSession(path: session.path, reason: reason))
            }
            _ = PosixIO.closeFile(lockFD)
        }
        result.session = newest
        return result
    }

    /// A session's state as its files left it.
    struct ReplayedState {
        var canvas: CanvasSpec
        var list: DisplayList
        var records = 0
        var torn = false
        /// What the replay left out and why, when it stopped early (`torn`).
        var leftOut: String?
        /// Image files that could not be used (their drawables became empty paths).
        var problems: [String] = []
        /// The file the drawing belonged to (version 4 headers and `document` records).
        var documentPath: String?
        /// The document file's stamp as the session last saw it, when recorded.
        var documentStamp: FileStamp?
        /// The last record is the hot-exit marker (`{"op": "exit"}`).
        var keptAtQuit = false
        /// The text being typed when the session ended (`text` records), nil when none was.
        var openText: OpenText?
    }

    enum Replayed {
        case recovered(ReplayedState)
        /// No snapshot, and a first journal that is empty or has no intact header: the session
        /// never recorded anything.
        case nothing
        /// Written by a newer build, damaged beyond replaying, or a file (or the folder) could
        /// not be read: left on disk, neither offered nor deleted; `reason` says why.
        case unreadable(String)
    }

    /// Replays one session folder.
    static func replay(session folder: String, fileLimit: Int = Document.maxFileSize) -> Replayed {
        guard let names = PosixIO.list(folder) else { return .unreadable("the folder cannot be listed: \(PosixIO.reason())") }
        let snapshots = names.filter { $0.hasPrefix("snapshot-") }.compactMap(generationNumber).sorted(by: >)
        let journals = Set(names.filter { $0.hasPrefix("journal-") }.compactMap(generationNumber))

        var state: (canvas: CanvasSpec, list: DisplayList, images: SessionImages)?
        var start = 0
        for g in snapshots {
            if let s = readSnapshot(PosixIO.join(folder, "snapshot-\(g).scrawl"), folder: folder, limit: fileLimit) {
                state = s
                start = g
                break
            }
        }
        var records = 0
        var torn = false
        var leftOut: String?
        var marks = SessionMarks()
        var g = start
        while journals.contains(g) {
            // A journal that cannot be read (an I/O error, not a regular file, over the size
            // limit) is not a torn one: what it holds is unknown, so the session is left alone.
            // Only a readable file with no intact header counts as nothing recorded.
            let bytes: [UInt8]
            switch PosixIO.readFile(PosixIO.join(folder, "journal-\(g).log"), limit: fileLimit) {
            case .success(let read): bytes = read
            case .failure(.tooLarge(let size)): return .unreadable(DocumentError.tooLarge(bytes: size).message(file: "journal-\(g).log"))
            case .failure(.system(let reason)): return .unreadable(DocumentError.unreadable(reason: reason).message(file: "journal-\(g).log"))
            }
            let split = JournalFormat.split(bytes)
            guard let headerJSON = split.records.first, let header = try? JSONValue.parse(Array(headerJSON)),
                  header["journal"]?.stringValue == "scrawl", header["generation"]?.numberValue?.int64Value == Int64(g),
                  let version = header["version"]?.numberValue?.int64Value else {
                torn = true
                leftOut = split.records.isEmpty && split.cutOff ? "the header of journal-\(g).log was cut off by the crash"
                    : "journal-\(g).log has no readable header, so it was left out"
                break
            }
            if version > Int64(JournalFormat.version) {
                // A newer build wrote this generation: keep what came before, or leave it alone.
                guard let state else {
                    return .unreadable("journal-\(g).log: written by a newer Scrawl (journal version \(version))")
                }
                return .recovered(ReplayedState(canvas: state.canvas, list: state.list, records: records, torn: true,
                                                leftOut: "journal-\(g).log was written by a newer Scrawl (journal version "
                                                    + "\(version)), so it was left out",
                                                problems: state.images.problems, documentPath: marks.documentPath,
                                                documentStamp: marks.documentStamp, openText: marks.openText?.text))
            }
            marks.readHeader(header)
            if state == nil {
                guard let canvasValue = header["canvas"],
                      let canvas = try? DrawableCoding.decodeCanvas(canvasValue, path: "canvas") else {
                    torn = true
                    leftOut = "journal-\(g).log has no readable canvas in its header, so it was left out"
                    break
                }
                state = (canvas, DisplayList(), SessionImages(folder: folder))
            }
            var (list, images) = (state!.list, state!.images)
            for (k, json) in split.records.enumerated().dropFirst() {
                if let problem = apply(json, to: &list, images: &images, marks: &marks) {
                    torn = true
                    // An intact record (its checksum matches) that this build cannot use: not torn.
                    leftOut = "line \(k + 1) of journal-\(g).log could not be used (\(problem)); it and everything "
                        + "after it were left out"
                    break
                }
                records += 1
            }
            state!.list = list
            state!.images = images
            if !torn && split.torn {
                leftOut = split.cutOff ? "the last record of journal-\(g).log was cut off by the crash and left out"
                    : "line \(split.records.count + 1) of journal-\(g).log is damaged (its checksum does not match); "
                        + "it and everything after it were left out"
            }
            if torn || split.torn {
                torn = true
                break
            }
            g += 1
        }
        guard let state else {
            // Journals of later generations without the snapshot they build on: something damaged
            // the session; leave it for a person rather than delete it.
            if snapshots.isEmpty && journals.allSatisfy({ $0 == 0 }) { return .nothing }
            let damaged = snapshots.isEmpty ? "no snapshot and no first journal" : "no snapshot could be read"
            return .unreadable("\(damaged); the journals of later generations build on one")
        }
        return .recovered(ReplayedState(canvas: state.canvas, list: state.list, records: records, torn: torn,
                                        leftOut: leftOut, problems: state.images.problems, documentPath: marks.documentPath,
                                        documentStamp: marks.documentStamp, keptAtQuit: marks.keptAtQuit,
                                        openText: marks.openText?.text))
    }

    /// A snapshot's state (`JournalSnapshot.decode`), or nil when it cannot be read or decoded.
    private static func readSnapshot(_ path: String, folder: String, limit: Int)
        -> (canvas: CanvasSpec, list: DisplayList, images: SessionImages)? {
        guard case .success(let bytes) = PosixIO.readFile(path, limit: limit) else { return nil }
        return JournalSnapshot.decode(bytes, folder: folder)
    }

    /// Applies one record; nil when it did, else why not: it is not a record this build
    /// understands, or does not fit the state (the session is then recovered up to the record
    /// before it).
    private static func apply(_ json: ArraySlice<UInt8>, to list: inout DisplayList, images: inout SessionImages,
                              marks: inout SessionMarks) -> String? {
        let value: JSONValue
        do { value = try JSONValue.parse(Array(json)) } catch { return "it is not valid JSON: \(error)" }
        guard let op = value["op"]?.stringValue else { return "it has no \"op\"" }
        marks.keptAtQuit = false
        if ["add", "edit", "undo", "redo", "clear"].contains(op) { marks.openText = nil }  // a commit, or a change that ends it
        switch op {
        case "document", "exit":
            return marks.apply(op, value) ? nil : "its \"path\" is neither a file name nor null"
        case "text":
            do throws(DocumentError) { marks.openText = try JournalOpenText.decode(value, after: marks.openText) } catch {
                return error.message(file: "it").dropPrefix("it: ")
            }
            return nil
        case "text-end":
            marks.openText = nil
            return nil
        case "add":
            // A drawable whose image file is lost becomes an empty path (reported); anything else
            // that does not decode is a damaged record. Version 3 adds carry the item's id.
            guard let d = value["drawable"] else { return "it has no \"drawable\"" }
            let drawable: Drawable, id: UInt64?
            do throws(DocumentError) {
                drawable = try images.decodeDrawable(d, path: "drawable")
                id = try DrawableIDs.decode(d, path: "drawable")
            } catch {
                return error.message(file: "it").dropPrefix("it: ")
            }
            guard let id else { return list.apply(.add(drawable)) ? nil : "it does not fit the drawing" }
            let item = DisplayItem(id: id, drawable: drawable, layer: list.topLayer.id)
            let step = DisplayList.Step(removed: [], inserted: [DisplayList.Placed(index: list.count, item: item)])
            return list.apply(.edit(step)) ? nil : "its id \(id) is in the drawing already"
        case "edit":
            guard let step = editStep(value, list: list, images: &images) else { return "it is not an edit of this drawing" }
            return list.apply(.edit(step)) ? nil : "it does not fit the drawing"
        case "image":
            // Decoded when an add first uses it. Version 1: base64 (that does not decode is a damaged
            // record); version 2: the name of the session's file holding it.
            guard value["id"]?.numberValue?.int64Value == Int64(images.count) else { return "its image id is out of order" }
            if let name = value["file"]?.stringValue {
                guard let file = JournalImageFile(name: name) else { return "its \"file\" does not name an image file" }
                images.append(file: file)
            } else {
                guard let text = value["png"]?.stringValue, LazyImageDecoder.isBase64(text), images.append(base64: text) else {
                    return "its \"png\" is not an image"
                }
            }
            return nil
        // The journal writes undo, redo and clear only when they changed the list, so one that
        // changes nothing here means the records do not fit the state: recovery stops before it.
        case "undo": return list.apply(.undo) ? nil : "there is nothing to undo"
        case "redo": return list.apply(.redo) ? nil : "there is nothing to redo"
        case "clear": return list.apply(.clear) ? nil : "there is nothing to clear"
        default: return "unknown op \(JSONWriter.quoted(op, limit: 40))"
        }
    }

    /// The step of an `edit` record: the removed items as the list shows them (each `[index, id]`
    /// must name the item at that index), the inserted ones decoded with their ids. Nil when malformed.
    private static func editStep(_ value: JSONValue, list: DisplayList, images: inout SessionImages) -> DisplayList.Step? {
        guard let removedValues = value["removed"]?.arrayValue, let insertedValues = value["inserted"]?.arrayValue,
              let removed = try? JournalSteps.pairs(removedValues, path: "removed", item: { index, id in
                  index < list.count && list.items[index].id == id ? list.items[index] : nil
              }) else { return nil }
        var inserted: [DisplayList.Placed] = []
        for (k, v) in insertedValues.enumerated() {
            guard let pair = v.arrayValue, pair.count == 2 || pair.count == 3, let index = pair[0].numberValue?.int64Value,
                  index >= 0, index <= Int64(Int32.max),
                  let drawable = try? images.decodeDrawable(pair[1], path: "inserted[\(k)]"),
                  case .success(let id?) = Result(catching: { () throws(DocumentError) in try DrawableIDs.decode(pair[1], path: "") }) else {
                return nil
            }
            var layer = LayerID.first
            if pair.count == 3 {
                guard let l = pair[2].numberValue?.uint64Value, l >= 1 else { return nil }
                layer = LayerID(l)
            }
            inserted.append(DisplayList.Placed(index: Int(index), item: DisplayItem(id: id, drawable: drawable, layer: layer)))
        }
        guard case .success(let layers) = Result(catching: { () throws(DocumentError) in
            try JournalLayers.decodeChange(value, path: "edit")
        }) else { return nil }
        return DisplayList.Step(removed: removed, inserted: inserted, layers: layers)
    }

    /// The newest modification time of the files in `folder` (seconds).
    private static func latestModification(in folder: String) -> Double {
        var latest = 0.0
        for name in PosixIO.list(folder) ?? [] {
            var st = stat()
            if stat(PosixIO.join(folder, name), &st) == 0 {
                latest = max(latest, Double(st.st_mtim.tv_sec) + Double(st.st_mtim.tv_nsec) * 1e-9)
            }
        }
        return latest
    }
}

/// What a session's records say about the drawing besides its drawables: the file it belongs to
/// and whether it was kept on purpose at a quit.
struct SessionMarks {
    var documentPath: String?
    /// The file's stamp recorded with the path (none in journals written before stamps).
    var documentStamp: FileStamp?
    var keptAtQuit = false
    /// The text being typed, as the `text` records so far left it (nil: none, or ended).
    var openText: JournalOpenText.State?

    /// A journal header names the file the drawing belonged to when its generation began (none
    /// when it has no `document`, as in version 3 and older).
    mutating func readHeader(_ header: JSONValue) {
        documentPath = header["document"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
        documentStamp = documentPath == nil ? nil : header["file"].flatMap(FileStamp.init(json:))
    }

    /// A `document` or `exit` record; false when malformed (a damaged record).
    mutating func apply(_ op: String, _ value: JSONValue) -> Bool {
        if op == "exit" {
            keptAtQuit = true
            return true
        }
        guard let path = value["path"] else { return false }
        if path == .null {
            documentPath = nil
            documentStamp = nil
            return true
        }
        guard let text = path.stringValue, !text.isEmpty else { return false }
        documentPath = text
        documentStamp = value["file"].flatMap(FileStamp.init(json:))
        return true
    }
}
