import Foundation
import XCTest
import ScrawlCore
import ScrawlGL
import ScrawlStorage

/// What the window says in text, under Xvfb: toasts for a save and a failed save, the help overlay
/// on `F1` and `?`, and tooltips over the bars. Text is found by `FrameImage.textLines` (rows with
/// many sharp brightness changes among the pixels that changed), not by glyph shapes, so the bars'
/// redesign and another font or colour do not break these tests; places come from `ToolbarLayout`.
final class OverlayWindowTests: XCTestCase {
    private var dir = ""

    override func setUpWithError() throws {
        dir = NSTemporaryDirectory() + "scrawl-overlay-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        for sub in ["state", "pics"] {
            try FileManager.default.createDirectory(atPath: dir + "/" + sub, withIntermediateDirectories: true)
        }
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    private var bars: ToolbarLayout { DefaultWindowLayout.layout() }

    /// The canvas area in screen pixels (content scale 1 under Xvfb).
    private var canvasArea: PixelBox {
        let o = bars.canvasOrigin
        return PixelBox(x: Int(o.x), y: Int(o.y), width: Int(bars.canvas.width), height: Int(bars.canvas.height))
    }

    /// The strip along the bottom of the canvas area where toasts appear.
    private var toastStrip: PixelBox {
        let area = canvasArea
        return PixelBox(x: area.x, y: area.y + area.height - 64, width: area.width, height: 64)
    }

    /// ctrl+s into an unusable pictures folder shows an error toast that stays (past the time an
    /// information toast fades) until a click; ctrl+s once the folder works shows "Saved to …",
    /// which fades. The folder is made unusable by a regular file in its path (ENOTDIR), which
    /// holds for root too, unlike a read-only folder.
    func testSaveToastsAndAFailedSaveShowsAnErrorUntilClicked() throws {
        let blocked = dir + "/blocker"
        XCTAssertTrue(FileManager.default.createFile(atPath: blocked, contents: Data("not a folder".utf8)))
        let x = try WindowHarness()
        // The pictures folder and the home folder it falls back to are both unusable; autosave works.
        try x.launch([], environment: ["XDG_STATE_HOME": dir + "/state", "XDG_PICTURES_DIR": blocked + "/pics",
                                       "HOME": blocked + "/home"])
        try x.drag([(100, 150), (300, 200)])
        let drawn = try x.screenshot()
        XCTAssertEqual(drawn.textRows(in: toastStrip), 0, "no toast before saving")

        try x.key("ctrl+s")
        _ = try x.screenshot(until: "the error toast") { $0.textRows(in: self.toastStrip, since: drawn) >= 5 }
        // An information toast is gone 3.5 s after it appears; the error toast is still there after 4.
        let shown = Date()
        try WindowHarness.wait(timeout: 10, poll: 0.5, for: "4 s with the error toast shown") {
            let shot = try? x.rawScreenshot()
            XCTAssertGreaterThanOrEqual(shot?.textRows(in: toastStrip, since: drawn) ?? 0, 5, "the error toast stays")
            return Date().timeIntervalSince(shown) > 4
        }
        try x.drag([(600, 150)])  // a click on the canvas (a dot there) dismisses it
        let clicked = try x.screenshot()
        XCTAssertEqual(clicked.textRows(in: toastStrip, since: drawn), 0, "a click dismisses the error toast")
        XCTAssertTrue(FolderFiles.scrawl(in: dir).isEmpty, "nothing was saved")

        try FileManager.default.removeItem(atPath: blocked)
        try FileManager.default.createDirectory(atPath: blocked + "/pics", withIntermediateDirectories: true)
        try x.key("ctrl+s")
        XCTAssertEqual(FolderFiles.scrawl(in: blocked + "/pics").count, 1, "the second save worked")
        _ = try x.screenshot(until: "the saved toast") { $0.textRows(in: self.toastStrip, since: clicked) >= 5 }
        try WindowHarness.wait(timeout: 10, poll: 0.2, for: "the saved toast to fade") {
            (try? x.rawScreenshot())?.textRows(in: toastStrip, since: clicked) == 0
        }
        try x.key("ctrl+q")
        XCTAssertEqual(try x.waitForExit(), 0)
    }

