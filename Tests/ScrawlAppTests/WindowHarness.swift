import Foundation
import ScrawlCore
import XCTest
import ScrawlGL
import ScrawlStorage

/// Runs the real `scrawl` binary in a window under its own Xvfb server, driven by xdotool.
final class WindowHarness {
    let display: String
    /// A scratch folder for the app's XDG folders, removed with the harness.
    let scratch = NSTemporaryDirectory() + "scrawl-harness-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    private let xvfb: Process
    private var app: Process?

    /// The built `scrawl` binary (see `ScrawlCLI.binary`).
    static func binary() throws -> String { try ScrawlCLI.binary().path }

    /// Starts Xvfb on a free display number.
    init() throws {
        for tool in ["/usr/bin/Xvfb", "/usr/bin/xdotool", "/usr/bin/import"] where !FileManager.default.isExecutableFile(atPath: tool) {
            throw XCTSkip("\(tool) is missing (make test installs xvfb, xdotool and imagemagick)")
        }
        // Xvfb picks a free display number itself and writes it to -displayfd once it listens:
        // no race with other test processes probing for free numbers at the same time.
        xvfb = Process()
        xvfb.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
        xvfb.arguments = ["-displayfd", "1", "-screen", "0", "1024x768x24", "-nolisten", "tcp"]
        let ready = Pipe()
        xvfb.standardOutput = ready
        xvfb.standardError = FileHandle.nullDevice
        try xvfb.run()
        var text = ""
        while !text.contains("\n") {
            let chunk = ready.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }  // Xvfb exited without a display
            text += String(decoding: chunk, as: UTF8.self)
        }
        guard let number = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            xvfb.terminate()
            throw NSError(domain: "WindowHarness", code: 2,
                          userInfo: [NSLocalizedDescriptionKey: "Xvfb did not start (it printed \"\(text)\")"])
        }
        display = ":\(number)"
    }

    deinit {
        if let app, app.isRunning { app.terminate(); app.waitUntilExit() }
        xvfb.terminate()
        xvfb.waitUntilExit()
        try? FileManager.default.removeItem(atPath: scratch)
    }

    /// Polls `condition` until it holds; after `timeout` seconds fails the test with `what`.
    static func wait(timeout: Double, for what: String, _ condition: () -> Bool) throws {
        let end = Date().addingTimeInterval(timeout)
        while !condition() {
            guard Date() < end else {
                throw NSError(domain: "WindowHarness", code: 1, userInfo: [NSLocalizedDescriptionKey: "timed out waiting for \(what)"])
            }
            usleep(50_000)
        }
    }

    /// Starts `scrawl ARGS` on the display and waits for its window.
    func launch(_ arguments: [String], environment extra: [String: String] = [:], stdout: String? = nil) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: try WindowHarness.binary())
        p.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = display
        env.removeValue(forKey: "WAYLAND_DISPLAY")
        // Autosave and quit-saves go to a scratch folder, never the real home.
        env["XDG_STATE_HOME"] = scratch + "/state"
        env["XDG_PICTURES_DIR"] = scratch + "/pictures"
        env["HOME"] = scratch
        try? FileManager.default.createDirectory(atPath: scratch + "/pictures", withIntermediateDirectories: true)
        for (k, v) in extra { env[k] = v }
        p.environment = env
        if let stdout {
            FileManager.default.createFile(atPath: stdout, contents: nil)
            p.standardOutput = FileHandle(forWritingAtPath: stdout)
        } else {
            p.standardOutput = FileHandle.nullDevice
        }
        try p.run()
        app = p
        try WindowHarness.wait(timeout: 20, for: "the Scrawl window") {
            p.isRunning && (try? self.xdotool(["search", "--onlyvisible", "--name", "Scrawl"]))?.isEmpty == false
        }
        usleep(300_000)
    }

    /// Runs xdotool with `args` on this display; returns its standard output.
    @discardableResult
    func xdotool(_ args: [String]) throws -> String {
        try WindowHarness.run("/usr/bin/xdotool", args, display: display)
    }

    /// Drags the left button through window points (the window sits at the screen's top-left).
    func drag(_ points: [(Int, Int)], modifiers: [String] = []) throws {
        guard let first = points.first else { return }
        for m in modifiers { try xdotool(["keydown", m]) }
        try xdotool(["mousemove", "\(first.0)", "\(first.1)", "mousedown", "1"])
        for p in points.dropFirst() { try xdotool(["mousemove", "\(p.0)", "\(p.1)"]); usleep(30_000) }
        try xdotool(["mouseup", "1"])
        for m in modifiers { try xdotool(["keyup", m]) }
        usleep(200_000)
    }

    /// The Scrawl window's title.
    func title() throws -> String {
        let id = try xdotool(["search", "--name", "Scrawl"]).split(separator: "\n").first.map(String.init) ?? ""
        return try xdotool(["getwindowname", id]).trimmingCharacters(in: .newlines)
    }

    /// Waits until the window title contains `text` (a condition, not a fixed sleep); returns it.
    @discardableResult
    func waitForTitle(containing text: String, timeout: Double = 10) throws -> String {
        var last = ""
        try WindowHarness.wait(timeout: timeout, for: "a title containing \"\(text)\" (last: \"\(last)\")") {
            last = (try? title()) ?? ""
            return last.contains(text)
        }
        return last
    }

    /// Whether the app is still running.
    var isRunning: Bool { app?.isRunning ?? false }

    /// Presses keys by xdotool name (`1`, `ctrl+z`, `bracketright`).
    func key(_ names: String...) throws {
        for n in names { try xdotool(["key", n]); usleep(100_000) }
    }

    /// A screenshot taken once the screen has stopped changing (the app has drawn every event it was
    /// sent), so slow machines do not race the redraw; gives up waiting after about 5 seconds.
    func screenshot() throws -> FrameImage {
        var last = try rawScreenshot()
        for _ in 0..<25 {
            usleep(150_000)
            let next = try rawScreenshot()
            if next.rgba == last.rgba { return next }
            last = next
        }
        return last
    }

    /// One screenshot of the whole screen.
    func rawScreenshot() throws -> FrameImage {
        let path = NSTemporaryDirectory() + "scrawl-shot-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try WindowHarness.run("/usr/bin/import", ["-window", "root", path], display: display)
        let img = try PNGCodec.read(path: path)
        return FrameImage(width: img.width, height: img.height, rgba: img.pixels)
    }

    /// Sampled pixels (every `step`-th row and column of `image`) whose colour differs by more than
    /// `tolerance` in a channel from the screenshot's pixel `top` rows lower: how a recording
    /// rendered headlessly is compared with what the window showed.
    static func mismatches(_ shot: FrameImage, _ image: RasterImage, top: Int = 0, step: Int = 2, tolerance: Int = 2) -> Int {
        var count = 0
        for y in stride(from: 0, to: image.height, by: step) {
            for x in stride(from: 0, to: image.width, by: step) {
                let s = shot.pixel(x, y + top), i = (y * image.width + x) * 4
                let shown = [Int(s.0), Int(s.1), Int(s.2)]
                if (0..<3).contains(where: { abs(shown[$0] - Int(image.pixels[i + $0])) > tolerance }) { count += 1 }
            }
        }
        return count
    }

    /// Kills the app with SIGKILL (no chance to save) and waits for it.
    func kill9() throws {
        guard let app else { return }
        kill(app.processIdentifier, SIGKILL)
        app.waitUntilExit()
        usleep(300_000)
    }

    /// Waits for the app to exit and returns its status.
    func waitForExit(timeout: Double = 10) throws -> Int32 {
        guard let app else { return -1 }
        try WindowHarness.wait(timeout: timeout, for: "scrawl to exit") { !app.isRunning }
        return app.terminationStatus
    }

    /// Runs a program to completion; throws with its stderr when it fails.
    @discardableResult
    static func run(_ tool: String, _ args: [String], display: String? = nil) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: tool)
        p.arguments = args
        var env = ProcessInfo.processInfo.environment
        if let display { env["DISPLAY"] = display }
        p.environment = env
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else {
            throw NSError(domain: tool, code: Int(p.terminationStatus),
                          userInfo: [NSLocalizedDescriptionKey: String(decoding: errData, as: UTF8.self)])
        }
        return String(decoding: data, as: UTF8.self)
    }
}
