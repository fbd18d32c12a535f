import Foundation
import XCTest
import ScrawlGL
import ScrawlStorage

/// The real GLFW path under Xvfb: drag, keys, toolbar clicks, and the --record round trip.
final class WindowTests: XCTestCase {
    func testDragKeyAndToolbarThenRecordingReplaysToTheSamePicture() throws {
        let x = try WindowHarness()
        let dir = NSTemporaryDirectory() + "scrawl-window-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let record = dir + "/session.json"
        try x.launch(["--record", record])
        // A black stroke, then `1` (red) and `]` twice (width 4), a red stroke.
        try x.drag([(100, 150), (150, 170), (200, 190), (250, 200)])
        try x.key("1", "bracketright", "bracketright")
        try x.drag([(100, 300), (200, 300), (300, 300)])
        // Click the blue swatch (index 2) and the Rectangle tool icon (index 2) in the bars.
        let bars = DefaultWindowLayout.layout()
        let swatch = bars.swatchRects[2].center, tool = bars.toolRects[2].center
        try x.drag([(Int(swatch.x), Int(swatch.y))])
        try x.drag([(Int(tool.x), Int(tool.y))])
        try x.drag([(400, 350), (450, 400), (500, 450)])
        try x.movePointerAway()  // cursor feedback is window-only
        let shot = try x.screenshot()
        try x.key("ctrl+q")
        XCTAssertEqual(try x.waitForExit(), 0)

        // The screenshot shows the strokes: black on the first, red on the second, blue rectangle edge.
        func px(_ p: (Int, Int)) -> (UInt8, UInt8, UInt8, UInt8) { shot.pixel(p.0, p.1) }
        XCTAssertLessThan(Int(px((150, 170)).0), 60, "black stroke under the first drag")
        let red = px((200, 300))
        XCTAssertTrue(red.0 > 200 && red.1 < 60 && red.2 < 60, "red stroke after key 1: \(red)")
        let blue = px((400, 375))
        XCTAssertTrue(blue.2 > 200 && blue.0 < 60, "blue rectangle edge after clicking the swatch and tool: \(blue)")

        // Replaying the recording headlessly gives the canvas the window showed (same renderer,
        // scale 1, window at the screen's top-left): allow ±2 per channel for rounding.
        let out = dir + "/replayed.png"
        let bin = try WindowHarness.binary()
        try WindowHarness.run(bin, ["render", record, "-o", out])
        let rendered = try PNGCodec.read(path: out)
        XCTAssertEqual(rendered.width, 800)
        XCTAssertEqual(rendered.height, 600)
        XCTAssertEqual(WindowHarness.mismatches(shot, rendered, top: 44, step: 3), 0, "the replayed recording differs from the window's canvas")
    }

    /// Resizing shows more or less canvas at the same zoom: nothing is scaled or letterboxed, the
    /// shape bar follows the bottom edge, and a larger window shows the page border and beyond.
    func testResizingShowsMoreCanvasAtTheSameZoom() throws {
        let x = try WindowHarness()
        try x.launch([])
        try x.drag([(100, 150), (150, 170), (200, 190), (250, 200)])
        let id = try x.xdotool(["search", "--name", "Scrawl"]).split(separator: "\n")[0]
        try x.xdotool(["windowsize", String(id), "400", "344"])
        let small = try x.screenshot()
        XCTAssertLessThan(Int(small.pixel(150, 170).0), 100, "the stroke stays where it was, unscaled")
        XCTAssertGreaterThan(Int(small.pixel(300, 250).0), 240, "the canvas stays white elsewhere")
        let bar = small.pixel(1, 330)
        XCTAssertEqual([bar.0, bar.1, bar.2], [0xee, 0xee, 0xec], "the shape bar sits at the new bottom edge")
        try x.xdotool(["windowsize", String(id), "1000", "800"])
        let large = try x.screenshot()
        try x.key("ctrl+q")
        XCTAssertEqual(try x.waitForExit(), 0)
        XCTAssertLessThan(Int(large.pixel(150, 170).0), 100, "the stroke stays where it was")
        let border = large.pixel(800, 300), beyond = large.pixel(900, 300)
        XCTAssertTrue(border.0 < 235 && border.0 > 100, "a faint page border at x = 800: \(border)")
        XCTAssertGreaterThan(Int(beyond.0), 250, "the background continues beyond the page")
    }

    /// A press on an empty part of a bar does nothing, even when dragged onto the canvas.
    func testEmptyBarSpaceDoesNotDraw() throws {
        let x = try WindowHarness()
        try x.launch([])
        try x.waitForTitle(containing: "Pencil")
        try x.drag([(700, 670), (700, 600), (650, 400)])   // from the shape bar's empty end
        try x.drag([(700, 20), (700, 100)])                 // from the colour bar's empty end
        let shot = try x.screenshot()
        let title = try x.title()
        try x.key("ctrl+q")
        XCTAssertEqual(try x.waitForExit(), 0)
        XCTAssertFalse(title.contains("*"), "nothing changed: \(title)")
        XCTAssertGreaterThan(Int(shot.pixel(700, 600).0), 250, "no stroke on the canvas")
    }

    func testMirrorModeAndAltDragAddASecondTouchThroughTheCentre() throws {
        let x = try WindowHarness()
        let dir = x.scratch
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let record = dir + "/mirror.json"
        try x.launch(["--record", record])
        try x.drag([(100, 100)])          // puts the pointer in the window (a dot)
        try x.key("m")
        try x.drag([(100, 150), (200, 150)])
        try x.key("m")
        try x.drag([(300, 450), (350, 450)], modifiers: ["alt"])
        let shot = try x.screenshot()
        try x.key("ctrl+q")
        XCTAssertEqual(try x.waitForExit(), 0)
        // Canvas 800x600 below a 44-point bar: window (x, y) mirrors to (800 - x, 44 + 600 - (y - 44)).
        func dark(_ p: (Int, Int)) -> Bool { shot.pixel(p.0, p.1).0 < 100 }
        XCTAssertTrue(dark((150, 150)), "touch 0 in mirror mode")
        XCTAssertTrue(dark((650, 538)), "touch 1 mirrored through the centre")
        XCTAssertTrue(dark((325, 450)), "touch 0 with Alt held")
        XCTAssertTrue(dark((475, 238)), "touch 1 mirrored with Alt held")
        let replay = try String(contentsOfFile: record, encoding: .utf8)
        XCTAssertTrue(replay.contains("\"id\": 1"), "the mirrored touch is recorded as touch 1")
    }

    func testAnUnwritableRecordingFailsCleanly() throws {
        let x = try WindowHarness()
        do {
            try WindowHarness.run(try WindowHarness.binary(), ["--record", "/nonexistent-folder/x.json"], display: x.display)
            XCTFail("recording into a missing folder should fail")
        } catch let error as NSError {
            XCTAssertEqual(error.code, 1, "exit status 1, not a crash: \(error)")
            XCTAssertTrue(error.localizedDescription.contains("/nonexistent-folder/x.json"), error.localizedDescription)
        }
    }

    func testWithoutADisplayItSaysSoAndExits1() throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: try WindowHarness.binary())
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "DISPLAY")
        env.removeValue(forKey: "WAYLAND_DISPLAY")
        p.environment = env
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 1)
        XCTAssertEqual(text.split(separator: "\n").count, 1, text)
        XCTAssertTrue(text.contains("scrawl render"), text)
    }
}
