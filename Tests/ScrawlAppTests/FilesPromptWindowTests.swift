import Foundation
import XCTest
import ScrawlCore
import ScrawlStorage
import ScrawlGL

/// The in-window path prompt's safeguards under Xvfb: no chooser on `PATH`, so Save As and Open
/// ask in the window.
final class FilesPromptWindowTests: XCTestCase {
    private var dir = ""

    override func setUpWithError() throws {
        dir = NSTemporaryDirectory() + "scrawl-prompt-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: dir + "/bin", withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    /// No chooser program: the prompt is used.
    private func launch(_ x: WindowHarness, _ arguments: [String] = []) throws {
        try x.launch(arguments, environment: ["PATH": dir + "/bin", "SCRAWL_FILE_CHOOSER": ""])
    }

    private func waitForPrompt(_ x: WindowHarness, open: Bool) throws {
        try WindowHarness.wait(timeout: 10, for: open ? "the prompt's panel" : "the prompt to close") {
            let rows = (try? Self.promptRows(x.rawScreenshot())) ?? -1
            return open ? rows > 10 : rows == 0
        }
    }

    /// Save As to an existing file asks first (the warning line in orange): the first enter leaves
    /// the file alone, the second replaces it.
    func testSaveAsOverAnExistingFileTakesASecondEnter() throws {
        let existing = dir + "/existing.scrawl"
        try "old".write(toFile: existing, atomically: true, encoding: .utf8)
        let x = try WindowHarness()
        try launch(x)
        try x.drag([(100, 150), (200, 220)])
        try x.key("ctrl+shift+s")
        try waitForPrompt(x, open: true)
        try x.xdotool(["type", "--delay", "20", existing])
        try x.key("Return")
        try WindowHarness.wait(timeout: 10, for: "the prompt to warn that the file exists") {
            (try? Self.warningPixels(x.rawScreenshot())) ?? 0 > 20
        }
        XCTAssertEqual(try String(contentsOfFile: existing, encoding: .utf8), "old", "the first enter writes nothing")
        try x.key("Return")
        try waitForPrompt(x, open: false)
        try x.waitForTitle(containing: "existing.scrawl")
        XCTAssertEqual(try DocumentStore.standard.open(existing).drawables.count, 1, "the second enter replaces it")
    }

    /// Save As refuses a `.png` or `.svg` name (Export writes those), existing or not: nothing is
    /// written and the drawing stays untitled.
    func testSaveAsRefusesPictureNames() throws {
        let x = try WindowHarness()
        try launch(x)
        try x.drag([(100, 150), (200, 220)])
        try "old".write(toFile: dir + "/existing.png", atomically: true, encoding: .utf8)
        for name in ["picture.png", "picture.svg", "existing.png"] {
            try x.key("ctrl+shift+s")
            try waitForPrompt(x, open: true)
            try x.xdotool(["type", "--delay", "20", dir + "/" + name])
            try x.key("Return")  // refused at once: an existing picture is not offered for replacing
            try waitForPrompt(x, open: false)  // the write, had there been one, came before this frame
            let content = try? String(contentsOfFile: dir + "/" + name, encoding: .utf8)
            XCTAssertEqual(content, name == "existing.png" ? "old" : nil, name)
        }
        let title = try x.title()
        XCTAssertTrue(title.hasPrefix("Scrawl *"), "still untitled: \(title)")
    }

    /// While recording, ctrl+o opens no prompt: the next letter reaches the tools.
    func testOpenIsRefusedWhileRecording() throws {
        let x = try WindowHarness()
        try launch(x, ["--record", dir + "/rec.json"])
        try x.key("ctrl+o")
        try x.key("l")
        try x.waitForTitle(containing: "Line")
        XCTAssertEqual(try Self.promptRows(x.rawScreenshot()), 0, "no prompt was opened")
    }

    /// A huge clipboard pasted into the prompt leaves the window responsive: escape closes it and
    /// the next key reaches the tools. The clipboard is owned by a small Tk program.
    func testHugePasteKeepsTheWindowResponsive() throws {
        let owner = Process()
        owner.executableURL = URL(fileURLWithPath: "/usr/bin/env")  // the python3 on PATH
        let script = "import tkinter\nr = tkinter.Tk(); r.withdraw(); r.clipboard_clear()\n"
            + "r.clipboard_append('/tmp/' + 'x' * 300000); r.update()\nprint('ready', flush=True)\nr.mainloop()\n"
        owner.arguments = ["python3", "-c", script]
        let x = try WindowHarness()
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = x.display
        owner.environment = env
        let out = Pipe(), err = Pipe()
        owner.standardOutput = out
        owner.standardError = err
        guard (try? owner.run()) != nil else { throw XCTSkip("python3 cannot be started to own the clipboard") }
        defer { owner.terminate(); owner.waitUntilExit() }
        guard String(decoding: out.fileHandleForReading.availableData, as: UTF8.self).hasPrefix("ready") else {
            owner.terminate()
            let why = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            throw XCTSkip("python3 with tkinter is needed to own the clipboard: \(why.suffix(300))")
        }
        try launch(x)
        try x.key("ctrl+shift+s")
        try waitForPrompt(x, open: true)
        XCTAssertGreaterThan(try Self.selectionPixels(x.rawScreenshot()), 100, "the suggestion starts selected")
        try x.key("ctrl+v")
        try WindowHarness.wait(timeout: 10, for: "the paste to replace the selected suggestion") {
            (try? Self.selectionPixels(x.rawScreenshot())) == 0
        }
        try x.key("Escape")
        try waitForPrompt(x, open: false)
        try x.key("l")
        try x.waitForTitle(containing: "Line")
    }

    /// Tab completion in the window: the matching names are listed above the line as they are
    /// typed, tab completes to what they share and then to the one name, and enter opens it.
    func testTabCompletesANameAndTheMatchesAreListed() throws {
        let folder = dir + "/docs"
        try FileManager.default.createDirectory(atPath: folder + "/albums", withIntermediateDirectories: true)
        for name in ["alpha", "alpine", "beta"] {
            try DocumentStore.standard.save([], canvas: CanvasSpec(width: 300, height: 200), to: folder + "/\(name).scrawl")
        }
        let x = try WindowHarness()
        try launch(x)
        try x.key("ctrl+o")
        try waitForPrompt(x, open: true)
        try x.xdotool(["type", "--delay", "20", folder + "/al"])
        let three = Self.listRows(try x.screenshot())
        XCTAssertGreaterThan(three, 0, "albums/, alpha.scrawl and alpine.scrawl are listed")
        try x.key("Tab")  // they share "al": nothing to add
        try x.key("p", "Tab")  // alpha and alpine share "alp"
        let two = Self.listRows(try x.screenshot())
        XCTAssertTrue(two > 0 && two < three, "alpha.scrawl and alpine.scrawl are left: \(two) rows, were \(three)")
        try x.key("h", "Tab")
        try x.key("Return")
        try x.waitForTitle(containing: "alpha.scrawl")
        try waitForPrompt(x, open: false)
    }

    /// Rows of the screen in the colour of the list of matching names above the prompt.
    static func listRows(_ shot: FrameImage) -> Int {
        var rows = 0
        for y in 0..<shot.height {
            var n = 0
            for x in stride(from: 0, to: min(shot.width, 800), by: 8) where shot.pixel(x, y) == (0x2b, 0x30, 0x33, 255) { n += 1 }
            if n > 60 { rows += 1 }
        }
        return rows
    }

    /// Rows of the screen mostly in the prompt panel's colour.
    static func promptRows(_ shot: FrameImage) -> Int {
        var rows = 0
        for y in 0..<shot.height {
            var n = 0
            for x in stride(from: 0, to: min(shot.width, 800), by: 8) where shot.pixel(x, y) == (0x20, 0x24, 0x26, 255) { n += 1 }
            if n > 60 { rows += 1 }
        }
        return rows
    }

    /// Pixels in the blue behind the prompt's selected suggestion.
    static func selectionPixels(_ shot: FrameImage) -> Int {
        var n = 0
        for y in 0..<shot.height {
            for x in 0..<shot.width where shot.pixel(x, y) == (0x2a, 0x5d, 0xb0, 255) { n += 1 }
        }
        return n
    }

    /// Pixels in the orange of the prompt's "exists — enter again to replace" line, in the panel's rows.
    static func warningPixels(_ shot: FrameImage) -> Int {
        var n = 0
        for y in 0..<shot.height {
            let panel = stride(from: 0, to: min(shot.width, 800), by: 8).filter { shot.pixel($0, y) == (0x20, 0x24, 0x26, 255) }
            guard panel.count > 60 else { continue }
            for x in 0..<shot.width {
                let p = shot.pixel(x, y)
                if p.0 > 0xe0, p.1 > 0x80, p.1 < 0xc0, p.2 < 0x60 { n += 1 }
            }
        }
        return n
    }
}
