extension DisplayList {
    /// The union of the items' painted bounds, nil when none paints anything.
    public var paintedBounds: Rect? {
        items.reduce(nil as Rect?) { acc, item in
            guard let b = item.drawable.paintedBounds else { return acc }
            return acc?.union(b) ?? b
        }
    }
}
