import XCTest
@testable import ScrawlCore

/// The batch variable-width emitter works a chunk of knots' geometry out ahead and writes runs of
/// mitred rows without reading vertices back; the knot builder takes runs of lines in one loop.
/// Both must give exactly what the one-knot-at-a-time definitions give.
final class VariableStrokeBatchTests: XCTestCase {
    /// The mesh `VariableStrokeEmitter.step` makes knot by knot (the incremental stroker's way).
    static func stepByStep(_ path: Path, widths: [Float], options: StrokeOptions, scale: Double) -> Mesh {
        let style = VariableStrokeTessellator.style(widths, options: options, color: .black, scale: scale)!
        let (knots, ranges) = VariableStrokeTessellator.knots(path, widths: widths, options: options, style: style,
                                                              reserving: false)
        let emitter = VariableStrokeEmitter(style: style)
        let bound = style.bound(points: knots.count)
        var mesh = Mesh()
        mesh.write(maxVertices: bound.vertices, maxIndices: bound.indices) { w in
            for range in ranges {
                var state = VariableStrokeEmitter.State()
                for j in range.start..<range.end { emitter.step(knots, j, upTo: range.end, state: &state, into: &w) }
            }
        }
        return mesh
    }

    /// Strokes of lengths about the chunk size and its multiples, smooth and sharp, with discs
    /// inside their neighbours, repeated points, U-turns and zero widths where a chunk ends.
    func testBatchMeshEqualsTheKnotByKnotMesh() {
        var rng = SplitMix64(seed: 21)
        let chunk = VariableStrokeEmitter.chunk
        let counts = [1, 2, 3, chunk - 1, chunk, chunk + 1, chunk + 2, 2 * chunk, 2 * chunk + 1, 3 * chunk + 5]
        for trial in 0..<(3 * counts.count) {
            let count = counts[trial % counts.count]
            var (points, widths) = VariableStrokeTests.randomStroke(&rng, count: count, minWidth: 0, maxWidth: 30,
                                                                    step: trial % 3 == 0 ? 3 : (trial % 3 == 1 ? 8 : 25))
            if count > chunk + 1 {
                switch trial % 4 {
                case 0: widths[chunk] = 80  // a disc holding its neighbours
                case 1: points[chunk] = points[chunk - 1]  // a repeated point
                case 2: points[chunk + 1] = points[chunk - 1]  // a U-turn
                default: widths[chunk - 1] = 0; widths[chunk] = 0
                }
            }
            let floats = widths.map(Float.init)
            let scale = trial % 5 == 4 ? 1.5 : 1
            let options = StrokeOptions(width: 2)
            let batch = VariableStrokeTessellator.mesh(.polyline(points), widths: floats, options: options, color: .black,
                                                       scale: scale)
            let reference = Self.stepByStep(.polyline(points), widths: floats, options: options, scale: scale)
            XCTAssertEqual(batch.vertices, reference.vertices, "trial \(trial)")
            XCTAssertEqual(batch.indices, reference.indices, "trial \(trial)")
            assertWellFormedStroke(batch, "trial \(trial)")
        }
    }

    /// Subpaths, curves, closes and lines mixed: the same mesh as knot by knot, and in pieces the
    /// same triangles.
    func testMixedPathsMatchTheKnotByKnotMesh() {
        var path = Path()
        path.move(to: Point(10, 10))
        for i in 1...40 { path.line(to: Point(10 + Double(i) * 2.5, 10 + 8 * sin(Double(i) * 0.4))) }
        path.cubic(Point(140, 60), Point(60, 90), to: Point(20, 70))
        for i in 1...30 { path.line(to: Point(20 + Double(i) * 3, 70 + Double(i % 3))) }
        path.close()
        path.move(to: Point(50, 110))
        path.line(to: Point(50, 110))
        path.quad(control: Point(80, 140), to: Point(110, 110))
        let nodes = PathDrawable.nodeCount(of: path)
        let widths = (0..<nodes).map { Float(3 + 9 * abs(sin(Double($0) * 0.3))) }
        let options = StrokeOptions(width: 4)
        let batch = VariableStrokeTessellator.mesh(path, widths: widths, options: options, color: .black, scale: 1)
        let reference = Self.stepByStep(path, widths: widths, options: options, scale: 1)
        XCTAssertEqual(batch.vertices, reference.vertices)
        XCTAssertEqual(batch.indices, reference.indices)
        var triangles = 0
        VariableStrokeTessellator.strokePieces(path, widths: widths, options: options, color: .black, scale: 1,
                                               pieceVertices: 40) { piece in
            assertWellFormedStroke(piece)
            triangles += piece.triangleCount
        }
        XCTAssertEqual(triangles, batch.triangleCount)
    }

    /// A run of lines gives the knots that `KnotBuilder.line` gives point by point: unusable points
    /// dropped, repeats merged into the wider, unusable widths read as the fallback.
    func testLineRunsGiveThePointByPointKnots() {
        let points = [Point(5, 5), Point(9, 5), Point(9, 5), Point(9, 5.0001), Point(.nan, 3), Point(20, 8),
                      Point(1e12, 0), Point(20, 8), Point(30, 30), Point(31, 30)]
        let widths: [Float] = [2, 3, 7, 1, 4, .nan, 5, 9, -1, .infinity]
        let options = StrokeOptions(width: 4)
        let style = VariableStrokeTessellator.style(widths, options: options, color: .black, scale: 2)!
        let run = VariableStrokeTessellator.knots(.polyline(points), widths: widths, options: options, style: style,
                                                  reserving: false)
        var one = KnotBuilder(style: style, fallback: 4)
        for (i, p) in points.enumerated() {
            let w = widths[i].isFinite && widths[i] >= 0 ? Double(widths[i]) : 4
            if i == 0 { one.move(to: p * 2, width: w) } else { one.line(to: p * 2, width: w) }
        }
        one.finish(closed: false)
        XCTAssertEqual(run.ranges, one.ranges)
        XCTAssertEqual(run.knots.map(Self.fields), one.knots.map(Self.fields))
        XCTAssertLessThan(run.knots.count, points.count)
    }

    static func fields(_ k: VariableKnot) -> [Double] { [k.p.x, k.p.y, k.r, Double(k.color), k.s, k.gap] }
}
