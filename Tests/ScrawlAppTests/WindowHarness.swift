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
    /// The Xvfb this harness started; nil on a server someone else owns (`init(display:)`).
    private let xvfb: Process?
    private var app: Process?

    /// The built `scrawl` binary (see `ScrawlCLI.binary`).
    static func binary() throws -> String { try ScrawlCLI.binary().path }

    /// Starts Xvfb on a free display number.
    init() throws {
        for tool in ["/usr/bin/Xvfb", "/usr/bin/xdotool", "/usr/bin/import"] where !FileManager.default.isExecutableFile(atPath: tool) {
            throw XCTSkip("\(tool) is missing (make test installs xvfb, xdotool and imagemagick)")
        }
        // Xvfb picks a free display number itself and writes it to -displayfd once it listens:
        // no race with other test processes probing for free numbers at the same time. -noreset:
        // by default an X server resets when its last client leaves, and a client connecting
        // meanwhile (the app, right after an xdotool call) is refused.
        let xvfb = Process()
        self.xvfb = xvfb
        xvfb.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
        xvfb.arguments = ["-displayfd", "1", "-screen", "0", "1024x768x24", "-nolisten", "tcp", "-noreset"]
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

    /// Runs the app on `display`, a server the caller started and stops (the real-input tests' Xorg).
    init(display: String) {
        self.display = display
        xvfb = nil
    }

    deinit {
        if let app, app.isRunning { app.terminate(); app.waitUntilExit() }
        xvfb?.terminate()
        xvfb?.waitUntilExit()
        try? FileManager.default.removeItem(atPath: scratch)
    }

    /// Polls `condition` until it holds; after `timeout` seconds fails the test with `what`.
    /// `poll` is the pause between two looks, not a guess at how long the app needs.
    static func wait(timeout: Double, poll: Double = 0.05, for what: @autoclosure () -> String, _ condition: () -> Bool) throws {
        let end = Date().addingTimeInterval(timeout)
        while !condition() {
            guard Date() < end else {
                throw NSError(domain: "WindowHarness", code: 1, userInfo: [NSLocalizedDescriptionKey: "timed out waiting for \(what())"])
            }
            usleep(useconds_t(poll * 1_000_000))
        }
    }

    /// Waits until no Scrawl window is left on the display (the X server removes a closed or killed
    /// client's window once it sees the connection gone).
    func waitForNoWindow(timeout: Double = 10) throws {
        try WindowHarness.wait(timeout: timeout, for: "the previous Scrawl window to go") {
            ((try? self.xdotool(["search", "--name", "Scrawl"])) ?? "").isEmpty
        }
    }

    /// Waits until the app has handled every event sent to it and drawn the result: its main thread
    /// is blocked in GLFW's wait for X events (read from /proc; see `AppActivity`) on three looks in
    /// a row, 5 ms apart. Where /proc cannot tell (another kernel, another GLFW), waits instead until two
    /// screenshots 150 ms apart are the same, which can return before a slow app has started.
    func waitUntilIdle(timeout: Double = 20) throws {
        guard let app, app.isRunning else { return }
        let activity = AppActivity(pid: app.processIdentifier)
        if activity.isWaitingForInput() != nil {
            var streak = 0
            try WindowHarness.wait(timeout: timeout, poll: 0.005, for: "scrawl to handle its input (\(activity.describe()))") {
                guard app.isRunning else { return true }
                streak = activity.isWaitingForInput() == true ? streak + 1 : 0
                return streak >= 3
            }
            return
        }
        var last = try rawScreenshot()
        try WindowHarness.wait(timeout: timeout, poll: 0.15, for: "the screen to stop changing") {
            guard let next = try? rawScreenshot() else { return false }
            defer { last = next }
            return next.rgba == last.rgba
        }
    }

    /// Starts `scrawl ARGS` on the display and waits for its window; `stdout` and `stderr` name
    /// files that take what it prints (else it goes nowhere, or to the test's own standard error).
    /// Unless `firstStart`, a settings file of the defaults is written first where none is, so the
    /// window is not on its first start (whose hint would be on the canvas).
    func launch(_ arguments: [String], environment extra: [String: String] = [:], stdout: String? = nil,
                stderr: String? = nil, firstStart: Bool = false) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: try WindowHarness.binary())
        p.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = display
        env.removeValue(forKey: "WAYLAND_DISPLAY")
        // Autosave and quit-saves go to a scratch folder, never the real home.
        env["XDG_STATE_HOME"] = scratch + "/state"
        env["XDG_PICTURES_DIR"] = scratch + "/pictures"
        env["XDG_CONFIG_HOME"] = scratch + "/config"  // settings.json stays in the scratch folder
        env["HOME"] = scratch
        // Never the machine's own desktop portal: a test that wants one passes its own bus.
        env["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=" + scratch + "/no-session-bus"
        try? FileManager.default.createDirectory(atPath: scratch + "/pictures", withIntermediateDirectories: true)
        for (k, v) in extra { env[k] = v }
        p.environment = env
        if !firstStart, let config = env["XDG_CONFIG_HOME"] {
            let settings = config + "/scrawl/settings.json"
            if !FileManager.default.fileExists(atPath: settings) {
                try FileManager.default.createDirectory(atPath: config + "/scrawl", withIntermediateDirectories: true)
                try Data(SettingsCoding.encode(SavedSettings())).write(to: URL(fileURLWithPath: settings))
            }
        }
        if let stdout {
            FileManager.default.createFile(atPath: stdout, contents: nil)
            p.standardOutput = FileHandle(forWritingAtPath: stdout)
        } else {
            p.standardOutput = FileHandle.nullDevice
        }
        if let stderr {
            FileManager.default.createFile(atPath: stderr, contents: nil)
            p.standardError = FileHandle(forWritingAtPath: stderr)
        }
        // A window left by the previous process (quit or killed) goes once the server sees it gone.
        try waitForNoWindow()
        try p.run()
        app = p
        // The first frame is drawn when the title changes from the one the window was created with.
        try WindowHarness.wait(timeout: 20, for: "the Scrawl window's first frame") {
            guard p.isRunning else { return true }  // said below, at once
            guard let t = try? self.title() else { return false }
            return t.hasPrefix("Scrawl") && t != "Scrawl"
        }
        guard p.isRunning else {
            throw NSError(domain: "WindowHarness", code: 3,
                          userInfo: [NSLocalizedDescriptionKey: "scrawl exited with status \(p.terminationStatus) before its first frame "
                                     + serverState()])
        }
        try waitUntilIdle()
    }

    /// Whether the X server is still there, for a failure's message.
    private func serverState() -> String {
        guard let xvfb else { return "(X server \(display))" }
        return xvfb.isRunning ? "(Xvfb \(display) is running)"
            : "(Xvfb \(display) exited: \(xvfb.terminationReason == .uncaughtSignal ? "signal" : "status") \(xvfb.terminationStatus))"
    }

    /// Runs xdotool with `args` on this display; returns its standard output.
    @discardableResult
    func xdotool(_ args: [String]) throws -> String {
        try WindowHarness.run("/usr/bin/xdotool", args, display: display)
    }

    /// Drags the left (or another) button through window points (the window sits at the screen's top-left).
    /// The app reads the pointer's position when it handles a press or a release (GLFW asks the X
    /// server where the pointer is now), so it must have handled each before the pointer moves on:
    /// the drag waits until the app is idle after the press and after the release.
    func drag(_ points: [(Int, Int)], modifiers: [String] = [], button: Int = 1) throws {
        guard let first = points.first else { return }
        for m in modifiers { try xdotool(["keydown", m]) }
        try xdotool(["mousemove", "\(first.0)", "\(first.1)", "mousedown", "\(button)"])
        try waitUntilIdle()
        let moves = points.dropFirst().flatMap { ["mousemove", "\($0.0)", "\($0.1)"] }
        if !moves.isEmpty { try xdotool(moves) }
        try xdotool(["mouseup", "\(button)"])
        try waitUntilIdle()
        for m in modifiers { try xdotool(["keyup", m]) }
        if !modifiers.isEmpty { try waitUntilIdle() }
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

    /// Presses keys by xdotool name (`1`, `ctrl+z`, `bracketright`), then waits until the app has
    /// handled them (see `waitUntilIdle`).
    func key(_ names: String...) throws {
        guard !names.isEmpty else { return }
        try xdotool(["key"] + names)
        try waitUntilIdle()
    }

    /// A screenshot taken once the app has handled every event it was sent and drawn the result
    /// (`waitUntilIdle`), so slow machines do not race the redraw.
    func screenshot() throws -> FrameImage {
        try waitUntilIdle()
        return try rawScreenshot()
    }

    /// Screenshots until `condition` holds for one (a toast shown, a tooltip due after a delay), and
    /// returns it; after `timeout` seconds fails with `what`.
    func screenshot(until what: String, timeout: Double = 10, _ condition: (FrameImage) -> Bool) throws -> FrameImage {
        var shot: FrameImage?
        try WindowHarness.wait(timeout: timeout, for: what) {
            shot = try? rawScreenshot()
            return shot.map(condition) ?? false
        }
        return shot!
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

    /// Kills the app with SIGKILL (no chance to save) and waits for it and for its window to go.
    func kill9() throws {
        guard let app else { return }
        kill(app.processIdentifier, SIGKILL)
        app.waitUntilExit()
        try waitForNoWindow()
    }

    /// Sends `signal` to the app (SIGTERM, SIGINT: a quit asked from outside the window).
    func send(_ signal: Int32) {
        guard let app else { return }
        kill(app.processIdentifier, signal)
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
