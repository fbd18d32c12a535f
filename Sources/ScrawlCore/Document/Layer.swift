/// A layer's identity within its drawing: never reused within one list's history, so a step, the
/// journal and the caches can name a layer by it.
public struct LayerID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var value: UInt64

    public init(_ value: UInt64) { self.value = value }

    public static func < (a: LayerID, b: LayerID) -> Bool { a.value < b.value }

    /// The layer of a new drawing (and of every drawable of a document written before layers).
    public static let first = LayerID(1)
    /// No layer (never a layer's id): an index synced with it holds nothing.
    public static let none = LayerID(0)

    public var description: String { "\(value)" }
}

/// One layer of a drawing: its name, whether it is shown, whether tools may change it, and the
/// opacity it is composited with as a whole (0…1). Drawables belong to a layer by `DisplayItem.layer`;
/// the list keeps the layers bottom to top (`DisplayList.layers`) and its items grouped by layer in
/// that order, so the stacking order of all items stays one ascending order key.
public struct Layer: Hashable, Sendable {
    public var id: LayerID
    public var name: String
    public var visible: Bool
    public var locked: Bool
    /// 0…1 (`clampedOpacity` is what a setter keeps).
    public var opacity: Double

    public init(id: LayerID, name: String, visible: Bool = true, locked: Bool = false, opacity: Double = 1) {
        self.id = id
        self.name = name
        self.visible = visible
        self.locked = locked
        self.opacity = Layer.clampedOpacity(opacity)
    }

    /// The one layer of a new drawing.
    public static let initial = Layer(id: .first, name: "Layer 1")

    /// Whether a tool may change this layer: shown and not locked.
    public var isEditable: Bool { visible && !locked }

    /// `o` within 0…1 (a non-finite value: 1).
    public static func clampedOpacity(_ o: Double) -> Double { o.isFinite ? min(1, max(0, o)) : 1 }

    /// The longest name a layer keeps (longer names are cut).
    public static let maxNameLength = 64
}

/// A change of the layer table, part of one undoable step: the whole table before and after (a
/// drawing has a handful of layers; the table is small next to the items a step holds).
public struct LayerTableChange: Hashable, Sendable {
    public var before: [Layer]
    public var after: [Layer]

    public init(before: [Layer], after: [Layer]) {
        self.before = before
        self.after = after
    }

    public var reversed: LayerTableChange { LayerTableChange(before: after, after: before) }
}
