import Foundation
import ScrawlCore
import ScrawlGL
import XCTest

/// The colour and shape bars as `ReplayPlayer.toolbar` renders them (what the window shows).
final class ToolbarPixelTests: XCTestCase {
    static let highlight = [0xb4, 0xd5, 0xfe]
    static let panel = [0xee, 0xee, 0xec]
    static let ink = [0x2e, 0x34, 0x36]
    /// 1000 points wide: wide enough that every button slot of both bars is exactly 40 points, so the
    /// sampled points below fall on whole pixels at integer scales.
    static let canvas = CanvasSpec(width: 1000, height: 300)
    static var layout: ToolbarLayout { ToolbarLayout(canvas: canvas, visible: true) }

    static func builder() -> ReplayBuilder { ReplayBuilder(width: canvas.width, height: canvas.height) }

    /// The frame is the canvas plus two bars of 44 points: floor(W·S) x (floor(H·S) + 2·round(44·S)).
    func testFrameHeightIsCanvasPlusTwoBars() throws {
        for (scale, size) in [(1.0, (1000, 388)), (2.0, (2000, 776)), (1.5, (1500, 582))] {
            let img = try renderReplay(Self.builder().json, scale: scale, toolbar: true).image
            XCTAssertEqual(img.width, size.0, "scale \(scale)")
            XCTAssertEqual(img.height, size.1, "scale \(scale)")
        }
    }

    /// The highlight (#b4d5fe) sits behind the current tool's icon, on that tool's button only, and
    /// moves with the tool keys. Sampled 1 point outside the button (the highlight extends 2 points
    /// beyond it; the icon starts 18% inside), tolerance 1 level for the 8-bit premultiplied round
    /// trip; the icon must still show on top of the highlight (ink-dark pixels inside the button).
    func testHighlightFollowsTheToolKey() throws {
        let rects = Self.layout.toolRects
        XCTAssertEqual(rects.count, ToolKind.allCases.count)
        for scale in [1.0, 1.5, 2.0] {
            var r = Self.builder()
            r.frame("start")
            for kind in ToolKind.allCases {
                r.key(kind.key)
                r.frame(kind.rawValue)
            }
            let out = try renderReplay(r.json, scale: scale, toolbar: true)
            let expectations = [("start", ToolKind.pencil)] + ToolKind.allCases.map { ($0.rawValue, $0) }
            for (name, current) in expectations {
                let img = try XCTUnwrap(out.frame(name))
                for (i, kind) in ToolKind.allCases.enumerated() {
                    let rect = rects[i]
                    let got = img.px(at: (rect.minX - 1) * scale, rect.center.y * scale)
                    let want = kind == current ? Self.highlight : Self.panel
                    assertPixel(got, want + [255], tolerance: 1, "frame \(name): button \(kind) at scale \(scale)")
                }
                let rect = rects[ToolKind.allCases.firstIndex(of: current)!]
                let icon = img.count { x, y in
                    let p = Point((Double(x) + 0.5) / scale, (Double(y) + 0.5) / scale)
                    return rect.contains(p) && img.px(x, y)[0] < 0x80
                }
                XCTAssertGreaterThan(icon, 0, "frame \(name): the \(current) icon is drawn over the highlight at scale \(scale)")
            }
        }
    }

    /// The stroke swatch marker (an ink outline 3 points outside the swatch) moves with the colour
    /// keys 0-7. Sampled on the outline's centre line, where it covers the pixel fully: tolerance 1.
    func testStrokeSwatchMarkerFollowsTheColourKeys() throws {
        let rects = Self.layout.swatchRects
        XCTAssertEqual(rects.count, ColorChoice.bar.count)
        for scale in [1.0, 1.5, 2.0] {
            var r = Self.builder()
            r.frame("start")
            for entry in ColorChoice.bar {
                r.key(entry.key)
                r.frame("k" + entry.key)
            }
            let out = try renderReplay(r.json, scale: scale, toolbar: true)
            let expectations = [("start", 0)] + ColorChoice.bar.indices.map { ("k" + ColorChoice.bar[$0].key, $0) }
            for (name, current) in expectations {
                let img = try XCTUnwrap(out.frame(name))
                for (i, rect) in rects.enumerated() {
                    let got = img.px(at: (rect.minX - 3) * scale, rect.center.y * scale)
                    let want = i == current ? Self.ink : Self.panel
                    assertPixel(got, want + [255], tolerance: 1, "frame \(name): swatch \(i) at scale \(scale)")
                }
            }
        }
    }

