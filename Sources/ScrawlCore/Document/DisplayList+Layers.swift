import Foundation

/// The layers of a list: the table (`layers`, bottom to top) and the operations on it, each one
/// undoable step through `perform` and the feed, so the journal, the caches and undo see a layer
/// operation as they see any edit.
///
/// Items stay grouped by layer in the table's order: all of the bottom layer's items first, the
/// top layer's last. So one ascending order key still gives the whole drawing's stacking order, a
/// drawable added to the top layer is an append, and one added to a lower layer is an insertion
/// at the top of its layer's block.
extension DisplayList {
    /// The top layer (where `add` and `append` put drawables).
    public var topLayer: Layer { layers[layers.count - 1] }

    /// The layer with `id`, if the list has it.
    public func layer(_ id: LayerID) -> Layer? { layers.first { $0.id == id } }

    /// Where the layer with `id` is in `layers` (0 is the bottom).
    public func layerIndex(_ id: LayerID) -> Int? { layers.firstIndex { $0.id == id } }

    /// A list with `layers` (bottom to top, each with its drawables in order) and an empty history;
    /// one layer when `layers` is empty.
    public init(layers: [(layer: Layer, drawables: [Drawable])]) {
        guard !layers.isEmpty else { self.init(); return }
        self.init()
        var table: [Layer] = []
        for (layer, drawables) in layers where !table.contains(where: { $0.id == layer.id }) {
            table.append(layer)
            for d in drawables { items.append(makeItem(d, layer: layer.id)) }
        }
        self.layers = table
        orders = OrderKey.spread(items.count)
        nextLayerID = (table.map(\.id.value).max() ?? 1) + 1
    }

    /// The indices of the items of the layer at `position` of `layers`: found by bisection, as the
    /// items are grouped by layer in the table's order.
    public func itemRange(ofLayerAt position: Int) -> Range<Int> {
        let positions = layerPositions
        /// The first index whose item's layer lies above `p` (the end when none does).
        func firstAbove(_ p: Int) -> Int {
            var low = 0, high = items.count
            while low < high {
                let mid = (low + high) / 2
                if (positions[items[mid].layer] ?? 0) > p { high = mid } else { low = mid + 1 }
            }
            return low
        }
        return firstAbove(position - 1)..<firstAbove(position)
    }

    /// The items of the layer with `id`, bottom first.
    public func items(of id: LayerID) -> ArraySlice<DisplayItem> {
        guard let p = layerIndex(id) else { return [] }
        return items[itemRange(ofLayerAt: p)]
    }

    private var layerPositions: [LayerID: Int] {
        Dictionary(uniqueKeysWithValues: layers.enumerated().map { ($0.element.id, $0.offset) })
    }

    /// Appends `drawables` at the top of the layer `id` as one undoable step; none when the list
    /// has no such layer (or `drawables` is empty).
    @discardableResult
    public mutating func append(_ drawables: [Drawable], to id: LayerID) -> [DisplayItem] {
        guard let p = layerIndex(id), !drawables.isEmpty else { return [] }
        if p == layers.count - 1 { return append(drawables) }
        let end = itemRange(ofLayerAt: p).upperBound
        let placed = drawables.enumerated().map { Placed(index: end + $0.offset, item: makeItem($0.element.compacted(), layer: id)) }
        let step = Step(removed: [], inserted: placed)
        perform(step, as: .edit(step))
        commit(step)
        return placed.map(\.item)
    }

    /// Adds a layer just above the layer `id` (named `name`, or "Layer n" with the next unused n);
    /// returns its id, nil when the list has no layer `id`.
    @discardableResult
    public mutating func addLayer(above id: LayerID, name: String? = nil) -> LayerID? {
        guard let p = layerIndex(id) else { return nil }
        let new = Layer(id: LayerID(nextLayerID), name: DisplayList.cut(name) ?? unusedLayerName)
        nextLayerID += 1
        var after = layers
        after.insert(new, at: p + 1)
        return performLayers(Step(removed: [], inserted: [], layers: LayerTableChange(before: layers, after: after))) ? new.id : nil
    }

    /// Deletes the layer `id` and its drawables; false for the last layer or an unknown one.
    @discardableResult
    public mutating func deleteLayer(_ id: LayerID) -> Bool {
        guard layers.count > 1, let p = layerIndex(id) else { return false }
        var after = layers
        after.remove(at: p)
        let removed = itemRange(ofLayerAt: p).map { Placed(index: $0, item: items[$0]) }
        return performLayers(Step(removed: removed, inserted: [], layers: LayerTableChange(before: layers, after: after)))
    }

    /// Moves the layer `id` one place up (`by: 1`) or down (`by: -1`) with its drawables (their
    /// ids kept); false at the top or bottom.
    @discardableResult
    public mutating func moveLayer(_ id: LayerID, by delta: Int) -> Bool {
        guard let p = layerIndex(id), delta == 1 || delta == -1, layers.indices.contains(p + delta) else { return false }
        let mine = itemRange(ofLayerAt: p), theirs = itemRange(ofLayerAt: p + delta)
        let start = delta > 0 ? mine.lowerBound + theirs.count : theirs.lowerBound
        let removed = mine.map { Placed(index: $0, item: items[$0]) }
        let inserted = removed.enumerated().map { Placed(index: start + $0.offset, item: $0.element.item) }
        var after = layers
        after.swapAt(p, p + delta)
        return performLayers(Step(removed: removed, inserted: inserted, layers: LayerTableChange(before: layers, after: after)))
    }

