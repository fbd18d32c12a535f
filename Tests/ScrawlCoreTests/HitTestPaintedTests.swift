import XCTest
@testable import ScrawlCore

/// Hit testing against painted geometry: points (`isHit(at:radius:)`) and swept discs.
final class HitTestPaintedTests: XCTestCase {
    private func stroke(_ pts: [Point], width: Double, cap: LineCap = .round, fill: Color? = nil) -> Drawable {
        .path(PathDrawable(path: .polyline(pts), stroke: .black, fill: fill,
                           style: StrokeOptions(width: width, cap: cap, join: .round)))
    }

    func testThinStrokeHitsOnlyNearTheLine() {
        let d = stroke([Point(0, 0), Point(100, 0)], width: 1)
        XCTAssertTrue(d.isHit(at: Point(50, 0.4), radius: 0.1))
        XCTAssertFalse(d.isHit(at: Point(50, 3), radius: 1))
        XCTAssertTrue(d.isHit(at: Point(50, 3), radius: 2.6))
        XCTAssertFalse(d.isHit(at: Point(50, 50), radius: 4), "inside the bounding box's span but far from the line")
    }

    func testWideStrokeHitsWithinHalfItsWidth() {
        let d = stroke([Point(0, 0), Point(100, 100)], width: 20)
        let normal = Point(-1, 1) / 2.0.squareRoot()
        XCTAssertTrue(d.isHit(at: Point(50, 50) + normal * 9.9, radius: 0))
        XCTAssertFalse(d.isHit(at: Point(50, 50) + normal * 10.5, radius: 0.4))
        XCTAssertTrue(d.isHit(at: Point(50, 50) + normal * 10.5, radius: 0.6))
    }

    func testRoundCapsReachHalfTheWidthPastTheEnds() {
        let d = stroke([Point(0, 0), Point(100, 0)], width: 10)
        XCTAssertTrue(d.isHit(at: Point(104.9, 0), radius: 0))
        XCTAssertTrue(d.isHit(at: Point(103, 3), radius: 0))
        XCTAssertFalse(d.isHit(at: Point(104, 4), radius: 0), "outside the round cap's quarter circle")
    }

    func testFillsHitInsideStrokesOnlyNearTheOutline() {
        let r = Rect(x: 0, y: 0, width: 100, height: 100)
        let filled = Drawable.path(PathDrawable(path: .rectangle(r), stroke: .black, fill: .red, style: .round(width: 2)))
        let outline = Drawable.path(PathDrawable(path: .rectangle(r), stroke: .black, fill: nil, style: .round(width: 2)))
        XCTAssertTrue(filled.isHit(at: Point(50, 50), radius: 0))
        XCTAssertFalse(outline.isHit(at: Point(50, 50), radius: 5))
        XCTAssertTrue(outline.isHit(at: Point(50, 1.5), radius: 0.6))
        let clearFill = Drawable.path(PathDrawable(path: .rectangle(r), stroke: .black, fill: .clear, style: .round(width: 2)))
        XCTAssertFalse(clearFill.isHit(at: Point(50, 50), radius: 5), "a transparent fill paints nothing")
    }

    func testStampsHitTheirRectangle() {
        let d = Drawable.stamp(StampDrawable(image: ToolHelpers.image, rect: Rect(x: 10, y: 10, width: 20, height: 10), opacity: 1))
        XCTAssertTrue(d.isHit(at: Point(20, 15), radius: 0))
        XCTAssertFalse(d.isHit(at: Point(35, 15), radius: 4))
        XCTAssertTrue(d.isHit(at: Point(35, 15), radius: 5))
        XCTAssertTrue(d.isHit(sweptFrom: Point(0, 0), to: Point(40, 30), radius: 0), "a segment crossing it")
        XCTAssertFalse(d.isHit(sweptFrom: Point(0, 25), to: Point(40, 25), radius: 4))
    }

    func testFarOutsideThePage() {
        for c in [Point(900_000, 900_000), Point(-900_000, -900_000), Point(900_000, -900_000)] {
            let d = stroke([c, c + Point(10, 0)], width: 4)
            XCTAssertTrue(d.isHit(at: c + Point(5, 1.9), radius: 0))
            XCTAssertFalse(d.isHit(at: c + Point(5, 3), radius: 0.9))
            XCTAssertTrue(d.isHit(sweptFrom: c + Point(5, -50), to: c + Point(5, 50), radius: 0))
        }
    }

    func testSweptDiscMatchesSampledPointHits() {
        let d = stroke([Point(0, 0), Point(40, 30), Point(80, 0)], width: 3)
        var rng = SplitMix64(seed: 7)
        for _ in 0..<300 {
            let a = Point(Double(rng.next() % 100), Double(rng.next() % 60) - 10)
            let b = Point(Double(rng.next() % 100), Double(rng.next() % 60) - 10)
            let r = 1 + Double(rng.next() % 8)
            let samples = (0...200).map { a.lerp(b, Double($0) / 200) }
            let sampled = samples.contains { d.isHit(at: $0, radius: r) }
            let swept = d.isHit(sweptFrom: a, to: b, radius: r)
            if sampled { XCTAssertTrue(swept, "\(a) \(b) \(r)") }
            if swept { XCTAssertTrue(samples.contains { d.isHit(at: $0, radius: r + (a - b).length / 200) }) }
        }
    }
}
