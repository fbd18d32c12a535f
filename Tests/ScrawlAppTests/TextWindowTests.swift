import Foundation
import XCTest
import ScrawlGL
import ScrawlStorage

/// The Text tool in the real window under Xvfb, typed into with `xdotool type`: the keys go to the
/// text (no tool changes), the caret keys edit, escape commits; the recording (key and text events)
/// renders the same window with `render --window`.
final class TextWindowTests: XCTestCase {
    private func inked(_ shot: FrameImage, in box: (x0: Int, y0: Int, x1: Int, y1: Int)) -> Int {
        var count = 0
        for y in box.y0..<box.y1 {
            for x in box.x0..<box.x1 where shot.pixel(x, y).0 < 80 { count += 1 }
        }
        return count
    }

    func testTypingIntoTheWindowThenTheRecordingRendersTheSameWindow() throws {
        let x = try WindowHarness()
        let record = x.scratch + "/text.json"
        try FileManager.default.createDirectory(atPath: x.scratch, withIntermediateDirectories: true)
        try x.launch(["--record", record])
        try x.waitForTitle(containing: "Pencil")
        try x.key("t")
        try x.waitForTitle(containing: "click to place the caret")
        let empty = try x.screenshot()
        try x.drag([(200, 300)])
        try x.waitForTitle(containing: "typing")
        _ = try x.xdotool(["type", "--delay", "15", "Hi pvx, c m 1 [] ?"])
        try x.waitUntilIdle()
        try x.key("Return")
        _ = try x.xdotool(["type", "--delay", "15", "line two"])
        try x.waitUntilIdle()
        try x.key("Left", "Left", "BackSpace", "Home")
        _ = try x.xdotool(["type", "--delay", "15", "> "])
        try x.waitUntilIdle()
        let title = try x.title()
        XCTAssertTrue(title.contains("Text") && title.contains("typing"), "no key changed the tool: \(title)")
        XCTAssertFalse(title.contains("mirror"), title)
        try x.key("Escape")
        try x.waitForTitle(containing: "click to place the caret")
        try x.movePointerAway()
        let shot = try x.screenshot()
        XCTAssertEqual(inked(empty, in: (190, 270, 500, 360)), 0)
        XCTAssertGreaterThan(inked(shot, in: (190, 270, 500, 360)), 300, "the two lines are drawn")
        try x.key("ctrl+q")
        XCTAssertEqual(try x.waitForExit(), 0)

        let replay = try String(contentsOfFile: record, encoding: .utf8)
        XCTAssertTrue(replay.contains(#"{"text": "p"}"#) && replay.contains(#"{"key": "backspace"}"#), "recorded as text and caret keys")
        let out = x.scratch + "/text.png"
        try WindowHarness.run(try WindowHarness.binary(), ["render", record, "--window", "800x688", "-o", out, "--save", x.scratch + "/text.scrawl"])
        let rendered = try PNGCodec.read(path: out)
        XCTAssertEqual(WindowHarness.mismatches(shot, rendered.patched(from: shot, in: DefaultWindowLayout.recordingIndicator)), 0,
                       "render --window of the recording differs from the window")
        let saved = try String(contentsOfFile: x.scratch + "/text.scrawl", encoding: .utf8)
        XCTAssertTrue(saved.contains(#""text": "Hi pvx, c m 1 [] ?\n> line wo""#), saved.prefix(400).description)
    }
}
