import Foundation
import ScrawlCore

/// The window's cache split around one layer, so that showing, hiding or changing the opacity of
/// that layer needs no drawable drawn again: three tiled parts, each drawing the drawables of its
/// layers from the whole canvas's index and following the list through the changes the whole
/// canvas's sync passes on (nothing is indexed again: a split costs nothing to make but its tiles),
/// - `below`: the layers under it, on the page, as the whole canvas draws them;
/// - `only`: the layer alone, into transparent tiles, drawn shown and at 100 % (a group);
/// - `above`: the layers over it, into transparent tiles, each as the whole canvas draws it;
///
/// and a frame composes them: `below`, then `only` at the layer's opacity when it is shown, then
/// `above`, which gives the pixels of the whole canvas (compositing "over" is associative; the
/// group of a layer at 100 % is the layer drawn straight in, within a unit of rounding).
///
/// The canvas makes a split for the layer whose visibility or opacity changed last (its parts are
/// filled within the frame budget, the whole canvas shown meanwhile), keeps it while the layer
/// table keeps its layers in their order and no other layer's style changes, and drops it
/// otherwise. Once the parts are filled, what is left of each frame's budget draws the whole
/// canvas again, and where it is up to date the frame shows it (one picture instead of three); the
/// parts stay in step with the list, ready for the next change of the layer's style. A highlighter stroke (darken or lighten) on the layer or over it darkens what lies
/// under it on the page, which a transparent part cannot hold: no split is made for such a layer
/// (its changes draw its pixels again, as without a split).
final class LayerSplit {
    let layer: LayerID
    /// The layers, bottom to top, the split was made for.
    let structure: [LayerID]
    let below: TiledCanvas, only: TiledCanvas, above: TiledCanvas
    /// Whether the layers under and over the split layer hold no drawables (their part is skipped).
    private(set) var belowEmpty = true, aboveEmpty = true, onlyEmpty = true
    /// The pictures a frame mixes while the layer is faded (`TiledCanvas+Fade`).
    var fade: FadePictures?

    /// The highest order key each part has drawn (or holds): a drawable added above it is drawn
    /// straight into the part's tiles. A removal may leave it above the real top, which is never
    /// wrong (the next drawable is then not taken as on top), only slower.
    private var tops: [OrderKey?]

    private init(owner: TiledCanvas, layer: LayerID, list: DisplayList) {
        self.layer = layer
        structure = list.layers.map(\.id)
        let at = structure.firstIndex(of: layer) ?? 0
        let table = list.layers
        below = TiledCanvas(partOf: owner, layers: Set(structure[..<at]), table: table, ignoring: nil, transparent: false)
        only = TiledCanvas(partOf: owner, layers: [layer], table: table, ignoring: layer, transparent: true)
        above = TiledCanvas(partOf: owner, layers: Set(structure[(at + 1)...]), table: table, ignoring: nil, transparent: true)
        tops = [below, only, above].map { part in
            part.indexLayers!.compactMap { id in list.items(of: id).last.flatMap { owner.contents.order(of: $0.id) } }.max()
        }
    }

    /// A split of `owner`'s canvas around `layer` of `list`, or nil where compositing the parts
    /// would not give the canvas's pixels (a highlighter on the layer or over it).
    static func make(owner: TiledCanvas, layer: LayerID, list: DisplayList) -> LayerSplit? {
        guard let at = list.layerIndex(layer) else { return nil }
        for l in list.layers[at...] where list.items(of: l.id).contains(where: { $0.drawable.blendsWithCanvas }) { return nil }
        return LayerSplit(owner: owner, layer: layer, list: list)
    }

    /// The position of the split layer in `structure`.
    var position: Int { structure.firstIndex(of: layer) ?? 0 }

    /// Brings the parts up to date with `list`, whose index's sync gave `changes`, leaving out `hidden`.
    func sync(_ list: DisplayList, changes: DisplayListIndex.Changes?, hidden: Set<UInt64>) {
        let at = position
        belowEmpty = structure[..<at].allSatisfy { list.items(of: $0).isEmpty }
        aboveEmpty = structure[(at + 1)...].allSatisfy { list.items(of: $0).isEmpty }
        onlyEmpty = list.items(of: layer).isEmpty
        for (i, part) in [below, only, above].enumerated() {
            var onTop = true
            if let changes {
                let orders = changes.added.filter { part.indexLayers!.contains($0.layer) }.compactMap { part.contents.order(of: $0.id) }
                onTop = tops[i].map { top in orders.allSatisfy { $0 > top } } ?? true
                tops[i] = (orders + (tops[i].map { [$0] } ?? [])).max()
            }
            part.absorb(list, changes: changes, onTop: onTop, hidden: hidden)
        }
    }

    /// The parts a frame shows with the layer at `style`, by index (0 below, 1 only, 2 above).
    func parts(_ style: (visible: Bool, opacity: Double)) -> [(index: Int, canvas: TiledCanvas)] {
        var out: [(Int, TiledCanvas)] = []
        if !belowEmpty { out.append((0, below)) }
        if style.visible && style.opacity > 0 && !onlyEmpty { out.append((1, only)) }
        if !aboveEmpty { out.append((2, above)) }
        return out
    }

