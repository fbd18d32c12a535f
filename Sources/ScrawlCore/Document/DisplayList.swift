/// The ordered display list of committed drawables, with undo and redo one step at a time.
///
/// Every change is a `Step` (the items it removed and the items it inserted, with their
/// positions): undo applies the last step backwards, redo the last undone one forwards. Mirrors
/// (the autosave journal) follow the list with `changes(since:)` and `apply(_:)`, and save and
/// restore the whole history with `history` and `init(restoring:)`.
public struct DisplayList: Sendable {
    public internal(set) var items: [DisplayItem] = []
    private var undoStack: [Step] = []
    private var redoStack: [Step] = []
    /// What only the undo steps hold (`undoCost(of:)` summed), kept within the history's budget
    /// (`DisplayList+HistoryBudget`) by dropping the oldest steps.
    private var undoCost = 0
    var nextID: UInt64 = 1
    /// Increments on every change (add, clear, edit, undo, redo); a cheap "did anything change" check.
    public private(set) var revision: UInt64 = 0
    /// The most recent changes, oldest first: `changeLog.last` made `revision` (see `changes(since:)`).
    private var changeLog: [Change] = []
    /// How many recent changes `changes(since:)` can always report.
    public static let changeLogLimit = 1024

    public init() {}

    /// A list holding `drawables` with empty history (an opened document).
    public init(drawables: [Drawable]) {
        for d in drawables { items.append(makeItem(d)) }
    }

    /// A list in the state `history` describes, with its undo and redo steps; throws when the
    /// history is inconsistent (see `HistoryError`), so undo and redo never meet a surprise.
    public init(restoring history: History) throws(HistoryError) {
        let maxID = try history.validate()
        items = history.items
        undoStack = history.undo
        redoStack = history.redo
        nextID = maxID + 1
        // Kept whole, even over the budget: the session it comes from undid and redid through it.
        undoCost = history.undo.reduce(0) { $0 + DisplayList.undoCost(of: $1) }
    }

    public var drawables: [Drawable] { items.map(\.drawable) }
    public var isEmpty: Bool { items.isEmpty }
    public var count: Int { items.count }
    public var canUndo: Bool { !undoStack.isEmpty }
    public var canRedo: Bool { !redoStack.isEmpty }

    /// The drawables, the undo steps (oldest first) and the undone steps (the next to redo last).
    public var history: History { History(items: items, undo: undoStack, redo: redoStack) }

    mutating func makeItem(_ d: Drawable) -> DisplayItem {
        defer { nextID += 1 }
        return DisplayItem(id: nextID, drawable: d)
    }

    /// Appends a drawable as one undoable step; empties the redo stack.
    @discardableResult
    public mutating func add(_ d: Drawable) -> DisplayItem {
        let d = d.compacted()
        let item = makeItem(d)
        let step = Step(removed: [], inserted: [Placed(index: items.count, item: item)])
        items.append(item)
        commit(step, .add(d))
        return item
    }

    /// Removes everything as one undoable step; does nothing on an empty list. Returns whether it cleared.
    @discardableResult
    public mutating func clear() -> Bool {
        guard !items.isEmpty else { return false }
        let step = Step(removed: items.enumerated().map { Placed(index: $0.offset, item: $0.element) }, inserted: [])
        items.removeAll()
        commit(step, .clear)
        return true
    }

    /// Undoes the last step; returns false when there is nothing to undo (or the step does not
    /// match the items, which a list never lets happen).
    @discardableResult
    public mutating func undo() -> Bool {
        guard let step = undoStack.last, items.replace(step.inserted, with: step.removed) else { return false }
        undoStack.removeLast()
        undoCost -= DisplayList.undoCost(of: step)
        redoStack.append(step)
        revision += 1
        logChange(.undo)
        return true
    }

    /// Redoes the last undone step; returns false when there is nothing to redo (or the step does
    /// not match the items, which a list never lets happen).
    @discardableResult
    public mutating func redo() -> Bool {
        guard let step = redoStack.last, items.replace(step.removed, with: step.inserted) else { return false }
        redoStack.removeLast()
        undoStack.append(step)
        undoCost += DisplayList.undoCost(of: step)
        revision += 1
        logChange(.redo)
        return true
    }

    /// Makes `change` as the methods above do; false when it changes nothing (undo with nothing
    /// to undo, clear of an empty list).
    @discardableResult
    public mutating func apply(_ change: Change) -> Bool {
        switch change {
        case .add(let d):
            add(d)
            return true
        case .undo: return undo()
        case .redo: return redo()
        case .clear: return clear()
        case .edit(let step): return applyRecorded(step)
        }
    }

    /// Makes `step` the newest undo step, empties the redo stack and drops the oldest undo steps
    /// over the history's budget. Mirrors making the same changes drop the same steps.
    mutating func commit(_ step: Step, _ change: Change) {
        undoStack.append(step)
        undoCost += DisplayList.undoCost(of: step)
        redoStack.removeAll()
        let (drop, freed) = DisplayList.stepsOverBudget(undoStack, cost: undoCost, items: items)
        if drop > 0 {
            undoStack.removeFirst(drop)
            undoCost -= freed
        }
        revision += 1
        logChange(change)
    }
}

extension DisplayList {
    /// The changes made after `revision`, oldest first, for mirroring the list elsewhere (the
    /// autosave journal). Empty when `revision` is current; nil when it is newer than this list's
    /// or older than the last `changeLogLimit` changes (the caller must then start over from
    /// `drawables`).
    public func changes(since revision: UInt64) -> [Change]? {
        if revision == self.revision { return [] }
        guard revision < self.revision else { return nil }
        let behind = self.revision - revision
        guard behind <= UInt64(changeLog.count) else { return nil }
        return Array(changeLog.suffix(Int(behind)))
    }

    private mutating func logChange(_ change: Change) {
        changeLog.append(change)
        if changeLog.count >= 2 * DisplayList.changeLogLimit {
            changeLog.removeFirst(changeLog.count - DisplayList.changeLogLimit)
        }
    }
}
