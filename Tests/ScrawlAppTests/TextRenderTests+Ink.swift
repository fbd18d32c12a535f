import ScrawlCore
import ScrawlGL

/// What `TextRenderTests` measures of two pictures of text on a plain page.
enum TextInk {
    /// The length of `path`'s outline (open subpaths closed, as a fill closes them), times `scale`:
    /// in device pixels, the length of the edge a fill of it antialiases.
    static func outlineLength(_ path: Path, scale: Double = 1) -> Double {
        var length = 0.0, current = Point.zero, start = Point.zero, open = false
        func segment(to p: Point) { length += (p - current).length; current = p }
        for e in path.elements {
            switch e {
            case .move(let p):
                if open { segment(to: start) }
                current = p; start = p; open = true
            case .line(let p): segment(to: p); open = true
            case .quad(let c, let p):
                let q = QuadraticBezier(current, c, p)
                for i in 1...32 { segment(to: q.point(at: Double(i) / 32)) }
                open = true
            case .cubic(let c1, let c2, let p):
                let q = CubicBezier(current, c1, c2, p)
                for i in 1...32 { segment(to: q.point(at: Double(i) / 32)) }
                open = true
            case .close:
                segment(to: start)
                open = false
            }
        }
        if open { segment(to: start) }
        return length * scale
    }

    /// The area `colour` (straight alpha) covers on `page` within `rect` (whole pixels), in square
    /// pixels: each pixel's coverage is how far it lies from the page towards the colour painted
    /// over the page (its projection onto that line in RGB).
    static func coveredArea(_ image: FrameImage, colour: Color, page: Color, in rect: Rect) -> Double {
        let a = Double(colour.a) / 255
        let pageRGB = [Double(page.r), Double(page.g), Double(page.b)]
        let ink = zip([Double(colour.r), Double(colour.g), Double(colour.b)], pageRGB).map { $1 + a * ($0 - $1) }
        let toward = zip(ink, pageRGB).map { $0 - $1 }
        let norm = toward.reduce(0) { $0 + $1 * $1 }
        guard norm > 0 else { return 0 }
        var area = 0.0
        for y in max(0, Int(rect.minY))..<min(image.height, Int(rect.maxY.rounded(.up))) {
            for x in max(0, Int(rect.minX))..<min(image.width, Int(rect.maxX.rounded(.up))) {
                let i = (y * image.width + x) * 4
                var dot = 0.0
                for c in 0..<3 { dot += (Double(image.rgba[i + c]) - pageRGB[c]) * toward[c] }
                area += dot / norm
            }
        }
        return area
    }
}
