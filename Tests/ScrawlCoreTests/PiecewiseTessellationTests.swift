import XCTest
import ScrawlCore

/// Long paths are tessellated in pieces while drawn, so what is held does not grow with their length;
/// the pieces are the whole mesh's triangles, each once.
final class PiecewiseTessellationTests: XCTestCase {
    /// The triangles of meshes, by their vertices, in order.
    private func triangles(_ meshes: [Mesh]) -> [[Vertex]] {
        meshes.flatMap { $0.triangles.map { [$0.a, $0.b, $0.c] } }
    }

    /// Random hostile strokes (open and closed, every cap and join) cut into pieces of a few vertices
    /// have the whole mesh's triangles, in its order.
    func testStrokePiecesAreTheWholeMeshsTriangles() {
        var rng = SeededGenerator(seed: 0x9E_CE5)
        for n in 0..<300 {
            let c = RandomStrokeTests.randomCase(&rng)
            let whole = StrokeTessellator.mesh(c.path, options: c.options, color: .blue, scale: c.scale)
            for limit in [1, 9, 64] {
                var pieces: [Mesh] = []
                StrokeTessellator.strokePieces(c.path, options: c.options, color: .blue, scale: c.scale,
                                               pieceVertices: limit) { pieces.append($0) }
                XCTAssertEqual(triangles(pieces), triangles([whole]), "case \(n), pieces of \(limit): \(c.options)")
                XCTAssertFalse(pieces.contains { $0.isEmpty }, "case \(n): no empty piece")
                if whole.vertices.count > 2 * limit + 600 { XCTAssertGreaterThan(pieces.count, 1, "case \(n)") }
            }
        }
        XCTAssertEqual(Mesh.boundOverflowCount, 0)
    }

    /// Fills (several subpaths, open ones closed implicitly) in pieces: the fan's triangles, the
    /// fringe and the cover of `fillWithFringe`, in that order.
    func testFillPiecesAreTheWholeFill() {
        var rng = SeededGenerator(seed: 0xF111)
        for n in 0..<200 {
            var path = RandomStrokeTests.randomCase(&rng).path
            path.append(RandomStrokeTests.randomCase(&rng).path)
            guard let whole = FillTessellator.fillWithFringe(path, color: .red, scale: 1.5, tolerance: 0.1) else { continue }
            for limit in [4, 7, 50] {
                var fan: [Mesh] = [], fringe: [Mesh] = [], cover: [Mesh] = [], order: [Int] = []
                FillTessellator.fillPieces(path, color: .red, scale: 1.5, tolerance: 0.1, pieceVertices: limit) { piece in
                    switch piece {
                    case .fan(let m): fan.append(m); order.append(0)
                    case .fringe(let m): fringe.append(m); order.append(1)
                    case .cover(let m): cover.append(m); order.append(2)
                    }
                }
                XCTAssertEqual(order, order.sorted(), "case \(n): fan, then fringe, then cover")
                XCTAssertEqual(triangles(fan), triangles([whole.fan]), "case \(n), pieces of \(limit)")
                XCTAssertEqual(triangles(fringe), triangles([whole.fringe]), "case \(n), pieces of \(limit)")
                XCTAssertEqual(triangles(cover), triangles([whole.cover]), "case \(n)")
                XCTAssertLessThanOrEqual((fan + fringe).map(\.vertices.count).max() ?? 0, max(limit, 4), "case \(n)")
            }
        }
    }

    /// A path that flattens to more points than `PiecewiseTessellation.threshold` gives commands that
    /// hold no mesh (the memory of a whole one grows with the path: 176 bytes a point for this
    /// stroke, twice as much for a fill), and they tessellate to the whole mesh's triangles.
    func testALongPathsCommandsHoldNoMesh() {
        var path = Path()
        path.move(to: Point(0, 0))
        for i in 0..<100 { path.cubic(Point(90_000, Double(i)), Point(-90_000, 600), to: Point(400, 300)) }
        let style = StrokeOptions(width: 2, tolerance: 0.05)
        XCTAssertGreaterThan(path.flattenedPointEstimate(tolerance: 0.05, scale: 1), PiecewiseTessellation.threshold)
        let d = PathDrawable(path: path, stroke: .black, fill: Color(r: 255, g: 0, b: 0, a: 128), style: style)
        let commands = d.commands(scale: 1)
        XCTAssertEqual(commands.count, 2)
        XCTAssertEqual(commands.reduce(0) { $0 + $1.heldVertices }, 0, "nothing tessellated before it is drawn")
        guard case .strokePieces(let stroke, .over) = commands.last else { return XCTFail("\(commands)") }
        var pieces: [Mesh] = []
        stroke.forEach { pieces.append($0) }
        XCTAssertGreaterThan(pieces.count, 2)
        XCTAssertLessThanOrEqual(pieces.map(\.vertices.count).max() ?? 0, PiecewiseTessellation.pieceVertices + 64)
        let whole = StrokeTessellator.mesh(path, options: style, color: .black, scale: 1)
        XCTAssertEqual(triangles(pieces), triangles([whole]))
        let bounds = whole.triangles.reduce(into: Rect?.none) { r, t in
            for v in [t.a, t.b, t.c] {
                let p = Rect(minX: Double(v.x), minY: Double(v.y), maxX: Double(v.x), maxY: Double(v.y))
                r = r?.union(p) ?? p
            }
        }
        if let b = stroke.bounds, let v = bounds {
            XCTAssertTrue(b.minX <= v.minX && b.minY <= v.minY && b.maxX >= v.maxX && b.maxY >= v.maxY, "\(b) holds \(v)")
        } else {
            XCTFail("bounds")
        }
        XCTAssertFalse(PathDrawable(path: Path.polyline([Point(0, 0), Point(5, 5)]), stroke: .black, fill: nil,
                                    style: style).drawsInPieces(scale: 64), "short paths are tessellated whole")
    }
}
