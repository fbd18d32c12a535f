import Foundation
import ScrawlCore
import ScrawlGL
import XCTest

/// Rectangle, Ellipse, Line and Image stamp, rendered through replays.
final class ShapePixelTests: XCTestCase {
    static let fill = [0xaa, 0xaa, 0xaa, 255]  // the default fill, light gray

    /// A rectangle is filled with the fill colour and stroked (width 8, centred on the edges, miter
    /// corners). Tolerance 0: every sample is at least 1.5 px from an edge of the fill or the stroke
    /// band, where coverage is exactly 0 or 1.
    func testRectangleIsFilledAndStroked() throws {
        for scale in [1.0, 2.0] {
            var r = ReplayBuilder(width: 200, height: 100)
            r.key("r")
            r.setWidth(8)
            r.stroke([(40, 20), (100, 90), (160, 80)])
            let out = try renderReplay(r.json, scale: scale)
            let img = out.image
            func at(_ x: Double, _ y: Double) -> [Int] { img.px(at: x * scale, y * scale) }
            XCTAssertEqual(out.drawableCount, 1)
            for p in [(100.0, 50.0), (46, 26), (154, 74), (100, 26.5)] {
                assertPixel(at(p.0, p.1), Self.fill, "fill interior at \(p), scale \(scale)")
            }
            for p in [(40.0, 50.0), (160, 50), (100, 20), (100, 80), (38, 18), (162, 82), (37, 80), (160, 83)] {
                assertPixel(at(p.0, p.1), black, "stroke band at \(p), scale \(scale)")
            }
            for p in [(30.0, 50.0), (170, 50), (100, 10), (100, 90), (34, 14), (166, 86)] {
                assertPixel(at(p.0, p.1), white, "outside at \(p), scale \(scale)")
            }
        }
    }

    /// `shift+9` chooses no fill: the inside stays the background, the stroke is still drawn.
    /// Tolerance 0, as above.
    func testShift9DrawsNoFill() throws {
        var r = ReplayBuilder(width: 200, height: 100)
        r.keys("r", "shift+9")
        r.setWidth(8)
        r.stroke([(40, 20), (160, 80)])
        let img = try renderReplay(r.json).image
        for p in [(100, 50), (46, 26), (154, 74)] { assertPixel(img.px(p.0, p.1), white, "inside at \(p)") }
        for p in [(40, 50), (100, 20), (160, 50), (100, 80)] { assertPixel(img.px(p.0, p.1), black, "stroke at \(p)") }
    }

    /// The fill follows `shift+digit` (fill blue here) and the stroke the digit (red). Tolerance 0:
    /// both samples are fully covered by one opaque colour (the fill centre, the 8-point outline's
    /// centre line at the top of the ellipse).
    func testFillAndStrokeColoursFollowTheKeys() throws {
        var r = ReplayBuilder(width: 200, height: 100)
        r.keys("e", "shift+2", "1")
        r.setWidth(8)
        r.stroke([(20, 10), (180, 90)])
        let img = try renderReplay(r.json).image
        assertPixel(img.px(100, 50), [0, 0, 255, 255], "fill")
        assertPixel(img.px(100, 10), [255, 0, 0, 255], "stroke at the top of the ellipse")
    }

    /// The ellipse is inscribed in the dragged rectangle: points at 0.92 of the radii (≥ 4 px
    /// inside the outline along the normal) are the fill colour, at 1.08 (≥ 4 px outside) the
    /// background, at 1.0 on the 2-point outline at least half dark. Tolerance 0 inside and outside
    /// (far from any edge), darkness ≥ 0.5 on the outline (the pixel centre is within 0.71 px of
    /// the curve, so coverage is at least 0.79).
    func testEllipseIsInscribedInTheDrag() throws {
        for scale in [1.0, 2.0] {
            var r = ReplayBuilder(width: 200, height: 140)
            r.key("e")
            r.stroke([(20, 20), (70, 130), (180, 120)])
            let img = try renderReplay(r.json, scale: scale).image
            let c = (100.0, 70.0), a = 80.0, b = 50.0
            for k in 0..<24 {
                let t = Double(k) * Double.pi / 12
                func point(_ f: Double) -> (Double, Double) { ((c.0 + f * a * cos(t)) * scale, (c.1 + f * b * sin(t)) * scale) }
                let inside = point(0.92), outside = point(1.08), on = point(1)
                assertPixel(img.px(at: inside.0, inside.1), Self.fill, "inside at angle \(k * 15)°, scale \(scale)")
                assertPixel(img.px(at: outside.0, outside.1), white, "outside at angle \(k * 15)°, scale \(scale)")
                XCTAssertGreaterThanOrEqual(img.darkness(Int(on.0), Int(on.1)), 0.5, "on the outline at \(k * 15)°, scale \(scale)")
            }
            // The corners of the dragged rectangle are outside the ellipse.
            assertPixel(img.px(at: 22 * scale, 22 * scale), white, "corner, scale \(scale)")
        }
    }

    /// Shift makes a circle whose side is the larger span, towards the drag. Tolerance: darkness ≥ 0.5
    /// on the outline (pixel centre within 0.71 px of the 2-point outline), 0 for the fill sample
    /// 10 points inside.
    func testShiftDragMakesACircle() throws {
        var r = ReplayBuilder(width: 200, height: 200)
        r.key("e")
        r.touches([(0, "began", 20, 20)], shift: true)
        r.touches([(0, "ended", 120, 60)], shift: true)
        let img = try renderReplay(r.json).image
        // A circle of radius 50 about (70, 70): its outline crosses the vertical through the centre at y 20 and 120.
        XCTAssertGreaterThanOrEqual(img.darkness(70, 120), 0.5)
        XCTAssertGreaterThanOrEqual(img.darkness(120, 70), 0.5)
        assertPixel(img.px(70, 110), Self.fill)
    }

