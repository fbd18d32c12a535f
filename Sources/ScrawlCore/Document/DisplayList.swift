/// A committed drawable with an identity that never repeats, so renderers can tell which
/// drawables they have already baked into the canvas.
public struct DisplayItem: Hashable, Sendable {
    public let id: UInt64
    public let drawable: Drawable
}

/// One undoable step.
private enum Step {
    case add(DisplayItem)
    case clear([DisplayItem])
}

/// The ordered display list of committed drawables, with undo and redo one step at a time.
public struct DisplayList: Sendable {
    public private(set) var items: [DisplayItem] = []
    private var undoStack: [Step] = []
    private var redoStack: [Step] = []
    private var nextID: UInt64 = 1
    /// Increments on every change (add, clear, undo, redo); a cheap "did anything change" check.
    public private(set) var revision: UInt64 = 0
    /// The most recent changes, oldest first: `changeLog.last` made `revision` (see `changes(since:)`).
    private var changeLog: [JournalChange] = []
    /// How many recent changes `changes(since:)` can always report.
    public static let changeLogLimit = 1024

    public init() {}

    /// A list holding `drawables` with empty history (an opened document).
    public init(drawables: [Drawable]) {
        for d in drawables { items.append(makeItem(d)) }
    }

    public var drawables: [Drawable] { items.map(\.drawable) }
    public var isEmpty: Bool { items.isEmpty }
    public var count: Int { items.count }
    public var canUndo: Bool { !undoStack.isEmpty }
    public var canRedo: Bool { !redoStack.isEmpty }

    private mutating func makeItem(_ d: Drawable) -> DisplayItem {
        defer { nextID += 1 }
        return DisplayItem(id: nextID, drawable: d)
    }

    /// Appends a drawable as one undoable step; empties the redo stack.
    @discardableResult
    public mutating func add(_ d: Drawable) -> DisplayItem {
        let item = makeItem(d)
        items.append(item)
        undoStack.append(.add(item))
        redoStack.removeAll()
        revision += 1
        logChange(.add(d))
        return item
    }

    /// Removes everything as one undoable step; does nothing on an empty list. Returns whether it cleared.
    @discardableResult
    public mutating func clear() -> Bool {
        guard !items.isEmpty else { return false }
        undoStack.append(.clear(items))
        items.removeAll()
        redoStack.removeAll()
        revision += 1
        logChange(.clear)
        return true
    }

    /// Undoes the last step; returns false when there is nothing to undo.
    @discardableResult
    public mutating func undo() -> Bool {
        guard let step = undoStack.popLast() else { return false }
        switch step {
        case .add: items.removeLast()
        case .clear(let old): items = old
        }
        redoStack.append(step)
        revision += 1
        logChange(.undo)
        return true
    }

    /// Redoes the last undone step; returns false when there is nothing to redo.
    @discardableResult
    public mutating func redo() -> Bool {
        guard let step = redoStack.popLast() else { return false }
        switch step {
        case .add(let item): items.append(item)
        case .clear: items.removeAll()
        }
        undoStack.append(step)
        revision += 1
        logChange(.redo)
        return true
    }
}

extension DisplayList {
    /// The changes made after `revision`, oldest first, for mirroring the list elsewhere (the
    /// autosave journal). Empty when `revision` is current; nil when it is newer than this list's
    /// or older than the last `changeLogLimit` changes (the caller must then start over from
    /// `drawables`).
    public func changes(since revision: UInt64) -> [JournalChange]? {
        if revision == self.revision { return [] }
        guard revision < self.revision else { return nil }
        let behind = self.revision - revision
        guard behind <= UInt64(changeLog.count) else { return nil }
        return Array(changeLog.suffix(Int(behind)))
    }

    private mutating func logChange(_ change: JournalChange) {
        changeLog.append(change)
        if changeLog.count >= 2 * DisplayList.changeLogLimit {
            changeLog.removeFirst(changeLog.count - DisplayList.changeLogLimit)
        }
    }
}

extension DisplayList {
    /// The undo stack (oldest first) and the redo stack (the next to redo last), each step as
    /// the items it added (one) or cleared, for mirroring the history elsewhere (the journal).
    public var history: (undo: [(isClear: Bool, items: [DisplayItem])], redo: [(isClear: Bool, items: [DisplayItem])]) {
        func steps(_ stack: [Step]) -> [(isClear: Bool, items: [DisplayItem])] {
            stack.map { step in
                switch step {
                case .add(let item): return (false, [item])
                case .clear(let items): return (true, items)
                }
            }
        }
        return (steps(undoStack), steps(redoStack))
    }
}


/// One change to the display list, as the autosave journal records it.
public enum JournalChange: Hashable, Sendable {
    /// A committed drawable appended (one undoable step).
    case add(Drawable)
    case undo
    case redo
    /// Everything removed (one undoable step).
    case clear
}
