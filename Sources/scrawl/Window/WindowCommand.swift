import CGLFW
import Foundation
import ScrawlCore
import ScrawlGL
import ScrawlSession

/// `scrawl [FILE.scrawl] [--record FILE.json] [--stamp FILE.png] [--scale S]`: the window app.
enum WindowCommand {
    struct Options {
        var record: String?
        var stamp: String?
        var scale: Double?
        var document: String?
        var verbose = false
    }

    /// Opens the window for a command line parsed through `CommandSpec.window`.
    static func run(_ p: ParsedCommand) throws -> Int32 {
        var o = Options()
        o.record = p.text("--record")
        o.stamp = p.text("--stamp")
        o.scale = p.number("--scale")
        o.document = p.operands.first
        o.verbose = p.flag("--verbose")
        let stamp = try StampLoader.load(option: o.stamp, replayStamp: nil, relativeTo: ".")
        let start: SessionStart
        do { start = try SessionStart.make(file: o.document, environment: .process) } catch {
            if error.isUsage { throw UsageError(message: error.message) }
            throw CommandFailure.badInput(error.message)
        }
        if start.stamp != nil, o.stamp == nil { o.stamp = o.document }  // a recording names the picture
        try GLFWSession.start()
        defer { glfwTerminate() }
        QuitSignals.install()
        let seed = UInt64(Date().timeIntervalSince1970 * 1000)
        let app = try WindowApp(start: start, seed: seed, stamp: stamp, options: o)
        return app.run()
    }
}

/// GLFW initialisation with a clear message when there is no display.
enum GLFWSession {
    nonisolated(unsafe) static var lastError = ""

    static func start() throws {
        glfwSetErrorCallback { _, description in
            GLFWSession.lastError = description.map { String(cString: $0) } ?? "unknown GLFW error"
        }
        guard glfwInit() == GLFW_TRUE else {
            let env = ProcessInfo.processInfo.environment
            let none = (env["DISPLAY"] ?? "").isEmpty && (env["WAYLAND_DISPLAY"] ?? "").isEmpty
            let why = none ? "no display (DISPLAY and WAYLAND_DISPLAY are not set)" : "cannot open the display (\(lastError))"
            throw CommandFailure.environment("\(why); to draw without a display use 'scrawl render REPLAY.json -o OUT.png'")
        }
    }
}
