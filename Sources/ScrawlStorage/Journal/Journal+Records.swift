import ScrawlCore

/// The records `record(_:)` writes for each change, made while the journal's mirror of the
/// display list makes the same change (so the ids the records carry are the list's).
extension Journal {
    /// Makes `change` on the mirror and returns its records, and whether every drawable could be
    /// encoded (`clean`); nil when the list would not make the change (undo with nothing to undo,
    /// an edit that does not fit).
    func applyToMirror(_ change: DisplayList.Change) -> (lines: [UInt8], clean: Bool)? {
        switch change {
        case .add(let d): return addRecords(d)
        case .edit(let step): return editRecords(step)
        case .undo: return mirror.apply(.undo) ? (JournalFormat.frame(JournalFormat.op("undo")), true) : nil
        case .redo: return mirror.apply(.redo) ? (JournalFormat.frame(JournalFormat.op("redo")), true) : nil
        case .clear: return mirror.apply(.clear) ? (JournalFormat.frame(JournalFormat.op("clear")), true) : nil
        }
    }

    /// The records for adding `d`: any image it uses for the first time, then
    /// `{"op": "add", "drawable": {"id": N, ...}}`. A drawable that cannot be encoded is replaced,
    /// in the mirror and the record, by an empty path, so later undo and redo records still line up.
    private func addRecords(_ d: Drawable) -> (lines: [UInt8], clean: Bool) {
        var (images, json, clean) = encodeForRecord(d, path: "drawable")
        mirror.apply(.add(clean ? d : SessionImages.standIn))
        let id = mirror.items[mirror.count - 1].id
        if !clean { json = Self.standInJSON(id: id) } else { json = Self.withID(id, json) }
        var w = JSONWriter()
        w.object { w in
            w.key("op")
            w.string("add")
            w.key("drawable")
            w.rawValue(json)
        }
        return (images + JournalFormat.frame(w.bytes), clean)
    }

    /// The records for an edit: the images its inserted drawables use for the first time, then
    /// `{"op": "edit", "removed": [[index, id], ...], "inserted": [[index, {"id": N, ...}], ...]}`.
    /// Nil when the step does not fit the mirror.
    private func editRecords(_ step: DisplayList.Step) -> (lines: [UInt8], clean: Bool)? {
        let before = mirror
        guard mirror.apply(.edit(step)) else { return nil }
        var out: [UInt8] = [], drawables: [[UInt8]] = [], fixed = step
        for (k, p) in step.inserted.enumerated() {
            let (images, json, clean) = encodeForRecord(p.item.drawable, path: "inserted[\(k)]")
            out += images
            drawables.append(clean ? Self.withID(p.item.id, json) : Self.standInJSON(id: p.item.id))
            if !clean { fixed.inserted[k].item = DisplayItem(id: p.item.id, drawable: SessionImages.standIn) }
        }
        if fixed != step {
            // Keep the mirror as recovery will see it: the same ids, empty paths for what did not encode.
            mirror = before
            mirror.apply(.edit(fixed))
        }
        return (out + JournalFormat.frame(Self.editJSON(step, drawables)), fixed == step)
    }

    private static func editJSON(_ step: DisplayList.Step, _ drawables: [[UInt8]]) -> [UInt8] {
        var w = JSONWriter()
        w.object { w in
            w.key("op")
            w.string("edit")
            w.key("removed")
            JournalSteps.writePairs(step.removed, into: &w)
            w.key("inserted")
            w.array { w in
                for (p, json) in zip(step.inserted, drawables) {
                    w.array { w in
                        w.integer(p.index)
                        w.rawValue(json)
                    }
                }
            }
        }
        return w.bytes
    }

    /// The image records `d` needs and its JSON without an id; on failure (noted in `mainError`)
    /// `clean` is false and the JSON empty.
    private func encodeForRecord(_ d: Drawable, path: String) -> (images: [UInt8], json: [UInt8], clean: Bool) {
        var images: [UInt8] = []  // kept when encoding fails: the table has them now
        do throws(DocumentError) {
            images = try registerImages(of: [d])
            var w = JSONWriter()
            try DrawableCoding.encode(d, path: path, imageIndex: self.images.existingIndex, into: &w)
            return (images, w.bytes, true)
        } catch {
            mainError = "autosave: a drawing could not be recorded: " + error.message(file: "drawing").dropPrefix("drawing: ")
            return (images, [], false)
        }
    }

    /// `{"type": ...}` as `{"id": N, "type": ...}`.
    private static func withID(_ id: UInt64, _ json: [UInt8]) -> [UInt8] {
        Array("{\"id\": \(id), ".utf8) + json.dropFirst()
    }

    /// The empty path that stands in for a drawable that could not be encoded, with its id.
    private static func standInJSON(id: UInt64) -> [UInt8] {
        var w = JSONWriter()
        // An empty path has no numbers to refuse: encoding it cannot fail.
        try? DrawableCoding.encode(SessionImages.standIn, path: "drawable", id: id, imageIndex: { _ throws(DocumentError) in 0 }, into: &w)
        return w.bytes
    }

    /// Adds the images of `drawables` to the session's table, writing the file of each new one;
    /// returns the `image` records of the new ones. A file that cannot be written is noted in
    /// `imageWriteError` (and written by the next snapshot).
    @discardableResult
    func registerImages(of drawables: [Drawable]) throws(DocumentError) -> [UInt8] {
        var out: [UInt8] = []
        for d in drawables {
            guard case .stamp(let s) = d else { continue }
            let (index, png) = try images.index(of: s.image, path: "image")
            guard let png else { continue }
            let file = images.files[index]
            do {
                try file.write(png, in: sessionDirectory)
                images.setWritten(index, true)
            } catch {
                images.setWritten(index, false)
                imageWriteError = imageWriteError ?? "\(error)"
            }
            var w = JSONWriter()
            w.object { w in
                w.key("op")
                w.string("image")
                w.key("id")
                w.integer(index)
                w.key("file")
                w.string(file.name)
            }
            out += JournalFormat.frame(w.bytes)
        }
        return out
    }
}
