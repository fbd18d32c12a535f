import Foundation
import XCTest
import ScrawlCore
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

    /// Text typed and not committed survives kill -9: the next start brings it back committed
    /// (the notice counts it, the window draws it, the new session holds it).
    func testTextBeingTypedSurvivesKill9() throws {
        let dir = NSTemporaryDirectory() + "scrawl-text-kill-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for sub in ["state", "pics", "config"] {
            try FileManager.default.createDirectory(atPath: dir + "/" + sub, withIntermediateDirectories: true)
        }
        let env = ["XDG_STATE_HOME": dir + "/state", "XDG_PICTURES_DIR": dir + "/pics", "XDG_CONFIG_HOME": dir + "/config", "HOME": dir]
        let x = try WindowHarness()
        try x.launch([], environment: env)
        try x.waitForTitle(containing: "Pencil")
        try x.key("t")
        try x.drag([(200, 300)])
        try x.waitForTitle(containing: "typing")
        _ = try x.xdotool(["type", "--delay", "15", "Dear diary, today"])
        try x.waitUntilIdle()
        Thread.sleep(forTimeInterval: 2)  // a pause: the window autosaves what was typed
        try x.kill9()

        let out = dir + "/out.txt"
        try x.launch([], environment: env, stdout: out)
        let title = try x.waitForTitle(containing: "(recovered)")
        XCTAssertFalse(title.contains("typing"), "it comes back committed, not as an open edit: \(title)")
        let printed = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
        XCTAssertTrue(printed.contains("recovered: 1 text from a session that did not quit cleanly"), printed)
        try x.movePointerAway()
        XCTAssertGreaterThan(inked(try x.screenshot(), in: (190, 270, 500, 330)), 200, "the text is drawn")
        // The new session's first snapshot holds the recovered drawing: the text, committed.
        let state = dir + "/state/scrawl"
        let snapshots = (FileManager.default.subpaths(atPath: state) ?? []).filter { $0.hasSuffix(".scrawl") }
        let held = snapshots.compactMap { try? String(contentsOfFile: state + "/" + $0, encoding: .utf8) }.joined()
        XCTAssertTrue(held.contains(#""type": "text", "text": "Dear diary, today""#), "\(snapshots): \(held.prefix(300))")
        try x.key("ctrl+q")
        XCTAssertEqual(try x.waitForExit(), 0)
    }
}
