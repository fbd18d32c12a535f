import Foundation
import ScrawlCore
import ScrawlGL
import ScrawlStorage
import XCTest

/// The bars' command buttons, the zoom and a narrow window, in the real window under Xvfb, as a
/// user would try them.
final class BarButtonsWindowTests: XCTestCase {
    static let layout = DefaultWindowLayout.layout()
    private var dir = ""

    override func setUpWithError() throws {
        dir = NSTemporaryDirectory() + "scrawl-barbuttons-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    private func click(_ x: WindowHarness, _ p: Point, modifiers: [String] = []) throws {
        try x.drag([(Int(p.x), Int(p.y))], modifiers: modifiers)
    }

    private func dark(_ shot: FrameImage, _ x: Int, _ y: Int) -> Bool { shot.pixel(x, y).0 < 100 }

    /// Undo and redo buttons take a stroke away and bring it back, show their names and keys as
    /// tooltips, and a recording holds the keys: it renders what the window showed.
    func testUndoAndRedoButtonsActAsTheirKeysAndAreRecordedSo() throws {
        let x = try WindowHarness()
        let record = dir + "/buttons.json"
        try x.launch(["--record", record])
        try x.waitForTitle(containing: "Pencil")
        try x.drag([(100, 300), (250, 300), (400, 300)])
        let undo = Self.layout.commandRects[ToolbarCommand.allCases.firstIndex(of: .undo)!].center
        let redo = Self.layout.commandRects[ToolbarCommand.allCases.firstIndex(of: .redo)!].center
        try x.movePointerAway()
        XCTAssertTrue(dark(try x.screenshot(), 250, 300), "the stroke")
        try click(x, undo)
        try x.movePointerAway()
        XCTAssertFalse(dark(try x.screenshot(), 250, 300), "the undo button took it away")
        try click(x, redo)
        try x.movePointerAway()
        let shot = try x.screenshot()
        XCTAssertTrue(dark(shot, 250, 300), "the redo button brought it back")
        // Resting on a command shows its tooltip.
        let plain = shot
        try x.xdotool(["mousemove", "\(Int(undo.x))", "\(Int(undo.y))"])
        let near = PixelBox(x: 0, y: Int(undo.y) + 8, width: 400, height: 40)
        _ = try x.screenshot(until: "the undo button's tooltip") { $0.textRows(in: near, since: plain) >= 5 }
        try x.movePointerAway()
        try x.key("ctrl+q")
        XCTAssertEqual(try x.waitForExit(), 0)

        let text = try String(contentsOfFile: record, encoding: .utf8)
        XCTAssertTrue(text.contains(#"{"key": "ctrl+z"}"#) && text.contains(#"{"key": "ctrl+shift+z"}"#), text)
        let out = dir + "/buttons.png"
        try WindowHarness.run(try WindowHarness.binary(), ["render", record, "-o", out])
        XCTAssertEqual(WindowHarness.mismatches(shot, try PNGCodec.read(path: out), top: 44), 0, "the recording renders the window's canvas")
    }

    /// The save button writes the open document (the title loses its mark); the export button asks
    /// for a name and writes the picture.
    func testSaveAndExportButtonsWriteTheFiles() throws {
        let x = try WindowHarness()
        let doc = dir + "/drawing.scrawl", png = dir + "/drawing.png"
        try x.launch([doc], environment: ["SCRAWL_FILE_CHOOSER": "prompt"])
        try x.drag([(100, 300), (250, 320), (400, 300)])
        try x.waitForTitle(containing: "drawing.scrawl *")
        try click(x, Self.layout.commandRects[ToolbarCommand.allCases.firstIndex(of: .save)!].center)
        try WindowHarness.wait(timeout: 10, for: "the document to be saved") { FileManager.default.fileExists(atPath: doc) }
        let title = try x.waitForTitle(containing: "drawing.scrawl —")
        XCTAssertFalse(title.contains("*"), title)
        XCTAssertEqual(try DocumentStore.standard.open(doc).drawables.count, 1)
        try click(x, Self.layout.commandRects[ToolbarCommand.allCases.firstIndex(of: .export)!].center)
        try WindowHarness.wait(timeout: 10, for: "the export prompt") {
            ((try? FilesPromptWindowTests.promptRows(x.rawScreenshot())) ?? 0) > 10
        }
        try x.xdotool(["type", "--delay", "20", png])
        try x.key("Return")
        try WindowHarness.wait(timeout: 15, for: "the export") { FileManager.default.fileExists(atPath: png) }
        XCTAssertTrue(try PNGCodec.read(path: png).pixels.contains(0), "the stroke is in the export")
        try x.key("ctrl+q")
        XCTAssertEqual(try x.waitForExit(), 0)
    }

    /// The zoom shows in the shape bar; a click on it returns to 100 %, a ctrl-click fits the
    /// drawing as ctrl+0 does; each is a recorded view.
    func testTheZoomShowsInTheBarAClickGoesTo100AndCtrlClickFits() throws {
        let x = try WindowHarness()
        let record = dir + "/zoom.json"
        try x.launch(["--record", record])
        try x.drag([(300, 300), (350, 320), (400, 330)])
        try x.movePointerAway()
        let zoomBox = Self.layout.zoomRect
        let box = PixelBox(x: Int(zoomBox.minX), y: Int(zoomBox.minY), width: Int(zoomBox.width), height: Int(zoomBox.height))
        let at100 = try x.screenshot()
        XCTAssertGreaterThan(at100.textRows(in: box), 5, "the zoom's words")
        try x.key("ctrl+equal")
        try x.waitForTitle(containing: "119%")
        let at119 = try x.screenshot()
        let changed = (box.y..<(box.y + box.height)).reduce(0) { n, y in
            n + (box.x..<(box.x + box.width)).filter { at119.pixel($0, y) != at100.pixel($0, y) }.count
        }
        XCTAssertGreaterThan(changed, 20, "the bar says the new zoom")
        try click(x, zoomBox.center)
        try x.waitForTitle(containing: "— 100%")
        try x.key("ctrl+0")
        let fitTitle = try x.title()
        let fitted = fitTitle.components(separatedBy: " — ").last { $0.hasSuffix("%") } ?? ""
        XCTAssertFalse(fitted.isEmpty || fitted == "100%", fitTitle)
        try click(x, zoomBox.center)
        try x.waitForTitle(containing: "— 100%")
        try click(x, zoomBox.center, modifiers: ["ctrl"])
        try x.waitForTitle(containing: "— \(fitted)")
        try x.key("ctrl+q")
        XCTAssertEqual(try x.waitForExit(), 0)
        let text = try String(contentsOfFile: record, encoding: .utf8)
        XCTAssertEqual(text.components(separatedBy: "\"view\"").count - 1, 5, "ctrl+=, the click, ctrl+0, the click, the ctrl-click")
    }

    /// In a narrow window every value's words stay inside its box (the buttons shrink instead), and
    /// the bars are what `render --window` draws at that size.
    func testANarrowWindowKeepsEveryValueInsideItsBox() throws {
        let x = try WindowHarness()
        try x.launch([])
        let id = try x.xdotool(["search", "--name", "Scrawl"]).split(separator: "\n").first.map(String.init) ?? ""
        try x.xdotool(["windowsize", id, "480", "500"])
        try WindowHarness.wait(timeout: 10, for: "the narrow window") {
            ((try? x.xdotool(["getwindowgeometry", id])) ?? "").contains("Geometry: 480x500")
        }
        try x.movePointerAway()
        let shot = try x.screenshot()
        let layout = ToolbarLayout(canvas: CanvasSpec(width: 480, height: 412), visible: true)
        let panel: (UInt8, UInt8, UInt8) = (0xee, 0xee, 0xec)
        XCTAssertEqual(layout.shownValues.count, 3, "480 points leave room for every value")
        for (_, r) in layout.shownValues {
            for y in Int(r.minY + 2)..<Int(r.maxY - 2) {
                for px in (Int(r.maxX.rounded(.up)) + 1)..<min(480, Int(r.maxX) + 4) {
                    let p = shot.pixel(px, y)
                    XCTAssertTrue((p.0, p.1, p.2) == panel, "nothing spills out right of the box \(r) at (\(px), \(y)): \(p)")
                }
            }
        }
        let replay = dir + "/empty.json"
        try ReplayBuilder(width: 800, height: 600).json.write(toFile: replay, atomically: true, encoding: .utf8)
        let out = dir + "/narrow.png"
        try WindowHarness.run(try WindowHarness.binary(), ["render", replay, "--window", "480x500", "-o", out])
        let bars = try PNGCodec.read(path: out)
        XCTAssertEqual([bars.width, bars.height], [480, 500])
        var differing = 0
        for y in Array(0..<44) + Array(456..<500) {
            for px in 0..<480 {
                let s = shot.pixel(px, y), i = (y * 480 + px) * 4
                if abs(Int(s.0) - Int(bars.pixels[i])) > 2 || abs(Int(s.1) - Int(bars.pixels[i + 1])) > 2 { differing += 1 }
            }
        }
        XCTAssertEqual(differing, 0, "the narrow window's bars are the headless ones")
        try x.key("ctrl+q")
        XCTAssertEqual(try x.waitForExit(), 0)
    }
}
