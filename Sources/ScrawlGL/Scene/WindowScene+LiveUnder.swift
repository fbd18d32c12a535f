import ScrawlCore

/// A stroke being drawn on a layer under others shows under them: the frame is the canvas picture,
/// and within the live items' bounds the canvas without the layers over the current one, the live
/// items, and those layers composited over them (`TiledCanvas.liveSplit`: the parts of a split
/// around the current layer, made when drawing on it starts and filled in the frames that follow;
/// until then the live items are drawn over the whole canvas, as on the top layer).
extension WindowScene {
    struct UnderKey: Equatable {
        let view: ViewTransform
        let area: PixelRect
        let revision: UInt64
        let tiles: Int
    }

    /// Draws `items` into `frame` over `canvas` under the layers over the current one; false (and
    /// nothing drawn) when that does not apply: no split ready, nothing over the layer, no bounds.
    func drawLiveUnderLayersAbove(_ editor: Editor, _ items: [LiveItem], canvas: RenderTarget, view: ViewTransform,
                                  area: PixelRect, into frame: RenderTarget) -> Bool {
        guard !items.isEmpty, let s = tiles.liveSplit(for: editor.currentLayer.id, view: view, area: area),
              let r = live.pixelBounds(items, view: view, in: frame)?.intersection(area), !r.isEmpty,
              let (picture, revision) = underPicture(s, view: view, area: area, width: frame.width, height: frame.height)
        else { return false }
        let base = live.base(over: picture, revision: revision, view: view, items: items)
        if drawsUnderIncrementally, let progress = live.baseProgress,
           let over = overBasePicture(s, base: base, canvas: canvas, under: revision, progress: progress, view: view, area: area) {
            // The frozen part is in `over` but for its last triangles: what is drawn again is those
            // and the tail (and any other live item).
            var tail = live.pixelBounds(ofIndices: overBaseDrawn..<progress.count, view: view, in: frame)
            if items.count > 1, let rest = live.pixelBounds(Array(items.dropFirst()), view: view, in: frame) {
                tail = tail?.union(rest) ?? rest
            }
            drawUnder(s, items, over: over, base: base, in: tail?.intersection(area), view: view, into: frame)
        } else {
            drawUnder(s, items, over: canvas, base: base, in: r, view: view, into: frame)
        }
        return true
    }

    /// `frame` is `over`, and within `rect` the live `items` over `base` with the layers over the
    /// split's layer composited over them.
    private func drawUnder(_ s: LayerSplit, _ items: [LiveItem], over: RenderTarget, base: RenderTarget, in rect: PixelRect?,
                           view: ViewTransform, into frame: RenderTarget) {
        renderer.copy(over, to: frame)
        guard let r = rect, !r.isEmpty else { return }
        renderer.blit(base, from: r, to: frame, rect: r, clip: r)
        renderer.drawClip = r
        live.drawOverBase(items, into: frame, view: view)
        renderer.drawClip = nil
        s.above.composeOver(view, into: frame, area: r, opacity: 1)
    }

    /// Pixels of newly frozen triangles worth a pass of their own: every frame composites the part
    /// over the layer across the unfolded triangles' bounds, so this bounds that area. Measured on
    /// llvmpipe (the bench's `layer_append_us`), 64 x 64 made the bottom layer's moves 1.05 to 1.16
    /// times the top's, against 1.19 to 1.23 at 128 x 128; 32 x 32 folds so often that long
    /// strokes cost more.
    static let foldPixels = 64 * 64

    struct OverBaseKey: Equatable {
        let canvas: UInt64, under: UInt64, serial: UInt64
        let view: ViewTransform
        let area: PixelRect
    }

    /// `overBase` brought up to date with the stroke's frozen part in `base` (the canvas without
    /// the layers over the split's layer, and that part): made again from the canvas picture when
    /// the canvas, the picture under or the stroke changed, then, where triangles froze since they
    /// were last folded in (once they reach `foldPixels`), `base` there with those layers
    /// composited over it.
    private func overBasePicture(_ s: LayerSplit, base: RenderTarget, canvas: RenderTarget, under: UInt64,
                                 progress: (serial: UInt64, drawn: Int, count: Int), view: ViewTransform,
                                 area: PixelRect) -> RenderTarget? {
        if overBase?.width != canvas.width || overBase?.height != canvas.height {
            overBase = try? RenderTarget(width: canvas.width, height: canvas.height)
            overBaseFor = nil
        }
        guard let over = overBase else { return nil }
        let key = OverBaseKey(canvas: composeRevision, under: under, serial: progress.serial, view: view, area: area)
        if overBaseFor != key || progress.drawn < overBaseDrawn {
            renderer.copy(canvas, to: over)
            overBaseFor = key
            overBaseDrawn = 0
        }
        // Triangles frozen since are folded in once they cover enough pixels to outweigh the
        // extra pass (until then each frame draws them again with the tail).
        guard progress.drawn > overBaseDrawn,
              let f = live.pixelBounds(ofIndices: overBaseDrawn..<progress.drawn, view: view, in: over)?.intersection(area),
              f.area >= WindowScene.foldPixels else { return over }
        renderer.blit(base, from: f, to: over, rect: f, clip: f)
        s.above.composeOver(view, into: over, area: f, opacity: 1)
        overBaseDrawn = progress.drawn
        return over
    }

    /// The canvas without the layers over the split's layer (composed again when the view, the area
    /// or the tiles changed), and a revision for it that no canvas picture's `composeRevision` takes.
    private func underPicture(_ s: LayerSplit, view: ViewTransform, area: PixelRect, width: Int, height: Int)
        -> (RenderTarget, UInt64)? {
        if under?.width != width || under?.height != height {
            under = try? RenderTarget(width: width, height: height)
            underFor = nil
        }
        guard let under else { return nil }
        let key = UnderKey(view: view, area: area, revision: tiles.revision, tiles: tiles.partTilesRendered)
        if underFor != key {
            s.compose(view, into: under, area: area, style: tiles.layerStyle(s.layer), background: tiles.background, withAbove: false)
            if showsPageBorder { drawPageBorder(view: view, into: under, area: area) }
            underFor = key
            underCount &+= 1
        }
        return (under, (1 << 63) | underCount)
    }
}
