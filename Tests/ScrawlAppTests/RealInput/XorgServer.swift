import Foundation
import XCTest

/// A real Xorg server for one test: a dummy screen of `XorgConfig.width` x `height` and the
/// `TestDevice` inputtest devices, started as root on a free display (`-displayfd`: the server
/// picks the number, so parallel test processes never race for one) with its config, log and
/// sockets in a scratch folder. `init` returns once the server accepts clients and every device is
/// there, enabled and attached (a floating one is reattached to the core pointer; `laterPen` is
/// disabled). It never passes for a server that did not start: any problem throws with the reason
/// and the end of Xorg's log. `stop()` (also run by `deinit`) ends it; a watchdog ends it too if
/// the test process dies first.
final class XorgServer {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let display: String
    let folder: String
    let config: XorgConfig
    var logPath: String { folder + "/Xorg.log" }
    private let process: Process
    private var watchdog: Process?
    private var clients: [InputTestDevice] = []

    static let xorg = "/usr/bin/Xorg", xinputTool = "/usr/bin/xinput"
    static let modules = ["/usr/lib/xorg/modules/input/inputtest_drv.so", "/usr/lib/xorg/modules/drivers/dummy_drv.so"]

    init(timeout: Double = 30, videoDriver: String = "dummy") throws {
        for file in [Self.xorg, Self.xinputTool] + Self.modules where !FileManager.default.fileExists(atPath: file) {
            throw Failure(description: "\(file) is missing: the real-input tests need xserver-xorg-core, "
                          + "xserver-xorg-video-dummy and xinput (make test installs them)")
        }
        folder = NSTemporaryDirectory() + "scrawl-xorg-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        config = XorgConfig(folder: folder, videoDriver: videoDriver)
        let ready = Pipe()
        process = Process()
        let number: Int
        do {
            try Self.launch(process, folder: folder, config: config, ready: ready)
            number = try Self.readDisplayNumber(ready.fileHandleForReading.fileDescriptor, timeout: timeout,
                                                server: process, log: { [folder] in Self.tail(folder) })
        } catch {
            Self.end(process)
            try? FileManager.default.removeItem(atPath: folder)
            throw error
        }
        display = ":\(number)"
        watchdog = try? Self.startWatchdog(for: process.processIdentifier, folder: folder)
        do {
            try prepareDevices()
        } catch {
            stop()
            throw error
        }
    }

    deinit { stop() }

    /// Ends the server (SIGTERM, then SIGKILL if it has not gone within 10 s), then hangs up the
    /// injectors (after the server, so no driver spins on a closed connection), and removes the folder.
    func stop() {
        Self.end(process)
        for client in clients { client.close() }
        clients = []
        if let watchdog, watchdog.isRunning { watchdog.terminate() }
        watchdog = nil
        try? FileManager.default.removeItem(atPath: folder)
    }

    var isRunning: Bool { process.isRunning }

    /// The last lines of Xorg's log and standard error, for a failure's message.
    func logTail(lines: Int = 25) -> String { Self.tail(folder, lines: lines) }

    // MARK: Devices

    /// Connects an injector to `device` (kept open until `stop`, see `InputTestDevice`).
    func connect(_ device: TestDevice) throws -> InputTestDevice {
        let client = try InputTestDevice(socketPath: config.socketPath(device), name: device.name,
                                         screenWidth: XorgConfig.width, screenHeight: XorgConfig.height)
        clients.append(client)
        return client
    }

    /// Enables `laterPen` (as if it were plugged in) and connects an injector to it.
    func plugIn(_ device: TestDevice = .laterPen) throws -> InputTestDevice {
        try xinput(["enable", device.name])
        try attach(device)
        return try connect(device)
    }

    /// Reattaches `device` to its core device if it floats (a pen can come up floating).
    private func attach(_ device: TestDevice) throws {
        guard try deviceLines()[device.name]?.contains("floating") != false else { return }
        try xinput(["reattach", device.name, device.isPointer ? "Virtual core pointer" : "Virtual core keyboard"])
        let line = try deviceLines()[device.name]
        guard line?.contains("floating") == false else {
            throw Failure(description: "\"\(device.name)\" stays floating: \(line ?? "gone")\n--- Xorg log ---\n\(logTail())")
        }
    }

    /// Runs xinput on this display; returns what it printed.
    @discardableResult
    func xinput(_ args: [String]) throws -> String {
        do {
            return try WindowHarness.run(Self.xinputTool, args, display: display)
        } catch {
            throw Failure(description: "xinput \(args.joined(separator: " ")) failed on \(display): "
                          + "\(error.localizedDescription)\n--- Xorg log ---\n\(logTail())")
        }
    }

    /// The device's XI2 id.
    func id(of device: TestDevice) throws -> Int {
        let text = try xinput(["list", "--id-only", device.name]).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let id = Int(text) else { throw Failure(description: "xinput list --id-only \"\(device.name)\" printed \"\(text)\"") }
        return id
    }

