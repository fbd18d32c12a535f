import Foundation
import ScrawlCore
import ScrawlGL
import XCTest

/// The colour and shape bars as `ReplayPlayer.toolbar` renders them (what the window shows).
final class ToolbarPixelTests: XCTestCase {
    static let highlight = [0xb4, 0xd5, 0xfe]
    static let panel = [0xee, 0xee, 0xec]
    static let ink = [0x2e, 0x34, 0x36]
    /// 408 points wide: (408 - 8) / 8 and / 10 are both ≥ 40, so every button slot is exactly 40
    /// points and the sampled points below fall on whole pixels at integer scales.
    static let canvas = CanvasSpec(width: 408, height: 300)
    static var layout: ToolbarLayout { ToolbarLayout(canvas: canvas, visible: true) }

    static func builder() -> ReplayBuilder { ReplayBuilder(width: canvas.width, height: canvas.height) }

    /// The frame is the canvas plus two bars of 44 points: floor(W·S) x (floor(H·S) + 2·round(44·S)).
    func testFrameHeightIsCanvasPlusTwoBars() throws {
        for (scale, size) in [(1.0, (408, 388)), (2.0, (816, 776)), (1.5, (612, 582))] {
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
        XCTAssertEqual(rects.count, ToolKind.allCases.count + 1)
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
            r.stroke([(20, 20), (200, 150), (388, 280)])
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
}
