import Foundation
import XCTest
import ScrawlGL
import ScrawlStorage

/// Zoom and pan in the real window under Xvfb: ctrl+wheel about the cursor, the zoom keys, drawing
/// at 400 %, wheel, shift+wheel, space-drag and middle-drag pans, and `--record` then
/// `render --window` reproducing what the window showed.
final class ZoomPanWindowTests: XCTestCase {
    private func dark(_ shot: FrameImage, _ x: Int, _ y: Int) -> Bool { shot.pixel(x, y).0 < 100 }

    /// Dark pixels in column `x` between rows `y0` and `y1`.
    private func thickness(_ shot: FrameImage, x: Int, rows: ClosedRange<Int>) -> Int {
        rows.filter { shot.pixel(x, $0).0 < 128 }.count
    }

    private func wheel(_ x: WindowHarness, at p: (Int, Int), button: Int, times: Int, modifier: String? = nil) throws {
        try x.xdotool(["mousemove", "\(p.0)", "\(p.1)"])
        if let modifier { try x.xdotool(["keydown", modifier]) }
        try x.xdotool(Array(repeating: ["click", "\(button)"], count: times).flatMap { $0 })
        if let modifier { try x.xdotool(["keyup", modifier]) }
        try x.waitUntilIdle()  // a zoom reads the pointer's position when it is handled
    }

    func testZoomPanAndDrawThenRecordingRendersTheSameWindow() throws {
        let x = try WindowHarness()
        let record = x.scratch + "/zoom.json"
        try FileManager.default.createDirectory(atPath: x.scratch, withIntermediateDirectories: true)
        try x.launch(["--record", record])
        try x.waitForTitle(containing: "100%")
        try x.drag([(300, 344), (400, 344), (500, 344)])
        // ctrl+wheel: four notches are x2, about the cursor, which stays on the stroke.
        try wheel(x, at: (400, 344), button: 4, times: 4, modifier: "ctrl")
        try x.waitForTitle(containing: "200%")
        var shot = try x.screenshot()
        XCTAssertTrue(dark(shot, 400, 344), "the point under the cursor stays put")
        XCTAssertTrue(dark(shot, 580, 344), "the stroke now reaches x = 600")
        XCTAssertGreaterThanOrEqual(thickness(shot, x: 450, rows: 334...354), 4, "a 2-point line is 4 px wide at 200 %")
        try x.key("ctrl+equal")
        try x.waitForTitle(containing: "238%")
        try x.key("ctrl+1")
        try x.waitForTitle(containing: "100%")
        try x.key("ctrl+minus")
        try x.waitForTitle(containing: "84%")
        try x.key("ctrl+0")
        try x.waitForTitle(containing: "%")
        try x.key("ctrl+1")
        try x.waitForTitle(containing: "100%")
        for _ in 0..<8 { try x.key("ctrl+equal") }
        try x.waitForTitle(containing: "400%")
        // Drawing at zoom 4: a 2-point line is 8 px wide on screen.
        try x.drag([(200, 500), (300, 500), (400, 500)])
        shot = try x.screenshot()
        XCTAssertEqual(Double(thickness(shot, x: 300, rows: 480...520)), 8, accuracy: 1, "2 points at 400 %")
        // The wheel pans 48 points a notch: two notches down move the drawing up by 96.
        try wheel(x, at: (400, 300), button: 5, times: 2)
        shot = try x.screenshot()
        XCTAssertTrue(dark(shot, 300, 404) && !dark(shot, 300, 500), "wheel down moves the drawing up 96 px")
        try wheel(x, at: (400, 300), button: 4, times: 1, modifier: "shift")  // sideways: right by 48
        // Space held with a left drag, then a middle-button drag, pan without drawing.
        try x.xdotool(["keydown", "space"])
        try x.drag([(600, 300), (600, 280), (600, 254)])
        try x.xdotool(["keyup", "space"])
        try x.drag([(600, 300), (620, 300), (640, 300)], button: 2)
        try x.movePointerAway()  // the pencil's cursor ring is window-only
        shot = try x.screenshot()
        XCTAssertTrue(dark(shot, 300, 358), "space-drag moved the drawing up 46 px")
        try x.key("ctrl+q")
        XCTAssertEqual(try x.waitForExit(), 0)

        let text = try String(contentsOfFile: record, encoding: .utf8)
        XCTAssertTrue(text.contains("\"view\""), "view changes are recorded")
        XCTAssertEqual(text.components(separatedBy: "\"began\"").count - 1, 2, "pans were not drawn as touches")
        // The same tiled scene renders the recording headlessly: same pixels within ±2 per channel.
        let out = x.scratch + "/window.png"
        try WindowHarness.run(try WindowHarness.binary(), ["render", record, "--window", "800x688", "-o", out])
        let rendered = try PNGCodec.read(path: out)
        XCTAssertEqual(rendered.width, 800)
        XCTAssertEqual(rendered.height, 688)
        // The "Rec" indicator is the window's own (a render is not recording).
        XCTAssertEqual(WindowHarness.mismatches(shot, rendered.patched(from: shot, in: DefaultWindowLayout.recordingIndicator)), 0,
                       "render --window of the recording differs from the window")
    }
}
