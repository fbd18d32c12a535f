import Foundation
import ScrawlCore
import ScrawlGL
import XCTest

/// Pencil strokes rendered through replays: coverage, dots, colours, multitouch, cancel, opacity.
final class PencilPixelTests: XCTestCase {
    /// A horizontal round-capped line covers its capsule: L·w + π(w/2)² points², times S² pixels.
    /// Tolerance 1% of the area: coverage is analytic (a 1 px ramp centred on the true edge, which
    /// conserves area); what remains is the polygonal approximation of the round caps (0.25 px
    /// tolerance) and 8-bit quantisation of the edge pixels.
    func testHorizontalLineCoversItsCapsule() throws {
        for scale in [1.0, 2.0] {
            for w in [2.0, 8.0, 24.0] {
                var r = ReplayBuilder(width: 200, height: 100)
                r.setWidth(w)
                r.stroke([(40, 50), (100, 50), (160, 50)])
                let out = try renderReplay(r.json, scale: scale)
                let expected = (120 * w + Double.pi * w * w / 4) * scale * scale
                let got = out.image.totalDarkness
                XCTAssertEqual(got, expected, accuracy: expected * 0.01, "w \(w) scale \(scale)")
                XCTAssertEqual(out.drawableCount, 1)
            }
        }
    }

    /// A tap leaves a dot of radius w/2: measured from the covered area (r = √(A/π)) and from the
    /// extent (the darkness summed along the row and the column through the centre is the chord,
    /// 2r; the run of pixels at least half covered is 2r wide). Tolerance half a pixel on the
    /// radius, as the spec says: pixel-centre sampling of the 1 px ramp moves the extent by at most
    /// that much.
    func testTapDotHasRadiusHalfTheWidth() throws {
        for scale in [1.0, 2.0] {
            for w in [2.0, 8.0, 24.0] {
                // The centre sits on a pixel centre at this scale, so one row and one column pass through it.
                let cx = (floor(100 * scale) + 0.5) / scale, cy = (floor(50 * scale) + 0.5) / scale
                var r = ReplayBuilder(width: 200, height: 100)
                r.setWidth(w)
                r.tap(cx, cy)
                let img = try renderReplay(r.json, scale: scale).image
                let radius = w * scale / 2
                let fromArea = (img.totalDarkness / Double.pi).squareRoot()
                XCTAssertEqual(fromArea, radius, accuracy: 0.5, "radius from area, w \(w) scale \(scale)")

                let px = Int(cx * scale), py = Int(cy * scale)
                let rowSum = (0..<img.width).reduce(0.0) { $0 + img.darkness($1, py) }
                let columnSum = (0..<img.height).reduce(0.0) { $0 + img.darkness(px, $1) }
                XCTAssertEqual(rowSum / 2, radius, accuracy: 0.5, "radius from the row, w \(w) scale \(scale)")
                XCTAssertEqual(columnSum / 2, radius, accuracy: 0.5, "radius from the column, w \(w) scale \(scale)")

                let b = try XCTUnwrap(img.bounds { img.darkness($0, $1) >= 0.5 })
                XCTAssertEqual(Double(b.maxX - b.minX + 1) / 2, radius, accuracy: 0.5, "extent x, w \(w) scale \(scale)")
                XCTAssertEqual(Double(b.maxY - b.minY + 1) / 2, radius, accuracy: 0.5, "extent y, w \(w) scale \(scale)")
                // Centred on the tap: the darkness-weighted centroid is the tap point. Tolerance 0.1 px:
                // the dot is symmetric; only 8-bit rounding of the edge pixels moves the centroid.
                var sx = 0.0, sy = 0.0, sum = 0.0
                for y in 0..<img.height {
                    for x in 0..<img.width {
                        let d = img.darkness(x, y)
                        sx += d * (Double(x) + 0.5); sy += d * (Double(y) + 0.5); sum += d
                    }
                }
                XCTAssertEqual(sx / sum, cx * scale, accuracy: 0.1, "centroid x, w \(w) scale \(scale)")
                XCTAssertEqual(sy / sum, cy * scale, accuracy: 0.1, "centroid y, w \(w) scale \(scale)")
            }
        }
    }

    /// Canvas point (0,0) is the top-left corner of the top-left pixel and row 0 is the top: a dot
    /// centred on (10.5, 20.5) is centred on pixel (10, 20), symmetric about it. Tolerance 1 level:
    /// mirrored pixels get the same analytic coverage, up to the tessellation's arc segments.
    func testCoordinateConvention() throws {
        var r = ReplayBuilder(width: 40, height: 30)
        r.tap(10.5, 20.5)
        let img = try renderReplay(r.json).image
        assertPixel(img.px(10, 20), black, "the dot's centre pixel")
        assertPixel(img.px(9, 20), img.px(11, 20), tolerance: 1, "left vs right")
        assertPixel(img.px(10, 19), img.px(10, 21), tolerance: 1, "above vs below")
        XCTAssertGreaterThan(img.darkness(9, 20), 0.2)
        assertPixel(img.px(10, 30 - 21), white, "not mirrored vertically")
    }