    /// Whether a frame of `view` over `area` with the layer at `style` can be composed from the
    /// parts: each part it needs has every tile it shows (some may be out of date, as the whole
    /// canvas's tiles are until they are drawn again).
    func canShow(_ view: ViewTransform, area: PixelRect, style: (visible: Bool, opacity: Double)) -> Bool {
        parts(style).allSatisfy { $0.canvas.hasEveryTile(view, area: area) }
    }

    /// Fills what `view` needs of the parts for `area`, within `budget` seconds in all (nil: all of
    /// it); returns whether they are complete.
    func fill(_ view: ViewTransform, area: PixelRect, budget: Double?, style: (visible: Bool, opacity: Double)) -> Bool {
        let start = Date()
        var complete = true, filled = false
        for (_, part) in parts(style) where !part.isFresh(view, area: area) {
            let left = budget.map { $0 - Date().timeIntervalSince(start) }
            // Once a part has drawn this frame, the rest wait for the next; the first one with
            // something to draw always draws a little (at least a chunk), so each part gets its turn.
            if let left, left <= 0, filled { complete = false; break }
            filled = true
            if !part.fill(view, area: area, budget: left.map { max($0, TiledCanvas.leastSlice) }) { complete = false }
        }
        return complete
    }

    /// Composes the parts for `view` into `area` of `target`, the layer at `style` (without the
    /// layers over it unless `withAbove`). A faded layer (shown, under 100 %) in the whole picture
    /// is a mix of two kept pictures (`composeFaded`), not a composite of its part.
    func compose(_ view: ViewTransform, into target: RenderTarget, area: PixelRect, style: (visible: Bool, opacity: Double),
                 background: Color, withAbove: Bool = true) {
        let shown = parts(style).map(\.index).filter { withAbove || $0 != 2 }
        if withAbove, shown.contains(1), style.opacity < 1,
           composeFaded(view, into: target, area: area, opacity: style.opacity, background: background) { return }
        composeParts(shown, view, into: target, area: area, opacity: style.opacity, background: background)
    }

    /// The parts `shown` (by index) for `view` composed into `area` of `target`, the layer's at `opacity`.
    func composeParts(_ shown: [Int], _ view: ViewTransform, into target: RenderTarget, area: PixelRect, opacity: Double,
                      background: Color) {
        if shown.contains(0) { below.compose(view, into: target, area: area) } else { below.renderer.clear(target, to: background, in: area) }
        if shown.contains(1) { only.composeOver(view, into: target, area: area, opacity: opacity) }
        if shown.contains(2) { above.composeOver(view, into: target, area: area, opacity: 1) }
    }

    /// Whether every part a frame shows is up to date under `rect` (see `TiledCanvas.areFresh`).
    func areFresh(_ rect: Rect, view: ViewTransform, area: PixelRect, style: (visible: Bool, opacity: Double)) -> Bool {
        parts(style).allSatisfy { $0.canvas.areFresh(rect, view: view, area: area) }
    }

    var cacheBytes: Int { below.cacheBytes + only.cacheBytes + above.cacheBytes + (fade?.byteCount ?? 0) }
    var tileCount: Int { below.tileCount + only.tileCount + above.tileCount }
}

extension TiledCanvas {
    /// The least budget a fill behind a split is given when the frame's is spent (it then draws a chunk).
    static let leastSlice = 1e-4

    /// Keeps, makes or drops the split after a sync of `list` that restyled `restyled` and brought
    /// what `changes` holds (see `LayerSplit`). Only the window's cache splits; a whole-target one never does.
    func updateSplit(_ list: DisplayList, restyled: [LayerID], changes: DisplayListIndex.Changes?, hidden: Set<UInt64>) {
        guard grid.wholeScale == nil, list.layers.count > 1 else { split = nil; return }
        if let s = split, s.structure != list.layers.map(\.id) { split = nil }
        if restyled.count > 1 {
            split = nil
        } else if let l = restyled.first, split?.layer != l {
            split = LayerSplit.make(owner: self, layer: l, list: list)
        }
        guard let s = split else { return }
        let at = s.position
        if (changes?.added ?? []).contains(where: { $0.drawable.blendsWithCanvas && (s.structure.firstIndex(of: $0.layer) ?? 0) >= at }) {
            split = nil
            return
        }
        // Nothing to pass on (most frames): the parts are as the last sync left them.
        guard changes != nil || !restyled.isEmpty || hidden != s.below.hidden else { return }
        s.sync(list, changes: changes, hidden: hidden)
    }

    /// The split shown in place of the whole canvas for `view` over `area`: there is one, the whole
    /// canvas is not up to date there, and the split's parts have every tile it shows.
    func shownSplit(_ view: ViewTransform, area: PixelRect) -> LayerSplit? {
        guard let s = split, !isFresh(view, area: area), s.canShow(view, area: area, style: layerStyle(s.layer)) else { return nil }
        return s
    }

