import XCTest
import ScrawlCore

final class DotCoverageCapTests: XCTestCase {
    /// The drawn coverage of a round-capped segment from `a` to `b` (device px).
    func drawnSegment(_ a: Point, _ b: Point, width: Double, scale: Double, size: Int) -> DrawnCoverage {
        let options = StrokeOptions(width: width, cap: .round, join: .round)
        let path = Path.polyline([a * (1 / scale), b * (1 / scale)])
        return DrawnCoverage(StrokeTessellator.mesh(path, options: options, color: .black, scale: scale), size: size)
    }

    /// From 2 px wide (`RoundRim.capShrink` makes the caps' coverage the half discs' area). Thinner
    /// strokes' caps alias at pixel centres as small dots would: within about 3 % and 0.13 px at 1 px.
    func testShortRoundCappedStrokesCoverTheirCapsuleWithinOnePercent() {
        let directions = [Point(1, 0), Point(0.6, 0.8), Point(-0.28, 0.96)]
        for scale in [1.0, 1.5, 2] {
            for width in [2.0, 3, 4, 6, 12, 24, 48] {
                let h = width * scale / 2, length = 10 * scale, margin = (h + length + 4).rounded(.up)
                for d in directions {
                    for (fx, fy) in [(0.0, 0.0), (0.25, 0.7), (0.5, 0.25), (0.7, 0.5)] {
                        let a = Point(margin + fx, margin + fy), b = a + d * length
                        let drawn = drawnSegment(a, b, width: width, scale: scale, size: Int(2 * margin) + 2)
                        let capsule = supersampled(box: (min(a.x, b.x) - h, min(a.y, b.y) - h, max(a.x, b.x) + h,
                                                         max(a.y, b.y) + h), step: h / 64) {
                            distanceToSegment($0, a, b) <= h
                        }
                        let what = "width \(width) scale \(scale) dir \(d) at +(\(fx), \(fy))"
                        let exact = 2 * h * length + Double.pi * h * h
                        XCTAssertEqual(capsule.area / exact, 1, accuracy: 3e-3, "reference: " + what)
                        XCTAssertEqual(drawn.total / capsule.area, 1, accuracy: 0.01, what)
                        XCTAssertLessThanOrEqual(drawn.centroid.distance(to: (a + b) * 0.5), 0.05, what)
                    }
                }
            }
        }
    }

    /// Distance from `p` to the segment `a b`.
    private func distanceToSegment(_ p: Point, _ a: Point, _ b: Point) -> Double {
        let ab = b - a
        let t = min(max((p - a).dot(ab) / ab.lengthSquared, 0), 1)
        return p.distance(to: a + ab * t)
    }
}
