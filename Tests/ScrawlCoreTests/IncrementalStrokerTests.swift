import XCTest
import ScrawlCore

final class IncrementalStrokerTests: XCTestCase {
    static func randomPoints(_ count: Int, _ rng: inout SeededGenerator) -> [Point] {
        var p = Point(100, 100)
        var out: [Point] = []
        for _ in 0..<count {
            switch Int.random(in: 0..<8, using: &rng) {
            case 0: break  // duplicate
            case 1: if out.count > 1 { p = out[out.count - 2] }  // reversal
            case 2: p += Point(Double.random(in: -0.3...0.3, using: &rng), Double.random(in: -0.3...0.3, using: &rng))
            default: p += Point(Double.random(in: -12...12, using: &rng), Double.random(in: -12...12, using: &rng))
            }
            out.append(p)
        }
        return out
    }

    func testMatchesBatchVertexForVertex() {
        var rng = SeededGenerator(seed: 99)
        for n in 0..<120 {
            let points = Self.randomPoints(Int.random(in: 1...60, using: &rng), &rng)
            let options = StrokeOptions(width: [0.4, 1, 2.5, 9, 30][n % 5], cap: LineCap.allCases[n % 3],
                                        join: LineJoin.allCases[(n / 3) % 3])
            let scale = [1.0, 2, 0.75][n % 3]
            var stroker = IncrementalStroker(options: options, color: .red, scale: scale)
            for p in points {
                let before = stroker.mesh
                let (fv, fi) = stroker.append(p)
                XCTAssertLessThanOrEqual(fv, before.vertices.count)
                XCTAssertLessThanOrEqual(fi, before.indices.count)
                XCTAssertEqual(Array(stroker.mesh.vertices.prefix(fv)), Array(before.vertices.prefix(fv)))
                XCTAssertEqual(Array(stroker.mesh.indices.prefix(fi)), Array(before.indices.prefix(fi)))
            }
            let batch = StrokeTessellator.mesh(.polyline(points), options: options, color: .red, scale: scale)
            XCTAssertEqual(stroker.mesh.vertices, batch.vertices, "case \(n) \(options)")
            XCTAssertEqual(stroker.mesh.indices, batch.indices, "case \(n) \(options)")
            assertWellFormedStroke(stroker.mesh)
        }
    }

    func testDuplicatesAreIgnored() {
        var stroker = IncrementalStroker(options: .round(width: 4), color: .black, scale: 2)
        stroker.append(Point(1, 1))
        let dot = stroker.mesh
        let (fv, fi) = stroker.append(Point(1, 1))
        XCTAssertEqual(fv, dot.vertices.count)
        XCTAssertEqual(fi, dot.indices.count)
        XCTAssertEqual(stroker.mesh.vertices, dot.vertices)
        stroker.append(Point(5, 1))
        stroker.append(Point(5, 1))
        XCTAssertEqual(stroker.points, [Point(1, 1), Point(5, 1)])
    }

    func testEachAppendRewritesABoundedTail() {
        for cap in LineCap.allCases {
            var stroker = IncrementalStroker(options: StrokeOptions(width: 16, cap: cap, join: .round),
                                             color: .black, scale: 1)
            var worst = 0
            for i in 0..<3000 {
                let t = Double(i) * 0.05
                let (fv, fi) = stroker.append(Point(200 + 150 * cos(t) + t, 200 + 150 * sin(t * 1.3)))
                if i > 0 {
                    worst = max(worst, stroker.mesh.vertices.count - fv, stroker.mesh.indices.count - fi)
                }
            }
            XCTAssertLessThan(worst, 200, "\(cap): an append rewrote \(worst) elements")
            // (Smooth turns share one mitred row: about 2 vertices per point.)
            XCTAssertGreaterThan(stroker.mesh.vertices.count, 3000 * 2)
        }
    }

    func testButtTailWithDensePointsStaysExact() {
        // Points 0.1 px apart: the butt ramp spans several segments, which the tail re-emits.
        let points = (0..<40).map { Point(10 + Double($0) * 0.1, 10 + Double($0 % 3) * 0.01) }
        let options = StrokeOptions(width: 5, cap: .butt, join: .miter)
        var stroker = IncrementalStroker(options: options, color: .black, scale: 1)
        for p in points { stroker.append(p) }
        let batch = StrokeTessellator.mesh(.polyline(points), options: options, color: .black, scale: 1)
        XCTAssertEqual(stroker.mesh.vertices, batch.vertices)
        XCTAssertEqual(stroker.mesh.indices, batch.indices)
    }
}
