import Foundation
import ScrawlCore
import ScrawlGL
import XCTest

/// `render --toolbar` draws the width and opacity as labelled values ("12 pt", "75 %"), the
/// current-colour squares, the recent colours and "no fill" crossed out, headless.
final class ToolbarValueTests: XCTestCase {
    static let canvas = CanvasSpec(width: 1000, height: 200)
    static var layout: ToolbarLayout { ToolbarLayout(canvas: canvas, visible: true) }

    /// Ink-dark pixels of the frame inside `rect` (window points of the frame, at `scale`).
    private func inkPixels(_ img: FrameImage, _ rect: Rect, scale: Double) -> [Bool] {
        let x0 = Int((rect.minX * scale).rounded(.up)), y0 = Int((rect.minY * scale).rounded(.up))
        let w = Int(rect.width * scale) - 1, h = Int(rect.height * scale) - 1
        return (0..<(w * h)).map { img.px(x0 + $0 % w, y0 + $0 / w)[0] < 0x90 }
    }

    /// The width's and opacity's labels are text: ink in the label area of each box, and a
    /// different pattern when the value differs ("2 pt" / "12 pt", "100 %" / "75 %"). The label
    /// area leaves out the box outline, the width's dot and the opacity's chip, so only glyphs count.
    func testWidthAndOpacityAreLabelledValues() throws {
        for scale in [1.0, 2.0] {
            var r = ReplayBuilder(width: Self.canvas.width, height: Self.canvas.height)
            r.frame("start")
            r.keys("]", "]", "]", "]", "]")  // 2 → 12 pt
            r.frame("wider")
            r.key("shift+[")  // 100 → 75 %
            r.frame("fainter")
            let out = try renderReplay(r.json, scale: scale, toolbar: true)
            let l = Self.layout
            let widthText = Rect(x: l.widthRect.minX + l.widthRect.height + 2, y: l.widthRect.minY + 3,
                                 width: l.widthRect.width - l.widthRect.height - 4, height: l.widthRect.height - 6)
            let opacityText = Rect(x: l.opacityRect.minX + l.opacityRect.height + 2, y: l.opacityRect.minY + 3,
                                   width: l.opacityRect.width - l.opacityRect.height - 4, height: l.opacityRect.height - 6)
            let start = try XCTUnwrap(out.frame("start")), wider = try XCTUnwrap(out.frame("wider"))
            let fainter = try XCTUnwrap(out.frame("fainter"))
            let w0 = inkPixels(start, widthText, scale: scale), w1 = inkPixels(wider, widthText, scale: scale)
            let o0 = inkPixels(wider, opacityText, scale: scale), o1 = inkPixels(fainter, opacityText, scale: scale)
            XCTAssertGreaterThan(w0.filter { $0 }.count, Int(10 * scale * scale), "\"2 pt\" is drawn at scale \(scale)")
            XCTAssertGreaterThan(o0.filter { $0 }.count, Int(10 * scale * scale), "\"100 %\" is drawn at scale \(scale)")
            XCTAssertGreaterThan(zip(w0, w1).filter { $0 != $1 }.count, Int(5 * scale), "\"12 pt\" differs from \"2 pt\" at scale \(scale)")
            XCTAssertGreaterThan(zip(o0, o1).filter { $0 != $1 }.count, Int(5 * scale), "\"75 %\" differs from \"100 %\" at scale \(scale)")
            XCTAssertEqual(inkPixels(wider, opacityText, scale: scale), inkPixels(start, opacityText, scale: scale),
                           "the opacity label does not change with the width")
        }
    }

    /// The colour squares show the stroke in front and the fill behind (each sampled where the
    /// other does not reach); "no fill" is a white square crossed in red; chosen colours fill the
    /// recent row, newest first. Sampled at square centres, well inside: tolerance 1.
    func testColourSquaresNoFillAndRecentColours() throws {
        var r = ReplayBuilder(width: Self.canvas.width, height: Self.canvas.height)
        r.keys("1", "shift+2")
        r.frame("redOnBlue")
        r.frame("pick")  // replaced by a colour event below
        r.keys("shift+9")
        r.frame("noFill")
        let json = r.json.replacingOccurrences(of: #"{"frame": "pick"}"#, with: ##"{"color": {"stroke": "#8040c0"}}"##)
        let out = try renderReplay(json, toolbar: true)
        let l = Self.layout
        let a = try XCTUnwrap(out.frame("redOnBlue")), b = try XCTUnwrap(out.frame("noFill"))
        let strokeOnly = Point(l.strokeSquare.minX + 6, l.strokeSquare.minY + 6)
        let fillOnly = Point(l.fillSquare.maxX - 5, l.fillSquare.maxY - 5)
        assertPixel(a.px(at: strokeOnly.x, strokeOnly.y), [255, 0, 0, 255], tolerance: 1, "stroke square")
        assertPixel(a.px(at: fillOnly.x, fillOnly.y), [0, 0, 255, 255], tolerance: 1, "fill square")
        assertPixel(b.px(at: strokeOnly.x, strokeOnly.y), [0x80, 0x40, 0xc0, 255], tolerance: 1, "a picked stroke colour")
        assertPixel(b.px(at: fillOnly.x, fillOnly.y), [255, 255, 255, 255], tolerance: 1, "no fill: white")
        let diagonal = b.count { x, y in
            let p = Point(Double(x) + 0.5, Double(y) + 0.5)
            let px = b.px(x, y)
            return l.fillSquare.contains(p) && !l.strokeSquare.insetBy(-3).contains(p) && px[0] > 180 && px[1] < 80
        }
        XCTAssertGreaterThan(diagonal, 4, "no fill is crossed out in red")
        let recent = l.recentRects
        XCTAssertGreaterThanOrEqual(recent.count, 4, "the bar keeps room for four recent colours at least beside the tool options")
        assertPixel(b.px(at: recent[0].center.x, recent[0].center.y), [0x80, 0x40, 0xc0, 255], tolerance: 1, "newest first")
        assertPixel(b.px(at: recent[1].center.x, recent[1].center.y), [0, 0, 255, 255], tolerance: 1)
        assertPixel(b.px(at: recent[2].center.x, recent[2].center.y), [255, 0, 0, 255], tolerance: 1)
        assertPixel(b.px(at: recent[3].center.x, recent[3].center.y), [0xee, 0xee, 0xec, 255], tolerance: 1, "an empty slot is bar")
    }
}
