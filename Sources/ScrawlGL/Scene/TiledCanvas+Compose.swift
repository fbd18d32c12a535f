import Foundation
import ScrawlCore

/// Composing a view from the cache.
extension TiledCanvas {
    /// The picture of a whole-target cache, drawn and up to date (`fill` first): its one tile.
    public var wholeTarget: RenderTarget? {
        guard let s = grid.wholeScale else { return nil }
        return cache.tiles[TileKey(scale: s, x: 0, y: 0)]?.target
    }

    /// Canvas points to the pixels of a whole-target cache's picture.
    public var wholeView: ViewTransform? {
        grid.wholeScale.map { ViewTransform(scale: $0, translation: grid.offset) }
    }

    /// Draws what `view` shows of the canvas into `area` of `target`: the exact scale's tiles pixel
    /// for pixel, other cached scales scaled where a tile is missing, the background elsewhere.
    /// `view`'s translation must be whole pixels; call `fill` first.
    public func compose(_ view: ViewTransform, into target: RenderTarget, area: PixelRect) {
        if let s = shownSplit(view, area: area) {
            return s.compose(view, into: target, area: area, style: layerStyle(s.layer), background: background)
        }
        let visible = grid.visible(view, area: area)
        let missing = visible.filter { cache.tiles[$0] == nil }
        if !missing.isEmpty {
            renderer.clear(target, to: background, in: area)
            drawStandIns(for: missing, view: view, into: target, area: area)
        }
        let ox = Int(view.translation.x), oy = Int(view.translation.y)
        var placements: [(source: RenderTarget, x: Int, y: Int)] = []
        for key in visible {
            guard let tile = cache.tile(key) else { continue }
            placements.append((tile.target, key.x * grid.width + ox, key.y * grid.height + oy))
        }
        renderer.copy(placements, into: target, clip: area)
    }

    /// Fills missing tiles' places with the tiles of up to three other cached scales (nearest on top);
    /// with an `opacity`, draws them over what is there with it, from the nearest scale alone.
    func drawStandIns(for missing: [TileKey], view: ViewTransform, into target: RenderTarget, area: PixelRect,
                      opacity: Double? = nil) {
        let s = view.scale
        let candidates = cache.cachedScales.filter { $0 != s && $0 / s <= 16 && s / $0 <= 16 }
            .sorted { abs(log2($0 / s)) > abs(log2($1 / s)) }.suffix(opacity == nil ? 3 : 1)
        let ox = Int(view.translation.x), oy = Int(view.translation.y)
        let w = Double(grid.width), h = Double(grid.height)
        for level in candidates {
            let k = s / level
            for key in missing {
                let clip = grid.pixelRect(key).offsetBy(ox, oy).intersection(area)
                guard let range = grid.range(grid.canvasRect(key), scale: level, margin: TiledCanvas.fringeMargin),
                      range.x.count * range.y.count <= 256 else { continue }
                var placements: [(source: RenderTarget, rect: PixelRect)] = []
                for y in range.y { for x in range.x {
                    guard let tile = cache.tile(TileKey(scale: level, x: x, y: y)) else { continue }
                    let x0 = Int((Double(x) * w * k).rounded(.down)) + ox, x1 = Int((Double(x + 1) * w * k).rounded(.up)) + ox
                    let y0 = Int((Double(y) * h * k).rounded(.down)) + oy, y1 = Int((Double(y + 1) * h * k).rounded(.up)) + oy
                    placements.append((tile.target, PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)))
                } }
                renderer.drawTextures(placements, into: target, clip: clip, opacity: opacity)
            }
        }
    }
}
