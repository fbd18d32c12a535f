/// The display list of committed drawables, with undo and redo one step at a time.
///
/// Every change is a `Step` (the items it removed and the items it inserted, with their
/// positions): undo applies the last step backwards, redo the last undone one forwards.
///
/// Each change is published once, in the list's feed (`DisplayList+Feed`): what it removed and
/// what it inserted, with their stacking order keys. Everything that follows the list (the spatial
/// index, the tiles, the autosave journal, the saved state) reads that feed; nothing re-derives a
/// change by comparing ids. Stacking order is an `OrderKey` per item (`DisplayList+Order`), apart
/// from where the item is stored, so a cache can tell an insertion below the top from an append
/// without counting positions. The whole history is saved and restored with `history` and
/// `init(restoring:)`.
public struct DisplayList: Sendable {
    public internal(set) var items: [DisplayItem] = []
    /// The stacking order key of each item of `items`, ascending (`orders[i]` is `items[i]`'s).
    public internal(set) var orders: [OrderKey] = []
    /// The layers, bottom to top (never empty); `items` are grouped by layer in this order
    /// (`DisplayList+Layers`).
    public internal(set) var layers: [Layer] = [.initial]
    /// The id the next new layer gets (ids never repeat within the list's history).
    var nextLayerID: UInt64 = LayerID.first.value + 1
    var undoStack: [Step] = []
    var redoStack: [Step] = []
    /// A serial number for each step of `undoStack` and `redoStack`, unique within the list: the
    /// newest undo step's is the list's `state` (see `DisplayList+Feed`).
    var undoSerials: [UInt64] = []
    var redoSerials: [UInt64] = []
    var nextSerial: UInt64 = 1
    /// What only the undo steps hold (`undoCost(of:)` summed), kept within the history's budget
    /// (`DisplayList+HistoryBudget`) by dropping the oldest steps.
    private var undoCost = 0
    var nextID: UInt64 = 1
    /// Increments on every change (add, clear, edit, undo, redo); a cheap "did anything change" check.
    public private(set) var revision: UInt64 = 0
    /// The feed: the most recent edits, oldest first (`feed.last` made `revision`).
    var feed: [ListEdit] = []
    /// The revision whose edit renumbered every order key; the feed cannot bring a follower from
    /// before it up to date (it must start over from `entries`).
    var renumberedAt: UInt64 = 0
    /// Identifies this list's history for its followers (a copy that changes on its own gets a
    /// lineage of its own, so no follower takes one list's feed for another's).
    public private(set) var lineage = Lineage()
    /// How many recent edits the feed can always report.
    public static let changeLogLimit = 1024

    public init() {}

    /// A list holding `drawables` with empty history (an opened document).
    public init(drawables: [Drawable]) {
        for d in drawables { items.append(makeItem(d)) }
        orders = OrderKey.spread(items.count)
    }

    /// A list in the state `history` describes, with its undo and redo steps; throws when the
    /// history is inconsistent (see `HistoryError`), so undo and redo never meet a surprise.
    public init(restoring history: History) throws(HistoryError) {
        let maxID = try history.validate()
        items = history.items
        orders = OrderKey.spread(items.count)
        layers = history.layers
        nextLayerID = history.largestLayerID.value + 1
        undoStack = history.undo
        redoStack = history.redo
        undoSerials = (0..<undoStack.count).map { UInt64($0 + 1) }
        redoSerials = (0..<redoStack.count).map { UInt64(undoStack.count + $0 + 1) }
        nextSerial = UInt64(undoStack.count + redoStack.count + 1)
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
    public var history: History { History(items: items, undo: undoStack, redo: redoStack, layers: layers) }

    /// A new item of `layer` (nil: the top layer).
    mutating func makeItem(_ d: Drawable, layer: LayerID? = nil) -> DisplayItem {
        defer { nextID += 1 }
        return DisplayItem(id: nextID, drawable: d, layer: layer ?? topLayer.id)
    }

    /// Appends a drawable to the top layer as one undoable step; empties the redo stack.
    @discardableResult
    public mutating func add(_ d: Drawable) -> DisplayItem {
        let d = d.compacted()
        let item = makeItem(d)
        let step = Step(removed: [], inserted: [Placed(index: items.count, item: item)])
        perform(step, as: .add(d))
        commit(step)
        return item
    }

    /// Removes everything as one undoable step; does nothing on an empty list. Returns whether it cleared.
    @discardableResult
    public mutating func clear() -> Bool {
        guard !items.isEmpty else { return false }
        let step = Step(removed: items.enumerated().map { Placed(index: $0.offset, item: $0.element) }, inserted: [])
        perform(step, as: .clear)
        commit(step)
        return true
    }

    /// Undoes the last step; returns false when there is nothing to undo (or the step does not
    /// match the items, which a list never lets happen).
    @discardableResult
    public mutating func undo() -> Bool {
        guard let step = undoStack.last, perform(step.reversed, as: .undo) else { return false }
        undoStack.removeLast()
        redoSerials.append(undoSerials.removeLast())
        undoCost -= DisplayList.undoCost(of: step)
        redoStack.append(step)
        return true
    }

    /// Redoes the last undone step; returns false when there is nothing to redo (or the step does
    /// not match the items, which a list never lets happen).
    @discardableResult
    public mutating func redo() -> Bool {
        guard let step = redoStack.last, perform(step, as: .redo) else { return false }
        redoStack.removeLast()
        undoSerials.append(redoSerials.removeLast())
        undoStack.append(step)
        undoCost += DisplayList.undoCost(of: step)
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

    /// Makes `step` (already performed) the newest undo step, empties the redo stack and drops the
    /// oldest undo steps over the history's budget. Mirrors making the same changes drop the same steps.
    mutating func commit(_ step: Step) {
        undoStack.append(step)
        undoSerials.append(nextSerial)
        nextSerial += 1
        undoCost += DisplayList.undoCost(of: step)
        redoStack.removeAll()
        redoSerials.removeAll()
        let (drop, freed) = DisplayList.stepsOverBudget(undoStack, cost: undoCost, items: items)
        if drop > 0 {
            undoStack.removeFirst(drop)
            undoSerials.removeFirst(drop)
            undoCost -= freed
        }
    }

    /// Applies `step` forwards to the items and their order keys and publishes it in the feed as
    /// `change`; false (and nothing changed) when it does not fit the items. Every change goes
    /// through here, so the feed holds each exactly once.
    @discardableResult
    mutating func perform(_ step: Step, as change: Change) -> Bool {
        if !isKnownUniquelyReferenced(&lineage) { lineage = Lineage() }  // a copy changes on its own
        guard step.layers.map({ $0.before == layers && !$0.after.isEmpty }) ?? true,
              items.replace(step.removed, with: step.inserted) else { return false }
        if let change = step.layers { layers = change.after }
        let renumbered = reorder(removed: step.removed.map(\.index), inserted: step.inserted.map(\.index))
        revision += 1
        if renumbered { renumberedAt = revision }
        publish(ListEdit(change: change, removed: step.removed.map(\.item.id),
                         inserted: step.inserted.map { Entry(item: $0.item, order: orders[$0.index]) }))
        return true
    }
}
