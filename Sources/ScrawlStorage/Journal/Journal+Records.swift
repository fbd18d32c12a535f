import ScrawlCore

/// The records `record(_:)` writes for each change, made while the journal's mirror of the
/// display list makes the same change (so the ids the records carry are the list's).
extension Journal {
    /// Makes `change` on the mirror and returns its records, or why a drawable it adds cannot be
    /// encoded (`unencodable`: then nothing of the change may be written, and `lines` is empty);
    /// nil when the list would not make the change (undo with nothing to undo, an edit that does
    /// not fit).
    func applyToMirror(_ change: DisplayList.Change) -> (lines: [UInt8], unencodable: String?)? {
        switch change {
        case .add(let d): return addRecords(d)
        case .edit(let step): return editRecords(step)
        case .undo: return mirror.apply(.undo) ? (JournalFormat.frame(JournalFormat.op("undo")), nil) : nil
        case .redo: return mirror.apply(.redo) ? (JournalFormat.frame(JournalFormat.op("redo")), nil) : nil
        case .clear: return mirror.apply(.clear) ? (JournalFormat.frame(JournalFormat.op("clear")), nil) : nil
        }
    }

    /// The records for adding `d`: any image it uses for the first time, then
    /// `{"op": "add", "drawable": {"id": N, ...}}`.
    private func addRecords(_ d: Drawable) -> (lines: [UInt8], unencodable: String?) {
        mirror.apply(.add(d))
        let id = mirror.items[mirror.count - 1].id
        let (images, json, problem) = encodeForRecord(d, id: id, path: "drawable")
        if let problem { return ([], problem) }
        var w = JSONWriter()
        w.object { w in
            w.key("op")
            w.string("add")
            w.key("drawable")
            w.rawValue(json)
        }
        return (images + JournalFormat.frame(w.bytes), nil)
    }

    /// The records for an edit: the images its inserted drawables use for the first time, then
    /// `{"op": "edit", "removed": [[index, id], ...], "inserted": [[index, {"id": N, ...}], ...]}`.
    /// Nil when the step does not fit the mirror.
    private func editRecords(_ step: DisplayList.Step) -> (lines: [UInt8], unencodable: String?)? {
        guard mirror.apply(.edit(step)) else { return nil }
        var out: [UInt8] = [], drawables: [[UInt8]] = []
        for (k, p) in step.inserted.enumerated() {
            let (images, json, problem) = encodeForRecord(p.item.drawable, id: p.item.id, path: "inserted[\(k)]")
            if let problem { return ([], problem) }
            out += images
            drawables.append(json)
        }
        return (out + JournalFormat.frame(Self.editJSON(step, drawables)), nil)
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
                        if p.item.layer != .first { w.integer(p.item.layer.value) }
                    }
                }
            }
            JournalLayers.writeChange(step.layers, into: &w)
        }
        return w.bytes
    }

    /// The image records `d` needs and its JSON with its `id`; on failure `problem` says why (for
    /// `lastError`) and nothing is to be written. Images registered on the way stay in the table:
    /// the next snapshot names them.
    private func encodeForRecord(_ d: Drawable, id: UInt64, path: String) -> (images: [UInt8], json: [UInt8], problem: String?) {
        do throws(DocumentError) {
            let images = try registerImages(of: [d])
            var w = JSONWriter()
            try DrawableCoding.encode(d, path: path, id: id, imageIndex: self.images.existingIndex, into: &w)
            return (images, w.bytes, nil)
        } catch {
            return ([], [], "autosave: a drawing could not be recorded: " + error.message(file: "drawing").dropPrefix("drawing: "))
        }
    }

    /// Adds the images of `drawables` to the session's table, writing the file of each new one;
    /// returns the `image` records of the new ones. A file that cannot be written is noted in
    /// `imageWriteError` (and written by the next snapshot).
    @discardableResult
    func registerImages(of drawables: [Drawable]) throws(DocumentError) -> [UInt8] {
        var out: [UInt8] = []
        for image in drawables.lazy.flatMap(\.images) {
            let (index, png) = try images.index(of: image, path: "image")
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
