import Foundation
import ScrawlCore
import ScrawlGL
import XCTest

/// SplitMix64 from its published definition (Steele, Lea, Flood 2014), independent of the app's.
struct ReferenceSplitMix64 {
    var state: UInt64
    mutating func next() -> UInt64 {
        state = state &+ 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    /// RGB from the top three bytes of the next output.
    mutating func nextRGB() -> [Int] {
        let v = next()
        return [Int(v >> 56), Int((v >> 48) & 0xff), Int((v >> 40) & 0xff)]
    }
}

/// Random colours, output sizes at a scale, opaque output.
final class CanvasPixelTests: XCTestCase {
    /// Random colour (`5`) with a seed: each stroke's colour is the next SplitMix64(seed) output's top
    /// three bytes, exact in the stroke interior (tolerance 0: opaque, fully covered); the same
    /// replay renders to identical pixels twice.
    func testRandomColourFollowsTheSeed() throws {
        for seed: UInt64 in [0, 7, 0xDEAD_BEEF_CAFE_F00D, UInt64.max] {
            var r = ReplayBuilder(width: 200, height: 100, seed: seed)
            r.key("5")
            r.setWidth(12)
            r.stroke([(20, 30), (100, 30), (180, 30)])
            r.stroke([(20, 70), (180, 70)])
            let first = try renderReplay(r.json).image
            let second = try renderReplay(r.json).image
            assertIdentical(first, second, "seed \(seed) twice")
            var g = ReferenceSplitMix64(state: seed)
            let c1 = g.nextRGB(), c2 = g.nextRGB()
            for x in stride(from: 30, through: 170, by: 20) {
                assertPixel(first.px(x, 30), c1 + [255], "first stroke, seed \(seed)")
                assertPixel(first.px(x, 70), c2 + [255], "second stroke, seed \(seed)")
            }
        }
    }

    /// The output is floor(W·S) x floor(H·S) device pixels (with and without bars hidden).
    func testOutputSizeIsFloorOfCanvasTimesScale() throws {
        for (w, h) in [(100.7, 50.3), (200.0, 100.0), (33.3, 77.9)] {
            for scale in [0.5, 1, 1.5, 2, 3] {
                var r = ReplayBuilder(width: w, height: h)
                r.stroke([(1, 1), (w - 1, h - 1)])
                let img = try renderReplay(r.json, scale: scale).image
                XCTAssertEqual(img.width, Int((w * scale).rounded(.down)), "width of \(w) at \(scale)")
                XCTAssertEqual(img.height, Int((h * scale).rounded(.down)), "height of \(h) at \(scale)")
                XCTAssertEqual(img.rgba.count, img.width * img.height * 4)
            }
        }
    }

    /// An opaque background gives an opaque output, whatever translucent strokes, fills, stamps and
    /// guides are drawn on it (tolerance 0 on alpha).
    func testOpaqueBackgroundGivesOpaqueOutput() throws {
        var r = ReplayBuilder(width: 160, height: 120, background: "#336699")
        r.keys("shift+[", "shift+[", "shift+[")  // 25%
        r.setWidth(16)
        r.stroke([(10, 10), (150, 110), (150, 10), (10, 110)])
        r.keys("r", "shift+5", "1")
        r.stroke([(20, 20), (120, 90)])
        r.keys("i")
        r.tap(80, 60)
        r.keys("b")
        r.touches([(0, "began", 40, 60)])
        r.touches([(0, "moved", 100, 30)])
        r.frame("guide")
        for scale in [1.0, 2.0] {
            let out = try renderReplay(r.json, scale: scale)
            for img in [out.image, try XCTUnwrap(out.frame("guide"))] {
                XCTAssertEqual(img.count { img.px($0, $1)[3] != 255 }, 0, "translucent pixels at scale \(scale)")
            }
        }
    }
}
