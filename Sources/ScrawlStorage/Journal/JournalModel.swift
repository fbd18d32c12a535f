import ScrawlCore

/// The journal's mirror of a `DisplayList`: the drawables and the undo and redo history, with the
/// same semantics step for step, but with numbered entries so a snapshot can store each drawable
/// once however many steps mention it.
struct HistoryModel: Sendable {
    enum Step: Hashable, Sendable {
        case add(UInt64)
        case clear([UInt64])
    }

    private(set) var pool: [UInt64: Drawable] = [:]
    private(set) var items: [UInt64] = []
    private(set) var undo: [Step] = []
    private(set) var redo: [Step] = []
    private var nextID: UInt64 = 1

    init() {}

    /// `drawables` with no history (an opened document).
    init(drawables: [Drawable]) {
        for d in drawables { items.append(insert(d)) }
    }

    /// The drawables of `list` and its whole undo and redo history, step for step.
    init(displayList list: DisplayList) {
        func id(_ item: DisplayItem) -> UInt64 {
            pool[item.id] = item.drawable
            return item.id
        }
        items = list.items.map(id)
        let history = list.history
        undo = history.undo.map { $0.isClear ? .clear($0.items.map(id)) : .add(id($0.items[0])) }
        redo = history.redo.map { $0.isClear ? .clear($0.items.map(id)) : .add(id($0.items[0])) }
        nextID = (pool.keys.max() ?? 0) + 1
    }

    var drawables: [Drawable] { items.map { pool[$0]! } }
    /// Every drawable the model holds (shown or only in the history), in the order they were made.
    var allDrawables: [Drawable] { pool.keys.sorted().map { pool[$0]! } }
    /// Nothing to show and nothing to undo or redo: not worth recovering.
    var isBlank: Bool { items.isEmpty && undo.isEmpty && redo.isEmpty }

    private mutating func insert(_ d: Drawable) -> UInt64 {
        defer { nextID += 1 }
        pool[nextID] = d
        return nextID
    }

    /// Applies a change as `DisplayList` would; false when it changes nothing (undo with nothing to
    /// undo, clear of an empty list), which `DisplayList` never reports as a change.
    @discardableResult
    mutating func apply(_ change: JournalChange) -> Bool {
        switch change {
        case .add(let d):
            let id = insert(d)
            items.append(id)
            undo.append(.add(id))
            redo.removeAll()
        case .clear:
            guard !items.isEmpty else { return false }
            undo.append(.clear(items))
            items.removeAll()
            redo.removeAll()
        case .undo:
            guard let step = undo.popLast() else { return false }
            switch step {
            case .add: items.removeLast()
            case .clear(let old): items = old
            }
            redo.append(step)
        case .redo:
            guard let step = redo.popLast() else { return false }
            switch step {
            case .add(let id): items.append(id)
            case .clear: items.removeAll()
            }
            undo.append(step)
        }
        return true
    }

    /// Drops drawables no step or item refers to any more (those a new drawing cut off the redo stack).
    mutating func collectGarbage() {
        var live = Set(items)
        for step in undo + redo {
            switch step {
            case .add(let id): live.insert(id)
            case .clear(let ids): live.formUnion(ids)
            }
        }
        if live.count < pool.count { pool = pool.filter { live.contains($0.key) } }
    }

    /// A `DisplayList` with the same drawables and the same undo and redo steps: the list before
    /// every undoable step, then the steps replayed, then the undone ones redone and undone again.
    func makeDisplayList() -> DisplayList {
        var base = items
        for step in undo.reversed() {
            switch step {
            case .add: base.removeLast()
            case .clear(let old): base = old
            }
        }
        var list = DisplayList(drawables: base.map { pool[$0]! })
        for step in undo { replay(step, on: &list) }
        for step in redo.reversed() { replay(step, on: &list) }
        for _ in redo { list.undo() }
        return list
    }

    private func replay(_ step: Step, on list: inout DisplayList) {
        switch step {
        case .add(let id): list.add(pool[id]!)
        case .clear: list.clear()
        }
    }

    // MARK: Snapshots

