extension Drawable {
    /// The same drawable with its path's verbs and points in arrays of just their size. A path built
    /// one element at a time (`Path.polyline`) may hold up to twice the room it needs in each, and a
    /// committed drawable keeps it for the life of the list, so `DisplayList.add` stores it compacted.
    func compacted() -> Drawable {
        guard case .path(var d) = self, let trimmed = d.path.trimmedStorage() else { return self }
        d.path = trimmed
        return .path(d)
    }
}
