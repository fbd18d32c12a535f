/// A layer operation the layers panel (or a replay's `{"layer": …}` event) asks for. Each acts on
/// the current layer, but `select`, and each but `select` is one undo step.
public enum LayerEvent: Hashable, Sendable {
    /// A new layer just above the current one (named, or "Layer n"), which becomes current.
    case add(name: String?)
    /// Deletes the current layer with its drawables (never the last layer).
    case delete
    /// Moves the current layer one place up (1) or down (-1).
    case move(Int)
    /// Makes the layer at this position current (0 is the bottom); not an undo step.
    case makeCurrent(Int)
    case rename(String)
    case visible(Bool)
    case locked(Bool)
    /// 0…1.
    case opacity(Double)
    /// Merges the current layer into the one below it, which becomes current.
    case mergeDown
    /// Moves the selection to the layer above (1) or below (-1), keeping its order; that layer
    /// becomes current, the moved drawables stay selected.
    case moveSelection(Int)
}

/// What a layer key asks for: a `LayerEvent`, or one that depends on the current layer (the one
/// above or below becomes current, visibility and lock toggled, opacity stepped by 10 %).
public enum LayerKey: Hashable, Sendable {
    case add, delete, mergeDown, toggleVisible, toggleLocked
    case current(Int), move(Int), stepOpacity(Int), moveSelection(Int)
}
