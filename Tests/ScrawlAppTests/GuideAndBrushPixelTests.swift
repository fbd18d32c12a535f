import Foundation
import ScrawlCore
import ScrawlGL
import XCTest

/// Bézier guide, Smooth brush, Arrow and Follow, rendered through replays.
final class GuideAndBrushPixelTests: XCTestCase {
    /// Runs of equal values in `flags`, as (value, length), in order.
    static func runs(_ flags: [Bool]) -> [(Bool, Int)] {
        var out: [(Bool, Int)] = []
        for f in flags {
            if let last = out.last, last.0 == f { out[out.count - 1].1 += 1 } else { out.append((f, 1)) }
        }
        return out
    }

    /// The Bézier tool's dashed red guide, measured along its centre row in a `{"frame"}` taken while
    /// the first point's handle is being dragged: red runs of 10 points and gaps of 7, starting at the
    /// dragged point. The guide runs from the dragged point (150, y) through the anchor (50, y) to the
    /// mirror point. Tolerance ±1 px per run at every scale (the dash mask ramps over one device
    /// pixel centred on each dash end, so a run can gain or lose at most the pixel at each end).
    func testBezierGuideIsDashedTenOnSevenOff() throws {
        for scale in [1.0, 2.0] {
            // y chosen so that device row floor(y·S) is fully inside the 1.5-point guide at both scales.
            let y = 100.25
            var r = ReplayBuilder(width: 200, height: 200)
            r.key("b")
            r.touches([(0, "began", 50, y)])
            r.touches([(0, "moved", 120, y)])
            r.touches([(0, "moved", 150, y)])
            r.frame("guide")
            r.touches([(0, "ended", 150, y)])
            let out = try renderReplay(r.json, scale: scale)
            let img = try XCTUnwrap(out.frame("guide"))
            let row = Int(y * scale)
            let handle = Int(150 * scale)
            // Scan leftwards from just right of the handle to 10 points right of the anchor (its dot).
            let xs = Array(stride(from: handle + 3, through: Int(60 * scale), by: -1))
            let flags = xs.map { img.isRed($0, row) }
            let firstRed = try XCTUnwrap(flags.firstIndex(of: true), "no red guide pixel on row \(row), scale \(scale)")
            XCTAssertEqual(xs[firstRed], handle - 1, accuracy: 1, "the first dash starts at the dragged point, scale \(scale)")
            var runs = Self.runs(Array(flags[firstRed...]))
            runs.removeLast()  // cut off by the end of the scan
            XCTAssertGreaterThanOrEqual(runs.count, 8, "scale \(scale): \(runs)")
            for (i, run) in runs.enumerated() {
                let want = (run.0 ? 10 : 7) * Int(scale)
                XCTAssertEqual(run.1, want, accuracy: 1, "run \(i) (\(run.0 ? "on" : "off")) at scale \(scale): \(runs)")
            }
            // The guide is pure red where a dash fully covers the row.
            assertPixel(img.px(handle - Int(5 * scale), row), [255, 0, 0, 255], "mid-dash, scale \(scale)")
            // The guide is live only: after the touch ends the committed canvas has no red.
            XCTAssertEqual(out.drawableCount, 0)
        }
    }

    /// A two-point Bézier path: the guide shows for each point's handle while it is set (and for the
    /// first after release), `enter` commits the filled, stroked cubic and removes the guide; `escape`
    /// drops a path. The cubic P0 (40,100), C1 (40,60), C2 = mirror of the second drag (160,50),
    /// P3 (160,100) has its midpoint at (100, 66.25). Tolerance: darkness ≥ 0.5 on the curve (the
    /// pixel centre is within 0.71 px of it, width 2), 0 for the fill sample 12 points inside.
    func testBezierPathCommitsOnEnterAndTheGuideGoes() throws {
        var r = ReplayBuilder(width: 200, height: 200)
        r.key("b")
        r.touches([(0, "began", 40, 100)])
        r.touches([(0, "moved", 40, 60)])
        r.touches([(0, "ended", 40, 60)])
        r.frame("first")
        r.touches([(0, "began", 160, 100)])
        r.touches([(0, "moved", 160, 150)])
        r.frame("second")
        r.touches([(0, "ended", 160, 150)])
        r.key("enter")
        r.frame("committed")
        r.touches([(0, "began", 20, 180)])
        r.touches([(0, "moved", 80, 180)])
        r.touches([(0, "ended", 80, 180)])
        r.touches([(0, "began", 180, 180)])
        r.touches([(0, "ended", 190, 180)])
        r.key("escape")
        let out = try renderReplay(r.json)
        let first = try XCTUnwrap(out.frame("first")), second = try XCTUnwrap(out.frame("second"))
        XCTAssertNotNil(first.bounds { x, y in first.isRed(x, y) && x == 40 && y < 90 }, "first handle's guide above P0")
        XCTAssertNotNil(second.bounds { x, y in second.isRed(x, y) && x == 160 && y > 110 }, "second handle's guide below P3")
        let committed = try XCTUnwrap(out.frame("committed"))
        XCTAssertEqual(committed.count { committed.isRed($0, $1) }, 0, "no guide after enter")
        XCTAssertGreaterThanOrEqual(committed.darkness(100, 66), 0.5, "the curve's midpoint")
        assertPixel(committed.px(100, 80), [0xaa, 0xaa, 0xaa, 255], "the fill between the curve and its chord")
        assertIdentical(out.image, committed, "escape dropped the second path")
        XCTAssertEqual(out.drawableCount, 1)
    }

