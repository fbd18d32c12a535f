import ScrawlCore

/// Where tiles lie: each level (device scale) is cut into tiles of `width` x `height` pixels, tile
/// (x, y) holding the level's pixels [x·W, (x+1)·W) x [y·H, (y+1)·H) shifted by `offset`, the
/// device-pixel position of canvas point (0, 0) in tile (0, 0).
///
/// The window's grid has square tiles and no offset (canvas point (0, 0) is the top-left of tile
/// (0, 0)) and any scale. A whole-target grid (`render`, `export`, the benchmark) has a single tile
/// the size of the output at one scale, its offset the output's origin: then the tile is the
/// picture, drawn once per drawable and kept up to date the same way as the window's tiles.
struct TileGrid {
    let width: Int
    let height: Int
    /// Device pixels from tile (0, 0)'s top-left to canvas point (0, 0).
    let offset: Point
    /// The one scale and the one tile of a whole-target grid; nil for the window's.
    let wholeScale: Double?

    /// The window's grid: square tiles of `size` pixels.
    static func tiles(_ size: Int) -> TileGrid { TileGrid(width: size, height: size, offset: .zero, wholeScale: nil) }

    /// One tile of `width` x `height` pixels showing the canvas through `view`.
    static func whole(width: Int, height: Int, view: ViewTransform) -> TileGrid {
        TileGrid(width: width, height: height, offset: view.translation, wholeScale: view.scale)
    }

    /// Canvas points to the pixels of tile `key`.
    func view(_ key: TileKey) -> ViewTransform {
        ViewTransform(scale: key.scale, translation: Point(offset.x - Double(key.x * width), offset.y - Double(key.y * height)))
    }

    /// The canvas rectangle tile `key` shows.
    func canvasRect(_ key: TileKey) -> Rect {
        let s = key.scale
        let x0 = Double(key.x * width) - offset.x, y0 = Double(key.y * height) - offset.y
        return Rect(minX: x0 / s, minY: y0 / s, maxX: (x0 + Double(width)) / s, maxY: (y0 + Double(height)) / s)
    }

    /// The level pixel rectangle of tile `key` (the pixels of all of a level's tiles laid side by side).
    func pixelRect(_ key: TileKey) -> PixelRect {
        PixelRect(x: key.x * width, y: key.y * height, width: width, height: height)
    }

    /// Columns and rows of the tiles of `scale` that canvas rectangle `r` reaches, grown by
    /// `margin` device pixels; nil when it reaches none (only a whole-target grid has an edge).
    func range(_ r: Rect, scale: Double, margin: Double) -> (x: ClosedRange<Int>, y: ClosedRange<Int>)? {
        if let s = wholeScale, s != scale { return nil }
        func cell(_ v: Double, _ side: Int) -> Int { Int(max(min((v / Double(side)).rounded(.down), 1e15), -1e15)) }
        var x0 = cell(r.minX * scale + offset.x - margin, width), x1 = cell(r.maxX * scale + offset.x + margin, width)
        var y0 = cell(r.minY * scale + offset.y - margin, height), y1 = cell(r.maxY * scale + offset.y + margin, height)
        if wholeScale != nil {
            guard x1 >= 0, x0 <= 0, y1 >= 0, y0 <= 0 else { return nil }
            (x0, x1, y0, y1) = (0, 0, 0, 0)
        }
        return (x0...max(x0, x1), y0...max(y0, y1))
    }

    /// The level pixels canvas rectangle `r` covers at `scale`, grown by `margin` and rounded out.
    func levelPixels(_ r: Rect, scale: Double, margin: Double) -> PixelRect? {
        func clamp(_ v: Double) -> Int { Int(max(min(v, 1e15), -1e15)) }
        let x0 = (r.minX * scale + offset.x - margin).rounded(.down), x1 = (r.maxX * scale + offset.x + margin).rounded(.up)
        let y0 = (r.minY * scale + offset.y - margin).rounded(.down), y1 = (r.maxY * scale + offset.y + margin).rounded(.up)
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite, x1 > x0, y1 > y0 else { return nil }
        return PixelRect(x: clamp(x0), y: clamp(y0), width: clamp(x1) - clamp(x0), height: clamp(y1) - clamp(y0))
    }

    /// The canvas rectangle level pixels `p` show at `scale`.
    func canvasRect(_ p: PixelRect, scale: Double) -> Rect {
        Rect(minX: (Double(p.x) - offset.x) / scale, minY: (Double(p.y) - offset.y) / scale,
             maxX: (Double(p.maxX) - offset.x) / scale, maxY: (Double(p.maxY) - offset.y) / scale)
    }

    /// Canvas points to the pixels of a target whose top-left is level pixel (`x`, `y`) at `scale`.
    func view(scale: Double, x: Int, y: Int) -> ViewTransform {
        ViewTransform(scale: scale, translation: Point(offset.x - Double(x), offset.y - Double(y)))
    }

    /// The tiles of `view`'s scale that cover `area` of a target the view draws into; the view's
    /// translation must be whole pixels. A whole-target grid answers its tile.
    func visible(_ view: ViewTransform, area: PixelRect) -> [TileKey] {
        if wholeScale != nil { return [TileKey(scale: view.scale, x: 0, y: 0)] }
        let ox = Int(view.translation.x), oy = Int(view.translation.y)
        let x0 = floorDiv(area.x - ox, width), x1 = floorDiv(area.maxX - 1 - ox, width)
        let y0 = floorDiv(area.y - oy, height), y1 = floorDiv(area.maxY - 1 - oy, height)
        guard x1 >= x0, y1 >= y0 else { return [] }
        var keys: [TileKey] = []
        for y in y0...y1 { for x in x0...x1 { keys.append(TileKey(scale: view.scale, x: x, y: y)) } }
        return keys
    }
}

func floorDiv(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a + b - 1) / b) }

extension PixelRect {
    /// The smallest rectangle holding both (the other one when one is empty).
    func union(_ o: PixelRect) -> PixelRect {
        if isEmpty { return o }
        if o.isEmpty { return self }
        let x0 = min(x, o.x), y0 = min(y, o.y)
        return PixelRect(x: x0, y: y0, width: max(maxX, o.maxX) - x0, height: max(maxY, o.maxY) - y0)
    }

    /// The rectangle moved by (`dx`, `dy`).
    func offsetBy(_ dx: Int, _ dy: Int) -> PixelRect { PixelRect(x: x + dx, y: y + dy, width: width, height: height) }

    var area: Int { isEmpty ? 0 : width * height }

    /// The rectangle grown by `d` pixels on every side.
    func grown(_ d: Int) -> PixelRect { PixelRect(x: x - d, y: y - d, width: width + 2 * d, height: height + 2 * d) }
}
