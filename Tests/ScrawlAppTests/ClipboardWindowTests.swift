import Foundation
import XCTest
import ScrawlCore
import ScrawlGL
import ScrawlStorage

/// ctrl+v under Xvfb with the clipboard owned by xclip: an owner that stops answering leaves the
/// window responsive and says so; text that pastes nothing is neither recorded nor a reason to
/// change the tool; the path prompt says what it leaves out of a paste, and refuses bytes that are
/// not UTF-8.
final class ClipboardWindowTests: XCTestCase {
    private var dir = ""

    override func setUpWithError() throws {
        guard FileManager.default.isExecutableFile(atPath: ClipboardOwner.xclip) else {
            throw XCTSkip("\(ClipboardOwner.xclip) is missing (make test installs xclip)")
        }
        dir = NSTemporaryDirectory() + "scrawl-clipboard-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: dir + "/bin", withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    private var stderrText: String { (try? String(contentsOfFile: dir + "/stderr", encoding: .utf8)) ?? "" }

    /// No file chooser on PATH: Save As asks in the window.
    private func launch(_ x: WindowHarness, _ arguments: [String] = []) throws {
        try x.launch(arguments, environment: ["PATH": dir + "/bin", "SCRAWL_FILE_CHOOSER": ""], stderr: dir + "/stderr")
    }

    /// The strip along the bottom of the canvas area where toasts appear.
    private var toastStrip: PixelBox {
        let bars = DefaultWindowLayout.layout(), o = bars.canvasOrigin
        return PixelBox(x: Int(o.x), y: Int(o.y + bars.canvas.height) - 64, width: Int(bars.canvas.width), height: 64)
    }

    /// The owner is stopped (SIGSTOP) after taking the clipboard: ctrl+v on the canvas and in the
    /// path prompt each give up, say "the clipboard did not answer" (standard error and a toast),
    /// and the next keys act. (GLFW's own read waited forever here.)
    func testAStoppedClipboardOwnerLeavesTheWindowResponsive() throws {
        let x = try WindowHarness()
        let owner = try ClipboardOwner(display: x.display, text: Array("some text\n".utf8), in: dir)
        defer { owner.close(); _ = x }  // resumed before the harness ends the app
        owner.stop()
        try launch(x)
        let before = try x.screenshot()
        try x.key("ctrl+v")
        _ = try x.screenshot(until: "the clipboard's toast") { $0.textRows(in: self.toastStrip, since: before) >= 5 }
        XCTAssertEqual(stderrText.components(separatedBy: "The clipboard did not answer").count, 2, stderrText)
        try x.key("l")
        try x.waitForTitle(containing: "Line")

        try x.key("ctrl+shift+s")
        try x.key("ctrl+v")
        try x.key("Escape")
        try x.key("r")
        try x.waitForTitle(containing: "Rectangle")
        XCTAssertEqual(stderrText.components(separatedBy: "The clipboard did not answer").count, 3, stderrText)
    }

    /// With `--record`: text that is not a selection pastes nothing, keeps the tool and is not
    /// recorded; a selection from another window is pasted (the selection tool chosen) and
    /// recorded, once.
    func testOnlyWhatWasPastedIsRecorded() throws {
        let x = try WindowHarness()
        let junk = "not a selection " + String(repeating: "z", count: 5000)
        var owner = try ClipboardOwner(display: x.display, text: Array(junk.utf8), in: dir)
        defer { owner.close(); _ = x }
        try launch(x, ["--record", dir + "/rec.json"])
        try x.key("ctrl+v")
        try WindowHarness.wait(timeout: 10, for: "the paste's message (stderr: \(stderrText))") {
            stderrText.contains("not a Scrawl selection")
        }
        let title = try x.title()
        XCTAssertTrue(title.contains("Pencil"), "a failed paste keeps the tool: \(title)")

        let line = Drawable.path(PathDrawable(path: Path(elements: [.move(Point(100, 100)), .line(Point(300, 200))]),
                                              stroke: .black, fill: nil, style: StrokeOptions()))
        let selection = SelectionClipboard.encode([line])
        owner.close()
        owner = try ClipboardOwner(display: x.display, text: Array(selection.utf8), in: dir)
        try x.key("ctrl+v")
        try x.waitForTitle(containing: "1 selected")
        try x.key("ctrl+q")
        XCTAssertEqual(try x.waitForExit(), 0)
        let replay = try Replay.load(path: dir + "/rec.json")
        XCTAssertEqual(replay.events.filter { if case .paste = $0 { return true } else { return false } }, [.paste(selection)])
        let bytes = try XCTUnwrap(FileManager.default.contents(atPath: dir + "/rec.json"))
        XCTAssertFalse(String(decoding: bytes, as: UTF8.self).contains("zzzz"), "the text that pasted nothing is not recorded")
    }

    /// A paste into the path prompt types the first line and says that the rest was left out;
    /// bytes that are not UTF-8 are refused (they would become U+FFFD in the file's name).
    func testThePromptSaysWhatAPasteLeavesOut() throws {
        let x = try WindowHarness()
        let target = dir + "/first.scrawl"
        var owner = try ClipboardOwner(display: x.display, text: Array((target + "\n" + dir + "/second.scrawl\n").utf8), in: dir)
        defer { owner.close(); _ = x }
        try launch(x)
        try x.drag([(100, 150), (200, 220)])
        try x.key("ctrl+shift+s")
        try x.key("ctrl+v")
        try x.key("Return")
        try x.waitForTitle(containing: "first.scrawl")
        XCTAssertTrue(stderrText.contains("only its first line was pasted (1 more left out)"), stderrText)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/second.scrawl"))

        owner.close()
        owner = try ClipboardOwner(display: x.display, text: Array((dir + "/bad").utf8) + [0xFF, 0xFE] + Array(".scrawl".utf8), in: dir)
        try x.key("ctrl+shift+s")
        try x.key("ctrl+u")
        try x.key("ctrl+v")
        try x.key("Return")  // an empty line: the prompt closes without writing
        try x.key("l")
        try x.waitForTitle(containing: "Line")
        XCTAssertTrue(stderrText.contains("not valid UTF-8"), stderrText)
        let names = try FileManager.default.contentsOfDirectory(atPath: dir)
        XCTAssertEqual(names.filter { $0.hasSuffix(".scrawl") }, ["first.scrawl"], "no file named from the bad bytes")
    }
}

/// xclip owning the clipboard with given bytes (as text, or as `target`: `image/png`), in the
/// foreground (`-quiet`) so that it can be stopped and resumed; ready once `xclip -o` reads the
/// bytes back.
final class ClipboardOwner {
    static let xclip = "/usr/bin/xclip"
    private let process = Process()
    private var closed = false

