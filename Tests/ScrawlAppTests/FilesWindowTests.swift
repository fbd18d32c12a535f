import Foundation
import XCTest
import ScrawlCore
import ScrawlStorage
import ScrawlGL

/// Open, Save As and Export through a file chooser in the real window under Xvfb: a stand-in
/// `zenity` on `PATH` answers with a path the test chooses, and without any chooser the path is
/// typed into the prompt drawn in the window.
final class FilesWindowTests: XCTestCase {
    private var dir = ""

    override func setUpWithError() throws {
        dir = NSTemporaryDirectory() + "scrawl-files-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: dir + "/bin", withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    /// A `zenity` that logs its arguments and prints the contents of `answer`.
    private func installStandIn() throws {
        let script = "#!/bin/sh\necho \"$@\" >> '\(dir)/zenity-args'\ncat '\(dir)/answer'\n"
        let path = dir + "/bin/zenity"
        try script.write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertEqual(chmod(path, 0o755), 0)
    }

    private func answer(_ path: String) throws { try (path + "\n").write(toFile: dir + "/answer", atomically: true, encoding: .utf8) }

    private func waitForFile(_ path: String) throws {
        try WindowHarness.wait(timeout: 15, for: "\(path) to be written") { FileManager.default.fileExists(atPath: path) }
    }

    private func environment(_ x: WindowHarness, path: String) -> [String: String] {
        ["PATH": path, "XDG_CONFIG_HOME": x.scratch + "/config", "SCRAWL_FILE_CHOOSER": ""]
    }

    func testChooserStandInSavesAsExportsAndOpens() throws {
        try installStandIn()
        let x = try WindowHarness()
        let out = dir + "/stdout.txt"
        try x.launch([], environment: environment(x, path: dir + "/bin:/usr/bin:/bin"), stdout: out)
        try x.drag([(100, 150), (200, 220)])

        try answer(dir + "/chosen")  // no extension: `.scrawl` is added
        try x.key("ctrl+shift+s")
        try waitForFile(dir + "/chosen.scrawl")
        try x.waitForTitle(containing: "chosen.scrawl")
        XCTAssertEqual(try DocumentStore.standard.open(dir + "/chosen.scrawl").drawables.count, 1)
        let args = (try? String(contentsOfFile: dir + "/zenity-args", encoding: .utf8)) ?? ""
        XCTAssertTrue(args.contains("--file-selection") && args.contains("--save"), args)

        try answer(dir + "/out.png")
        try x.key("ctrl+e")
        try waitForFile(dir + "/out.png")
        let png = try PNGCodec.read(path: dir + "/out.png")
        XCTAssertEqual([png.width, png.height], [800, 600], "the page at content scale 1")
        XCTAssertEqual(png.pixels[3], 255, "an opaque page")
        XCTAssertTrue(png.pixels.contains(0), "the stroke is in the export")

        try answer(dir + "/clear.png")
        try x.key("ctrl+alt+e")
        try waitForFile(dir + "/clear.png")
        let clear = try PNGCodec.read(path: dir + "/clear.png")
        XCTAssertEqual(clear.pixels[3], 0, "alt leaves the background transparent")
        XCTAssertTrue(stride(from: 3, to: clear.pixels.count, by: 4).contains { clear.pixels[$0] == 255 }, "the stroke is opaque")

        try answer(dir + "/out.svg")
        try x.key("ctrl+e")
        try waitForFile(dir + "/out.svg")
        let svg = try String(contentsOfFile: dir + "/out.svg", encoding: .utf8)
        XCTAssertTrue(svg.contains("<svg") && svg.contains("<path"), svg)

        let other = dir + "/other.scrawl"
        let dot = Drawable.path(PathDrawable(path: .rectangle(Rect(x: 10, y: 10, width: 20, height: 20)), stroke: nil,
                                             fill: .red, style: StrokeOptions()))
        try DocumentStore.standard.save([dot, dot], canvas: CanvasSpec(width: 400, height: 300), to: other)
        try answer(other)
        try x.key("l", "bracketright")
        try x.key("ctrl+o")
        let title = try x.waitForTitle(containing: "other.scrawl")
        XCTAssertTrue(title.contains("Line — stroke black, fill light gray, width 3"), "Open keeps the settings: \(title)")

        try x.key("ctrl+q")
        XCTAssertEqual(try x.waitForExit(), 0)
        let printed = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
        for line in ["exported: \(dir)/out.png", "exported: \(dir)/clear.png", "exported: \(dir)/out.svg", dir + "/chosen.scrawl"] {
            XCTAssertTrue(printed.contains(line), "\(line) in \(printed)")
        }
    }

    /// A cancelled chooser (status 1) changes nothing.
    func testCancelledChooserWritesNothing() throws {
        let script = "#!/bin/sh\ntouch '\(dir)/asked'\nexit 1\n"
        try script.write(toFile: dir + "/bin/zenity", atomically: true, encoding: .utf8)
        XCTAssertEqual(chmod(dir + "/bin/zenity", 0o755), 0)
        let x = try WindowHarness()
        try x.launch([], environment: environment(x, path: dir + "/bin:/usr/bin:/bin"))
        try x.drag([(100, 150), (200, 220)])
        try x.key("ctrl+shift+s")
        try waitForFile(dir + "/asked")
        try x.key("l")
        let title = try x.waitForTitle(containing: "Line")
        XCTAssertTrue(title.contains("Scrawl *"), "still untitled and unsaved: \(title)")
    }

    /// The chooser asked only about the name it returned: when Save As adds `.scrawl` and that file
    /// exists, the window asks again in its prompt, and only a second enter replaces it.
    func testAddedExtensionNeverReplacesAFileUnasked() throws {
        try installStandIn()
        let existing = dir + "/one.scrawl"
        try DocumentStore.standard.save([], canvas: CanvasSpec(width: 800, height: 600), to: existing)
        let x = try WindowHarness()
        try x.launch([], environment: environment(x, path: dir + "/bin:/usr/bin:/bin"))
        try x.drag([(100, 150), (200, 220)])
        try answer(dir + "/one")
        try x.key("ctrl+shift+s")
        try WindowHarness.wait(timeout: 10, for: "the prompt asking to replace") { (try? self.promptRows(x.rawScreenshot())) ?? 0 > 10 }
        XCTAssertEqual(try DocumentStore.standard.open(existing).drawables.count, 0, "not replaced without asking")
        try x.key("Return")
        try x.waitForTitle(containing: "one.scrawl")
        XCTAssertEqual(try DocumentStore.standard.open(existing).drawables.count, 1, "the second enter replaces it")
    }

    /// No chooser on `PATH`: the prompt is drawn in the window, typed keys go to it (not to the
    /// tools), enter writes the file and escape cancels.
    func testPromptInTheWindowTakesATypedPath() throws {
        let x = try WindowHarness()
        try x.launch([], environment: environment(x, path: dir + "/bin"))
        try x.drag([(100, 150), (200, 220)])
        try x.key("ctrl+e")
        try WindowHarness.wait(timeout: 10, for: "the prompt's panel") { (try? self.promptRows(x.rawScreenshot())) ?? 0 > 10 }
        try x.xdotool(["type", "--delay", "20", "nothing.png"])
        try x.key("Escape")
        try WindowHarness.wait(timeout: 10, for: "the prompt to close") { (try? self.promptRows(x.rawScreenshot())) == 0 }

        let typed = dir + "/typed.scrawl"
        try x.key("ctrl+shift+s")
        try WindowHarness.wait(timeout: 10, for: "the prompt's panel") { (try? self.promptRows(x.rawScreenshot())) ?? 0 > 10 }
        try x.xdotool(["type", "--delay", "20", typed])
        try x.key("Return")
        try waitForFile(typed)
        let title = try x.waitForTitle(containing: "typed.scrawl")
        XCTAssertTrue(title.contains("Pencil"), "letters typed into the prompt chose no tool: \(title)")
        XCTAssertEqual(try DocumentStore.standard.open(typed).drawables.count, 1)
        XCTAssertFalse(FileManager.default.fileExists(atPath: x.scratch + "/pictures/nothing.png"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/nothing.png"))
    }

    /// The window keeps working while a chooser is open, and quitting closes the chooser.
    func testQuitClosesAnOpenChooser() throws {
        try "#!/bin/sh\necho $$ > '\(dir)/pid'\nexec sleep 60\n".write(toFile: dir + "/bin/zenity", atomically: true, encoding: .utf8)
        XCTAssertEqual(chmod(dir + "/bin/zenity", 0o755), 0)
        let x = try WindowHarness()
        try x.launch([], environment: environment(x, path: dir + "/bin:/usr/bin:/bin"))
        try x.key("ctrl+o")
        try waitForFile(dir + "/pid")
        try x.key("l")
        try x.waitForTitle(containing: "Line")
        try x.key("ctrl+q")
        XCTAssertEqual(try x.waitForExit(), 0)
        let pid = Int32((try String(contentsOfFile: dir + "/pid", encoding: .utf8)).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        XCTAssertGreaterThan(pid, 0)
        try WindowHarness.wait(timeout: 10, for: "the chooser to be closed") { !Self.isAlive(pid) }
    }

    /// Asking again while a chooser hangs closes it and opens a new one, which is answered.
    func testAskingAgainReplacesAHungChooser() throws {
        let script = "#!/bin/sh\nif [ -e '\(dir)/first' ]; then cat '\(dir)/answer'; exit 0; fi\n"
            + "touch '\(dir)/first'\necho $$ > '\(dir)/pid'\nexec sleep 60\n"
        try script.write(toFile: dir + "/bin/zenity", atomically: true, encoding: .utf8)
        XCTAssertEqual(chmod(dir + "/bin/zenity", 0o755), 0)
        try answer(dir + "/second")
        let x = try WindowHarness()
        try x.launch([], environment: environment(x, path: dir + "/bin:/usr/bin:/bin"))
        try x.drag([(100, 150), (200, 220)])
        try x.key("ctrl+shift+s")
        try waitForFile(dir + "/pid")
        try x.key("ctrl+shift+s")
        try waitForFile(dir + "/second.scrawl")
        let pid = Int32((try String(contentsOfFile: dir + "/pid", encoding: .utf8)).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        try WindowHarness.wait(timeout: 10, for: "the hung chooser to be closed") { !Self.isAlive(pid) }
    }

    /// Whether process `pid` exists and is not a zombie waiting to be reaped.
    private static func isAlive(_ pid: Int32) -> Bool {
        guard kill(pid, 0) == 0 else { return false }
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        let state = stat.split(separator: ")").last?.split(separator: " ").first
        return state != "Z"
    }

    /// A chooser that fails (it cannot open its window: status 5) falls through to the prompt.
    func testFailingChooserFallsThroughToThePrompt() throws {
        try "#!/bin/sh\necho 'cannot open display' >&2\nexit 5\n".write(toFile: dir + "/bin/zenity", atomically: true, encoding: .utf8)
        XCTAssertEqual(chmod(dir + "/bin/zenity", 0o755), 0)
        let x = try WindowHarness()
        try x.launch([], environment: environment(x, path: dir + "/bin:/usr/bin:/bin"))
        try x.drag([(100, 150), (200, 220)])
        try x.key("ctrl+e")
        try WindowHarness.wait(timeout: 10, for: "the prompt's panel") { (try? self.promptRows(x.rawScreenshot())) ?? 0 > 10 }
        try x.xdotool(["type", "--delay", "20", dir + "/fallback.svg"])
        try x.key("Return")
        try waitForFile(dir + "/fallback.svg")
    }

    /// Rows of the screen mostly in the prompt panel's colour.
    private func promptRows(_ shot: FrameImage) -> Int {
        var rows = 0
        for y in 0..<shot.height {
            var n = 0
            for x in stride(from: 0, to: min(shot.width, 800), by: 8) where shot.pixel(x, y) == (0x20, 0x24, 0x26, 255) { n += 1 }
            if n > 60 { rows += 1 }
        }
        return rows
    }
}
