import XCTest
@testable import ScrawlCore

/// The partial eraser on strokes with per-node widths: each piece keeps the widths of the nodes it
/// keeps and gets the width interpolated along the segment where it is cut; pieces of a stroke
/// without widths stay without.
final class PathWidthsEraserTests: XCTestCase {
    private func assertClose<T: FloatingPoint>(_ a: [T], _ b: [T], accuracy: T, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= accuracy }, "\(a) is not \(b)", file: file, line: line)
    }

    private func pieces(_ d: PathDrawable, _ sweep: [Point], radius: Double) -> [PathDrawable] {
        Drawable.path(d).erased(along: sweep, radius: radius, mode: .partial).compactMap { $0.kind(as: PathDrawable.self) }
    }

    func testACutInterpolatesTheWidth() throws {
        let d = PathDrawable(path: .polyline([Point(0, 0), Point(100, 0)]), stroke: .black, fill: nil,
                             style: .round(width: 4), widths: [2, 12])
        let out = pieces(d, [Point(50, -20), Point(50, 20)], radius: 5)
        XCTAssertEqual(out.count, 2)
        assertClose(out[0].path.points.map(\.x), [0, 45], accuracy: 1e-9)
        assertClose(out[1].path.points.map(\.x), [55, 100], accuracy: 1e-9)
        assertClose(try XCTUnwrap(out[0].widths), [2, 6.5], accuracy: 1e-5)
        assertClose(try XCTUnwrap(out[1].widths), [7.5, 12], accuracy: 1e-5)
        XCTAssertTrue(out.allSatisfy { $0.widthsAreValid && $0.style == d.style })
    }

    /// Random strokes and sweeps: every piece's width at every point is the stroke's width at that
    /// point of the original (found by projecting onto the original's flattened segments).
    func testPiecesKeepTheWidthsAlongTheStroke() {
        var g = SplitMix64(seed: 7)
        for _ in 0..<60 {
            let d = PathWidthsGeometryTests.randomStroke(&g, nodes: 5)
            let lines = d.path.flattened(widths: d.widths!, tolerance: 0.05)
            let sweep = (0..<3).map { _ in Point(PathWidthsGeometryTests.unit(&g) * 100, PathWidthsGeometryTests.unit(&g) * 100) }
            for piece in pieces(d, sweep, radius: 4) {
                guard let widths = piece.widths else { XCTFail("a piece without widths"); continue }
                XCTAssertTrue(piece.widthsAreValid)
                for (p, w) in zip(piece.path.points, widths) {
                    XCTAssertTrue(lines.contains { line in Self.width(of: line, at: p).map { abs($0 - Double(w)) < 1e-3 } ?? false },
                                  "piece point \(p) has width \(w)")
                }
            }
        }
    }

    /// The width of `line` at `p` when `p` lies on one of its segments (within 1e-6).
    static func width(of line: WidthPolyline, at p: Point) -> Double? {
        if line.segmentCount == 0 { return p == line.points[0] ? line.widths[0] : nil }
        var found: Double?
        for i in 0..<line.segmentCount {
            let (a, ra, b, rb) = line.segment(i)
            guard p.distance(toSegment: a, b) < 1e-6, a != b else { continue }
            let t = min(max((p - a).dot(b - a) / (b - a).lengthSquared, 0), 1)
            let w = 2 * (ra + (rb - ra) * t)
            found = found.map { max($0, w) } ?? w
        }
        return found
    }

    func testPiecesOfAPlainStrokeHaveNoWidths() {
        let d = PathDrawable(path: .polyline([Point(0, 0), Point(100, 0)]), stroke: .black, fill: nil, style: .round(width: 4))
        let out = pieces(d, [Point(50, -20), Point(50, 20)], radius: 5)
        XCTAssertEqual(out.count, 2)
        XCTAssertTrue(out.allSatisfy { $0.widths == nil })
    }

    /// A closed subpath is kept whole unless the eraser touches its body at the local width.
    func testClosedSubpathsAreTouchedAtTheLocalWidth() {
        var path = Path.polyline([Point(0, 0), Point(100, 0), Point(100, 100), Point(0, 100)])
        path.close()
        path.move(to: Point(200, 0))
        path.line(to: Point(300, 0))
        let d = PathDrawable(path: path, stroke: .black, fill: nil, style: .round(width: 2), widths: [30, 2, 2, 2, 2, 2])
        // 1.97 points outside the top-left corner's disc (width 30): touched.
        let touched = pieces(d, [Point(-12, -12), Point(-12, -12.001)], radius: 2)
        XCTAssertEqual(touched.count, 1, "the closed square is erased, the open line kept")
        XCTAssertEqual(touched.first?.widths, [2, 2])
        // As far outside the bottom-right corner, where the width is 2: untouched.
        let kept = pieces(d, [Point(112, 112), Point(112, 112.001)], radius: 2)
        XCTAssertEqual(kept.count, 2)
        XCTAssertEqual(kept.first?.widths, [30, 2, 2, 2])
    }
}