    /// Changes the layer `id`'s name, visibility, lock or opacity through `change` (opacity kept
    /// within 0…1, the name cut to `Layer.maxNameLength` and never empty); false when nothing changed.
    @discardableResult
    public mutating func updateLayer(_ id: LayerID, _ change: (inout Layer) -> Void) -> Bool {
        guard let p = layerIndex(id) else { return false }
        var new = layers[p]
        change(&new)
        new.id = id
        new.opacity = Layer.clampedOpacity(new.opacity)
        new.name = DisplayList.cut(new.name) ?? layers[p].name
        guard new != layers[p] else { return false }
        var after = layers
        after[p] = new
        return performLayers(Step(removed: [], inserted: [], layers: LayerTableChange(before: layers, after: after)))
    }

    /// Merges the layer `id` into the one below it: its drawables (new ids, same places) join that
    /// layer's top and the layer goes; false for the bottom layer. The upper layer's opacity is
    /// baked into the merged drawables: each one's alpha is scaled by `mergeFactor` (upper over
    /// lower opacity), so one that overlaps nothing looks as before when the upper layer is the
    /// less opaque; over a more opaque upper layer the alphas rise to at most fully opaque.
    @discardableResult
    public mutating func mergeDown(_ id: LayerID) -> Bool {
        guard let p = layerIndex(id), p > 0 else { return false }
        let below = layers[p - 1].id, factor = DisplayList.mergeFactor(upper: layers[p], lower: layers[p - 1])
        let removed = itemRange(ofLayerAt: p).map { Placed(index: $0, item: items[$0]) }
        let inserted = removed.map {
            Placed(index: $0.index, item: makeItem(factor == 1 ? $0.item.drawable : $0.item.drawable.faded(by: factor), layer: below))
        }
        var after = layers
        after.remove(at: p)
        return performLayers(Step(removed: removed, inserted: inserted, layers: LayerTableChange(before: layers, after: after)))
    }

    /// What a merge down scales the upper layer's alphas by: its opacity over the lower layer's
    /// (1 over a fully transparent lower layer, which shows nothing either way).
    public static func mergeFactor(upper: Layer, lower: Layer) -> Double {
        lower.opacity > 0 ? upper.opacity / lower.opacity : 1
    }

    /// Moves the items `ids` to the top of the layer `target`, keeping their order, under new ids,
    /// as one undoable step; returns the new items (none when no id is shown or `target` is unknown).
    @discardableResult
    public mutating func moveItems(_ ids: Set<UInt64>, to target: LayerID) -> [DisplayItem] {
        guard let t = layerIndex(target) else { return [] }
        let removed = items.enumerated().filter { ids.contains($0.element.id) && $0.element.layer != target }
            .map { Placed(index: $0.offset, item: $0.element) }
        guard !removed.isEmpty else { return [] }
        let end = itemRange(ofLayerAt: t).upperBound
        let start = end - removed.filter { $0.index < end }.count
        let inserted = removed.enumerated().map { Placed(index: start + $0.offset, item: makeItem($0.element.item.drawable, layer: target)) }
        let step = Step(removed: removed, inserted: inserted)
        guard perform(step, as: .edit(step)) else { return [] }
        commit(step)
        return inserted.map(\.item)
    }

    /// Replaces every item and the layer table by `layered` (new ids, in order) as one undoable
    /// step: a revert to a saved file. Nil when it changes nothing or `layered` is empty.
    @discardableResult
    public mutating func replaceAll(withLayers layered: [(layer: Layer, drawables: [Drawable])]) -> Step? {
        var table: [Layer] = []
        for (layer, _) in layered where !table.contains(where: { $0.id == layer.id }) { table.append(layer) }
        guard !table.isEmpty else { return nil }
        nextLayerID = max(nextLayerID, (table.map(\.id.value).max() ?? 0) + 1)
        let removed = items.enumerated().map { Placed(index: $0.offset, item: $0.element) }
        var inserted: [Placed] = []
        for layer in table {
            for (l, drawables) in layered where l.id == layer.id {
                for d in drawables { inserted.append(Placed(index: inserted.count, item: makeItem(d.compacted(), layer: layer.id))) }
            }
        }
        let step = Step(removed: removed, inserted: inserted,
                        layers: table == layers ? nil : LayerTableChange(before: layers, after: table))
        guard !step.isEmpty, perform(step, as: .edit(step)) else { return nil }
        commit(step)
        return step
    }

    private mutating func performLayers(_ step: Step) -> Bool {
        guard perform(step, as: .edit(step)) else { return false }
        commit(step)
        return true
    }

    private var unusedLayerName: String {
        let names = Set(layers.map(\.name))
        var n = layers.count + 1
        while names.contains("Layer \(n)") { n += 1 }
        return "Layer \(n)"
    }

    /// `name` without surrounding white space, at most `Layer.maxNameLength` characters; nil when empty.
    static func cut(_ name: String?) -> String? {
        guard let name else { return nil }
        let trimmed = String(name.trimmingCharacters(in: .whitespacesAndNewlines).prefix(Layer.maxNameLength))
        return trimmed.isEmpty ? nil : trimmed
    }

    /// A table a list can have: not empty, each id once.
    static func isValidTable(_ table: [Layer]) -> Bool {
        !table.isEmpty && Set(table.map(\.id)).count == table.count
    }

    /// Whether `items` belong to `layers`' layers, grouped bottom to top in the table's order.
    static func isGrouped(_ items: [DisplayItem], by layers: [Layer]) -> Bool {
        let positions = Dictionary(layers.enumerated().map { ($0.element.id, $0.offset) }, uniquingKeysWith: { a, _ in a })
        var last = 0
        for item in items {
            guard let p = positions[item.layer], p >= last else { return false }
            last = p
        }
        return true
    }
}
