import XCTest
import ScrawlCore

final class StrokeTessellatorTests: XCTestCase {
    func stroke(_ points: [Point], width: Double, cap: LineCap = .round, join: LineJoin = .round,
                scale: Double = 1, tolerance: Double = 0.25, color: Color = .black) -> Mesh {
        let options = StrokeOptions(width: width, cap: cap, join: join, tolerance: tolerance)
        return StrokeTessellator.mesh(.polyline(points), options: options, color: color, scale: scale)
    }

    func testEveryStyleIsWellFormed() {
        let zigzag = [Point(10, 10), Point(60, 12), Point(20, 50), Point(90, 70), Point(90, 20), Point(95, 20)]
        for cap in LineCap.allCases {
            for join in LineJoin.allCases {
                for width in [0.3, 1, 4, 17] {
                    let m = stroke(zigzag, width: width, cap: cap, join: join, scale: 1.5)
                    XCTAssertFalse(m.isEmpty)
                    assertWellFormedStroke(m, "\(cap) \(join) \(width)")
                }
            }
        }
    }

    func testVertexContract() {
        let m = stroke([Point(10, 10), Point(50, 10)], width: 6, cap: .round, scale: 2,
                       color: Color(r: 255, g: 0, b: 0, a: 128))
        let rgba = Color(r: 255, g: 0, b: 0, a: 128).premultipliedRGBA
        for v in m.vertices {
            XCTAssertEqual(v.radius, 6.5)  // half width 6 device px + 0.5
            XCTAssertEqual(v.color, rgba)
            XCTAssertLessThanOrEqual(abs(v.edge), v.radius)
            XCTAssertGreaterThanOrEqual(v.along, 1)  // round caps: no along ramp
            // Round caps' rims are circumscribed (RoundRim): vertices up to 1/64 px beyond the radius.
            XCTAssertGreaterThanOrEqual(v.x, 20 - 6.5 - 1.0 / 64 - 1e-4)
            XCTAssertLessThanOrEqual(v.x, 100 + 6.5 + 1.0 / 64 + 1e-4)
        }
        XCTAssertEqual(m.vertices.map(\.arc).max()!, 40, accuracy: 1e-5)  // canvas points
    }

    func testHairlinesAreOnePixelWideAndFainter() {
        let m = stroke([Point(0, 0), Point(40, 0)], width: 0.25, cap: .butt, scale: 2)
        XCTAssertTrue(m.vertices.allSatisfy { $0.radius == 1 })
        XCTAssertEqual(m.vertices[0].color, Color.black.withOpacity(0.5).premultipliedRGBA)
        assertWellFormedStroke(m)
    }

    func testZeroLengthSubpaths() {
        let tap = [Point(20, 20)]
        let round = stroke(tap, width: 8)
        XCTAssertFalse(round.isEmpty)
        assertWellFormedStroke(round)
        XCTAssertTrue(stroke(tap, width: 8, cap: .butt).isEmpty)
        let square = stroke(tap + tap, width: 8, cap: .square)
        assertWellFormedStroke(square)
        let xs = square.vertices.map(\.x), ys = square.vertices.map(\.y)
        XCTAssertEqual(xs.min()!, 20 - 4.5); XCTAssertEqual(xs.max()!, 20 + 4.5)
        XCTAssertEqual(ys.min()!, 20 - 4.5); XCTAssertEqual(ys.max()!, 20 + 4.5)
        // Its coverage is 0.5 on the square's sides.
        let field = CoverageField(square)
        XCTAssertEqual(field.sample(Point(24, 20)).coverage, 0.5, accuracy: 1e-5)
        XCTAssertEqual(field.sample(Point(20, 16)).coverage, 0.5, accuracy: 1e-5)
        XCTAssertEqual(field.sample(Point(20, 20)).coverage, 1)
    }

