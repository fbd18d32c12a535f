import ScrawlCore

/// The `history` member of version 1 and 2 snapshots (still read; version 3 writes `JournalSteps`):
/// a `DisplayList`'s undo and redo steps, where a step is an add or a clear and names drawables by
/// number: below the count of visible drawables, the visible one at that position; from there on,
/// `extra` in order (drawables only the history mentions). Encoding is kept for writing such
/// snapshots in tests.
///
/// `{"undo": [["add", 3], ["clear", [0, 1, 2]]],\n"redo": [["add", 4]],\n"extra": [\n{...}]}`
enum JournalHistory {
    /// A step as format 1 writes it.
    enum Entry: Hashable {
        case add(DisplayItem)
        case clear([DisplayItem])
    }

    // MARK: Encoding

    /// Writes the history of `list` (its visible drawables are written by the caller).
    static func encode(_ list: DisplayList, path: String, imageIndex: DrawableCoding.ImageIndex,
                       into w: inout JSONWriter) throws(DocumentError) {
        let history = list.history
        let undo = try entries(history.undo, count: history.items.count, undoStack: true)
        let redo = try entries(history.redo, count: history.items.count, undoStack: false)
        var numbers = Numbering(visible: history.items)
        let undoRefs = undo.map { numbers.refs($0) }, redoRefs = redo.map { numbers.refs($0) }
        w.beginObject()
        w.key("undo")
        write(undoRefs, into: &w)
        w.key("redo", onNewLine: true)
        write(redoRefs, into: &w)
        w.key("extra", onNewLine: true)
        w.beginArray(DocumentBody.snapshotLines)
        for (i, item) in numbers.extra.enumerated() {
            try DrawableCoding.encode(item.drawable, path: "\(path).extra[\(i)]", imageIndex: imageIndex, into: &w)
        }
        w.endArray()
        w.endObject()
    }

    /// `[["add", 3], ["clear", [0, 1, 2]]]`.
    private static func write(_ steps: [(kind: String, refs: [Int], isList: Bool)], into w: inout JSONWriter) {
        w.array { w in
            for step in steps {
                w.array { w in
                    w.string(step.kind)
                    if step.isList {
                        w.array { w in for r in step.refs { w.integer(r) } }
                    } else {
                        w.integer(step.refs[0])
                    }
                }
            }
        }
    }

    /// The steps of one stack as adds and clears, walking it from the current state (`count`
    /// items); throws for a step format 1 cannot express.
    static func entries(_ steps: [DisplayList.Step], count: Int, undoStack: Bool) throws(DocumentError) -> [Entry] {
        var out: [Entry] = []
        var current = count  // items after an undo step, before a redo step
        for step in steps.reversed() {
            let before = undoStack ? current - step.inserted.count + step.removed.count : current
            let after = undoStack ? current : current - step.removed.count + step.inserted.count
            if step.removed.isEmpty, step.inserted.count == 1, step.inserted[0].index == after - 1 {
                out.append(.add(step.inserted[0].item))
            } else if step.inserted.isEmpty, !step.removed.isEmpty, after == 0, step.removed.count == before {
                out.append(.clear(step.removed.map(\.item)))
            } else {
                throw .field(path: "history", problem: "a step journal format \(JournalFormat.version) cannot hold")
            }
            current = undoStack ? before : after
        }
        return out.reversed()
    }

    /// Numbers for the items a history names: visible ones by position, others appended.
    private struct Numbering {
        var number: [UInt64: Int] = [:]
        var extra: [DisplayItem] = []
        let visibleCount: Int

        init(visible: [DisplayItem]) {
            for (i, item) in visible.enumerated() { number[item.id] = i }
            visibleCount = visible.count
        }

        mutating func ref(_ item: DisplayItem) -> Int {
            if let n = number[item.id] { return n }
            let n = visibleCount + extra.count
            number[item.id] = n
            extra.append(item)
            return n
        }

        mutating func refs(_ entry: Entry) -> (kind: String, refs: [Int], isList: Bool) {
            switch entry {
            case .add(let item): return ("add", [ref(item)], false)
            case .clear(let items): return ("clear", items.map { ref($0) }, true)
            }
        }
    }

