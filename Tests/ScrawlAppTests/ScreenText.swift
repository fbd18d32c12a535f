import ScrawlGL

/// A rectangle of screen pixels, clipped to an image by `FrameImage.textLines`.
struct PixelBox {
    var x: Int, y: Int, width: Int, height: Int
}

/// Whether text appeared on screen, told without knowing its glyphs, font or colours: a row of
/// pixels crossing a line of text has many sharp changes of brightness (each glyph stem has two),
/// while a panel, a highlight ring or a stroke has a few. Only changes among pixels that differ
/// from a `baseline` screenshot count, so bars, swatches and drawings already there do not.
extension FrameImage {
    /// Brightness 0...255 (mean of r, g, b).
    func luma(_ x: Int, _ y: Int) -> Int {
        let p = pixel(x, y)
        return (Int(p.0) + Int(p.1) + Int(p.2)) / 3
    }

    /// Sharp brightness changes (more than `contrast` between neighbours) along row `y` of `box`,
    /// counting only pairs where a pixel differs from `baseline`.
    func edges(row y: Int, in box: PixelBox, since baseline: FrameImage?, contrast: Int = 64) -> Int {
        var count = 0
        let x0 = max(0, box.x), x1 = min(width, box.x + box.width)
        guard x1 - x0 >= 2 else { return 0 }
        for x in (x0 + 1)..<x1 where abs(luma(x, y) - luma(x - 1, y)) > contrast {
            if let b = baseline, b.pixel(x, y) == pixel(x, y), b.pixel(x - 1, y) == pixel(x - 1, y) { continue }
            count += 1
        }
        return count
    }

    /// The lines of text in `box`: runs of at least `minHeight` consecutive rows with `minEdges`
    /// or more sharp changes (a panel's two edges and a ring's four are not text).
    func textLines(in box: PixelBox, since baseline: FrameImage? = nil, minEdges: Int = 6,
                   minHeight: Int = 3) -> [ClosedRange<Int>] {
        var lines: [ClosedRange<Int>] = []
        var start: Int?
        let y0 = max(0, box.y), y1 = min(height, box.y + box.height)
        for y in y0...y1 {
            let text = y < y1 && edges(row: y, in: box, since: baseline) >= minEdges
            if text, start == nil { start = y }
            if !text, let s = start {
                if y - s >= minHeight { lines.append(s...(y - 1)) }
                start = nil
            }
        }
        return lines
    }

    /// The rows of text in `box` in all (the sum of `textLines`' heights).
    func textRows(in box: PixelBox, since baseline: FrameImage? = nil) -> Int {
        textLines(in: box, since: baseline).reduce(0) { $0 + $1.count }
    }
}
