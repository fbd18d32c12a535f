import Foundation
import XCTest

/// A session bus of the test's own (`dbus-daemon` with a minimal configuration: no services to
/// start, every name and message allowed) and, on it, the stand-in desktop portal
/// (`ScrawlTestPortal`, built with the tests) when asked for. Both end with the value.
final class PortalTestBus {
    let folder: String
    /// The bus's address (DBUS_SESSION_BUS_ADDRESS for the clients).
    private(set) var address = ""
    private let daemon = Process()
    private var portal: Process?

    var logPath: String { folder + "/portal.log" }
    var answerPath: String { folder + "/portal-answer" }

    init(folder: String, withPortal: Bool = true) throws {
        self.folder = folder
        for tool in ["/usr/bin/dbus-daemon"] where !FileManager.default.isExecutableFile(atPath: tool) {
            throw XCTSkip("\(tool) is missing (make test installs dbus)")
        }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let config = folder + "/bus.conf"
        let text = """
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <busconfig><type>session</type><listen>unix:path=\(folder)/bus</listen><auth>EXTERNAL</auth>
            <policy context="default"><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/>
            <allow own="*"/></policy></busconfig>
            """
        try text.write(toFile: config, atomically: true, encoding: .utf8)
        daemon.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        daemon.arguments = ["--config-file=\(config)", "--nofork", "--print-address=1"]
        let out = Pipe()
        daemon.standardOutput = out
        try daemon.run()
        address = try PortalTestBus.firstLine(out, of: "dbus-daemon")
        if withPortal { try startPortal() }
    }

    deinit {
        for p in [portal, daemon] where p?.isRunning == true {
            p?.terminate()
            p?.waitUntilExit()
        }
    }

    /// The stand-in portal's binary: beside the test runner (both built by `swift test`), else
    /// beside SCRAWL_BIN, else in the package's release or debug build.
    static func portalBinary() throws -> String {
        let runner = URL(fileURLWithPath: ProcessInfo.processInfo.arguments[0]).resolvingSymlinksInPath()
        var folders = [runner.deletingLastPathComponent(), try ScrawlCLI.binary().deletingLastPathComponent()]
        folders += ["release", "debug"].map { ScrawlCLI.packageRoot.appendingPathComponent(".build/" + $0) }
        let candidates = folders.map { $0.appendingPathComponent("ScrawlTestPortal").path }
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw XCTSkip("ScrawlTestPortal is not built (swift test builds it beside the test bundle)")
        }
        return found
    }

    /// Starts the stand-in portal and waits until it owns its name.
    func startPortal() throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: try PortalTestBus.portalBinary())
        p.arguments = [logPath, answerPath]
        var env = ProcessInfo.processInfo.environment
        env["DBUS_SESSION_BUS_ADDRESS"] = address
        p.environment = env
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        portal = p
        let line = try PortalTestBus.firstLine(out, of: "ScrawlTestPortal")
        XCTAssertEqual(line, "ready")
    }

    /// How the portal answers the next calls (see Tests/ScrawlTestPortal/main.swift).
    func answer(_ line: String) throws { try (line + "\n").write(toFile: answerPath, atomically: true, encoding: .utf8) }

    /// Answers with the file URI of `path` (percent-escaped as a portal sends it).
    func answer(file path: String) throws {
        let uri = URL(fileURLWithPath: path).absoluteString
        try answer("uri " + uri)
    }

    /// The portal's log so far: one line per call or close.
    var log: [String] {
        ((try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// Waits until the log holds `count` lines; returns them.
    @discardableResult
    func waitForLog(lines count: Int, timeout: Double = 15) throws -> [String] {
        try WindowHarness.wait(timeout: timeout, for: "\(count) lines in the portal's log (\(log))") { log.count >= count }
        return log
    }

    private static func firstLine(_ pipe: Pipe, of what: String) throws -> String {
        var text = ""
        while !text.contains("\n") {
            let chunk = pipe.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        guard let line = text.split(separator: "\n").first.map(String.init), !line.isEmpty else {
            throw NSError(domain: "PortalTestBus", code: 1, userInfo: [NSLocalizedDescriptionKey: "\(what) printed nothing"])
        }
        return line
    }
}
