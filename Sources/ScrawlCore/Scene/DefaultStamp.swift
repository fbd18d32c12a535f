import Foundation

extension RasterImage {
    /// The stamp image that ships inside the binary: a 48×48 five-pointed star, red with a dark
    /// outline on a transparent background, antialiased by 4×4 supersampling.
    public static let defaultStamp: RasterImage = {
        let size = 48
        var pixels = [UInt8](repeating: 0, count: size * size * 4)
        // The star's extent is centred in the image: its top tip and lower tips span 22·(1 + cos 36°).
        let star = starPolygon(center: Point(24, 24 + 22 * (1 - cos(Double.pi / 5)) / 2), outer: 22, inner: 9.5)
        for y in 0..<size {
            for x in 0..<size {
                var inside = 0, core = 0
                for sy in 0..<4 {
                    for sx in 0..<4 {
                        let p = Point(Double(x) + (Double(sx) + 0.5) / 4, Double(y) + (Double(sy) + 0.5) / 4)
                        if contains(star, p) {
                            inside += 1
                            if distanceToEdges(star, p) > 2 { core += 1 }
                        }
                    }
                }
                let i = (y * size + x) * 4
                let t = Double(core) / Double(max(inside, 1))
                pixels[i] = UInt8(40 + 200 * t); pixels[i + 1] = UInt8(20 + 30 * t); pixels[i + 2] = UInt8(30 + 20 * t)
                pixels[i + 3] = UInt8(inside * 255 / 16)
            }
        }
        return RasterImage(width: size, height: size, pixels: pixels)
    }()

    private static func starPolygon(center: Point, outer: Double, inner: Double) -> [Point] {
        (0..<10).map { k in
            let angle = -Double.pi / 2 + Double(k) * Double.pi / 5
            return center + Point(cos(angle), sin(angle)) * (k % 2 == 0 ? outer : inner)
        }
    }

    private static func contains(_ poly: [Point], _ p: Point) -> Bool {
        var inside = false
        var j = poly.count - 1
        for i in poly.indices {
            let a = poly[i], b = poly[j]
            if (a.y > p.y) != (b.y > p.y), p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x { inside.toggle() }
            j = i
        }
        return inside
    }

    private static func distanceToEdges(_ poly: [Point], _ p: Point) -> Double {
        var best = Double.infinity
        for i in poly.indices {
            let a = poly[i], b = poly[(i + 1) % poly.count]
            let ab = b - a
            let t = min(max((p - a).dot(ab) / ab.lengthSquared, 0), 1)
            best = min(best, p.distance(to: a + ab * t))
        }
        return best
    }
}
