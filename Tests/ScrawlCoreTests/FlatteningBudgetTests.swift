import ScrawlCore
import XCTest

/// The flattened-size estimate (same Wang's-formula counts as the flattener) and the drawing budget.
final class FlatteningBudgetTests: XCTestCase {
    /// The estimate is an upper bound of what `flattened` makes, and exact for curves with no repeats.
    func testEstimateBoundsTheFlattenedPoints() {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            func p() -> Point { Point(Double.random(in: -500...500, using: &rng), Double.random(in: -500...500, using: &rng)) }
            var path = Path()
            path.move(to: p())
            path.cubic(p(), p(), to: p())
            path.quad(control: p(), to: p())
            path.line(to: p())
            if Bool.random(using: &rng) { path.close() }
            for (tol, scale) in [(0.25, 1.0), (0.05, 3.0), (1, 0.5)] {
                let real = path.flattened(tolerance: tol / scale).reduce(0) { $0 + $1.points.count }
                let estimate = path.flattenedPointEstimate(tolerance: tol, scale: scale)
                XCTAssertGreaterThanOrEqual(estimate, real)
                XCTAssertLessThanOrEqual(estimate, real + 3, "close to the real count")
            }
        }
    }

    /// A drawing over the budget is refused at the drawable that crosses it; fills and strokes both count.
    func testBudgetNamesTheDrawableThatCrossesIt() {
        var path = Path()
        path.move(to: Point(0, 0))
        for i in 0..<100 { path.cubic(Point(1e6, Double(i)), Point(-1e6, 0), to: Point(0, Double(i))) }
        let style = StrokeOptions(tolerance: 0.05)
        let one = Drawable.path(PathDrawable(path: path, stroke: .black, fill: nil, style: style))
        let both = Drawable.path(PathDrawable(path: path, stroke: .black, fill: .black, style: style))
        let n = FlatteningBudget.estimate(one, scale: 1)
        XCTAssertEqual(FlatteningBudget.estimate(both, scale: 1), 2 * n)
        XCTAssertGreaterThan(n, 500_000)
        let count = FlatteningBudget.maxPoints / n + 1
        XCTAssertNoThrow(try FlatteningBudget.check(Array(repeating: one, count: count - 1), scale: 1))
        XCTAssertThrowsError(try FlatteningBudget.check(Array(repeating: one, count: count + 5), scale: 1)) { error in
            let e = error as? FlatteningBudget.Exceeded
            XCTAssertEqual(e?.index, count - 1)
            XCTAssertEqual(e?.message, "drawables[\(count - 1)]: flattens to \(n) points (\(count * n) in the drawing up to it) "
                           + "at scale 1; the limit is 20000000 points per drawing")
        }
    }

    /// Huge widths do not make round caps and joins explode: their segments per half turn stay bounded.
    func testHugeRoundCapsStayBounded() {
        var path = Path()
        path.move(to: Point(0, 0))
        for i in 1...50 { path.line(to: Point(Double(i % 2) * 10, Double(i))) }
        let mesh = StrokeTessellator.mesh(path, options: StrokeOptions(width: 1e6, tolerance: 0.01), color: .black, scale: 1)
        XCTAssertLessThan(mesh.vertices.count, 51 * 2100, "at most ~1024 triangles per joint")
    }

    /// The canvas limit: 64 Mi device pixels, sides up to 16384.
    func testCanvasAreaLimit() {
        XCTAssertNoThrow(try CanvasSpec(width: 8192, height: 8192).validate(scale: 1))
        XCTAssertNoThrow(try CanvasSpec(width: 16384, height: 4096).validate(scale: 1))
        XCTAssertThrowsError(try CanvasSpec(width: 8192, height: 8193).validate(scale: 1)) { error in
            XCTAssertEqual((error as? ReplayError)?.message(file: "r"), "r: the canvas is 8192x8193 device pixels at scale 1; "
                           + "each side must be 1 to 16384 and the canvas at most 67108864 device pixels (64 Mi, e.g. 8192x8192)")
        }
        XCTAssertThrowsError(try CanvasSpec(width: 4096, height: 4096).validate(scale: 2.01))
    }
}
