import ScrawlCore

/// Two pictures of the scene kept while one layer is faded: without the layer (at 0 %) and with it
/// at 100 %, frame-sized, stored BGRA without depth/stencil, plus the target a frame mixes them in.
final class FadePictures {
    let without: RenderTarget, with: RenderTarget, mixed: RenderTarget
    /// What the two pictures show: made again when it changes.
    var key: Key?
    /// The key of the last frame composed without them: they are made once two frames in a row
    /// show the same (an opacity being dragged), not in frames that each show another view (a pan)
    /// or more tiles (a fill), where making them would cost more than the composite they replace.
    var pending: Key?

    struct Key: Equatable {
        let view: ViewTransform
        let area: PixelRect
        /// Each part's `revision` and `tilesRendered`, and which parts hold drawables.
        let parts: [UInt64]
    }

    init(width: Int, height: Int) throws {
        without = try RenderTarget(width: width, height: height, stencil: false)
        with = try RenderTarget(width: width, height: height, stencil: false)
        mixed = try RenderTarget(width: width, height: height, stencil: false)
    }

    var byteCount: Int { without.byteCount + with.byteCount + mixed.byteCount }
}

/// Fading a layer at the cost of a copy and a mix. The scene with a layer at opacity f is
/// (1 − f)·A + f·B, A the scene without the layer, B with it at 100 % ("over" is linear in a
/// layer's opacity, the layers over it included). So while the layer's opacity changes and
/// nothing else does, a frame copies A and mixes B into it (`Renderer.lerp`, on llvmpipe's linear
/// rasteriser: about half the cost of compositing the layer's picture at its opacity); A and B are
/// composed from the split's parts once the view and the parts hold still for a frame.
extension LayerSplit {
    /// Composes the scene with the layer at `opacity` (shown, under 100 %) into `area` of `target`
    /// from the kept pictures (made again when the view, the area or a part changed, once that
    /// holds for a second frame); false when the caller is to compose the parts instead (the first
    /// frame of a change, or the pictures cannot be allocated).
    func composeFaded(_ view: ViewTransform, into target: RenderTarget, area: PixelRect, opacity: Double,
                      background: Color) -> Bool {
        if let f = fade, f.mixed.width != target.width || f.mixed.height != target.height { fade = nil }
        if fade == nil { fade = try? FadePictures(width: target.width, height: target.height) }
        guard let f = fade else { return false }
        let flags = UInt64(belowEmpty ? 1 : 0) | UInt64(onlyEmpty ? 2 : 0) | UInt64(aboveEmpty ? 4 : 0)
        let key = FadePictures.Key(view: view, area: area,
                                   parts: [below, only, above].flatMap { [$0.revision, UInt64($0.tilesRendered)] } + [flags])
        if f.key != key {
            guard f.pending == key else { f.pending = key; return false }
            let shown = parts((visible: true, opacity: 1)).map(\.index)
            composeParts(shown.filter { $0 != 1 }, view, into: f.without, area: area, opacity: 1, background: background)
            composeParts(shown, view, into: f.with, area: area, opacity: 1, background: background)
            f.key = key
        }
        let renderer = below.renderer
        renderer.blit(f.without, from: area, to: f.mixed, rect: area, clip: area)
        renderer.lerp(f.with, into: f.mixed, area: area, fraction: opacity)
        renderer.blit(f.mixed, from: area, to: target, rect: area, clip: area)
        return true
    }
}
