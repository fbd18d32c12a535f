import Foundation
import XCTest
import ScrawlCore
import ScrawlGL
import ScrawlStorage

/// Pictures out and in, in the real window under Xvfb with a stand-in `zenity` answering the file
/// chooser: Export writes everything drawn (the page and beyond it) or the selection; ctrl+o on a
/// PNG starts a new drawing with it as the stamp; Insert image (the key, the bar's button, and
/// ctrl+v of a copied picture) places a picture at the view centre.
final class PicturesWindowTests: XCTestCase {
    private var dir = ""

    override func setUpWithError() throws {
        dir = NSTemporaryDirectory() + "scrawl-pictures-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: dir + "/bin", withIntermediateDirectories: true)
        let script = "#!/bin/sh\necho \"$@\" >> '\(dir)/zenity-args'\ncat '\(dir)/answer'\n"
        try script.write(toFile: dir + "/bin/zenity", atomically: true, encoding: .utf8)
        XCTAssertEqual(chmod(dir + "/bin/zenity", 0o755), 0)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    private func answer(_ path: String) throws { try (path + "\n").write(toFile: dir + "/answer", atomically: true, encoding: .utf8) }

    private func launch(_ x: WindowHarness, stdout: String? = nil, stderr: String? = nil) throws {
        try x.launch([], environment: ["PATH": dir + "/bin:/usr/bin:/bin", "SCRAWL_FILE_CHOOSER": ""], stdout: stdout, stderr: stderr)
    }

    private func waitForFile(_ path: String) throws {
        try WindowHarness.wait(timeout: 15, for: "\(path) to be written") { FileManager.default.fileExists(atPath: path) }
    }

    /// A PNG of one colour.
    private func picture(_ name: String, _ w: Int, _ h: Int, _ c: (UInt8, UInt8, UInt8)) throws -> String {
        let path = dir + "/" + name
        try PNGCodec.write(rgba: (0..<(w * h)).flatMap { _ in [c.0, c.1, c.2, 255] }, width: w, height: h, to: path)
        return path
    }

    private func near(_ p: (UInt8, UInt8, UInt8, UInt8), _ c: (UInt8, UInt8, UInt8), _ tolerance: Int = 8) -> Bool {
        abs(Int(p.0) - Int(c.0)) <= tolerance && abs(Int(p.1) - Int(c.1)) <= tolerance && abs(Int(p.2) - Int(c.2)) <= tolerance
    }

    private func darkPixels(_ png: RasterImage, rows: Range<Int>) -> Int {
        var n = 0
        for y in rows.clamped(to: 0..<png.height) {
            for x in 0..<png.width where png.pixels[(y * png.width + x) * 4] < 100 && png.pixels[(y * png.width + x) * 4 + 3] > 200 { n += 1 }
        }
        return n
    }

    func testExportWritesWhatIsDrawnBeyondThePageOrOnlyTheSelection() throws {
        let x = try WindowHarness()
        let out = dir + "/out.txt"
        try launch(x, stdout: out)
        try x.drag([(100, 150), (300, 150)])
        // Zoomed out, the page takes part of the window: a stroke below and right of its border.
        try x.key("ctrl+minus")
        try x.key("ctrl+minus")
        let title = try x.waitForTitle(containing: "%")
        let zoom = try XCTUnwrap(title.split(separator: " ").last.flatMap { Double($0.dropLast()) }, title)
        XCTAssertLessThan(zoom, 100, title)
        try x.drag([(640, 560), (760, 620)])
        try x.movePointerAway()
        let before = try x.screenshot()

        try answer(dir + "/all.png")
        try x.key("ctrl+e")
        try waitForFile(dir + "/all.png")
        let all = try PNGCodec.read(path: dir + "/all.png")
        try? x.saveShot(FrameImage(width: all.width, height: all.height, rgba: all.pixels), "export-all-file")
        XCTAssertGreaterThan(all.width, 800, "wider than the page: \(all.width)x\(all.height)")
        XCTAssertGreaterThan(all.height, 600)
        XCTAssertGreaterThan(darkPixels(all, rows: 600..<all.height), 50, "the stroke beyond the page is in the export")
        XCTAssertGreaterThan(darkPixels(all, rows: 96..<116), 50, "and so is the one on the page")
        let toast = try x.screenshot(until: "the export toast") { $0.textRows(in: SlipsWindowTests.toastStrip, since: before) >= 5 }
        try? x.saveShot(toast, "exported-all")
        XCTAssertTrue((try? String(contentsOfFile: out, encoding: .utf8))?.contains("exported: \(dir)/all.png") == true)

        // Select the first stroke: only it is exported, framed by its bounds and the margin.
        try x.key("ctrl+1")
        try x.key("v")
        try x.drag([(200, 150)])
        try x.waitForTitle(containing: "1 selected")
        try answer(dir + "/selection.svg")
        try x.key("ctrl+e")
        try waitForFile(dir + "/selection.svg")
        let svg = try String(contentsOfFile: dir + "/selection.svg", encoding: .utf8)
        XCTAssertEqual(svg.components(separatedBy: "<path").count - 1, 1, "one stroke: \(svg)")
        try answer(dir + "/selection.png")
        try x.key("ctrl+e")
        try waitForFile(dir + "/selection.png")
        let selection = try PNGCodec.read(path: dir + "/selection.png")
        try? x.saveShot(FrameImage(width: selection.width, height: selection.height, rgba: selection.pixels), "export-selection-file")
        XCTAssertLessThan(selection.width, 300, "the selection's size, not the page's: \(selection.width)x\(selection.height)")
        XCTAssertLessThan(selection.height, 60)
        XCTAssertGreaterThan(darkPixels(selection, rows: 0..<selection.height), 50)
        try x.key("ctrl+q")
        XCTAssertEqual(try x.waitForExit(), 0)
    }

    /// ctrl+o on a PNG does what `scrawl PICTURE.png` does: a new drawing with it as the stamp,
    /// never "invalid JSON".
    func testOpeningAPNGStartsANewDrawingWithItAsTheStamp() throws {
        let png = try picture("blue.png", 40, 30, (30, 60, 220))
        let x = try WindowHarness()
        let err = dir + "/err.txt"
        try launch(x, stderr: err)
        try x.drag([(100, 150), (300, 150)])
        try x.waitForTitle(containing: " *")
        try answer(png)
        try x.key("ctrl+o")
        try x.waitForTitle(containing: "Scrawl — Pencil")  // a new untitled drawing, nothing to save
        XCTAssertFalse(try x.title().contains(" *"))
        let args = (try? String(contentsOfFile: dir + "/zenity-args", encoding: .utf8)) ?? ""
        XCTAssertTrue(args.contains("*.png"), "the chooser offers pictures: \(args)")
        try x.key("i")
        try x.drag([(400, 344)])
        try x.movePointerAway()
        let shot = try x.screenshot()
        try? x.saveShot(shot, "png-stamp")
        XCTAssertTrue(near(shot.pixel(400, 344), (30, 60, 220)), "the picture is the stamp: \(shot.pixel(400, 344))")
        XCTAssertTrue(near(shot.pixel(100, 150), (255, 255, 255)), "on a new drawing")
        let errors = (try? String(contentsOfFile: err, encoding: .utf8)) ?? ""
        XCTAssertFalse(errors.contains("JSON"), errors)
        try x.key("ctrl+q")
        XCTAssertEqual(try x.waitForExit(), 0)
    }

    /// Insert image: ctrl+i and the bar's button place the chosen PNG at the view centre, selected;
    /// ctrl+v places a picture another program copied.
    func testInsertImageFromTheChooserTheButtonAndTheClipboard() throws {
        let red = try picture("red.png", 60, 40, (220, 40, 40))
        let x = try WindowHarness()
        try launch(x)
        try answer(red)
        try x.key("ctrl+i")
        try x.waitForTitle(containing: "1 selected")
        try x.movePointerAway()
        var shot = try x.screenshot()
        try? x.saveShot(shot, "inserted")
        XCTAssertTrue(near(shot.pixel(400, 344), (220, 40, 40)), "at the view centre: \(shot.pixel(400, 344))")
        XCTAssertTrue(near(shot.pixel(400, 344 + 35), (255, 255, 255)), "one image pixel per point: 40 high")
        try x.key("ctrl+z")
        shot = try x.screenshot()
        XCTAssertTrue(near(shot.pixel(400, 344), (255, 255, 255)), "one undo step")

        // The button after the opacity value does the same.
        try x.key("ctrl+minus")
        let button = DefaultWindowLayout.layout().commandRects[ToolbarCommand.allCases.firstIndex(of: .insertImage)!].center
        try x.drag([(Int(button.x), Int(button.y))])
        try x.waitForTitle(containing: "1 selected")
        try x.movePointerAway()
        shot = try x.screenshot()
        XCTAssertTrue(near(shot.pixel(400, 344), (220, 40, 40)), "the button inserts at the centre of the zoomed view too")

        // A picture on the clipboard (as a browser's "Copy image" leaves it) pastes with ctrl+v.
        guard FileManager.default.isExecutableFile(atPath: ClipboardOwner.xclip) else { throw XCTSkip("xclip is missing") }
        let green = try picture("green.png", 30, 30, (40, 200, 60))
        let owner = try ClipboardOwner(display: x.display, text: Array(try Data(contentsOf: URL(fileURLWithPath: green))), in: dir,
                                       target: "image/png")
        defer { owner.close() }
        try x.key("Escape")
        try x.key("ctrl+1")
        try x.key("ctrl+v")
        try x.waitForTitle(containing: "1 selected")
        try x.movePointerAway()
        shot = try x.screenshot()
        try? x.saveShot(shot, "pasted-picture")
        XCTAssertTrue(near(shot.pixel(400, 344), (40, 200, 60)), "the copied picture, on top: \(shot.pixel(400, 344))")
        try x.key("ctrl+q")
        XCTAssertEqual(try x.waitForExit(), 0)
    }
}
