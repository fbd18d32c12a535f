import ScrawlCore
@testable import ScrawlGL
import XCTest

/// The colour picker's square and strips, drawn by the picker's shader: a colour per pixel, equal
/// to the picker's own HSV conversion at that pixel's centre, so they are smooth gradients (not
/// blocks); the opacity strip lies on a checkerboard.
final class PickerGradientTests: GLTestCase {
    private func draw(_ g: PickerGradient, width: Int, height: Int, _ r: Renderer) throws -> [UInt8] {
        let target = try RenderTarget(width: width + 4, height: height + 4)
        r.clear(target, to: .black)
        try r.drawPickerGradient(g, in: PixelRect(x: 2, y: 2, width: width, height: height), of: target)
        let px = r.readPixels(target, x: 2, y: 2, width: width, height: height)
        let outside = r.readPixels(target, x: 0, y: 0, width: 1, height: 1)
        XCTAssertEqual(Array(outside), [0, 0, 0, 255], "nothing outside the rectangle")
        return px
    }

    private func rgb(_ px: [UInt8], _ x: Int, _ y: Int, width: Int) -> [Int] {
        (0..<3).map { Int(px[(y * width + x) * 4 + $0]) }
    }

    private func distinct(_ px: [UInt8], row y: Int, width: Int) -> Int {
        Set((0..<width).map { rgb(px, $0, y, width: width) }).count
    }

    func testTheSquareIsTheHueAtEachPixelsSaturationAndValue() throws {
        try withRenderer { r in
            let n = 160
            for hue in [0.0, 0.37, 0.81] {
                let px = try draw(.square(hue: hue), width: n, height: n, r)
                var worst = 0
                for y in stride(from: 0, to: n, by: 3) {
                    for x in stride(from: 0, to: n, by: 3) {
                        let c = ColorPicker.rgb(hue: hue, saturation: (Double(x) + 0.5) / Double(n), value: 1 - (Double(y) + 0.5) / Double(n))
                        let got = rgb(px, x, y, width: n)
                        worst = max(worst, abs(got[0] - Int(c.r)), abs(got[1] - Int(c.g)), abs(got[2] - Int(c.b)))
                    }
                }
                XCTAssertLessThanOrEqual(worst, 1, "hue \(hue): the picker's colour at every pixel, within a level")
                XCTAssertGreaterThan(distinct(px, row: 0, width: n), 120, "hue \(hue): the top row is a smooth gradient, not 32 blocks")
            }
        }
    }

    func testTheHueStripRunsThroughEveryHueTopToBottom() throws {
        try withRenderer { r in
            let (w, h) = (20, 160)
            let px = try draw(.hue, width: w, height: h, r)
            for y in 0..<h {
                let c = ColorPicker.rgb(hue: (Double(y) + 0.5) / Double(h), saturation: 1, value: 1)
                let got = rgb(px, w / 2, y, width: w)
                XCTAssertLessThanOrEqual(max(abs(got[0] - Int(c.r)), abs(got[1] - Int(c.g)), abs(got[2] - Int(c.b))), 1, "row \(y)")
            }
            XCTAssertGreaterThan(Set((0..<h).map { rgb(px, w / 2, $0, width: w) }).count, 150, "a colour per row")
        }
    }

    func testTheOpacityStripFadesTheColourOntoACheckerboard() throws {
        try withRenderer { r in
            let (w, h, cell) = (18, 160, 6)
            let colour = Color(r: 0x30, g: 0x80, b: 0xf0)
            let px = try draw(.alpha(colour, cell: Double(cell)), width: w, height: h, r)
            XCTAssertLessThanOrEqual(abs(rgb(px, 3, 0, width: w)[2] - 0xf0), 2, "opaque at the top")
            let bottom = (0..<w).map { rgb(px, $0, h - 1, width: w) }
            XCTAssertEqual(Set(bottom.map { $0[0] }).count, 2, "the board's two greys at the bottom: \(bottom)")
            XCTAssertNotEqual(bottom[0], bottom[cell], "cells alternate across")
            XCTAssertEqual(bottom[0], bottom[2 * cell])
            XCTAssertNotEqual(rgb(px, 0, h - 1, width: w), rgb(px, 0, h - 1 - cell, width: w), "and down")
            let middle = rgb(px, 1, h / 2, width: w)
            XCTAssertTrue(middle[2] > middle[0] + 40, "half way, the colour over the board: \(middle)")
        }
    }
}