    /// Stroke colours are exact where the stroke fully covers a pixel (#ff0000 -> 255,0,0): with
    /// premultiplied blending an opaque colour at coverage 1 replaces the background exactly, so the
    /// tolerance is 0. Every bar colour is checked (white on a black background).
    func testColoursAreExactInTheStrokeInterior() throws {
        let cases: [(key: String, rgb: [Int])] = [
            ("0", [0, 0, 0]), ("1", [255, 0, 0]), ("2", [0, 0, 255]), ("3", [255, 255, 0]),
            ("4", [0, 255, 0]), ("6", [0xaa, 0xaa, 0xaa]), ("7", [255, 255, 255]),
        ]
        for scale in [1.0, 2.0] {
            for c in cases {
                var r = ReplayBuilder(width: 200, height: 100, background: c.key == "7" ? "#000000" : "#ffffff")
                r.key(c.key)
                r.setWidth(8)
                r.stroke([(20, 50), (90, 50), (180, 50)])
                let img = try renderReplay(r.json, scale: scale).image
                // Rows within 2.5 points of the centre line are fully covered (half width 4, ramp ±0.5 px).
                for y in stride(from: 48.0, through: 52, by: 1) {
                    for x in stride(from: 40.0, through: 160, by: 10) {
                        assertPixel(img.px(at: x * scale, y * scale), c.rgb + [255], "key \(c.key) at (\(x), \(y)) scale \(scale)")
                    }
                }
            }
        }
    }

    /// Two touches down together (ids 0 and 1 in the same events) draw two separate strokes.
    /// Tolerance 0: sampled pixels are fully covered or far from any stroke.
    func testMultitouchDrawsTwoStrokes() throws {
        var r = ReplayBuilder(width: 200, height: 100)
        r.setWidth(6)
        r.touches([(0, "began", 20, 30), (1, "began", 20, 70)])
        r.touches([(0, "moved", 100, 30), (1, "moved", 100, 70)])
        r.frame("live")
        r.touches([(1, "ended", 180, 70), (0, "ended", 180, 30)])
        let out = try renderReplay(r.json)
        XCTAssertEqual(out.drawableCount, 2)
        for x in stride(from: 30, through: 170, by: 10) {
            assertPixel(out.image.px(x, 30), black, "stroke of touch 0 at x \(x)")
            assertPixel(out.image.px(x, 70), black, "stroke of touch 1 at x \(x)")
            assertPixel(out.image.px(x, 50), white, "between the strokes at x \(x)")
        }
        let live = try XCTUnwrap(out.frame("live"))
        for x in stride(from: 30, through: 90, by: 10) {
            assertPixel(live.px(x, 30), black, "live stroke of touch 0 at x \(x)")
            assertPixel(live.px(x, 70), black, "live stroke of touch 1 at x \(x)")
        }
        assertPixel(live.px(150, 30), white, "the live stroke ends at the latest point")
    }

    /// A cancelled touch leaves nothing: the final frame is exactly the background (tolerance 0),
    /// though the live frame showed the stroke while it was down.
    func testCancelledTouchLeavesNothing() throws {
        var r = ReplayBuilder(width: 120, height: 80)
        r.setWidth(8)
        r.touches([(0, "began", 20, 40)])
        r.touches([(0, "moved", 100, 40)])
        r.frame("live")
        r.touches([(0, "cancelled", 100, 60)])
        let out = try renderReplay(r.json)
        XCTAssertEqual(out.drawableCount, 0)
        XCTAssertGreaterThan(try XCTUnwrap(out.frame("live")).totalDarkness, 100, "the live stroke was shown")
        XCTAssertEqual(out.image.count { out.image.px($0, $1) != white }, 0, "pixels left by a cancelled touch")
    }

