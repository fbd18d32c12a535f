import XCTest
@testable import ScrawlCore
import ScrawlWorkload

/// Mitred joints (one shared rim row where the turn is small) against the exact round-joined stroke.
final class StrokeMitreTests: XCTestCase {
    /// The exact coverage of a round-capped, round-joined stroke at `p`: clamp(hw + 0.5 − distance).
    static func exactCoverage(_ p: Point, _ line: Polyline, halfWidth: Double) -> Double {
        min(max(halfWidth + 0.5 - distance(p, to: line), 0), 1)
    }

    static func penPath(_ count: Int, seed: UInt64, jitter: Double = 0.3) -> [Point] {
        var rng = SplitMix64(seed: seed)
        var pts = BenchmarkWorkload.penStroke(points: count, in: CanvasSpec(width: 140, height: 140), rng: &rng)
        if jitter > 0.3 {
            // Sharper turns: a random walk with steps of a few points.
            var p = Point(70, 70)
            pts = (0..<count).map { _ in
                p += Point(Double(rng.next() % 1001) / 1000 - 0.5, Double(rng.next() % 1001) / 1000 - 0.5) * jitter
                return p
            }
        }
        return pts.map { $0 + Point(30, 30) }
    }

    /// Every pixel's coverage is within the tolerance of the exact stroke, and for smoothly drawn
    /// strokes (most joints mitred) the area is within 1%. (Tight random walks lose up to the
    /// tolerance all along their many round-join and cap chords, as before mitring.)
    func testCoverageMatchesTheExactRoundStroke() {
        var mitred = 0
        for (n, width) in [1.0, 2, 3, 4, 6, 8, 12, 16].enumerated() {
            for jitter in [0.3, 12] {
                let points = Self.penPath(40, seed: UInt64(n * 7 + 1), jitter: jitter)
                let tol = 0.25
                let options = StrokeOptions(width: width, cap: .round, join: .round, tolerance: tol)
                let mesh = StrokeTessellator.mesh(.polyline(points), options: options, color: .black, scale: 1)
                assertWellFormedStroke(mesh, "width \(width)")
                mitred += points.count * 5 - mesh.vertices.count
                let line = Polyline(points: points, closed: false)
                let image = CoverageField(mesh).rasterize(width: 200, height: 200)
                var exactArea = 0.0, worst = 0.0
                for y in 0..<200 {
                    for x in 0..<200 {
                        let exact = Self.exactCoverage(Point(Double(x) + 0.5, Double(y) + 0.5), line, halfWidth: width / 2)
                        exactArea += exact
                        worst = max(worst, abs(exact - image[y * 200 + x]))
                    }
                }
                let area = image.reduce(0, +)
                if jitter < 1 {
                    XCTAssertEqual(area, exactArea, accuracy: exactArea * 0.01, "width \(width) jitter \(jitter)")
                } else {
                    XCTAssertEqual(area, exactArea, accuracy: exactArea * 0.025, "width \(width) jitter \(jitter)")
                }
                XCTAssertLessThanOrEqual(worst, tol + 1e-3, "width \(width) jitter \(jitter)")
            }
        }
        XCTAssertGreaterThan(mitred, 0, "no joint was mitred")
    }

    /// A smooth stroke costs about 2 vertices and 2 triangles per point (plus the caps).
    func testSmoothStrokesCostTwoTrianglesPerPoint() {
        for width in [1.0, 4, 16] {
            let points = (0..<400).map { i -> Point in
                let t = Double(i) * 0.05
                return Point(300 + 150 * cos(t), 300 + 150 * sin(t * 1.3))
            }
            let mesh = StrokeTessellator.mesh(.polyline(points), options: .round(width: width), color: .black, scale: 1)
            assertWellFormedStroke(mesh)
            // The caps' allowance grew from 60 to 100: round caps now follow a rim within 1/64 px of the
            // circle (`RoundRim`, exact cap coverage), 28 triangles and 29 vertices per
            // cap at width 16 instead of 7.
            XCTAssertLessThan(mesh.triangleCount, 2 * 400 + 100, "width \(width)")
            XCTAssertLessThan(mesh.vertices.count, 2 * 400 + 100, "width \(width)")
        }
    }

    /// Butt ends stay exact next to mitred rows, and closed subpaths mitre their first point too.
    func testButtEndsAndClosedLoopsWithMitredRows() {
        let arc = (0...30).map { i -> Point in Point(20 + Double(i) * 3, 40 + 10 * sin(Double(i) * 0.2)) }
        for join in LineJoin.allCases {
            let options = StrokeOptions(width: 6, cap: .butt, join: join)
            let mesh = StrokeTessellator.mesh(.polyline(arc), options: options, color: .black, scale: 1)
            assertWellFormedStroke(mesh, "\(join)")
            let field = CoverageField(mesh)
            XCTAssertEqual(field.sample(arc[0]).coverage, 0.5, accuracy: 1e-3, "\(join)")
            XCTAssertEqual(field.sample(arc[arc.count - 1]).coverage, 0.5, accuracy: 1e-3, "\(join)")
            XCTAssertEqual(field.sample(arc[15]).coverage, 1, "\(join)")
        }
        let circle = Path.ellipse(in: Rect(x: 20, y: 20, width: 100, height: 60))
        for join in LineJoin.allCases {
            let options = StrokeOptions(width: 5, cap: .butt, join: join)
            let mesh = StrokeTessellator.mesh(circle, options: options, color: .black, scale: 1)
            assertWellFormedStroke(mesh, "\(join)")
            let field = CoverageField(mesh)
            for k in 0..<24 {
                let a = Double(k) * .pi / 12
                let p = Point(70 + 50 * cos(a), 50 + 30 * sin(a))
                XCTAssertEqual(field.sample(near: p), 1, "\(join) at \(p)")
            }
            XCTAssertEqual(Double(mesh.vertices.map(\.arc).max()!), circle.length(tolerance: 0.25), accuracy: 0.5)
        }
    }

    /// Incremental = batch where joints are mitred, butt ramps included (dense points at the ends).
    func testIncrementalMatchesBatchOnSmoothStrokes() {
        for n in 0..<27 {
            var rng = SplitMix64(seed: UInt64(n))
            var points = BenchmarkWorkload.penStroke(points: 60, in: CanvasSpec(width: 300, height: 300), rng: &rng)
            if n % 2 == 0 {  // crawl in 0.2-point steps at both ends
                let a = points[0], b = points[points.count - 1]
                points = (0..<6).map { a + Point(Double($0) * 0.2, Double($0) * 0.05) }.reversed() + points
                    + (1..<6).map { b + Point(Double($0) * 0.2, -Double($0) * 0.07) }
            }
            let options = StrokeOptions(width: [1.0, 3, 9, 16, 0.5][n % 5], cap: LineCap.allCases[n % 3],
                                        join: LineJoin.allCases[(n / 3) % 3])
            let scale = [1.0, 2, 0.75][(n / 9) % 3]
            var stroker = IncrementalStroker(options: options, color: .red, scale: scale)
            for p in points { stroker.append(p) }
            let batch = StrokeTessellator.mesh(.polyline(points), options: options, color: .red, scale: scale)
            XCTAssertEqual(stroker.mesh.vertices, batch.vertices, "case \(n) \(options)")
            XCTAssertEqual(stroker.mesh.indices, batch.indices, "case \(n) \(options)")
            assertWellFormedStroke(batch, "case \(n)")
        }
    }
}
