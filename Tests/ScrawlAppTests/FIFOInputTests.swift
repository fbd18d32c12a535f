import Foundation
import XCTest

/// A FIFO named as an input blocks a plain open() until a writer comes, which never happens here:
/// `render`, `export`, `--stamp`, a replay's own stamp and `scrawl FILE` refuse it at once with
/// one line, exit 2. Each run has a watchdog: a regression is killed and fails instead of hanging.
final class FIFOInputTests: CLITestCase {
    /// Far past any run here (a render of a 64x48 replay), on a loaded machine too.
    private let watchdog = 120.0

    /// A FIFO called `name` in the test folder.
    private func fifo(_ name: String) throws -> String {
        let p = path(name)
        guard mkfifo(p, 0o600) == 0 else { throw XCTSkip("mkfifo failed: \(String(cString: strerror(errno)))") }
        return p
    }

    private func assertRefused(_ result: CLIResult, naming name: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(result.killedBySignal, "blocked on the FIFO until the watchdog killed it: \(result.summary)", file: file, line: line)
        XCTAssertEqual(result.status, 2, result.summary, file: file, line: line)
        XCTAssertTrue(result.stderrIsOneLine, result.summary, file: file, line: line)
        XCTAssertTrue(result.stderr.contains(name), result.summary, file: file, line: line)
        XCTAssertTrue(result.stderr.contains("not a regular file"), result.summary, file: file, line: line)
    }

    func testRenderRefusesAFIFODocumentAndReplay() throws {
        _ = try fifo("pipe.scrawl")
        _ = try fifo("pipe.json")
        assertRefused(try scrawl("render", "pipe.scrawl", "-o", "out.png", watchdog: watchdog), naming: "pipe.scrawl")
        XCTAssertTrue(try scrawl("render", "pipe.scrawl", "-o", "out.png", watchdog: watchdog).stderr.contains("FIFO"))
        // Streamed (the default) and read whole (--fit).
        assertRefused(try scrawl("render", "pipe.json", "-o", "out.png", watchdog: watchdog), naming: "pipe.json")
        assertRefused(try scrawl("render", "pipe.json", "-o", "out.png", "--fit", watchdog: watchdog), naming: "pipe.json")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("out.png")))
    }

    func testExportRefusesAFIFODocument() throws {
        _ = try fifo("pipe.scrawl")
        assertRefused(try scrawl("export", "pipe.scrawl", "-o", "out.svg", watchdog: watchdog), naming: "pipe.scrawl")
        assertRefused(try scrawl("export", "pipe.scrawl", "-o", "out.png", watchdog: watchdog), naming: "pipe.scrawl")
    }

    func testAFIFOStampIsRefused() throws {
        _ = try fifo("pipe.png")
        try write("in.json", CLITests.replay())
        assertRefused(try scrawl("render", "in.json", "-o", "out.png", "--stamp", "pipe.png", watchdog: watchdog), naming: "pipe.png")
        // The replay's own stamp, relative to its folder.
        try write("stamped.json", #"{"version": 1, "stamp": "pipe.png", "events": []}"#)
        assertRefused(try scrawl("render", "stamped.json", "-o", "out.png", watchdog: watchdog), naming: "pipe.png")
    }

    /// `scrawl FILE` reads the file before it opens a window (a PNG by its signature, else a
    /// document), so this needs no display.
    func testTheWindowRefusesAFIFOFileBeforeOpening() throws {
        _ = try fifo("pipe.scrawl")
        let result = try ScrawlCLI.run(["pipe.scrawl"], in: dir,
                                       environment: ["DISPLAY": nil, "WAYLAND_DISPLAY": nil, "HOME": dir.path,
                                                     "XDG_STATE_HOME": path("state")],
                                       watchdog: watchdog)
        assertRefused(result, naming: "pipe.scrawl")
    }
}
