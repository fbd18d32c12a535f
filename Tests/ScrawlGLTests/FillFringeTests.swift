import ScrawlCore
@testable import ScrawlGL
import XCTest

/// Fills are antialiased by a half-pixel fringe outside the outline (NanoVG's scheme).
final class FillFringeTests: GLTestCase {
    /// A slanted triangle filled black on transparent: its edges have partially covered pixels, and
    /// the summed coverage is the triangle's area plus at most a quarter pixel along the perimeter
    /// (pixels whose centre is inside count fully, and the fringe adds half a pixel that ramps to 0).
    func testSlantedFillEdgesAreAntialiasedAndAreaIsClose() throws {
        let a = Point(10.3, 8.1), b = Point(90.7, 30.2), c = Point(30.4, 70.9)
        var path = Path()
        path.move(to: a); path.line(to: b); path.line(to: c); path.close()
        let drawable = Drawable.path(PathDrawable(path: path, stroke: nil, fill: .black, style: StrokeOptions(width: 0)))
        try withRenderer { renderer in
            let target = try RenderTarget(width: 100, height: 80)
            renderer.clear(target, to: .clear)
            renderer.draw(drawable.commands(scale: 1), into: target)
            let px = renderer.readPixels(target)
            var sum = 0.0, partial = 0
            for i in stride(from: 3, to: px.count, by: 4) {
                sum += Double(px[i]) / 255
                if px[i] > 20 && px[i] < 235 { partial += 1 }
            }
            let area = abs((b - a).cross(c - a)) / 2
            let perimeter = a.distance(to: b) + b.distance(to: c) + c.distance(to: a)
            XCTAssertGreaterThan(partial, Int(perimeter / 3), "slanted edges have partially covered pixels")
            XCTAssertEqual(sum, area + perimeter * 0.25, accuracy: perimeter * 0.2)
        }
    }
}
