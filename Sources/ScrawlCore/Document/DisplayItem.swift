/// A committed drawable with an identity that never repeats within its list, so renderers can
/// tell which drawables they have already baked into the canvas, and the layer it belongs to.
public struct DisplayItem: Hashable, Sendable {
    public let id: UInt64
    public let drawable: Drawable
    /// The layer the drawable belongs to (`DisplayList.layers`).
    public let layer: LayerID

    /// An item; within one `DisplayList` an id always names the same drawable.
    public init(id: UInt64, drawable: Drawable, layer: LayerID = .first) {
        self.id = id
        self.drawable = drawable
        self.layer = layer
    }
}