    /// Makes a split around `layer` of `list` (when there is none around it) so that a stroke being
    /// drawn on it can be shown under the layers over it: when a shown layer over it holds drawables.
    /// Its parts are filled in the frames that follow (`hasBackgroundWork`).
    public func prepareLiveSplit(for layer: LayerID, in list: DisplayList) {
        guard grid.wholeScale == nil, split?.layer != layer, let at = list.layerIndex(layer),
              list.layers[(at + 1)...].contains(where: { $0.visible && !list.items(of: $0.id).isEmpty }),
              let s = LayerSplit.make(owner: self, layer: layer, list: list) else { return }
        split = s
        s.sync(list, changes: nil, hidden: hidden)
        hasBackgroundWork = true
    }

    /// The split to show a stroke being drawn on `layer` under the layers over it, for `view` over
    /// `area`: there is one around `layer`, which is shown and has drawables over it, and its parts
    /// have every tile the view shows.
    func liveSplit(for layer: LayerID, view: ViewTransform, area: PixelRect) -> LayerSplit? {
        guard let s = split, s.layer == layer, !s.aboveEmpty, layerStyle(layer).visible,
              s.canShow(view, area: area, style: layerStyle(layer)) else { return nil }
        return s
    }

    /// Changes when `compose` of `view` over `area` may give other pixels after a `fill` that
    /// brought no change of the list (with `revision`): the tiles rendered of what it shows, the
    /// split's parts or the whole canvas. Tiles of the whole canvas drawn behind a shown split change nothing.
    public func pictureToken(_ view: ViewTransform, area: PixelRect) -> Int {
        shownSplit(view, area: area) != nil ? 2 * partTilesRendered + 1 : 2 * wholeTilesRendered
    }

    /// Fills what `view` needs for `area` when there is a split: its parts first (what a frame
    /// shows until the whole canvas is up to date again), then, in a frame with no change since the
    /// last fill, with what is left of `budget`, the whole canvas (`catchesUp`), whose single picture
    /// costs a frame less than the parts. When no layer's style changed since the whole canvas was
    /// last up to date, the whole canvas is filled first. Returns
    /// whether the picture is complete; `hasBackgroundWork` says whether the whole canvas still
    /// has tiles to draw.
    func fillSplit(_ s: LayerSplit, view: ViewTransform, area: PixelRect, budget: Double?) -> Bool {
        let start = Date()
        // Background work only in a frame that changes nothing (the one after a change shows it at once).
        let idle = revision == lastFillRevision
        lastFillRevision = revision
        var wholeDone = isFresh(view, area: area)
        if wholeDone && !idle && budget != nil {
            // The whole canvas shows the change (its stash swapped in): the parts wait for the next frame.
            hasBackgroundWork = catchesUp
            return true
        }
        if !wholeDone && !wholeRestyled && catchesUp {
            // Out of date through a change of drawables (an undo, an edit, a stroke under others),
            // not of a layer's style: the whole canvas draws those few pixels first, as without a
            // split, instead of a frame composing three pictures; the parts when it does not finish.
            wholeDone = fillWhole(view, area: area, budget: budget)
            if wholeDone { hasBackgroundWork = true; return true }
        }
        let left0 = budget.map { $0 - Date().timeIntervalSince(start) }
        let partsDone = s.fill(view, area: area, budget: left0.map { max($0, TiledCanvas.leastSlice) }, style: layerStyle(s.layer))
        let left = budget.map { $0 - Date().timeIntervalSince(start) }
        if !wholeDone && partsDone && catchesUp && idle {
            wholeDone = fillWhole(view, area: area, budget: left.map { max($0, TiledCanvas.leastSlice) })
        }
        hasBackgroundWork = catchesUp && (!wholeDone || !partsDone)
        if wholeDone { wholeRestyled = false }
        return wholeDone || partsDone
    }

    /// Draws this (transparent) canvas's view over `area` of `target` at `opacity`: its tiles of
    /// `view`'s scale (but the blank ones, which hold no drawable), the nearest other cached scale
    /// scaled where one is missing.
    func composeOver(_ view: ViewTransform, into target: RenderTarget, area: PixelRect, opacity: Double) {
        guard opacity > 0 else { return }
        let visible = grid.visible(view, area: area)
        let missing = visible.filter { cache.tiles[$0] == nil }
        if !missing.isEmpty { drawStandIns(for: missing, view: view, into: target, area: area, opacity: opacity) }
        let ox = Int(view.translation.x), oy = Int(view.translation.y)
        var placements: [(source: RenderTarget, rect: PixelRect)] = []
        for key in visible {
            // A blank tile is transparent: compositing it changes nothing.
            guard let tile = cache.tile(key), !tile.blank else { continue }
            placements.append((tile.target, PixelRect(x: key.x * grid.width + ox, y: key.y * grid.height + oy,
                                                      width: grid.width, height: grid.height)))
        }
        renderer.drawTextures(placements, into: target, clip: area, opacity: opacity)
    }
}

extension Drawable {
    /// Whether the drawable blends with what lies under it beyond "over" (a highlighter's darken or
    /// lighten), so it cannot be drawn apart from the page and composited later.
    var blendsWithCanvas: Bool {
        guard let p = kind(as: PathDrawable.self) else { return false }
        return p.blend != .normal
    }
}
