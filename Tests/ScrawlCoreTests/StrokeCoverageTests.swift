import XCTest
import ScrawlCore

/// Rasterizes stroke meshes on the CPU with the fragment shader's coverage formula.
final class StrokeCoverageTests: XCTestCase {
    func mesh(_ points: [Point], width: Double, cap: LineCap, scale: Double = 1) -> Mesh {
        let options = StrokeOptions(width: width, cap: cap, join: .round)
        return StrokeTessellator.mesh(.polyline(points), options: options, color: .black, scale: scale)
    }

    func testRoundCappedLineCoversItsCapsule() {
        for (width, length, y) in [(10.0, 100.0, 40.3), (3, 57.3, 40.5), (24, 200, 40.0), (1.5, 30, 40.25)] {
            let m = mesh([Point(20.2, y), Point(20.2 + length, y)], width: width, cap: .round)
            let covered = CoverageField(m).rasterize(width: 300, height: 100).reduce(0, +)
            let capsule = width * length + .pi * width * width / 4
            XCTAssertEqual(covered, capsule, accuracy: capsule * 0.01, "width \(width)")
        }
    }

    func testDiagonalAndScaledLinesCoverTheirArea() {
        // At scale 2 a 5-point line of width 3 is 6 device px wide.
        let m = mesh([Point(10, 10), Point(70, 50)], width: 3, cap: .round, scale: 2)
        let covered = CoverageField(m).rasterize(width: 200, height: 140).reduce(0, +)
        let length = Point(60, 40).length * 2
        let capsule = 6 * length + .pi * 9
        XCTAssertEqual(covered, capsule, accuracy: capsule * 0.01)
    }

    func testTapDotHasHalfWidthRadius() {
        for width in [2.0, 5, 12, 64] {
            let c = Point(80.5, 80.5)
            let m = mesh([c], width: width, cap: .round)
            let field = CoverageField(m)
            let image = field.rasterize(width: 161, height: 161)
            let effective = (image.reduce(0, +) / .pi).squareRoot()
            XCTAssertEqual(effective, width / 2, accuracy: 0.5, "width \(width)")
            // The 0.5 contour, searched along a few rays, lies at width / 2.
            for angle in stride(from: 0.1, to: 2 * .pi, by: 0.7) {
                let dir = Point(cos(angle), sin(angle))
                var lo = 0.0, hi = width
                for _ in 0..<40 {
                    let mid = (lo + hi) / 2
                    if field.sample(c + dir * mid).coverage > 0.5 { lo = mid } else { hi = mid }
                }
                XCTAssertEqual(lo, width / 2, accuracy: 0.5, "width \(width) angle \(angle)")
            }
        }
    }

    func testButtCapsEndWhereTheyShould() {
        for (scale, width) in [(1.0, 6.0), (2, 3), (1, 0.5), (1.5, 11)] {
            let a = Point(10.3, 20.7), b = Point(47.9, 20.7)
            let field = CoverageField(mesh([a, b], width: width, cap: .butt, scale: scale))
            let y = a.y * scale
            for (end, out) in [(a.x * scale, -1.0), (b.x * scale, 1.0)] {
                XCTAssertEqual(field.sample(Point(end, y)).coverage, 0.5, accuracy: 1e-4, "scale \(scale)")
                XCTAssertEqual(field.sample(Point(end - 0.5 * out, y)).coverage, 1, accuracy: 1e-4)
                XCTAssertEqual(field.sample(Point(end - 0.25 * out, y)).coverage, 0.75, accuracy: 1e-4)
                XCTAssertEqual(field.sample(Point(end + 0.25 * out, y)).coverage, 0.25, accuracy: 1e-4)
                XCTAssertEqual(field.sample(Point(end + 0.5 * out, y)).coverage, 0, accuracy: 1e-4)
            }
            XCTAssertEqual(field.sample(Point((a.x + b.x) / 2 * scale, y)).coverage, 1, accuracy: 1e-5)
            // The area: exactly the rectangle (width at least 1 device px).
            let w = max(width * scale, 1), length = (b.x - a.x) * scale
            let covered = field.rasterize(width: Int(60 * scale), height: Int(40 * scale)).reduce(0, +)
            XCTAssertEqual(covered, w * length, accuracy: w * length * 0.01, "scale \(scale) width \(width)")
        }
    }

    func testButtRampsFollowTheArcThroughShortFirstSegments() {
        // Points 0.2 px apart at the start: the ramp runs along the path over the first pixel.
        let pts = [Point(10, 10), Point(10.2, 10), Point(10.4, 10), Point(10.6, 10), Point(30, 10)]
        let field = CoverageField(mesh(pts, width: 4, cap: .butt))
        for d in stride(from: -0.5, through: 0.5, by: 0.05) {
            XCTAssertEqual(field.sample(Point(10 + d, 10)).coverage, 0.5 + d, accuracy: 1e-4, "at \(d)")
        }
    }

    func testButtCappedStrokeShorterThanAPixel() {
        let field = CoverageField(mesh([Point(10, 10), Point(10.4, 10)], width: 4, cap: .butt))
        XCTAssertEqual(field.sample(Point(10, 10)).coverage, 0.5, accuracy: 1e-4)
        XCTAssertEqual(field.sample(Point(10.4, 10)).coverage, 0.5, accuracy: 1e-4)
        XCTAssertEqual(field.sample(Point(10.2, 10)).coverage, 0.7, accuracy: 1e-4)
    }

    func testSquareCapsExtendHalfAWidth() {
        let field = CoverageField(mesh([Point(10, 10), Point(30, 10)], width: 6, cap: .square))
        XCTAssertEqual(field.sample(Point(7, 10)).coverage, 0.5, accuracy: 1e-4)
        XCTAssertEqual(field.sample(Point(33, 10)).coverage, 0.5, accuracy: 1e-4)
        XCTAssertEqual(field.sample(Point(32, 10)).coverage, 1, accuracy: 1e-4)
        XCTAssertEqual(field.sample(Point(33, 13)).coverage, 0.25, accuracy: 1e-4)  // the corner
    }
}
