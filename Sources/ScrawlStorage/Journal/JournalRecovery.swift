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
    /// a journal file that cannot be read) are left alone.
    public static func recover(directory: String) -> RecoveredSession? {
        let sessions = (PosixIO.list(directory) ?? [])
            .filter { $0.hasPrefix("session-") }
            .map { PosixIO.join(directory, $0) }
            .filter(PosixIO.isFolder)
            .map { (path: $0, time: latestModification(in: $0)) }
            .sorted { $0.time > $1.time }
        for session in sessions {
            let lockPath = PosixIO.join(session.path, "lock")
            let lockFD = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
            guard lockFD >= 0 else { continue }
            guard flock(lockFD, LOCK_EX | LOCK_NB) == 0 else {
                _ = PosixIO.closeFile(lockFD)  // a live instance's session
                continue
            }
            switch replay(session: session.path) {
            case .recovered(let canvas, let list, let records, let torn) where !list.isBlank:
                return RecoveredSession(canvas: canvas, displayList: list, sessionDirectory: session.path,
                                        recordsApplied: records, foundTornRecord: torn, lockFD: lockFD)
            case .recovered, .nothing:
                removeSession(session.path)
            case .unreadable:
                break
            }
            _ = PosixIO.closeFile(lockFD)
        }
        return nil
    }

    enum Replayed {
        case recovered(CanvasSpec, DisplayList, records: Int, torn: Bool)
        /// No snapshot, and a first journal that is empty or has no intact header: the session
        /// never recorded anything.
        case nothing
        /// Written by a newer build, damaged beyond replaying, or a file (or the folder) could
        /// not be read: left on disk, neither offered nor deleted.
        case unreadable
    }

    /// Replays one session folder.
    static func replay(session folder: String) -> Replayed {
        guard let names = PosixIO.list(folder) else { return .unreadable }
        let snapshots = names.filter { $0.hasPrefix("snapshot-") }.compactMap(generationNumber).sorted(by: >)
        let journals = Set(names.filter { $0.hasPrefix("journal-") }.compactMap(generationNumber))

        var state: (canvas: CanvasSpec, list: DisplayList, images: ImageSource)?
        var start = 0
        for g in snapshots {
            if let s = readSnapshot(PosixIO.join(folder, "snapshot-\(g).scrawl")) {
                state = s
                start = g
                break
            }
        }
        var records = 0
        var torn = false
        var g = start
        while journals.contains(g) {
            // A journal that cannot be read (an I/O error, not a regular file, over the size
            // limit) is not a torn one: what it holds is unknown, so the session is left alone.
            // Only a readable file with no intact header counts as nothing recorded.
            guard let bytes = try? Document.readFile(PosixIO.join(folder, "journal-\(g).log")) else {
                return .unreadable
            }
            let split = JournalFormat.split(bytes)
            guard let headerJSON = split.records.first, let header = try? JSONValue.parse(Array(headerJSON)),
                  header["journal"]?.stringValue == "scrawl", header["generation"]?.numberValue?.int64Value == Int64(g),
                  let version = header["version"]?.numberValue?.int64Value else {
                torn = true
                break
            }
            if version > Int64(JournalFormat.version) {
                // A newer build wrote this generation: keep what came before, or leave it alone.
                guard let state else { return .unreadable }
                return .recovered(state.canvas, state.list, records: records, torn: true)
            }
            if state == nil {
                guard let canvasValue = header["canvas"],
                      let canvas = try? DrawableCoding.decodeCanvas(canvasValue, path: "canvas") else {
                    torn = true
                    break
                }
                state = (canvas, DisplayList(), ImageSource(pixelBudget: nil))
            }
            var (list, images) = (state!.list, state!.images)
            for json in split.records.dropFirst() {
                guard apply(json, to: &list, images: &images) else {
                    torn = true
                    break
                }
                records += 1
            }
            state!.list = list
            state!.images = images
            if torn || split.torn {
                torn = true
                break
            }
            g += 1
        }
        guard let state else {
            // Journals of later generations without the snapshot they build on: something damaged
            // the session; leave it for a person rather than delete it.
            return snapshots.isEmpty && journals.allSatisfy({ $0 == 0 }) ? .nothing : .unreadable
        }
        return .recovered(state.canvas, state.list, records: records, torn: torn)
    }

    /// A snapshot's state, or nil when it does not decode. A snapshot whose history does not
    /// decode still gives its drawables. Its images are decoded as drawables use them, with no
    /// limit on their pixels together (the session's own drawing, which must not be lost).
    private static func readSnapshot(_ path: String) -> (canvas: CanvasSpec, list: DisplayList, images: ImageSource)? {
        guard let bytes = try? Document.readFile(path),
              var body = try? DocumentBody.decode(bytes, pixelBudget: nil) else { return nil }
        var list = DisplayList(drawables: body.drawables)
        var images = body.images
        if let history = body.top["history"],
           let decoded = try? JournalHistory.decode(visible: body.drawables, history: history, images: &images) {
            list = decoded
            body.images = images
        }
        return (body.canvas, list, body.images)
    }

    /// Applies one record; false when it is not a record this build understands.
    private static func apply(_ json: ArraySlice<UInt8>, to list: inout DisplayList, images: inout ImageSource) -> Bool {
        guard let value = try? JSONValue.parse(Array(json)), let op = value["op"]?.stringValue else { return false }
        switch op {
        case "add":
            guard let d = value["drawable"],
                  let drawable = try? DrawableCoding.decodeDrawable(d, path: "drawable", image: {
                      (index, path) throws(DocumentError) -> RasterImage in
                      try images.image(index, referencedAt: path)
                  }) else { return false }
            list.apply(.add(drawable))
        case "image":
            // Decoded when an add first uses it; base64 that does not decode is a damaged record.
            guard value["id"]?.numberValue?.int64Value == Int64(images.count), let text = value["png"]?.stringValue,
                  ImageSource.isBase64(text) else { return false }
            images.append(text)
        case "undo": list.apply(.undo)
        case "redo": list.apply(.redo)
        case "clear": list.apply(.clear)
        default: return false
        }
        return true
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
