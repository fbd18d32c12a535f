import ScrawlCore

/// The window's tiles as they were before one layer was last shown or hidden, so that turning it
/// back costs a copy of the cached tiles, not a drawable drawn again.
///
/// When a sync changes the visibility of one layer (and nothing about the others), the canvas
/// keeps a copy of the tiles the last frame showed, with the layer's style they show it at, before
/// it marks the layer's pixels out of date. From then on every change marks out of date the same
/// pixels in the stash as in the tiles (drawables added on top are not drawn into it). When a later
/// sync gives the layer that style again, and changes no other layer's style, the stash and the
/// tiles trade places: the frame composes the stashed tiles, up to date but for what changed
/// meanwhile, and the tiles it had become the stash (for the next turn), trimmed to the ones the
/// last frame showed. A change of the layers' order, or of another layer's visibility, drops it.
final class StyleStash {
    let layer: LayerID
    /// The layers, bottom to top, the stash was taken for.
    let structure: [LayerID]
    /// The style of `layer` the stashed tiles show it at (every other layer as the tiles do).
    var style: LayerStyle
    var cache: TileCache

    init(layer: LayerID, structure: [LayerID], style: LayerStyle, cache: TileCache) {
        self.layer = layer; self.structure = structure; self.style = style; self.cache = cache
    }
}

/// A layer's visibility and opacity: what of it changes its pixels (a hidden layer's opacity
/// does not: two hidden styles are equal).
struct LayerStyle: Equatable {
    var visible: Bool
    var opacity: Double

    static func == (a: LayerStyle, b: LayerStyle) -> Bool {
        a.visible == b.visible && (!a.visible || a.opacity == b.opacity)
    }
}

extension TiledCanvas {
    /// Takes in a restyle of `restyled` from `old` to `new` (layer tables) before the sync applies
    /// anything else: swaps the stash in when it shows the drawing as `new` does (returns true:
    /// nothing need be marked out of date for the restyle), else stashes a copy of the shown tiles
    /// when one layer's visibility turned, or drops a stash that no longer fits.
    func takeStash(restyled: [LayerID], old: [Layer], new: [Layer]) -> Bool {
        let structure = new.map(\.id)
        if stash?.structure != structure { stash = nil }
        guard grid.wholeScale == nil, owner == nil, restyled.count == 1, let layer = restyled.first,
              let was = old.first(where: { $0.id == layer }), let now = new.first(where: { $0.id == layer }) else { return false }
        let from = LayerStyle(visible: was.visible, opacity: was.opacity), to = LayerStyle(visible: now.visible, opacity: now.opacity)
        if let s = stash, s.layer == layer, s.style == to {
            pending = nil
            swap(&cache, &s.cache)
            s.style = from
            s.cache.keepOnly(usedIn: s.cache.frame)
            return true
        }
        if from.visible != to.visible { stash = StyleStash(layer: layer, structure: structure, style: from, cache: shownCopy()) }
        return false
    }

    /// Marks `rects` out of date in the stash as `invalidate` does in the tiles (all of it for many).
    func invalidateStash(_ rects: [Rect]) {
        guard let s = stash, !rects.isEmpty else { return }
        if rects.count > TiledCanvas.regionLimit { s.cache.invalidateAll(); return }
        markOutOfDate(rects, lowest: nil, in: s.cache)
    }

    /// A copy of the tiles the last frame showed (their out-of-date parts too).
    private func shownCopy() -> TileCache {
        let copy = TileCache(width: grid.width, height: grid.height, budgetBytes: cache.budgetBytes)
        for tile in cache.tiles.values where tile.lastUsed == cache.frame {
            guard let t = try? copy.make(tile.key) else { break }
            renderer.copy(tile.target, to: t.target)
            tile.dirty.forEach(t.markDirty)
        }
        return copy
    }
}