    /// The snapshot's `history` member: drawables only the history mentions (`extra`), and the
    /// steps, each naming drawables by number: below the count of visible drawables, the visible
    /// one at that position; from there on, `extra` in order.
    ///
    /// `{"extra": [...], "undo": [["add", 3], ["clear", [0, 1, 2]]], "redo": [["add", 4]]}`
    func encodeHistory(path: String, imageIndex: DrawableCoding.ImageIndex,
                       into w: inout JSONWriter) throws(DocumentError) {
        var number: [UInt64: Int] = [:]
        for (i, id) in items.enumerated() { number[id] = i }
        var extra: [UInt64] = []
        func ref(_ id: UInt64) -> Int {
            if let n = number[id] { return n }
            let n = items.count + extra.count
            number[id] = n
            extra.append(id)
            return n
        }
        func steps(_ list: [Step]) -> String {
            var s = JSONWriter()
            s.raw("[")
            for (i, step) in list.enumerated() {
                if i > 0 { s.raw(", ") }
                switch step {
                case .add(let id): s.raw("[\"add\", \(ref(id))]")
                case .clear(let ids): s.raw("[\"clear\", [" + ids.map { String(ref($0)) }.joined(separator: ", ") + "]]")
                }
            }
            s.raw("]")
            return s.text
        }
        let undoText = steps(undo), redoText = steps(redo)
        w.raw("{\"undo\": \(undoText),\n\"redo\": \(redoText),\n\"extra\": [")
        for (i, id) in extra.enumerated() {
            w.raw(i == 0 ? "\n" : ",\n")
            try DrawableCoding.encode(pool[id]!, path: "\(path).extra[\(i)]", imageIndex: imageIndex, into: &w)
        }
        w.raw("]}")
    }

    /// The model from a snapshot's visible drawables and its `history` member; nil when the
    /// history is malformed or inconsistent (the caller then keeps the drawables without history).
    static func decode(visible: [Drawable], history: JSONValue, images: inout ImageSource) throws(DocumentError) -> HistoryModel? {
        var model = HistoryModel(drawables: visible)
        let fields = try Fields(history, path: "history")
        let extraValues = try fields.array("extra")
        var ids = model.items
        for (i, v) in extraValues.enumerated() {
            ids.append(model.insert(try DrawableCoding.decodeDrawable(v, path: "history.extra[\(i)]") {
                (index, path) throws(DocumentError) -> RasterImage in
                try images.image(index, referencedAt: path)
            }))
        }
        func id(_ v: JSONValue) -> UInt64? {
            guard let n = v.numberValue?.int64Value, n >= 0, n < Int64(ids.count) else { return nil }
            return ids[Int(n)]
        }
        func steps(_ key: String) throws(DocumentError) -> [Step]? {
            var out: [Step] = []
            for v in try fields.array(key) {
                guard let parts = v.arrayValue, parts.count == 2, let kind = parts[0].stringValue else { return nil }
                if kind == "add", let i = id(parts[1]) {
                    out.append(.add(i))
                } else if kind == "clear", let list = parts[1].arrayValue {
                    var cleared: [UInt64] = []
                    for x in list {
                        guard let i = id(x) else { return nil }
                        cleared.append(i)
                    }
                    out.append(.clear(cleared))
                } else {
                    return nil
                }
            }
            return out
        }
        guard let undo = try steps("undo"), let redo = try steps("redo") else { return nil }
        model.undo = undo
        model.redo = redo
        return model.isConsistent ? model : nil
    }

    /// The history can be walked without surprises: undoing every step from the current items
    /// removes what each step added, and every clear cleared something.
    var isConsistent: Bool {
        var list = items
        for step in undo.reversed() {
            switch step {
            case .add(let id):
                guard list.last == id else { return false }
                list.removeLast()
            case .clear(let old):
                guard list.isEmpty, !old.isEmpty else { return false }
                list = old
            }
        }
        list = items
        for step in redo.reversed() {
            switch step {
            case .add(let id):
                guard !list.contains(id) else { return false }
                list.append(id)
            case .clear:
                guard !list.isEmpty else { return false }
                list.removeAll()
            }
        }
        return true
    }
}