    // Dots no longer follow the tolerance (NanoVG's step): a fan dot's rim is circumscribed and within
    // RoundRim.sagitta (1/64 px) of its circle, for exact coverage (DotCoverageTests); dots under 8 px
    // are pixel quads. What stays: the rim gets finer with the radius, and no finer than needed.
    func testRoundDotRimsGrowWithRadiusAndKeepWithinTheRimSagitta() {
        var previousCount = 0
        for width in [8.0, 64, 256] {
            let m = stroke([Point(300, 300)], width: width)
            let r = Double(m.vertices[0].radius)
            let rim = m.vertices.filter { $0.edge != 0 }.map { atan2(Double($0.y) - 300, Double($0.x) - 300) }.sorted()
            XCTAssertGreaterThan(rim.count, previousCount, "width \(width)")
            previousCount = rim.count
            var gaps = zip(rim, rim.dropFirst()).map { $1 - $0 }
            gaps.append(rim[0] + 2 * .pi - rim[rim.count - 1])
            let sagitta = r / cos(gaps.max()! / 2) - r
            XCTAssertLessThanOrEqual(sagitta, 1.0 / 64 + 1e-4, "width \(width)")
            XCTAssertGreaterThan(sagitta, 1.0 / 256, "width \(width): needlessly fine")
        }
    }

    func testRoundJoinSegmentsFollowTheTolerance() {
        let tol = 0.25
        let corner = [Point(10, 100), Point(100, 100), Point(100, 10)]
        let m = stroke(corner, width: 40, cap: .butt, join: .round, tolerance: tol)
        // Outer rim vertices of the join lie at the radius from the corner, around its outer quadrant.
        let c = Point(100, 100)
        let rim = m.vertices.filter {
            Point(Double($0.x), Double($0.y)).distance(to: c) > 20 && Double($0.x) > 100 && Double($0.y) > 100
        }
        XCTAssertFalse(rim.isEmpty)
        let angles = ([0.0, .pi / 2] + rim.map { atan2(Double($0.y) - 100, Double($0.x) - 100) }).sorted()
        let maxStep = zip(angles, angles.dropFirst()).map { $1 - $0 }.max()!
        XCTAssertLessThanOrEqual(20.5 * (1 - cos(maxStep / 2)), tol)
    }

    func testMiterLimitFollowsCoreGraphics() {
        // A 90° corner: miter length / width = √2.
        let corner = [Point(10, 100), Point(100, 100), Point(100, 10)]
        func reach(_ limit: Double) -> Double {
            let options = StrokeOptions(width: 10, cap: .butt, join: .miter, miterLimit: limit)
            let m = StrokeTessellator.mesh(.polyline(corner), options: options, color: .black, scale: 1)
            assertWellFormedStroke(m)
            return m.vertices.map { Double($0.x) + Double($0.y) }.max()!
        }
        XCTAssertEqual(reach(1.5), 200 + 5.5 * 2, accuracy: 1e-3)  // miter tip at (105.5, 105.5)
        XCTAssertEqual(reach(1.4), 200 + 5.5, accuracy: 1e-3)  // bevel: corners (105.5, 100), (100, 105.5)
    }

    func testReversalsNeverSpike() {
        let back = [Point(10, 10), Point(100, 10), Point(10, 10)]
        for join in LineJoin.allCases {
            let options = StrokeOptions(width: 10, cap: .butt, join: join, miterLimit: 1000)
            let m = StrokeTessellator.mesh(.polyline(back), options: options, color: .black, scale: 1)
            assertWellFormedStroke(m, "\(join)")
            let maxX = m.vertices.map(\.x).max()!
            XCTAssertLessThanOrEqual(maxX, 100 + 5.5 + 1e-4, "\(join)")
            XCTAssertEqual(CoverageField(m).sample(Point(100, 10)).coverage, 1, "\(join)")
        }
    }

    func testClosedSubpathsJoinAndHaveNoCaps() {
        let square = Path.rectangle(Rect(x: 10, y: 10, width: 50, height: 50))
        let options = StrokeOptions(width: 6, cap: .round, join: .miter)
        let m = StrokeTessellator.mesh(square, options: options, color: .black, scale: 1)
        assertWellFormedStroke(m)
        let field = CoverageField(m)
        // The start corner is mitred like the others: full coverage 2 px out diagonally.
        for corner in [Point(10, 10), Point(60, 10), Point(60, 60), Point(10, 60)] {
            let out = Point(corner.x < 30 ? -2 : 2, corner.y < 30 ? -2 : 2)
            XCTAssertEqual(field.sample(corner + out).coverage, 1, "\(corner)")
        }
        XCTAssertEqual(m.vertices.map(\.arc).max()!, 200, accuracy: 1e-4)
    }

