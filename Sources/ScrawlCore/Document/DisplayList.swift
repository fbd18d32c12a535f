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
        return true
    }
}
