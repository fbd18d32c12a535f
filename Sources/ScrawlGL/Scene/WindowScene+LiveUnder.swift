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
        renderer.copy(canvas, to: frame)
        renderer.blit(base, from: r, to: frame, rect: r, clip: r)
        renderer.drawClip = r
        live.drawOverBase(items, into: frame, view: view)
        renderer.drawClip = nil
        s.above.composeOver(view, into: frame, area: r, opacity: 1)
        return true
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