    /// Smooth brush: a stroke through points on a horizontal line is that line (round caps),
    /// nothing above or below. Tolerance 0: samples are on the centre line (fully covered) or 10
    /// points away.
    func testSmoothBrushDrawsThroughTheInput() throws {
        var r = ReplayBuilder(width: 200, height: 100)
        r.keys("s")
        r.setWidth(4)
        r.stroke(stride(from: 20.0, through: 180, by: 20).map { ($0, 50) })
        let out = try renderReplay(r.json)
        XCTAssertEqual(out.drawableCount, 1)
        for x in stride(from: 20, through: 179, by: 8) {
            assertPixel(out.image.px(x, 50), black, "on the stroke at x \(x)")
            assertPixel(out.image.px(x, 40), white, "above at x \(x)")
            assertPixel(out.image.px(x, 60), white, "below at x \(x)")
        }
    }

    /// Arrow: the same stroke as a Smooth brush plus an arrowhead at the end: two segments of length
    /// max(12, 4·w) = 16 at ±150° from the direction of travel. Sampled 12 points along each head
    /// segment (6 px from the shaft, so only the head can cover it): dark for the Arrow, background
    /// for the Smooth brush. Tolerance: darkness ≥ 0.9 on the head (its centre line, width 4), 0
    /// elsewhere.
    func testArrowheadAtPlusMinus150Degrees() throws {
        func render(_ toolKey: String, direction: Double) throws -> FrameImage {
            var r = ReplayBuilder(width: 200, height: 200)
            r.key(toolKey)
            r.setWidth(4)
            let tip = (130.0, 100.0)
            let points = stride(from: 100.0, through: 0, by: -10).map { d in
                (tip.0 - d * cos(direction), tip.1 - d * sin(direction))
            }
            r.stroke(points)
            return try renderReplay(r.json).image
        }
        for direction in [0.0, Double.pi / 2, 3 * Double.pi / 4] {
            let arrow = try render("a", direction: direction)
            let smooth = try render("s", direction: direction)
            for side in [-1.0, 1.0] {
                let angle = direction + side * 150 * Double.pi / 180
                let p = (130 + 12 * cos(angle), 100 + 12 * sin(angle))
                XCTAssertGreaterThanOrEqual(arrow.darkness(Int(p.0), Int(p.1)), 0.9,
                                            "arrowhead at \(side * 150)° (direction \(direction))")
                assertPixel(smooth.px(Int(p.0), Int(p.1)), white, "no head on the Smooth brush, direction \(direction)")
            }
            // Nothing ahead of the tip or at ±90°.
            for angle in [direction, direction + .pi / 2, direction - .pi / 2] {
                let p = (130 + 12 * cos(angle), 100 + 12 * sin(angle))
                assertPixel(arrow.px(Int(p.0), Int(p.1)), white, "beyond the tip at \(angle) (direction \(direction))")
            }
        }
    }

    /// How red a pixel is: red minus the larger of green and blue (255 for pure red at full coverage,
    /// over white or black alike).
    static func redness(_ img: FrameImage, _ x: Double, _ y: Double) -> Int {
        let p = img.px(at: x, y)
        return p[0] - max(p[1], p[2])
    }

    /// Follow: the red ring (radius 13, width 2) is drawn in the live frame around the handle, which
    /// starts at the first point of the last drawing and slides along it when dragged. Tolerance:
    /// pixels containing a point of the ring's centre circle are within 0.71 px of it, so coverage is at
    /// least 0.79: redness ≥ 120 on the ring; ≤ 20 at 6 and 20 points from the handle.
    func testFollowRingIsDrawnAroundTheHandle() throws {
        var r = ReplayBuilder(width: 200, height: 200)
        r.stroke([(40, 100), (100, 100), (160, 100)])
        r.key("f")
        r.frame("start")
        r.touches([(0, "began", 45, 104)])
        r.touches([(0, "moved", 75, 104)])
        r.touches([(0, "moved", 105, 104)])
        r.frame("dragged")
        r.touches([(0, "ended", 105, 104)])
        let out = try renderReplay(r.json)
        XCTAssertEqual(out.drawableCount, 1, "Follow commits nothing")

        func assertRing(_ img: FrameImage, at c: (Double, Double), _ label: String) {
            for k in 0..<16 {
                let t = Double(k) * Double.pi / 8
                let on = Self.redness(img, c.0 + 13 * cos(t), c.1 + 13 * sin(t))
                XCTAssertGreaterThanOrEqual(on, 120, "\(label): ring at \(k * 45 / 2)°")
                for d in [6.0, 20.0] {
                    XCTAssertLessThanOrEqual(Self.redness(img, c.0 + d * cos(t), c.1 + d * sin(t)), 20,
                                             "\(label): no red \(d) points from the handle at \(k * 45 / 2)°")
                }
            }
        }
        assertRing(try XCTUnwrap(out.frame("start")), at: (40, 100), "start")
        assertRing(try XCTUnwrap(out.frame("dragged")), at: (100, 100), "dragged")
        assertRing(out.image, at: (100, 100), "after the drag")
        XCTAssertLessThanOrEqual(Self.redness(out.image, 40 + 13 * cos(2.0), 100 + 13 * sin(2.0)), 20, "the ring moved away")
    }
}