    /// `F1` and `?` (`shift+/`) open the help overlay, which shows one line of text for each line
    /// of `scrawl --help`'s KEYS and MOUSE sections (the key table's; CLITests checks those list
    /// every key) plus its two headings and the last line, what pen and touch input has (XInput2's
    /// devices, or why there are none); `F1` and `?` close it again.
    func testHelpOverlayShowsEveryLineOfTheKeyTable() throws {
        let help = try WindowHarness.run(try WindowHarness.binary(), ["--help"])
        let keys = try XCTUnwrap(CLITests.section("KEYS", of: help)), mouse = try XCTUnwrap(CLITests.section("MOUSE", of: help))
        let x = try WindowHarness()
        try x.launch([], environment: ["XDG_STATE_HOME": dir + "/state", "XDG_PICTURES_DIR": dir + "/pics", "HOME": dir])
        let plain = try x.screenshot()
        for (open, close) in [("F1", "F1"), ("shift+slash", "shift+slash"), ("F1", "shift+slash")] {
            try x.key(open)
            let shown = try x.screenshot()
            let lines = shown.textLines(in: canvasArea, since: plain)
            XCTAssertEqual(lines.count, keys.count + mouse.count + 3,
                           "\(open): the overlay's lines (rows \(lines.map { "\($0.lowerBound)-\($0.upperBound)" }))")
            XCTAssertFalse(try x.title().contains("*"), "\(open) changes nothing in the drawing")
            try x.key(close)
            XCTAssertEqual(try x.screenshot().textRows(in: canvasArea, since: plain), 0, "\(close) closes the overlay")
        }
        try x.key("ctrl+q")
        XCTAssertEqual(try x.waitForExit(), 0)
    }

    /// Resting the pointer on a swatch shows a tooltip beside the pointer, wholly inside the window,
    /// and not before half a second has passed (a lower bound, which a slow machine cannot break);
    /// it goes when the pointer leaves.
    func testSwatchTooltipAppearsAfterHoveringHalfASecond() throws {
        try checkTooltip(for: "the blue swatch", at: bars.swatchRects[2].center)
    }

    /// The same for a tool icon in the shape bar along the window's bottom edge, where a tooltip
    /// placed below the pointer would be cut off by the edge.
    func testToolTooltipAppearsWhollyInsideTheWindow() throws {
        try checkTooltip(for: "the Smooth brush", at: bars.toolRects[ToolKind.allCases.firstIndex(of: .smooth)!].center)
    }

    private func checkTooltip(for name: String, at p: Point) throws {
        let x = try WindowHarness()
        try x.launch([], environment: ["XDG_STATE_HOME": dir + "/state", "XDG_PICTURES_DIR": dir + "/pics", "HOME": dir])
        try x.xdotool(["mousemove", "400", "300"])
        let plain = try x.screenshot()
        // Near the pointer, across the window's width (a tooltip may be pushed left at the edge).
        let near = PixelBox(x: 0, y: Int(p.y) - 60, width: Int(bars.canvas.width), height: 120)
        let start = Date()
        try x.xdotool(["mousemove", "\(Int(p.x))", "\(Int(p.y))"])
        let shot = try x.screenshot(until: "a tooltip for \(name)") { $0.textRows(in: near, since: plain) >= 5 }
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(start), 0.45, "\(name): the tooltip waits half a second")
        // A line of text running into the window's bottom row is cut off there.
        let lines = shot.textLines(in: near, since: plain), bottom = Int(bars.contentSize.height) - 1
        XCTAssertTrue(lines.allSatisfy { $0.upperBound < bottom },
                      "\(name): the tooltip is wholly inside the window (text rows \(lines), window bottom \(bottom))")
        XCTAssertFalse(try x.title().contains("*"), "hovering changes nothing")
        try x.xdotool(["mousemove", "400", "300"])
        XCTAssertEqual(try x.screenshot().textRows(in: near, since: plain), 0, "\(name): the tooltip goes with the pointer")
        try x.key("ctrl+q")
        XCTAssertEqual(try x.waitForExit(), 0)
    }
}

/// The `.scrawl` files in a folder.
enum FolderFiles {
    static func scrawl(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".scrawl") }
    }
}