    /// A 50% opacity stroke that crosses itself shows ONE uniform alpha: the crossing is no darker
    /// than the rest of the interior. Black at alpha 128 over white is 127; tolerance ±2 for the
    /// 8-bit premultiplied round trip. Checked on the committed canvas and on the live frame.
    func testTranslucentStrokeCrossingItselfHasUniformAlpha() throws {
        var r = ReplayBuilder(width: 100, height: 100)
        r.keys("shift+[", "shift+[")  // opacity 100% -> 75% -> 50%
        r.setWidth(12)
        let points: [(Double, Double)] = [(20, 20), (50, 50), (80, 80), (80, 50), (80, 20), (50, 50), (20, 80)]
        r.touches([(0, "began", points[0].0, points[0].1)])
        for p in points.dropFirst() { r.touches([(0, "moved", p.0, p.1)]) }
        r.frame("live")
        r.touches([(0, "ended", 20, 80)])
        let out = try renderReplay(r.json)
        for (label, img) in [("committed", out.image), ("live", try XCTUnwrap(out.frame("live")))] {
            let crossing = img.px(50, 50)
            let interior = [img.px(35, 35), img.px(65, 65), img.px(80, 50), img.px(34, 64), img.px(65, 35)]
            assertPixel(crossing, [127, 127, 127, 255], tolerance: 2, "\(label): the crossing")
            for p in interior { assertPixel(p, crossing, tolerance: 2, "\(label): interior vs crossing") }
            // Nowhere is darker than one layer of the stroke (a double blend would give about 64).
            var darkest = 255
            for y in 0..<img.height { for x in 0..<img.width { darkest = min(darkest, img.px(x, y)[0]) } }
            XCTAssertGreaterThanOrEqual(darkest, 125, "\(label): a pixel was blended twice")
        }
    }

    /// The live Pencil stroke (grown incrementally, one mesh append per event) looks exactly like the
    /// committed one once all its points are in: tolerance 0, opaque and 50% opacity, scales 1 and 2.
    func testLiveStrokeMatchesTheCommittedStroke() throws {
        for (opacityKeys, w) in [([String](), 2.0), (["shift+["], 8.0), (["shift+[", "shift+["], 24.0)] {
            for scale in [1.0, 2.0] {
                var r = ReplayBuilder(width: 200, height: 100)
                for k in opacityKeys { r.key(k) }
                r.setWidth(w)
                let points: [(Double, Double)] = [(20, 20), (60, 80), (100, 30), (100.3, 30.2), (140, 70), (180, 50)]
                r.touches([(0, "began", 20, 20)])
                for p in points.dropFirst() { r.touches([(0, "moved", p.0, p.1)]) }
                r.frame("live")
                r.touches([(0, "ended", 180, 50)])  // the same point again: dropped
                let out = try renderReplay(r.json, scale: scale)
                assertIdentical(try XCTUnwrap(out.frame("live")), out.image, "w \(w), \(opacityKeys), scale \(scale)")
            }
        }
    }

    /// Points outside the canvas are drawn and clipped, without crashing, up to ±1e6.
    /// Tolerance 0: the sampled pixels lie on the centre lines of 4-point strokes.
    func testPointsOutsideTheCanvasAreClipped() throws {
        var r = ReplayBuilder(width: 200, height: 100)
        r.setWidth(4)
        r.stroke([(-100, 50), (300, 50)])
        r.stroke([(-1e6, -1e6), (1e6, 1e6)])
        r.tap(-50, -50)
        r.stroke([(1e6, -1e6), (-1e6, 1e6), (1e6, 1e6)])
        r.key("r")
        r.stroke([(-1e6, -1e6), (1e6, 20)])
        let out = try renderReplay(r.json)
        XCTAssertEqual(out.drawableCount, 5)
        assertPixel(out.image.px(0, 50), black, "left edge of the horizontal line")
        assertPixel(out.image.px(199, 50), black, "right edge of the horizontal line")
        assertPixel(out.image.px(70, 70), black, "the y = x diagonal")
        XCTAssertEqual(out.image.count { x, y in out.image.px(x, y)[3] != 255 }, 0, "opaque background -> opaque output")
    }

    /// 2000 touches down at once (one event each for began, moved, ended) draw 2000 strokes, live and
    /// committed. Tolerance: darkness > 0.9 at each stroke's centre (fully covered, width 2).
    func testTwoThousandSimultaneousTouches() throws {
        let n = 2000
        func origin(_ i: Int) -> (Double, Double) { (10 + Double(i % 40) * 9.5, 10 + Double(i / 40) * 5) }
        var r = ReplayBuilder(width: 400, height: 270)
        r.touches((0..<n).map { i in (i, "began", origin(i).0, origin(i).1) })
        r.touches((0..<n).map { i in (i, "moved", origin(i).0 + 2, origin(i).1) })
        r.frame("live")
        r.touches((0..<n).map { i in (i, "ended", origin(i).0 + 4, origin(i).1) })
        let out = try renderReplay(r.json)
        XCTAssertEqual(out.drawableCount, n)
        let live = try XCTUnwrap(out.frame("live"))
        var missingLive = 0, missing = 0
        for i in 0..<n {
            let (x, y) = origin(i)
            if live.darkness(Int(x + 1), Int(y)) <= 0.9 { missingLive += 1 }
            if out.image.darkness(Int(x + 3), Int(y)) <= 0.9 { missing += 1 }
        }
        XCTAssertEqual(missingLive, 0, "live strokes not drawn")
        XCTAssertEqual(missing, 0, "committed strokes not drawn")
    }
}