    init(display: String, text: [UInt8], in dir: String, target: String? = nil) throws {
        let file = dir + "/clipboard-\(UInt32.random(in: 0...UInt32.max))"
        FileManager.default.createFile(atPath: file, contents: Data(text))
        process.executableURL = URL(fileURLWithPath: ClipboardOwner.xclip)
        let type = target.map { ["-t", $0] } ?? []
        process.arguments = ["-quiet", "-selection", "clipboard"] + type + ["-i", file]
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = display
        process.environment = env
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        try WindowHarness.wait(timeout: 10, for: "xclip to own the clipboard") {
            guard process.isRunning else { return true }
            let read = Process()
            read.executableURL = URL(fileURLWithPath: ClipboardOwner.xclip)
            read.arguments = ["-o", "-selection", "clipboard"] + type
            read.environment = env
            let out = Pipe()
            read.standardOutput = out
            read.standardError = FileHandle.nullDevice
            guard (try? read.run()) != nil else { return false }
            let data = out.fileHandleForReading.readDataToEndOfFile()
            read.waitUntilExit()
            return Array(data) == text
        }
        guard process.isRunning else { throw XCTSkip("xclip could not take the clipboard") }
    }

    /// SIGSTOP: it keeps the clipboard and answers nothing.
    func stop() { kill(process.processIdentifier, SIGSTOP) }

    /// Resumes and ends it.
    func close() {
        guard !closed else { return }
        closed = true
        kill(process.processIdentifier, SIGCONT)
        process.forceKill()
        process.waitUntilExit()
    }

    deinit { close() }
}
