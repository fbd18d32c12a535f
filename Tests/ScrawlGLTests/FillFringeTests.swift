import ScrawlCore
@testable import ScrawlGL
import XCTest

/// Fills are antialiased by a fringe a pixel wide about the outline, each pixel covered by its area
/// on the outline's side of the nearest edge.
final class FillFringeTests: GLTestCase {
    /// A slanted triangle filled black on transparent: its edges have partially covered pixels, and
    /// the summed coverage is the triangle's area within 1 % of a pixel per pixel of perimeter
    /// (the sharp corners' pixels are the inexact ones: a corner's pixel gets one edge's area).
    /// A fill covering pixels whose centre is inside fully, with a fringe outside only, is a
    /// quarter pixel per pixel of perimeter too bold (55 here); one inset by half a pixel, as thin.
    /// Both windings (+1 and -1) take their own inside pass, so the triangle is drawn both ways.
    func testSlantedFillEdgesAreAntialiasedAndAreaIsClose() throws {
        let a = Point(10.3, 8.1), b = Point(90.7, 30.2), c = Point(30.4, 70.9)
        for (second, third) in [(b, c), (c, b)] {
            var path = Path()
            path.move(to: a); path.line(to: second); path.line(to: third); path.close()
            try checkArea(path, a: a, b: b, c: c)
        }
    }

    private func checkArea(_ path: Path, a: Point, b: Point, c: Point) throws {
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
            XCTAssertEqual(sum, area, accuracy: perimeter * 0.01)
        }
    }

    /// Overlapping contours in one path (two squares wound the same way, a pentagram): an edge that
    /// lies inside the fill, with ink on both sides, gets no fringe, so the union is solid across it.
    /// A fringe that ramps inside every edge draws a seam of half coverage there.
    func testEdgesInsideTheFillDrawNoSeam() throws {
        var squares = Path()
        for (x, y) in [(10.3, 10.2), (30.6, 25.7)] {
            squares.move(to: Point(x, y)); squares.line(to: Point(x + 40, y))
            squares.line(to: Point(x + 40, y + 40)); squares.line(to: Point(x, y + 40)); squares.close()
        }
        var star = Path()
        for k in 0..<5 {
            let angle = Double(k) * 4 * Double.pi / 5 - Double.pi / 2
            let p = Point(130 + 40 * cos(angle), 50 + 40 * sin(angle))
            if k == 0 { star.move(to: p) } else { star.line(to: p) }
        }
        star.close()
        try withRenderer { renderer in
            let target = try RenderTarget(width: 180, height: 100)
            renderer.clear(target, to: .clear)
            for path in [squares, star] {
                let drawable = Drawable.path(PathDrawable(path: path, stroke: nil, fill: .black, style: StrokeOptions(width: 0)))
                renderer.draw(drawable.commands(scale: 1), into: target)
            }
            let px = renderer.readPixels(target)
            func alpha(_ x: Int, _ y: Int) -> UInt8 { px[(y * 180 + x) * 4 + 3] }
            // The squares' inner edges: x = 30.6 for y in 26…50, y = 50.2 for x in 31…50.
            for y in 28...48 { XCTAssertEqual(alpha(30, y), 255, "x 30, y \(y)"); XCTAssertEqual(alpha(31, y), 255) }
            for x in 32...49 { XCTAssertEqual(alpha(x, 49), 255, "x \(x), y 49"); XCTAssertEqual(alpha(x, 50), 255) }
            // The pentagram's centre pentagon (radius about 15) and the crossing edges around it.
            for y in 41...59 { for x in 121...139 { XCTAssertEqual(alpha(x, y), 255, "star at \(x), \(y)") } }
        }
    }
}
