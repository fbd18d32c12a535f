import ScrawlCore

/// The `history` member of version 3 snapshots, and the steps of `edit` records: any step a
/// `DisplayList` makes (`DisplayList.Step`), with the ids of the items it removes and inserts.
///
/// A step is `{"removed": [[index, id], ...], "inserted": [[index, id], ...]}` (indices as in
/// `DisplayList.Step`); an id names a visible drawable (the snapshot's `drawables`, each with its
/// `id`) or one of `extra` (drawables only the history holds, each with its `id`):
///
/// `{"undo": [\n{"removed": [], "inserted": [[0, 1]]},\n{"removed": [[0, 1]], "inserted": [[0, 2], [1, 3]]}\n],`
/// `"redo": [\n],\n"extra": [\n{"id": 1, "type": "path", ...}]}`
enum JournalSteps {
    // MARK: Encoding

    /// Writes the undo and redo steps of `history` and the items only they hold (the visible
    /// ones are written by the caller, with their ids).
    static func encode(_ history: DisplayList.History, path: String, imageIndex: DrawableCoding.ImageIndex,
                       into w: inout JSONWriter) throws(DocumentError) {
        let shown = Set(history.items.map(\.id))
        let extra = history.allItems.filter { !shown.contains($0.id) }
        w.beginObject()
        w.key("undo")
        write(history.undo, into: &w)
        w.key("redo", onNewLine: true)
        write(history.redo, into: &w)
        w.key("extra", onNewLine: true)
        w.beginArray(DocumentBody.snapshotLines)
        for (i, item) in extra.enumerated() {
            try DrawableCoding.encode(item.drawable, path: "\(path).extra[\(i)]", id: item.id, imageIndex: imageIndex, into: &w)
        }
        w.endArray()
        w.endObject()
    }

    /// One step per line.
    private static func write(_ steps: [DisplayList.Step], into w: inout JSONWriter) {
        w.array(.lines) { w in
            for step in steps {
                w.object { w in
                    w.key("removed")
                    writePairs(step.removed, into: &w)
                    w.key("inserted")
                    writePairs(step.inserted, into: &w)
                    JournalLayers.writeChange(step.layers, into: &w)
                }
            }
        }
    }

    /// `[[index, id], ...]`.
    static func writePairs(_ placed: [DisplayList.Placed], into w: inout JSONWriter) {
        w.array { w in
            for p in placed {
                w.array { w in
                    w.integer(p.index)
                    w.integer(p.item.id)
                }
            }
        }
    }

    // MARK: Decoding

    /// The list from a snapshot's visible items and its `history` member. Throws when the history
    /// is malformed or inconsistent (the caller then keeps the visible items without history).
    static func decode(visible: [DisplayItem], history: JSONValue, layers: [Layer] = [.initial], itemLayers: [UInt64: LayerID] = [:],
                       drawable: (JSONValue, String) throws(DocumentError) -> Drawable) throws(DocumentError) -> DisplayList {
        let fields = try JSONObjectReader(history, path: "history")
        var byID: [UInt64: DisplayItem] = [:]
        for item in visible { byID[item.id] = item }
        for (i, v) in try fields.array("extra").enumerated() {
            let path = "history.extra[\(i)]"
            guard let id = try DrawableIDs.decode(v, path: path) else { throw .field(path: "\(path).id", problem: "missing") }
            guard byID[id] == nil else { throw .field(path: "\(path).id", problem: "duplicate id \(id)") }
            byID[id] = JournalLayers.placed(DisplayItem(id: id, drawable: try drawable(v, path)), itemLayers)
        }
        let undo = try steps(fields.array("undo"), byID: byID, path: "history.undo")
        let redo = try steps(fields.array("redo"), byID: byID, path: "history.redo")
        do {
            return try DisplayList(restoring: DisplayList.History(items: visible, undo: undo, redo: redo, layers: layers))
        } catch {
            throw .field(path: "history", problem: error.description)
        }
    }

    private static func steps(_ values: [JSONValue], byID: [UInt64: DisplayItem], path: String) throws(DocumentError) -> [DisplayList.Step] {
        var out: [DisplayList.Step] = []
        out.reserveCapacity(values.count)
        for (i, v) in values.enumerated() {
            let o = try JSONObjectReader(v, path: "\(path)[\(i)]")
            let removed = try pairs(o.array("removed"), path: o.at("removed")) { _, id in byID[id] }
            let inserted = try pairs(o.array("inserted"), path: o.at("inserted")) { _, id in byID[id] }
            out.append(DisplayList.Step(removed: removed, inserted: inserted, layers: try JournalLayers.decodeChange(v, path: "\(path)[\(i)]")))
        }
        return out
    }

    /// `[[index, id], ...]` as placed items; `item` finds the item a pair names.
    static func pairs(_ values: [JSONValue], path: String,
                      item: (_ index: Int, _ id: UInt64) -> DisplayItem?) throws(DocumentError) -> [DisplayList.Placed] {
        var out: [DisplayList.Placed] = []
        out.reserveCapacity(values.count)
        for (i, v) in values.enumerated() {
            guard let pair = v.arrayValue, pair.count == 2,
                  let index = pair[0].numberValue?.int64Value, index >= 0, index <= Int64(Int32.max),
                  let id = pair[1].numberValue?.uint64Value else {
                throw .field(path: "\(path)[\(i)]", problem: "expected [index, id]")
            }
            guard let found = item(Int(index), id) else { throw .field(path: "\(path)[\(i)]", problem: "no drawable has id \(id)") }
            out.append(DisplayList.Placed(index: Int(index), item: found))
        }
        return out
    }
}
