extension Drawable {
    /// The same drawable with its path's elements in an array of just their size. A path built one
    /// element at a time (`Path.polyline`) may hold up to twice the room it needs, and a committed
    /// drawable keeps it for the life of the list, so `DisplayList.add` stores it compacted.
    func compacted() -> Drawable {
        guard case .path(var d) = self else { return self }
        let elements = d.path.elements
        guard elements.capacity > elements.count + 2 else { return self }
        var exact: [PathElement] = []
        exact.reserveCapacity(elements.count)
        exact.append(contentsOf: elements)
        d.path = Path(elements: exact)
        return .path(d)
    }
}