    /// `tab` hides the bars (the frame is the canvas alone, identical to a render without bars) and
    /// shows them again; with bars the canvas sits 44 points down, pixel for pixel the same.
    /// Tolerance 0: the canvas is the same baked target composited 1:1 either way; the bar
    /// backgrounds are sampled in corners no button or outline reaches.
    func testTabHidesTheBars() throws {
        for scale in [1.0, 2.0] {
            var r = Self.builder()
            r.setWidth(8)
            r.key("1")
            r.stroke([(20, 20), (200, 150), (980, 280)])
            r.frame("shown")
            r.key("tab")
            r.frame("hidden")
            r.key("tab")
            r.frame("again")
            let out = try renderReplay(r.json, scale: scale, toolbar: true)
            let plain = try renderReplay(r.json, scale: scale, toolbar: false).image
            let bar = Int((44 * scale).rounded())
            let shown = try XCTUnwrap(out.frame("shown")), hidden = try XCTUnwrap(out.frame("hidden"))
            XCTAssertEqual(shown.height, plain.height + 2 * bar)
            XCTAssertEqual(try XCTUnwrap(out.frame("again")).height, plain.height + 2 * bar)
            assertIdentical(hidden, plain, "bars hidden vs no toolbar, scale \(scale)")
            let rowBytes = plain.width * 4
            let canvasRows = Array(shown.rgba[(bar * rowBytes)..<((bar + plain.height) * rowBytes)])
            XCTAssertTrue(canvasRows == plain.rgba, "the canvas between the bars differs from the plain render, scale \(scale)")
            assertPixel(shown.px(0, 0), Self.panel + [255], "colour bar background")
            assertPixel(shown.px(shown.width - 1, shown.height - 1), Self.panel + [255], "shape bar background")
        }
    }

    /// The highlighter has an icon of its own in the shape bar (ink pixels on its button, a shape
    /// unlike every other tool's), and while it is the tool the width indicator shows its own width
    /// and colour: a 16-point #ffeb3b dot beside the labelled value, back to the pencil's 2-point black one after `p`.
    func testHighlighterIconAndItsOwnWidthAndColour() throws {
        let rects = Self.layout.toolRects
        let index = try XCTUnwrap(ToolKind.allCases.firstIndex(of: .highlighter))
        for scale in [1.0, 2.0] {
            var r = Self.builder()
            r.frame("pencil")
            r.key("h")
            r.frame("highlighter")
            r.key("p")
            r.frame("back")
            let out = try renderReplay(r.json, scale: scale, toolbar: true)
            let pencil = try XCTUnwrap(out.frame("pencil")), highlighter = try XCTUnwrap(out.frame("highlighter"))
            /// Which pixels of button `i` are ink-dark, as a mask relative to the button.
            func mask(_ img: FrameImage, _ i: Int) -> [Bool] {
                let rect = rects[i]
                let x0 = Int((rect.minX * scale).rounded(.up)), y0 = Int((rect.minY * scale).rounded(.up))
                let w = Int(rect.width * scale) - 1, h = Int(rect.height * scale) - 1
                return (0..<(w * h)).map { img.px(x0 + $0 % w, y0 + $0 / w)[0] < 0x80 }
            }
            let icon = mask(pencil, index)
            XCTAssertGreaterThan(icon.filter { $0 }.count, Int(20 * scale), "the highlighter icon is drawn at scale \(scale)")
            for (i, kind) in ToolKind.allCases.enumerated() where kind != .highlighter {
                let other = mask(pencil, i)
                let differing = zip(icon, other).filter { $0 != $1 }.count
                XCTAssertGreaterThan(differing, Int(10 * scale), "the highlighter icon differs from the \(kind) icon at scale \(scale)")
            }
            let dot = Self.layout.widthDotCenter
            func dotColour(_ img: FrameImage, dx: Double) -> [Int] { img.px(at: (dot.x + dx) * scale, dot.y * scale) }
            let yellow = [0xff, 0xeb, 0x3b, 255]
            assertPixel(dotColour(highlighter, dx: 0), yellow, tolerance: 1, "the highlighter's colour at scale \(scale)")
            assertPixel(dotColour(highlighter, dx: 6), yellow, tolerance: 1, "its 16-point width at scale \(scale)")
            assertPixel(dotColour(pencil, dx: 6), [255, 255, 255, 255], tolerance: 1, "the pencil's 2-point dot is small (on the value box's white) at scale \(scale)")
            // A 2-point dot centred on a pixel corner covers about 79 % of each of its four pixels
            // at scale 1 (255 · 0.21 ≈ 54 on the box's white, plus antialiasing): dark, not black.
            let back = dotColour(try XCTUnwrap(out.frame("back")), dx: 0)
            XCTAssertTrue(back[0] < 0x48 && back[1] < 0x48 && back[2] < 0x48, "back to the black dot at scale \(scale): \(back)")
        }
    }
}

