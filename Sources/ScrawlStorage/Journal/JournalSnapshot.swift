import ScrawlCore

/// A journal snapshot: a document of the visible drawables plus a `history` member (the undo and
/// redo steps). Version 3 snapshots (`"journal": 3`) give every drawable its `id` and write any
/// step, with ids (`JournalSteps`). Versions 2 and 3 list the session's image files,
/// `"images": [{"file": "image-<hash>-<length>.png"}, ...]`, instead of embedding the PNGs, so a
/// snapshot holds drawables, history and image names only. Older snapshots are still read:
/// version 2 (steps shaped like add and clear, `JournalHistory`, drawables numbered 1…n) and
/// version 1 (no `journal` member; images embedded as base64, as documents do).
enum JournalSnapshot {
    /// The version written in the `journal` member.
    static let version = 3

    /// The snapshot of `list`; refused (a `DocumentError`) when it would pass `limit` bytes, as
    /// recovery could not read it back.
    static func encode(canvas: CanvasSpec, list: DisplayList, images: [JournalImageFile],
                       imageIndex: DrawableCoding.ImageIndex, limit: Int) throws(DocumentError) -> [UInt8] {
        var w = JSONWriter()
        w.beginObject()
        w.key("format")
        w.string(Document.formatName)
        w.key("version")
        w.integer(documentVersion(list.history))
        w.key("journal")
        w.integer(version)
        w.key("canvas", onNewLine: true)
        try DrawableCoding.encode(canvas, into: &w)
        w.key("images", onNewLine: true)
        w.array(.lines) { w in
            for file in images {
                w.object { w in
                    w.key("file")
                    w.string(file.name)
                }
            }
        }
        w.key("drawables", onNewLine: true)
        w.beginArray(DocumentBody.snapshotLines)
        for (i, item) in list.items.enumerated() {
            try DrawableCoding.encode(item.drawable, path: "drawables[\(i)]", id: item.id, imageIndex: imageIndex, into: &w)
        }
        w.endArray()
        JournalLayers.writeSnapshot(list.history, into: &w)
        w.key("history", onNewLine: true)
        try JournalSteps.encode(list.history, path: "history", imageIndex: imageIndex, into: &w)
        w.endObject()
        w.raw("\n")
        guard w.bytes.count <= limit else {
            // Recovery could not read it back: refused loudly (`lastError`), older files kept.
            throw .image(path: "snapshot", reason: "the snapshot would be \(DocumentError.size(Int64(w.bytes.count))); "
                + "recovery reads at most \(limit >> 20) MiB, so it was not written")
        }
        return w.bytes
    }

    /// The document version of a snapshot of `history`: 2 when a drawable it holds, shown or only
    /// in a step, has widths (`Document.version(for:)`).
    static func documentVersion(_ history: DisplayList.History) -> Int {
        let stepped = (history.undo + history.redo).lazy.flatMap { $0.removed + $0.inserted }.map(\.item.drawable)
        return max(Document.version(for: history.items.lazy.map(\.drawable)), Document.version(for: stepped))
    }

    /// A snapshot's state, or nil when it does not decode. A snapshot whose history does not
    /// decode still gives its drawables; a drawable whose image file is lost becomes an empty
    /// path (`images.problems` says so).
    static func decode(_ bytes: [UInt8], folder: String) -> (canvas: CanvasSpec, list: DisplayList, images: SessionImages)? {
        guard let value = try? JSONValue.parse(bytes), let top = value.objectValue else { return nil }
        guard let journal = top["journal"] else { return decodeVersion1(bytes, folder: folder) }
        guard let format = journal.numberValue?.int64Value, format == 2 || format == Int64(version),
              top["format"]?.stringValue == Document.formatName,
              let fields = try? JSONObjectReader(value, path: ""),
              let canvasValue = try? fields.required("canvas"),
              let canvas = try? DrawableCoding.decodeCanvas(canvasValue, path: "canvas"),
              let entries = try? fields.array("images"),
              let values = try? fields.array("drawables") else { return nil }
        var images = SessionImages(folder: folder)
        for entry in entries {
            guard let name = entry.objectValue?["file"]?.stringValue, let file = JournalImageFile(name: name) else { return nil }
            images.append(file: file)
        }
        var drawables: [Drawable] = [], ids: [UInt64?] = []
        for (i, v) in values.enumerated() {
            // (`try?` would flatten "no id" and "a bad id" into one nil.)
            guard let d = try? images.decodeDrawable(v, path: "drawables[\(i)]"),
                  case .success(let id) = Result(catching: { () throws(DocumentError) in try DrawableIDs.decode(v, path: "") }) else {
                return nil
            }
            drawables.append(d)
            ids.append(format == 2 ? nil : id)
        }
        guard let numbered = try? DrawableIDs.items(drawables, ids: ids),
              let layers = try? JournalLayers.table(top), let itemLayers = try? JournalLayers.itemLayers(top) else { return nil }
        let items = numbered.map { JournalLayers.placed($0, itemLayers) }
        return (canvas, list(visible: items, history: top["history"], version: format, layers: (layers, itemLayers), images: &images), images)
    }

    /// The list of a version 2 or 3 snapshot: its items with the history, or without it when the
    /// history does not decode.
    private static func list(visible: [DisplayItem], history: JSONValue?, version: Int64,
                             layers: (table: [Layer], items: [UInt64: LayerID]), images: inout SessionImages) -> DisplayList {
        if let history {
            if version == 2, let decoded = try? JournalHistory.decode(visible: visible.map(\.drawable), history: history,
                                                                     images: &images) {
                return decoded
            }
            if version > 2, let decoded = try? JournalSteps.decode(visible: visible, history: history, layers: layers.table,
                                                                   itemLayers: layers.items, drawable: {
                (value, path) throws(DocumentError) -> Drawable in try images.decodeDrawable(value, path: path)
            }) {
                return decoded
            }
        }
        return (try? DisplayList(restoring: DisplayList.History(items: visible, layers: layers.table)))
            ?? DisplayList(drawables: visible.map(\.drawable))
    }

    /// A version 1 snapshot (images embedded as base64), read as before version 2.
    private static func decodeVersion1(_ bytes: [UInt8], folder: String)
        -> (canvas: CanvasSpec, list: DisplayList, images: SessionImages)? {
        guard var body = try? DocumentBody.decode(bytes, pixelBudget: nil) else { return nil }
        var list = DisplayList(drawables: body.drawables)
        var images = body.images
        if let history = body.top["history"],
           let decoded = try? JournalHistory.decode(visible: body.drawables, history: history, images: &images) {
            list = decoded
            body.images = images
        }
        return (body.canvas, list, SessionImages(folder: folder, legacy: body.images))
    }
}
