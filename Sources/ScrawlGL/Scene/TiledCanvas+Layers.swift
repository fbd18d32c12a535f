import ScrawlCore

/// Layers in the canvas cache: hidden layers are left out, and a layer below 100 % opacity is
/// drawn as a group (its drawables into a transparent target, then that target composited over
/// what lies below at the layer's opacity), so two overlapping opaque strokes on a 50 % layer give
/// the pixels of one 50 % shape. A layer at 100 % is drawn straight into the tile, exactly as a
/// drawing without layers. A change of a layer's visibility or opacity marks out of date the
/// pixels its drawables reach; nothing else about the table changes pixels.
extension TiledCanvas {
    /// The style of the layer `id` as last synced (a layer the table does not have: shown, 100 %).
    func layerStyle(_ id: LayerID) -> (visible: Bool, opacity: Double) {
        guard id != styleIgnored, let layer = layerTable.first(where: { $0.id == id }) else { return (true, 1) }
        return (layer.visible, layer.opacity)
    }

    /// Whether the drawable `id` is on a shown layer (of those this canvas draws).
    func isOnShownLayer(_ id: UInt64) -> Bool {
        if let scope = indexLayers {
            guard let layer = contents.item(id)?.layer, scope.contains(layer) else { return false }
            return layerStyle(layer).visible
        }
        guard layerTable.count > 1 || !layerTable[0].visible, let layer = contents.item(id)?.layer else { return true }
        return layerStyle(layer).visible
    }

    /// Whether an added item may be drawn straight over the cached tiles: its layer is at 100 %.
    func drawsDirectly(_ item: DisplayItem) -> Bool { layerStyle(item.layer).opacity >= 1 }

    /// The layers whose pixels differ between the synced table and `table`: visibility or opacity
    /// (of the layers this canvas draws, less the one whose style it ignores).
    func layersChangingPixels(to table: [Layer]) -> [LayerID] {
        let ids = Set(layerTable.map(\.id)).union(table.map(\.id))
        return ids.filter { id in
            guard id != styleIgnored, indexLayers?.contains(id) ?? true else { return false }
            let old = layerTable.first { $0.id == id }, new = table.first { $0.id == id }
            return old?.visible != new?.visible || old?.opacity != new?.opacity
        }
    }

    /// The painted bounds and lowest order key of the synced drawables of `layers` in `list`.
    func layerRegions(_ layers: [LayerID], in list: DisplayList) -> (bounds: [Rect], lowest: OrderKey?) {
        var bounds: [Rect] = [], lowest: OrderKey?
        for id in layers {
            for item in list.items(of: id) {
                if let b = contents.bounds(of: item.id) { bounds.append(b) }
                if let o = contents.order(of: item.id) { lowest = min(lowest ?? o, o) }
            }
        }
        return (bounds, lowest)
    }

    /// Draws `ids` (bottom first, grouped by layer) into `target`: runs on a layer at 100 % straight
    /// in, each run on a translucent layer as a group at its opacity.
    func drawLayered(_ ids: [UInt64], into target: RenderTarget, view: ViewTransform) {
        guard layerTable.contains(where: { $0.opacity < 1 }) else { return draw(ids, into: target, view: view) }
        var start = 0
        while start < ids.count {
            let layer = contents.item(ids[start])?.layer ?? .first
            var end = start + 1
            while end < ids.count, (contents.item(ids[end])?.layer ?? .first) == layer { end += 1 }
            let run = Array(ids[start..<end]), opacity = layerStyle(layer).opacity
            if opacity >= 1 {
                draw(run, into: target, view: view)
            } else if let group = groupTarget(matching: target) {
                renderer.clear(group, to: .clear)
                renderer.drawsGroup = true
                draw(run, into: group, view: view)
                renderer.drawsGroup = transparent
                renderer.composite(group, into: target, x: 0, y: 0, width: target.width, height: target.height, opacity: opacity)
            } else {
                draw(run, into: target, view: view)  // no memory for a group: drawn as at 100 %
            }
            start = end
        }
    }

    /// `end`, or past it to the end of the translucent layer `ids[end - 1]` is on: a group is
    /// drawn whole, never split between two chunks of a fill (each would be composited apart).
    func groupEnd(_ ids: [UInt64], _ end: Int) -> Int {
        guard end > 0, end < ids.count, layerTable.contains(where: { $0.opacity < 1 }) else { return end }
        let layer = contents.item(ids[end - 1])?.layer ?? .first
        guard layerStyle(layer).opacity < 1 else { return end }
        var e = end
        while e < ids.count, (contents.item(ids[e])?.layer ?? .first) == layer { e += 1 }
        return e
    }

    /// Runs `draw` with the renderer drawing into a transparent group when this canvas's tiles are
    /// transparent (a part of a split).
    func asGroup(_ draw: () -> Void) {
        let was = renderer.drawsGroup
        if transparent { renderer.drawsGroup = true }
        draw()
        renderer.drawsGroup = was
    }

    /// A transparent target the size of `target` for drawing a group (the last two sizes kept).
    private func groupTarget(matching target: RenderTarget) -> RenderTarget? {
        if let g = groupTargets.first(where: { $0.width == target.width && $0.height == target.height }) { return g }
        guard let g = try? RenderTarget(width: target.width, height: target.height) else { return nil }
        groupTargets.append(g)
        if groupTargets.count > 2 { groupTargets.removeFirst() }
        return g
    }
}