    /// Line: one straight segment from where the touch began to where it ended, whatever it passed
    /// through; the live frame shows the segment to the current point. Tolerance 0: samples on the
    /// centre line of a 6-point line are fully covered, others are ≥ 10 px away.
    func testLineGoesFromStartToEnd() throws {
        var r = ReplayBuilder(width: 200, height: 100)
        r.key("l")
        r.setWidth(6)
        r.touches([(0, "began", 20, 20)])
        r.touches([(0, "moved", 60, 90)])
        r.frame("live")
        r.touches([(0, "ended", 180, 80)])
        let out = try renderReplay(r.json)
        XCTAssertEqual(out.drawableCount, 1)
        for t in [0.1, 0.25, 0.5, 0.75, 0.9] {
            assertPixel(out.image.px(at: 20 + 160 * t, 20 + 60 * t), black, "on the line at t \(t)")
        }
        assertPixel(out.image.px(60, 90), white, "the point passed through is not drawn")
        assertPixel(out.image.px(40, 55), white, "nothing along the old segment")
        let live = try XCTUnwrap(out.frame("live"))
        assertPixel(live.px(at: 40, 55), black, "the live segment to the current point")
        assertPixel(live.px(at: 100, 50), white, "not the final one yet")
    }

    /// The default stamp (48x48 points) is centred on the touch: the bounding box of the pixels that
    /// differ from the background is centred on the touch within 1 px (spec) and lies inside the
    /// 48x48-point square around it. Tolerance: 1 device pixel, as the spec says.
    func testDefaultStampIsCentredOnTheTouch() throws {
        XCTAssertEqual(RasterImage.defaultStamp.width, 48)
        XCTAssertEqual(RasterImage.defaultStamp.height, 48)
        for scale in [1.0, 2.0] {
            var r = ReplayBuilder(width: 200, height: 120)
            r.key("i")
            r.tap(100, 60)
            let out = try renderReplay(r.json, scale: scale)
            XCTAssertEqual(out.drawableCount, 1)
            let img = out.image
            let b = try XCTUnwrap(img.bounds { img.differs($0, $1, from: white) }, "the stamp was drawn")
            let half = 24 * scale
            XCTAssertGreaterThanOrEqual(Double(b.minX), 100 * scale - half)
            XCTAssertGreaterThanOrEqual(Double(b.minY), 60 * scale - half)
            XCTAssertLessThanOrEqual(Double(b.maxX + 1), 100 * scale + half)
            XCTAssertLessThanOrEqual(Double(b.maxY + 1), 60 * scale + half)
            let centreX = Double(b.minX + b.maxX + 1) / 2, centreY = Double(b.minY + b.maxY + 1) / 2
            XCTAssertEqual(centreX, 100 * scale, accuracy: 1, "bounding box centre x, scale \(scale)")
            XCTAssertEqual(centreY, 60 * scale, accuracy: 1, "bounding box centre y, scale \(scale)")
        }
    }

    /// How far the centre of the default stamp's non-transparent pixels is from the image centre, in image pixels.
    static func defaultStampAlphaCentreOffset() -> (x: Double, y: Double) {
        let s = RasterImage.defaultStamp
        var minX = s.width, minY = s.height, maxX = -1, maxY = -1
        for y in 0..<s.height {
            for x in 0..<s.width where s.pixels[(y * s.width + x) * 4 + 3] > 0 {
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        return (Double(minX + maxX + 1) / 2 - Double(s.width) / 2, Double(minY + maxY + 1) / 2 - Double(s.height) / 2)
    }

    /// With an opaque stamp the drawn area is exactly the 48x48-point square centred on the touch
    /// (touch and scale chosen so the square lies on pixel boundaries): tolerance 0 on the bounds,
    /// and the interior is the image's colour exactly.
    func testOpaqueStampCoversExactly48x48Points() throws {
        let blue = RasterImage(width: 48, height: 48, pixels: ([0, 0, 255, 255] as [UInt8]).repeated(48 * 48))
        for scale in [1.0, 2.0, 3.0] {
            var r = ReplayBuilder(width: 200, height: 120)
            r.key("i")
            r.touches([(0, "began", 30, 30)])
            r.touches([(0, "moved", 80, 40)])
            r.touches([(0, "ended", 100, 60)])
            let img = try renderReplay(r.json, scale: scale, stamp: blue).image
            let b = try XCTUnwrap(img.bounds { img.differs($0, $1, from: white) })
            XCTAssertEqual(b.minX, Int(76 * scale)); XCTAssertEqual(b.maxX + 1, Int(124 * scale), "scale \(scale)")
            XCTAssertEqual(b.minY, Int(36 * scale)); XCTAssertEqual(b.maxY + 1, Int(84 * scale), "scale \(scale)")
            assertPixel(img.px(Int(100 * scale), Int(60 * scale)), [0, 0, 255, 255])
            assertPixel(img.px(b.minX, b.minY), [0, 0, 255, 255], "corner pixel, scale \(scale)")
        }
    }
}

extension Array {
    /// The array repeated `n` times.
    func repeated(_ n: Int) -> [Element] { Array((0..<n).map { _ in self }.joined()) }
}