    // MARK: Decoding

    /// The list from a snapshot's visible drawables and its `history` member; nil when the
    /// history is malformed or inconsistent (the caller then keeps the drawables without history).
    static func decode(visible: [Drawable], history: JSONValue,
                       images: inout LazyImageDecoder) throws(DocumentError) -> DisplayList? {
        try decode(visible: visible, history: history) { (value, path) throws(DocumentError) -> Drawable in
            try DrawableCoding.decodeDrawable(value, path: path) { (index, at) throws(DocumentError) -> RasterImage in
                try images.image(index, referencedAt: at)
            }
        }
    }

    /// `decode(visible:history:images:)` with a session's images: a drawable whose image file is
    /// lost becomes an empty path.
    static func decode(visible: [Drawable], history: JSONValue,
                       images: inout SessionImages) throws(DocumentError) -> DisplayList? {
        try decode(visible: visible, history: history) { (value, path) throws(DocumentError) -> Drawable in
            try images.decodeDrawable(value, path: path)
        }
    }

    private static func decode(visible: [Drawable], history: JSONValue,
                               drawable: (JSONValue, String) throws(DocumentError) -> Drawable)
        throws(DocumentError) -> DisplayList? {
        let fields = try JSONObjectReader(history, path: "history")
        var all = visible
        for (i, v) in try fields.array("extra").enumerated() {
            all.append(try drawable(v, "history.extra[\(i)]"))
        }
        let items = all.enumerated().map { DisplayItem(id: UInt64($0.offset + 1), drawable: $0.element) }
        guard let undo = try entries(fields.array("undo"), items: items),
              let redo = try entries(fields.array("redo"), items: items),
              let undoSteps = steps(undo, count: visible.count, undoStack: true),
              let redoSteps = steps(redo, count: visible.count, undoStack: false) else { return nil }
        let shown = Array(items.prefix(visible.count))
        return try? DisplayList(restoring: DisplayList.History(items: shown, undo: undoSteps, redo: redoSteps))
    }

    /// `[["add", 3], ["clear", [0, 1, 2]]]` as entries; nil when malformed.
    private static func entries(_ values: [JSONValue], items: [DisplayItem]) -> [Entry]? {
        func item(_ v: JSONValue) -> DisplayItem? {
            guard let n = v.numberValue?.int64Value, n >= 0, n < Int64(items.count) else { return nil }
            return items[Int(n)]
        }
        var out: [Entry] = []
        for v in values {
            guard let parts = v.arrayValue, parts.count == 2, let kind = parts[0].stringValue else { return nil }
            if kind == "add", let i = item(parts[1]) {
                out.append(.add(i))
            } else if kind == "clear", let list = parts[1].arrayValue {
                var cleared: [DisplayItem] = []
                for x in list {
                    guard let i = item(x) else { return nil }
                    cleared.append(i)
                }
                out.append(.clear(cleared))
            } else {
                return nil
            }
        }
        return out
    }

    /// The entries of one stack as steps, walking it from the current state (`count` items); nil
    /// when an add meets an empty list or a clear does not leave (undo) or meet (redo) exactly
    /// the items it names. `DisplayList(restoring:)` checks the rest.
    static func steps(_ entries: [Entry], count: Int, undoStack: Bool) -> [DisplayList.Step]? {
        var out: [DisplayList.Step] = []
        var current = count
        for entry in entries.reversed() {
            switch entry {
            case .add(let item):
                let index = undoStack ? current - 1 : current
                guard index >= 0 else { return nil }
                out.append(DisplayList.Step(removed: [], inserted: [DisplayList.Placed(index: index, item: item)]))
                current = undoStack ? current - 1 : current + 1
            case .clear(let items):
                guard undoStack ? current == 0 : current == items.count else { return nil }
                let placed = items.enumerated().map { DisplayList.Placed(index: $0.offset, item: $0.element) }
                out.append(DisplayList.Step(removed: placed, inserted: []))
                current = undoStack ? items.count : 0
            }
        }
        return out.reversed()
    }
}
