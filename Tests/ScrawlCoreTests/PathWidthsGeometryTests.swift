import XCTest
@testable import ScrawlCore

/// Per-node widths in a path's geometry: the shape is the union of the node discs and each
/// segment's hull of its end discs. Bounds hold it, hit tests measure it (against a brute-force
/// distance to densely sampled discs), edits carry or scale the widths.
final class PathWidthsGeometryTests: XCTestCase {
    static func unit(_ g: inout SplitMix64) -> Double { Double(g.next() >> 11) / Double(1 << 53) }

    /// A random stroke of lines and curves with a width per node (some 0, some far apart).
    static func randomStroke(_ g: inout SplitMix64, nodes: Int = 6) -> PathDrawable {
        var path = Path()
        func pt() -> Point { Point(unit(&g) * 100, unit(&g) * 100) }
        path.move(to: pt())
        for _ in 1..<nodes {
            switch g.next() % 4 {
            case 0: path.quad(control: pt(), to: pt())
            case 1: path.cubic(pt(), pt(), to: pt())
            default: path.line(to: pt())
            }
        }
        let widths = (0..<nodes).map { _ in g.next() % 7 == 0 ? Float(0) : Float(unit(&g) * 20) }
        return PathDrawable(path: path, stroke: .black, fill: nil, style: .round(width: 3), widths: widths)
    }

    /// Centres and radii of discs sampled densely along the stroke (the shape, to sampling error).
    static func sampledDiscs(_ d: PathDrawable, spacing: Double = 0.03) -> [(Point, Double)] {
        var out: [(Point, Double)] = []
        for line in d.path.flattened(widths: d.widths!, tolerance: 0.01) {
            if line.segmentCount == 0 { out.append((line.points[0], line.widths[0] / 2)) }
            for i in 0..<line.segmentCount {
                let (c0, r0, c1, r1) = line.segment(i)
                let perSegment = 1 + Int(c0.distance(to: c1) / spacing)
                for k in 0...perSegment {
                    let t = Double(k) / Double(perSegment)
                    out.append((c0.lerp(c1, t), r0 + (r1 - r0) * t))
                }
            }
        }
        return out
    }

    func testFlatteningWithWidthsGivesThePathsPointsAndInterpolatesAlongCurves() {
        var g = SplitMix64(seed: 1)
        for _ in 0..<50 {
            let d = Self.randomStroke(&g)
            let plain = d.path.flattened(tolerance: 0.25), wide = d.path.flattened(widths: d.widths!, tolerance: 0.25)
            XCTAssertEqual(wide.map(\.polyline), plain)
            XCTAssertEqual(wide.first?.widths.first, Double(d.widths![0]))
            XCTAssertEqual(wide.last?.widths.last, Double(d.widths!.last!))
        }
        var path = Path()
        path.move(to: Point(0, 0))
        path.cubic(Point(30, 40), Point(60, -40), to: Point(90, 0))
        let line = path.flattened(widths: [2, 10], tolerance: 0.1)[0]
        XCTAssertGreaterThan(line.points.count, 4)
        XCTAssertEqual(zip(line.widths, line.widths.dropFirst()).filter { $0 > $1 }.count, 0, "increasing along the curve")
        XCTAssertEqual(line.widths[line.points.count / 2], 6, accuracy: 1, "about half way in the parameter")
    }

    func testBoundsHoldEveryDisc() {
        var g = SplitMix64(seed: 2)
        for _ in 0..<100 {
            let d = Self.randomStroke(&g)
            let b = try! XCTUnwrap(d.paintedBounds)
            for (c, r) in Self.sampledDiscs(d, spacing: 1) {
                XCTAssertTrue(b.insetBy(-1e-9).containsClosed(Point(c.x - r, c.y)) && b.insetBy(-1e-9).containsClosed(Point(c.x + r, c.y))
                              && b.insetBy(-1e-9).containsClosed(Point(c.x, c.y - r)) && b.insetBy(-1e-9).containsClosed(Point(c.x, c.y + r)),
                              "\(b) misses the disc at \(c) radius \(r)")
            }
        }
        // Each node's own width, not style.width, sets the reach at it: the hull's bounds are its discs'.
        let d = PathDrawable(path: .polyline([Point(0, 0), Point(100, 0)]), stroke: .black, fill: nil,
                             style: .round(width: 1), widths: [2, 40])
        XCTAssertEqual(d.paintedBounds, Rect(minX: -1, minY: -20, maxX: 120, maxY: 20))
    }

    /// The hit distance is the distance to the union of the discs (brute force over dense samples).
    func testPaintedDistanceIsTheDistanceToTheDiscs() {
        var g = SplitMix64(seed: 3)
        for _ in 0..<30 {
            let d = Self.randomStroke(&g, nodes: 4)
            let discs = Self.sampledDiscs(d)
            for _ in 0..<30 {
                let p = Point(Self.unit(&g) * 140 - 20, Self.unit(&g) * 140 - 20)
                let brute = max(0, discs.reduce(Double.infinity) { min($0, p.distance(to: $1.0) - $1.1) })
                XCTAssertEqual(d.paintedDistance(to: p), brute, accuracy: 0.06, "at \(p)")
                let q = Point(p.x + Self.unit(&g) * 30 - 15, p.y + Self.unit(&g) * 30 - 15)
                let bruteSegment = max(0, discs.reduce(Double.infinity) { min($0, $1.0.distance(toSegment: p, q) - $1.1) })
                XCTAssertEqual(d.paintedDistance(toSegment: p, q), bruteSegment, accuracy: 0.06, "\(p)–\(q)")
            }
        }
    }

