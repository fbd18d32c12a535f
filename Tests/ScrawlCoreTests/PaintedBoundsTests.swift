import Foundation
import XCTest
@testable import ScrawlCore

/// `paintedBounds` holds every tessellated vertex, give or take the antialiasing fringe.
final class PaintedBoundsTests: XCTestCase {
    private func randomPath(_ rng: inout SplitMix64) -> Path {
        func coord() -> Double { Double(rng.next() % 4000) / 10 - 200 }
        var path = Path()
        path.move(to: Point(coord(), coord()))
        for _ in 0..<Int(rng.next() % 6 + 1) {
            switch rng.next() % 3 {
            case 0: path.line(to: Point(coord(), coord()))
            case 1: path.quad(control: Point(coord(), coord()), to: Point(coord(), coord()))
            default: path.cubic(Point(coord(), coord()), Point(coord(), coord()), to: Point(coord(), coord()))
            }
        }
        if rng.next() % 4 == 0 { path.close() }
        return path
    }

    func testEveryStrokeVertexLiesWithinTheBoundsPlusTheFringe() {
        var rng = SplitMix64(seed: 42)
        for cap in LineCap.allCases {
            for join in LineJoin.allCases {
                for _ in 0..<25 {
                    let width = [1.0, 2, 7.5, 40][Int(rng.next() % 4)]
                    let limit = [1.0, 4, 10, 2000][Int(rng.next() % 4)]
                    let style = StrokeOptions(width: width, cap: cap, join: join, miterLimit: limit)
                    let d = PathDrawable(path: randomPath(&rng), stroke: .black, fill: nil, style: style)
                    check(d)
                }
            }
        }
    }

    /// Every vertex at scales 1 and 4 lies within the bounds grown by the fringe: half a device
    /// pixel times the stroke's reach factor, plus half a pixel (1 px for round caps and joins).
    private func check(_ d: PathDrawable, file: StaticString = #filePath, line: UInt = #line) {
        guard let bounds = d.paintedBounds else { return XCTFail("no bounds", file: file, line: line) }
        for scale in [1.0, 4] {
            let fringe = (0.5 * d.style.paintedReachFactor + 0.5) / scale
            let grown = bounds.insetBy(-fringe - 1e-9 * (1 + bounds.width + bounds.height))
            let mesh = StrokeTessellator.mesh(d.path, options: d.style, color: .black, scale: scale)
            for v in mesh.vertices {
                let p = Point(Double(v.x) / scale, Double(v.y) / scale)
                let inside = p.x >= grown.minX - 1e-4 && p.x <= grown.maxX + 1e-4
                    && p.y >= grown.minY - 1e-4 && p.y <= grown.maxY + 1e-4
                XCTAssertTrue(inside, "\(p) outside \(grown) (\(d.style), scale \(scale))", file: file, line: line)
                if !inside { return }
            }
        }
    }

    /// A miter just inside the limit at the path's lowest point: its fringe reaches half a pixel
    /// times the miter ratio beyond the bounds, more than 1 px (the renderer's margin must allow it).
    func testSharpMiterAtTheEdge() {
        let halfAngle = asin(1 / 3.99)
        let path = Path.polyline([Point(0, 0), Point(100, 100 / tan(halfAngle)), Point(200, 0)])
        let d = PathDrawable(path: path, stroke: .black, fill: nil,
                             style: StrokeOptions(width: 10, cap: .butt, join: .miter, miterLimit: 4))
        check(d)
        let mesh = StrokeTessellator.mesh(d.path, options: d.style, color: .black, scale: 1)
        let lowest = mesh.vertices.map { Double($0.y) }.max() ?? 0
        XCTAssertGreaterThan(lowest, d.paintedBounds!.maxY + 1, "the fringe of a sharp miter passes 1 px")
    }

    func testRoundStrokesReachHalfTheWidthAndFillsNothingMore() {
        let path = Path.polyline([Point(0, 0), Point(100, 50)])
        let round = PathDrawable(path: path, stroke: .black, fill: nil, style: .round(width: 10))
        XCTAssertEqual(round.paintedBounds, Rect(minX: -5, minY: -5, maxX: 105, maxY: 55))
        let fill = PathDrawable(path: path, stroke: nil, fill: .black, style: .round(width: 10))
        XCTAssertEqual(fill.paintedBounds, Rect(minX: 0, minY: 0, maxX: 100, maxY: 50))
        let square = StrokeOptions(width: 10, cap: .square, join: .bevel)
        XCTAssertEqual(square.paintedReachFactor, 2.0.squareRoot())
        XCTAssertEqual(StrokeOptions(width: 1, join: .miter, miterLimit: 1e9).paintedReachFactor, 1000)
        XCTAssertEqual(StrokeOptions(width: 1, join: .miter, miterLimit: .nan).paintedReachFactor, 1)
        XCTAssertNil(PathDrawable(path: Path(), stroke: .black, fill: nil, style: .round(width: 3)).paintedBounds)
    }

    func testStampsAndDisplayLists() {
        let image = RasterImage(width: 4, height: 2, pixels: [UInt8](repeating: 255, count: 32))
        let stamp = StampDrawable(image: image, center: Point(10, 10))
        XCTAssertEqual(Drawable.stamp(stamp).paintedBounds, Rect(x: 8, y: 9, width: 4, height: 2))
        var list = DisplayList()
        XCTAssertNil(list.paintedBounds)
        list.add(.stamp(stamp))
        list.add(.path(PathDrawable(path: Path(), stroke: .black, fill: nil, style: .round(width: 3))))
        list.add(.path(PathDrawable(path: .polyline([Point(-50, 0), Point(0, 0)]), stroke: .black, fill: nil,
                                    style: .round(width: 2))))
        XCTAssertEqual(list.paintedBounds, Rect(minX: -51, minY: -1, maxX: 12, maxY: 11))
    }
}
