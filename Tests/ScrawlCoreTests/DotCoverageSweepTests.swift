import XCTest
import ScrawlCore

/// Dots of random widths and positions (seeded), beyond the listed ones.
final class DotCoverageSweepTests: XCTestCase {
    func testRandomWidthsAndPositionsCoverTheirDisc() {
        var rng = SeededGenerator(seed: 11)
        for _ in 0..<300 {
            let scale = [1.0, 1.25, 1.5, 2, 3].randomElement(using: &rng)!
            let width = Double.random(in: 1...64, using: &rng)
            let h = width * scale / 2, margin = (h + 4).rounded(.up)
            let p = Point(margin + Double.random(in: 0..<1, using: &rng), margin + Double.random(in: 0..<1, using: &rng))
            let options = StrokeOptions(width: width, cap: .round, join: .round)
            let mesh = StrokeTessellator.mesh(.polyline([p * (1 / scale)]), options: options, color: .black, scale: scale)
            let drawn = DrawnCoverage(mesh, size: Int(2 * margin) + 2)
            let area = abs(drawn.total / (Double.pi * h * h) - 1), off = drawn.centroid.distance(to: p)
            XCTAssertLessThanOrEqual(area, 0.01, "width \(width) scale \(scale) at \(p)")
            XCTAssertLessThanOrEqual(off, 0.05, "width \(width) scale \(scale) at \(p)")
        }
    }
}
