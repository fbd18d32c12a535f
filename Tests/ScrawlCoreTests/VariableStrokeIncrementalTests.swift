import XCTest
@testable import ScrawlCore

/// The incremental variable-width stroker makes the batch tessellator's mesh, vertex for vertex,
/// and leaves its stable prefix alone.
final class VariableStrokeIncrementalTests: XCTestCase {
    func testIncrementalMeshEqualsTheBatchMesh() {
        var rng = SplitMix64(seed: 9)
        for trial in 0..<40 {
            let (base, w) = VariableStrokeTests.randomStroke(&rng, count: 3 + trial * 3, minWidth: 0, maxWidth: 30,
                                                             step: trial % 2 == 0 ? 4 : 20)
            var points = base, widths = w.map(Float.init)
            if trial % 3 == 1 {  // pressing harder in place, and a lighter repeat
                points.insert(points[1], at: 2); widths.insert(widths[1] + 9, at: 2)
                points.insert(points[1], at: 3); widths.insert(0.5, at: 3)
            }
            let scale = trial % 4 == 3 ? 1.5 : 1
            var live = VariableIncrementalStroker(options: StrokeOptions(width: 2), color: .black, scale: scale)
            var previous = Mesh()
            for (p, width) in zip(points, widths) {
                let stable = live.stableIndexCount
                let change = live.append(p, width: width)
                XCTAssertGreaterThanOrEqual(change.firstIndex, min(stable, previous.indices.count), "trial \(trial)")
                XCTAssertEqual(Array(live.mesh.indices.prefix(stable)), Array(previous.indices.prefix(stable)), "trial \(trial)")
                previous = live.mesh
            }
            let batch = VariableStrokeTessellator.mesh(.polyline(points), widths: widths, options: StrokeOptions(width: 2),
                                                       color: .black, scale: scale)
            XCTAssertEqual(live.mesh.vertices, batch.vertices, "trial \(trial)")
            XCTAssertEqual(live.mesh.indices, batch.indices, "trial \(trial)")
            assertWellFormedStroke(live.mesh, "trial \(trial)")
        }
    }

    /// Pieces hold the whole mesh's triangles (the same coverage), each piece a well-formed mesh.
    func testPiecesCoverWhatTheWholeMeshCovers() {
        var rng = SplitMix64(seed: 2)
        let (points, w) = VariableStrokeTests.randomStroke(&rng, count: 300, minWidth: 1, maxWidth: 20, step: 8)
        let widths = w.map(Float.init)
        let whole = VariableStrokeTessellator.mesh(.polyline(points), widths: widths, options: StrokeOptions(),
                                                   color: .black, scale: 1)
        var joined = Mesh(), pieces = 0
        VariableStrokeTessellator.strokePieces(.polyline(points), widths: widths, options: StrokeOptions(), color: .black,
                                               scale: 1, pieceVertices: 500) { piece in
            assertWellFormedStroke(piece)
            joined.append(piece)
            pieces += 1
        }
        XCTAssertGreaterThan(pieces, 3)
        XCTAssertEqual(joined.triangleCount, whole.triangleCount)
        let a = CoverageField(whole).rasterize(width: 120, height: 120)
        let b = CoverageField(joined).rasterize(width: 120, height: 120)
        XCTAssertEqual(a, b)
    }

    /// A path drawable with varying widths is drawn by the variable tessellator; with none or equal
    /// widths exactly as before.
    func testPathDrawableChoosesTheTessellator() {
        let points = [Point(10, 10), Point(50, 30), Point(90, 10)]
        let plain = PathDrawable(path: .polyline(points), stroke: .black, fill: nil, style: .round(width: 4))
        var equal = plain; equal.widths = [4, 4, 4]
        var varying = plain; varying.widths = [2, 9, 4]
        func mesh(_ d: PathDrawable) -> Mesh? {
            guard case let .stroke(m, _)? = d.commands(scale: 1).first else { return nil }
            return m
        }
        let constant = StrokeTessellator.mesh(.polyline(points), options: .round(width: 4), color: .black, scale: 1)
        XCTAssertEqual(mesh(plain)?.vertices, constant.vertices)
        XCTAssertEqual(mesh(equal)?.vertices, constant.vertices)
        let variable = VariableStrokeTessellator.mesh(.polyline(points), widths: [2, 9, 4], options: .round(width: 4),
                                                      color: .black, scale: 1)
        XCTAssertEqual(mesh(varying)?.vertices, variable.vertices)
        XCTAssertNotEqual(variable.vertices, constant.vertices)
    }
}
