import Foundation
import XCTest

/// The outcome of one `scrawl` run.
struct CLIResult {
    /// The exit status, or 128 + the signal number when a signal killed it.
    let status: Int32
    let stdout: String
    let stderr: String
    let killedBySignal: Bool

    /// stderr is exactly one non-empty line ending in a newline.
    var stderrIsOneLine: Bool {
        stderr.hasSuffix("\n") && stderr.dropLast().firstIndex(of: "\n") == nil && stderr.count > 1
    }

    var summary: String { "status \(status)\(killedBySignal ? " (signal)" : ""), stderr: \(stderr.debugDescription)" }
}

/// Finds and runs the built `scrawl` binary.
enum ScrawlCLI {
    /// The package root: three levels above this file (Tests/ScrawlAppTests/ThisFile.swift).
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// `SCRAWL_BIN` (set by `make test`), else the newest of `.build/debug/scrawl` and
    /// `.build/release/scrawl` under the package root; skips the test when there is none.
    static func binary(file: StaticString = #filePath, line: UInt = #line) throws -> URL {
        let fm = FileManager.default
        if let path = ProcessInfo.processInfo.environment["SCRAWL_BIN"], !path.isEmpty {
            guard fm.isExecutableFile(atPath: path) else {
                XCTFail("SCRAWL_BIN is \(path), which is not an executable file", file: file, line: line)
                throw XCTSkip("SCRAWL_BIN does not name an executable")
            }
            return URL(fileURLWithPath: path)
        }
        let candidates = [".build/debug/scrawl", ".build/release/scrawl"]
            .map { packageRoot.appendingPathComponent($0) }
            .filter { fm.isExecutableFile(atPath: $0.path) }
        func modified(_ url: URL) -> Date {
            ((try? fm.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date) ?? .distantPast
        }
        guard let newest = candidates.max(by: { modified($0) < modified($1) }) else {
            throw XCTSkip("no scrawl binary: SCRAWL_BIN is not set and neither .build/debug/scrawl nor "
                          + ".build/release/scrawl exists under \(packageRoot.path); run `swift build` first")
        }
        return newest
    }

    /// Runs `scrawl args` in `directory`, with the environment changed by `environment` (nil values
    /// remove a variable), and waits for it. With `watchdog`, a run still going after that many
    /// seconds is killed (SIGKILL, reported as status 137), so a hang fails the test instead of
    /// hanging the suite; it is a bound far past any normal run, not a measurement.
    static func run(_ args: [String], in directory: URL, environment: [String: String?] = [:],
                    watchdog: Double? = nil) throws -> CLIResult {
        let process = Process()
        process.executableURL = try binary()
        process.arguments = args
        process.currentDirectoryURL = directory
        var env = ProcessInfo.processInfo.environment
        for (k, v) in environment { env[k] = v }
        process.environment = env
        let outURL = directory.appendingPathComponent(".stdout-\(UUID().uuidString)")
        let errURL = directory.appendingPathComponent(".stderr-\(UUID().uuidString)")
        FileManager.default.createFile(atPath: outURL.path, contents: nil)
        FileManager.default.createFile(atPath: errURL.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: outURL)
            try? FileManager.default.removeItem(at: errURL)
        }
        let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let killer = DispatchWorkItem { [process] in if process.isRunning { process.forceKill() } }
        if let watchdog { DispatchQueue.global().asyncAfter(deadline: .now() + watchdog, execute: killer) }
        process.waitUntilExit()
        killer.cancel()
        try out.close(); try err.close()
        let signal = process.terminationReason == .uncaughtSignal
        return CLIResult(status: signal ? 128 + process.terminationStatus : process.terminationStatus,
                         stdout: (try? String(contentsOf: outURL, encoding: .utf8)) ?? "<not UTF-8>",
                         stderr: (try? String(contentsOf: errURL, encoding: .utf8)) ?? "<not UTF-8>",
                         killedBySignal: signal)
    }
}

/// Base class: a fresh temporary folder per test, removed afterwards.
class CLITestCase: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws {
        _ = try ScrawlCLI.binary()  // skip early when there is no binary
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("scrawl-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        if let dir { try? FileManager.default.removeItem(at: dir) }
    }

    /// Writes `text` to `name` in the test folder; returns the path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let url = dir.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    func scrawl(_ args: String..., environment: [String: String?] = [:]) throws -> CLIResult {
        try ScrawlCLI.run(args, in: dir, environment: environment)
    }

    func scrawl(arguments: [String], environment: [String: String?] = [:]) throws -> CLIResult {
        try ScrawlCLI.run(arguments, in: dir, environment: environment)
    }

    func path(_ name: String) -> String { dir.appendingPathComponent(name).path }

    /// `scrawl args` killed after `watchdog` seconds (see `ScrawlCLI.run`).
    func scrawl(_ args: String..., watchdog: Double) throws -> CLIResult {
        try ScrawlCLI.run(args, in: dir, watchdog: watchdog)
    }
}

extension Process {
    /// SIGKILL (`terminate()` sends SIGTERM, which a process may handle).
    func forceKill() { kill(processIdentifier, SIGKILL) }
}