    /// A point beside a thick node is on the stroke, beside a thin one it is not, whatever `style.width` says.
    func testHitTestsUseTheLocalWidth() {
        let d = PathDrawable(path: .polyline([Point(0, 0), Point(100, 0)]), stroke: .black, fill: nil,
                             style: .round(width: 2), widths: [2, 20])
        XCTAssertTrue(d.isHit(at: Point(100, 9), radius: 0))
        XCTAssertFalse(d.isHit(at: Point(0, 3), radius: 0))
        XCTAssertEqual(d.paintedDistance(to: Point(0, 3)), 2, accuracy: 0.05, "the thin end's disc, 1 wide, tilted a little by the hull")
        XCTAssertTrue(d.isHit(sweptFrom: Point(90, 12), to: Point(110, 12), radius: 3))
        XCTAssertFalse(d.isHit(sweptFrom: Point(-10, 4), to: Point(10, 4), radius: 1))
        XCTAssertEqual(d.colour(at: Point(100, 9), radius: 0), .black)
        // The stroke eraser removes a drawable its disc touches at the local width.
        XCTAssertTrue(d.isTouched(byEraserFrom: Point(95, 11), to: Point(105, 11), radius: 2, mode: .stroke))
        XCTAssertTrue(Drawable.path(d).erased(along: [Point(95, 11), Point(105, 11)], radius: 2, mode: .stroke).isEmpty)
    }

    func testEditsCarryOrScaleTheWidths() {
        var g = SplitMix64(seed: 4)
        let d = Self.randomStroke(&g)
        let widths = d.widths!
        XCTAssertEqual(d.translated(by: Point(5, -3)).widths, widths)
        let scaled = d.scaled(about: Point(10, 10), sx: 2, sy: 8)
        XCTAssertEqual(scaled.style.width, 12)
        for (a, b) in zip(scaled.widths!, widths) { XCTAssertEqual(a, b * 4, accuracy: 1e-4) }
        XCTAssertEqual(d.scaled(about: .zero, sx: -3, sy: 3).widths!.map { $0 / 3 }[1], widths[1], accuracy: 1e-4)
        XCTAssertEqual(d.scaled(about: .zero, sx: 2, sy: 2, scalingWidths: false).widths, widths, "alt keeps the widths")
        XCTAssertEqual(PathDrawable.nodeCount(of: d.keptInsideCanvasLimit().path), widths.count)
        var far = d
        far.path = d.path.mapped { $0 * 1e5 }
        XCTAssertEqual(far.keptInsideCanvasLimit().widths, widths)
        XCTAssertEqual(d.compacted().widths, widths)
        var random = SplitMix64(seed: 1)
        for r in [Restyle.stroke(.fixed(.red)), .fill(.fixed(.blue)), .fill(nil), .stroke(.random), .opacity(step: -1)] {
            XCTAssertEqual(d.restyled(r, random: &random).widths, widths, "\(r) changes colours only")
        }
        // A width step (3 to 4) scales every node by the same ratio.
        let wider = d.restyled(.width(step: 1), random: &random)
        XCTAssertEqual(wider.style.width, 4)
        for (a, b) in zip(wider.widths!, widths) { XCTAssertEqual(a, b * 4 / 3, accuracy: 1e-4) }
        XCTAssertNil(PathDrawable(path: d.path, stroke: .black, fill: nil, style: .round(width: 3))
            .restyled(.width(step: 1), random: &random).widths)
    }

    func testStoredPointsCountTheWidths() {
        let path = Path.polyline((0..<10).map { Point(Double($0), 0) })
        let plain = PathDrawable(path: path, stroke: .black, fill: nil, style: .round(width: 3))
        var wide = plain
        wide.widths = [Float](repeating: 2, count: 10)
        XCTAssertEqual(plain.storedPointCount, 10)
        XCTAssertEqual(wide.storedPointCount, 13, "10 points and 10 four-byte widths (2.5 points' worth, rounded up)")
    }

    /// Widths are valid when there is one per node, each finite and not negative.
    func testWidthsAreValidOnlyWhenOnePerNodeFiniteAndNotNegative() {
        let plain = PathDrawable(path: .polyline([Point(0, 0), Point(10, 0), Point(20, 5)]), stroke: .black, fill: nil,
                                 style: .round(width: 3))
        XCTAssertTrue(plain.widthsAreValid)
        for (widths, valid) in [([Float]([1, 0, 2]), true), ([1, 2], false), ([1, 2, 3, 4], false), ([1, .nan, 2], false),
                                ([1, .infinity, 2], false), ([-.infinity, 1, 2], false), ([1, 2, -0.5], false),
                                ([.greatestFiniteMagnitude, 1, 2], true)] {
            var d = plain
            d.widths = widths
            XCTAssertEqual(d.widthsAreValid, valid, "\(widths)")
        }
    }
}