    func testArcMeasuresCanvasDistanceForDashes() {
        // A butt-capped guide at scale 2: arc interpolated on the centre line is the distance along it.
        let guide = [Point(10, 10), Point(60, 10), Point(60, 45)]
        let m = stroke(guide, width: 1, cap: .butt, join: .miter, scale: 2)
        let field = CoverageField(m)
        // (Within a stroke radius of the corner the two segments' quads overlap, each with its own arc.)
        for d in stride(from: 0.25, through: 84.75, by: 0.5) where abs(d - 50) > 1 {
            let p = d <= 50 ? Point(10 + d, 10) : Point(60, 10 + d - 50)
            guard let arc = field.sample(p * 2).arc else { return XCTFail("uncovered at \(d)") }
            XCTAssertEqual(arc, d, accuracy: 1e-3, "at \(d)")
        }
    }

    /// Every join a full reversal, every round join a half disc: the most geometry per point. (Debug
    /// builds assert that the tessellator's precomputed bounds hold.)
    func testWorstCaseJoinsAreWellFormed() {
        let zigzag = (0..<41).map { Point(100 + Double($0 % 2) * 30, 100 + Double($0) * 1e-9) }
        for cap in LineCap.allCases {
            for join in LineJoin.allCases {
                for closed in [false, true] {
                    var path = Path.polyline(zigzag)
                    if closed { path.close() }
                    let options = StrokeOptions(width: 90, cap: cap, join: join, tolerance: 0.01)
                    let m = StrokeTessellator.mesh(path, options: options, color: .black, scale: 1)
                    assertWellFormedStroke(m, "\(cap) \(join) closed \(closed)")
                    var stroker = IncrementalStroker(options: options, color: .black, scale: 1)
                    for p in zigzag { stroker.append(p) }
                    if !closed { XCTAssertEqual(stroker.mesh.vertices, m.vertices) }
                }
            }
        }
    }

    func testEmptyOrInvalidInputsGiveNothing() {
        XCTAssertTrue(stroke([], width: 4).isEmpty)
        XCTAssertTrue(stroke([Point(0, 0), Point(1, 1)], width: 0).isEmpty)
        XCTAssertTrue(stroke([Point(0, 0), Point(1, 1)], width: .nan).isEmpty)
        XCTAssertTrue(stroke([Point(0, 0), Point(1, 1)], width: 2, scale: 0).isEmpty)
        let m = stroke([Point(0, 0), Point(.nan, 3), Point(.infinity, 1), Point(5, 5)], width: 2)
        assertWellFormedStroke(m)
        XCTAssertFalse(m.isEmpty)
    }

    func testHugeFiniteInputsStayFinite() {
        let far = [Point(1e15, -1e15), Point(-1e15, 1e15), Point(1e300, 5), Point(-1e300, 1e300),
                   Point(3e15, 2e15), Point(3e15, 2e15 + 1)]
        for cap in LineCap.allCases {
            let m = stroke(far, width: 4, cap: cap, join: .miter, scale: 3)
            XCTAssertTrue(m.vertices.allSatisfy { [$0.x, $0.y, $0.edge, $0.radius, $0.along, $0.arc].allSatisfy(\.isFinite) })
            XCTAssertTrue(m.triangles.allSatisfy { $0.signedArea > 1e-6 })
        }
        // A stroke far wider than any screen still gets a bounded number of fan triangles.
        let wide = stroke([Point(0, 0)], width: 1e9)
        XCTAssertLessThanOrEqual(wide.triangleCount, 1024)
        assertWellFormedStroke(wide)
    }

    func testStrokeIntoAppendsWithOffsetIndices() {
        var mesh = stroke([Point(0, 0), Point(10, 0)], width: 2)
        let before = mesh.vertices.count
        StrokeTessellator.stroke(.polyline([Point(0, 20), Point(10, 20)]), options: .round(width: 2),
                                 color: .red, scale: 1, into: &mesh)
        XCTAssertGreaterThan(mesh.vertices.count, before)
        XCTAssertTrue(mesh.indices.suffix(6).allSatisfy { Int($0) >= before })
        assertWellFormedStroke(mesh)
    }
}
