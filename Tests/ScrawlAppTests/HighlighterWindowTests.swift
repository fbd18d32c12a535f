import Foundation
import XCTest
import ScrawlCore
import ScrawlGL
import ScrawlStorage

/// The highlighter in the real window under Xvfb: `h`, a drag across black ink, the shape bar's
/// button; the recording renders (`scrawl render`) the canvas the window showed.
final class HighlighterWindowTests: XCTestCase {
    func testHighlightOverInkInTheWindowAndItsRecording() throws {
        let x = try WindowHarness()
        let dir = NSTemporaryDirectory() + "scrawl-highlight-window-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let record = dir + "/session.json"
        try x.launch(["--record", record])
        // Black ink (width 4), then `h` and a highlight across it, then one back over itself.
        try x.key("bracketright", "bracketright")
        try x.drag([(300, 150), (300, 250), (300, 350)])
        try x.key("h")
        try x.drag([(100, 250), (300, 252), (500, 255)])
        try x.drag([(480, 255), (200, 258)])
        // The Pencil's button, then the highlighter's, clicked in the shape bar.
        let bars = DefaultWindowLayout.layout()
        let highlighter = bars.toolRects[ToolKind.allCases.firstIndex(of: .highlighter)!].center
        try x.drag([(Int(bars.toolRects[0].center.x), Int(bars.toolRects[0].center.y))])
        try x.drag([(Int(highlighter.x), Int(highlighter.y))])
        try x.drag([(100, 400), (200, 420)])
        try x.movePointerAway()  // the highlighter's cursor ring is window-only
        let shot = try x.screenshot()
        try x.key("ctrl+q")
        XCTAssertEqual(try x.waitForExit(), 0)

        func px(_ p: (Int, Int)) -> (UInt8, UInt8, UInt8, UInt8) { shot.pixel(p.0, p.1) }  // window points, as dragged
        let onInk = px((300, 252)), alone = px((150, 251)), clicked = px((150, 410))
        XCTAssertTrue(onInk.0 < 40 && onInk.1 < 40 && onInk.2 < 40, "black ink stays black under the highlight: \(onInk)")
        XCTAssertTrue(alone.0 == 255 && abs(Int(alone.1) - 0xeb) <= 2 && abs(Int(alone.2) - 0x3b) <= 2, "#ffeb3b on white: \(alone)")
        XCTAssertTrue(clicked.0 == 255 && abs(Int(clicked.1) - 0xeb) <= 2 && abs(Int(clicked.2) - 0x3b) <= 2,
                      "the shape bar's button selects it: \(clicked)")

        // The recording, rendered headlessly, is the window's canvas (±2 per channel, as WindowTests).
        let out = dir + "/replayed.png"
        try WindowHarness.run(try WindowHarness.binary(), ["render", record, "-o", out])
        let rendered = try PNGCodec.read(path: out)
        XCTAssertEqual(rendered.width, 800)
        XCTAssertEqual(WindowHarness.mismatches(shot, rendered, top: 44), 0, "the replayed recording differs from the window's canvas")
    }
}
