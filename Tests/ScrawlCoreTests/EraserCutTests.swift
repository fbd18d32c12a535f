import XCTest
@testable import ScrawlCore

/// Cutting polylines by a swept disc, and segment distances.
final class EraserCutTests: XCTestCase {
    private func line(_ pts: [Point]) -> Polyline { Polyline(points: pts, closed: false) }

    func testSegmentDistance() {
        XCTAssertEqual(Point.segmentDistance(Point(0, 0), Point(10, 10), Point(0, 10), Point(10, 0)), 0)
        XCTAssertEqual(Point.segmentDistance(Point(0, 0), Point(10, 0), Point(5, 3), Point(5, 9)), 3)
        XCTAssertEqual(Point.segmentDistance(Point(0, 0), Point(10, 0), Point(13, 4), Point(20, 4)), 5)
    }

    func testDiscAtAPointCutsExactlyOnTheCircle() {
        let pieces = line([Point(0, 0), Point(100, 0)]).cut(bySweeping: [Point(50, 3)], radius: 5)
        XCTAssertEqual(pieces.count, 2)
        XCTAssertEqual(pieces[0].points.first, Point(0, 0))
        XCTAssertEqual(pieces[0].points.last!.x, 46, accuracy: 1e-12)
        XCTAssertEqual(pieces[1].points.first!.x, 54, accuracy: 1e-12)
        XCTAssertEqual(pieces[1].points.last, Point(100, 0))
    }

    func testCutAcrossAVertexKeepsTheRestWhole() {
        let l = line([Point(0, 0), Point(50, 0), Point(50, 50), Point(100, 50)])
        let pieces = l.cut(bySweeping: [Point(40, -20), Point(60, 20)], radius: 2)
        XCTAssertEqual(pieces.count, 2)
        XCTAssertEqual(pieces[1].points.last, Point(100, 50))
        XCTAssertTrue(pieces[1].points.contains(Point(50, 50)), "the corner far from the disc stays a vertex")
    }

    func testMissAndFullCover() {
        let l = line([Point(0, 0), Point(10, 0)])
        XCTAssertEqual(l.cut(bySweeping: [Point(5, 20), Point(6, 20)], radius: 4), [l])
        XCTAssertEqual(l.cut(bySweeping: [Point(-5, 0), Point(15, 0)], radius: 1), [])
        XCTAssertEqual(line([Point(5, 5)]).cut(bySweeping: [Point(5, 6)], radius: 2), [])
        XCTAssertEqual(line([Point(5, 5)]).cut(bySweeping: [Point(5, 9)], radius: 2).count, 1)
    }

    func testSeveralPassesLeaveDisjointPiecesOutsideTheDisc() {
        let l = line((0...100).map { Point(Double($0) * 4, 0) })
        let sweep = [Point(50, -30), Point(50, 30), Point(150, -30), Point(150, 30), Point(250, -30)]
        let pieces = l.cut(bySweeping: sweep, radius: 6)
        XCTAssertEqual(pieces.count, 5, "the zigzag crosses the line four times")
        let kept = pieces.reduce(0) { $0 + $1.length }
        XCTAssertLessThan(kept, l.length)
        for p in pieces.flatMap(\.points) {
            XCTAssertGreaterThanOrEqual(Polyline.sweepDistance(p, sweep), 6 - 1e-9)
        }
    }

    func testFarOffThePage() {
        let c = Point(-900_000, 900_000)
        let pieces = line([c, c + Point(100, 0)]).cut(bySweeping: [c + Point(50, -10), c + Point(50, 10)], radius: 4)
        XCTAssertEqual(pieces.count, 2)
        XCTAssertEqual(pieces[0].points.last!.x - c.x, 46, accuracy: 1e-6)
    }
}
