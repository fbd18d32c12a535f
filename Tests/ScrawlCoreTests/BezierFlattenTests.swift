import XCTest
import ScrawlCore

final class BezierFlattenTests: XCTestCase {
    let cubic = CubicBezier(Point(0, 0), Point(30, 120), Point(140, -60), Point(160, 40))
    let quad = QuadraticBezier(Point(0, 0), Point(80, 150), Point(160, 10))

    func testEndpointsAndDerivatives() {
        XCTAssertEqual(cubic.point(at: 0), cubic.p0)
        XCTAssertEqual(cubic.point(at: 1), cubic.p3)
        XCTAssertEqual(cubic.derivative(at: 0), (cubic.p1 - cubic.p0) * 3)
        XCTAssertEqual(cubic.derivative(at: 1), (cubic.p3 - cubic.p2) * 3)
        XCTAssertEqual(quad.derivative(at: 0), (quad.p1 - quad.p0) * 2)
        // Derivative against a central difference.
        for t in stride(from: 0.1, through: 0.9, by: 0.2) {
            let h = 1e-6
            let numeric = (cubic.point(at: t + h) - cubic.point(at: t - h)) / (2 * h)
            XCTAssertLessThan(numeric.distance(to: cubic.derivative(at: t)), 1e-4)
            let qn = (quad.point(at: t + h) - quad.point(at: t - h)) / (2 * h)
            XCTAssertLessThan(qn.distance(to: quad.derivative(at: t)), 1e-4)
        }
    }

    func testSplitHalvesTraceTheCurve() {
        let t = 0.37
        let (l, r) = cubic.split(at: t)
        let (ql, qr) = quad.split(at: t)
        for u in stride(from: 0.0, through: 1.0, by: 0.125) {
            XCTAssertLessThan(l.point(at: u).distance(to: cubic.point(at: t * u)), 1e-9)
            XCTAssertLessThan(r.point(at: u).distance(to: cubic.point(at: t + (1 - t) * u)), 1e-9)
            XCTAssertLessThan(ql.point(at: u).distance(to: quad.point(at: t * u)), 1e-9)
            XCTAssertLessThan(qr.point(at: u).distance(to: quad.point(at: t + (1 - t) * u)), 1e-9)
        }
    }

    func testFlattenedCubicStaysWithinTolerance() {
        for tol in [1.0, 0.25, 0.01] {
            let line = Polyline(points: cubic.flattened(tolerance: tol), closed: false)
            XCTAssertEqual(line.points.first, cubic.p0)
            XCTAssertEqual(line.points.last, cubic.p3)
            for i in 0...4000 {
                let p = cubic.point(at: Double(i) / 4000)
                XCTAssertLessThanOrEqual(distance(p, to: line), tol + 1e-9, "tol \(tol), t \(Double(i) / 4000)")
            }
        }
    }

    func testFlattenedQuadStaysWithinToleranceAndIsNotWasteful() {
        let tol = 0.1
        let pts = quad.flattened(tolerance: tol)
        let line = Polyline(points: pts, closed: false)
        for i in 0...4000 {
            XCTAssertLessThanOrEqual(distance(quad.point(at: Double(i) / 4000), to: line), tol + 1e-9)
        }
        // Fewer than twice the segments a uniform split just meeting the tolerance would need.
        XCTAssertLessThan(pts.count, 40)
    }

    func testPathFlattenedFollowsCurvesAndSubpaths() {
        var path = Path()
        path.move(to: Point(10, 10))
        path.cubic(Point(40, 80), Point(90, -30), to: Point(120, 30))
        path.quad(control: Point(150, 90), to: Point(200, 30))
        path.move(to: Point(5, 5))  // a lone move: a dot
        path.move(to: Point(0, 0))
        path.line(to: Point(10, 0))
        path.line(to: Point(10, 0))  // duplicate, dropped
        path.line(to: Point(10, 10))
        path.line(to: Point(0, 0))  // back at the start of a closed subpath: dropped
        path.close()
        path.line(to: Point(0, 20))  // starts a new subpath at (0, 0)
        let lines = path.flattened(tolerance: 0.1)
        XCTAssertEqual(lines.count, 4)
        XCTAssertEqual(lines[0].points.first, Point(10, 10))
        XCTAssertEqual(lines[0].points.last, Point(200, 30))
        XCTAssertFalse(lines[0].closed)
        XCTAssertEqual(lines[1], Polyline(points: [Point(5, 5)], closed: false))
        XCTAssertEqual(lines[2], Polyline(points: [Point(0, 0), Point(10, 0), Point(10, 10)], closed: true))
        XCTAssertEqual(lines[3], Polyline(points: [Point(0, 0), Point(0, 20)], closed: false))
        let curve = CubicBezier(Point(10, 10), Point(40, 80), Point(90, -30), Point(120, 30))
        for i in 0...1000 {
            XCTAssertLessThanOrEqual(distance(curve.point(at: Double(i) / 1000), to: lines[0]), 0.1 + 1e-9)
        }
        for (a, b) in zip(lines[0].points, lines[0].points.dropFirst()) { XCTAssertNotEqual(a, b) }
    }

    func testCircleLengthIsCloseToAnalytic() {
        let r = 100.0
        let circle = Path.ellipse(in: Rect(x: 0, y: 0, width: 2 * r, height: 2 * r))
        let length = circle.length(tolerance: 0.01)
        XCTAssertEqual(length, 2 * .pi * r, accuracy: 2 * .pi * r * 5e-4)
        let coarse = circle.length(tolerance: 1)
        XCTAssertLessThan(coarse, length)
        XCTAssertEqual(coarse, 2 * .pi * r, accuracy: 2 * .pi * r * 0.01)
        XCTAssertEqual(Path.rectangle(Rect(x: 0, y: 0, width: 3, height: 4)).length(tolerance: 0.25), 14)
    }

    func testDegenerateAndHugeCurvesStayBounded() {
        let point = CubicBezier(Point(1, 1), Point(1, 1), Point(1, 1), Point(1, 1))
        XCTAssertEqual(point.flattened(tolerance: 0.25), [Point(1, 1), Point(1, 1)])
        let huge = CubicBezier(Point(0, 0), Point(1e300, -1e300), Point(-1e300, 1e300), Point(1, 1))
        XCTAssertLessThanOrEqual(huge.flatteningSegmentCount(tolerance: 0.25), 1 << 16)
        XCTAssertEqual(quad.flatteningSegmentCount(tolerance: 0), 1 << 16)
        let nan = QuadraticBezier(Point(0, 0), Point(.nan, 0), Point(1, 1))
        XCTAssertEqual(nan.flatteningSegmentCount(tolerance: 0.25), 1)
    }
}
