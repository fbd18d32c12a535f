import XCTest
import ScrawlCore

final class FillTessellatorTests: XCTestCase {
    /// Winding number at `p` counted from the fan: +1 per positive triangle containing it, −1 per negative.
    func fanWinding(_ fan: Mesh, at p: Point) -> Int {
        fan.triangles.reduce(0) { sum, t in
            guard t.weights(p) != nil else { return sum }
            return sum + (t.signedArea > 0 ? 1 : -1)
        }
    }

    /// Winding number of the closed polygon `pts` around `p` (crossing count, y-down area sign).
    func polygonWinding(_ pts: [Point], at p: Point) -> Int {
        var w = 0
        for (a, b) in zip(pts, pts.dropFirst() + [pts[0]]) {
            let side = (b - a).cross(p - a)
            if a.y <= p.y && b.y > p.y && side > 0 { w += 1 }
            if a.y > p.y && b.y <= p.y && side < 0 { w -= 1 }
        }
        return w
    }

    func testSelfIntersectingStarWindsLikeThePath() {
        let star = (0..<5).map { i -> Point in
            let a = -Double.pi / 2 + Double(i) * 4 * .pi / 5
            return Point(50 + 40 * cos(a), 50 + 40 * sin(a))
        }
        var path = Path.polyline(star)
        path.close()
        guard let (fan, cover) = FillTessellator.fill(path, color: .green, scale: 2) else { return XCTFail() }
        XCTAssertEqual(fan.triangleCount, 3)
        let areas = fan.triangles.map(\.signedArea)
        XCTAssertTrue(areas.allSatisfy { abs($0) > 1e-6 })
        let device = star.map { $0 * 2 }
        var rng = SeededGenerator(seed: 3)
        for _ in 0..<2000 {
            let p = Point(Double.random(in: 0...200, using: &rng), Double.random(in: 0...200, using: &rng))
            XCTAssertEqual(fanWinding(fan, at: p), polygonWinding(device, at: p), "at \(p)")
        }
        XCTAssertEqual(abs(fanWinding(fan, at: Point(100, 100))), 2)  // the pentagon inside winds twice
        // The cover spans the fan's bounds, positively oriented, with the fill colour.
        XCTAssertEqual(cover.triangleCount, 2)
        XCTAssertTrue(cover.triangles.allSatisfy { $0.signedArea > 0 })
        XCTAssertTrue(cover.vertices.allSatisfy { $0.color == Color.green.premultipliedRGBA && $0.edge == 0 })
        let xs = cover.vertices.map(\.x), ys = cover.vertices.map(\.y)
        for v in fan.vertices {
            XCTAssertTrue(v.x >= xs.min()! && v.x <= xs.max()! && v.y >= ys.min()! && v.y <= ys.max()!)
            XCTAssertEqual(v.edge, 0)
            XCTAssertGreaterThan(v.radius, 1000)
        }
    }

    func testBothOrientationsAndHolesCount() {
        var path = Path.rectangle(Rect(x: 0, y: 0, width: 100, height: 100))
        // A hole wound the other way: nonzero leaves it empty.
        path.move(to: Point(30, 30)); path.line(to: Point(30, 70)); path.line(to: Point(70, 70)); path.line(to: Point(70, 30))
        guard let (fan, _) = FillTessellator.fill(path, color: .black, scale: 1) else { return XCTFail() }
        let areas = fan.triangles.map(\.signedArea)
        XCTAssertTrue(areas.contains { $0 > 0 } && areas.contains { $0 < 0 })
        XCTAssertEqual(areas.reduce(0, +), 100 * 100 - 40 * 40, accuracy: 1e-6)
        XCTAssertEqual(fanWinding(fan, at: Point(50, 50)), 0)
        XCTAssertEqual(fanWinding(fan, at: Point(10, 50)), 1)
    }

    func testCurvesAreFlattenedWithinTolerance() {
        let ellipse = Path.ellipse(in: Rect(x: 10, y: 10, width: 80, height: 40))
        guard let (fan, cover) = FillTessellator.fill(ellipse, color: .black, scale: 3) else { return XCTFail() }
        let area = fan.triangles.map(\.signedArea).reduce(0, +)
        // Chords lie inside: at most perimeter × tolerance lost (and the cubic circle is 0.03% off).
        let exact = Double.pi * 120 * 60
        XCTAssertLessThanOrEqual(area, exact * 1.0003)
        XCTAssertGreaterThanOrEqual(area, exact - 600 * 0.25)
        // The cover: the fan's bounds grown by 1 px, to hold the fringe's quads.
        XCTAssertEqual(cover.vertices.map(\.x).min()!, 29, accuracy: 1e-4)
        XCTAssertEqual(cover.vertices.map(\.x).max()!, 271, accuracy: 1e-4)
    }

    func testOpenSubpathsAreClosedAndNothingGivesNil() {
        let open = Path.polyline([Point(0, 0), Point(10, 0), Point(0, 10)])
        XCTAssertEqual(FillTessellator.fill(open, color: .black, scale: 1)?.fan.triangleCount, 1)
        XCTAssertNil(FillTessellator.fill(Path(), color: .black, scale: 1))
        XCTAssertNil(FillTessellator.fill(.polyline([Point(0, 0), Point(10, 0)]), color: .black, scale: 1))
        XCTAssertNil(FillTessellator.fill(.polyline([Point(0, 0), Point(5, 5), Point(10, 10)]), color: .black, scale: 1))
        XCTAssertNil(FillTessellator.fill(.polyline([Point(0, 0), Point(5, 0), Point(9, 0)]), color: .black, scale: 1))
        XCTAssertNil(FillTessellator.fill(open, color: .black, scale: 0))
    }
}