    /// One `xinput list` line per device name: "↳ NAME  id=N  [slave  pointer  (2)]" and the like.
    func deviceLines() throws -> [String: String] {
        var lines: [String: String] = [:]
        for line in try xinput(["list"]).split(separator: "\n") {
            for device in TestDevice.allCases where line.contains(device.name + " ") || line.hasSuffix(device.name) {
                // "Scrawl test pen" is a prefix of the other pens' names: keep the exact one.
                let afterName = line.components(separatedBy: device.name).last ?? ""
                if afterName.trimmingCharacters(in: .whitespaces).hasPrefix("id=") { lines[device.name] = String(line) }
            }
        }
        return lines
    }

    /// Checks that every device is there, reattaches a floating pointer to the core pointer, and
    /// disables the devices that start disabled.
    private func prepareDevices() throws {
        let lines = try deviceLines()
        for device in TestDevice.allCases {
            guard lines[device.name] != nil else {
                throw Failure(description: "Xorg on \(display) has no device \"\(device.name)\"\n--- Xorg log ---\n\(logTail())")
            }
            try attach(device)
        }
        for device in TestDevice.allCases where !device.enabledAtStart { try xinput(["disable", device.name]) }
    }

    // MARK: Starting and stopping

    /// Writes the config into `folder` and starts Xorg with it; Xorg writes its display number to `ready`.
    private static func launch(_ process: Process, folder: String, config: XorgConfig, ready: Pipe) throws {
        try FileManager.default.createDirectory(atPath: folder + "/xorg.conf.d", withIntermediateDirectories: true)
        try config.text.write(toFile: folder + "/xorg.conf", atomically: true, encoding: .utf8)
        process.executableURL = URL(fileURLWithPath: xorg)
        // -configdir: an empty folder, so no xorg.conf.d snippet of this machine changes the setup.
        process.arguments = ["-displayfd", "1", "-config", folder + "/xorg.conf", "-configdir", folder + "/xorg.conf.d",
                             "-noreset", "-nolisten", "tcp", "-novtswitch", "-sharevts", "-logfile", folder + "/Xorg.log"]
        process.standardOutput = ready
        _ = FileManager.default.createFile(atPath: folder + "/stderr.txt", contents: nil)
        process.standardError = FileHandle(forWritingAtPath: folder + "/stderr.txt")
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw Failure(description: "cannot run \(xorg): \(error)")
        }
    }

    /// Reads the display number Xorg writes to -displayfd once it accepts clients; fails with the
    /// log when Xorg exits first or `timeout` passes.
    private static func readDisplayNumber(_ fd: Int32, timeout: Double, server: Process, log: () -> String) throws -> Int {
        let deadline = Date().addingTimeInterval(timeout)
        var text = ""
        var buffer = [UInt8](repeating: 0, count: 64)
        while !text.contains("\n") {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else {
                throw Failure(description: "Xorg printed no display number within \(Int(timeout)) s\n--- Xorg log ---\n\(log())")
            }
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, Int32(left * 1000) + 1) > 0 else { continue }
            let n = read(fd, &buffer, buffer.count)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                _ = waitForExit(server, seconds: 5)
                let how = server.isRunning ? "closed its -displayfd"
                    : "exited with \(server.terminationReason == .uncaughtSignal ? "signal" : "status") \(server.terminationStatus)"
                let root = getuid() == 0 ? "" : " (this process is not root: Xorg with the dummy driver needs root here)"
                throw Failure(description: "Xorg \(how) before it was ready\(root)\n--- Xorg log ---\n\(log())")
            }
            text += String(decoding: buffer[0..<n], as: UTF8.self)
        }
        guard let number = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw Failure(description: "Xorg wrote \"\(text)\" to -displayfd, not a display number")
        }
        return number
    }

    /// A shell that waits on a pipe only this process writes to: when this process ends (even
    /// killed), the pipe closes, `read` returns and the shell ends the server and removes its folder.
    private static func startWatchdog(for pid: Int32, folder: String) throws -> Process {
        let guardProcess = Process()
        guardProcess.executableURL = URL(fileURLWithPath: "/bin/sh")
        guardProcess.arguments = ["-c", "read _ignored; kill -TERM \(pid) 2>/dev/null; rm -rf \"$0\"", folder]
        let pipe = Pipe()
        guardProcess.standardInput = pipe
        guardProcess.standardOutput = FileHandle.nullDevice
        guardProcess.standardError = FileHandle.nullDevice
        try guardProcess.run()
        // The write end stays open here as long as the Process (which holds the Pipe) does; the
        // children started later (the app, xinput) do not inherit it: Foundation closes their
        // other descriptors. Checked by killing a test process with SIGKILL.
        return guardProcess
    }

    /// SIGTERM, then SIGKILL if it has not gone within 10 s.
    private static func end(_ process: Process) {
        guard process.isRunning else { return }
        process.terminate()
        if !waitForExit(process, seconds: 10) {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    /// Waits for `process` to exit, polling its state (not a guess at how long it takes).
    private static func waitForExit(_ process: Process, seconds: Double) -> Bool {
        let end = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < end { usleep(10_000) }
        return !process.isRunning
    }

    private static func tail(_ folder: String, lines: Int = 25) -> String {
        func last(_ file: String) -> String {
            let text = (try? String(contentsOfFile: folder + "/" + file, encoding: .utf8)) ?? "(no \(file))"
            return text.split(separator: "\n", omittingEmptySubsequences: false).suffix(lines).joined(separator: "\n")
        }
        return last("Xorg.log") + "\n--- Xorg's standard error ---\n" + last("stderr.txt")
    }
}
