import Foundation
import XCTest

/// Every way out of `scrawl` ends cleanly: the status and one line it means, never a signal. The
/// GL driver's exit-time destructors (which raced llvmpipe's threads and aborted about one exit in
/// a few hundred with "double free or corruption") never run: `DriverExit` leaves through `_exit`.
final class ProcessExitTests: CLITestCase {
    /// The driver libraries whose destructors must not run while their threads may be alive.
    static let driverLibraries = ["swrast_dri.so", "libLLVM", "libEGL_mesa", "libgallium"]

    /// The runs the checks use: what it is, its arguments, the status it must end with.
    private func runs() throws -> [(label: String, args: [String], status: Int32)] {
        let badDocument = try write("broken.scrawl", #"{"format": "scrawl", "version": 1, "canvas": {"width": 10, "height": 10}, "drawables": ["#)
        let badReplay = try write("bad.json", #"{"version": 1, "events": [{"key": "p"}, {}]}"#)
        let replay = try write("ok.json", #"{"version": 1, "canvas": {"width": 40, "height": 30}, "events": [{"touches": [{"id": 0, "phase": "began", "x": 5, "y": 5}]}, {"touches": [{"id": 0, "phase": "ended", "x": 30, "y": 20}]}]}"#)
        let unwritable = path("no/such/folder/out.png")
        return [
            ("a bad document", ["render", badDocument, "-o", path("a.png")], 2),
            ("a bad replay", ["render", badReplay, "-o", path("b.png")], 2),
            ("a render", ["render", replay, "-o", path("c.png")], 0),
            ("a failed write", ["render", replay, "-o", unwritable], 1),
            ("a usage error", ["render", replay], 2),
        ]
    }

    /// Checked by the dynamic linker's own log of the destructors it calls (`LD_DEBUG=libs`).
    func testTheDriversDestructorsNeverRunAtExit() throws {
        for run in try runs() {
            let log = path("ld-\(run.status)")
            let result = try scrawl(arguments: run.args, environment: ["LD_DEBUG": "libs", "LD_DEBUG_OUTPUT": log])
            XCTAssertEqual(result.status, run.status, "\(run.label): \(result.summary)")
            XCTAssertFalse(result.killedBySignal, run.label)
            let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix("ld-") }
            let text = try files.map { try String(contentsOfFile: path($0), encoding: .utf8) }.joined()
            let finis = text.split(separator: "\n").filter { line in
                line.contains("calling fini") && Self.driverLibraries.contains { line.contains($0) }
            }
            XCTAssertEqual(finis, [], "\(run.label) ran the driver's destructors")
            if run.label == "a render" {
                XCTAssertTrue(text.contains("swrast_dri.so"), "the render loaded the driver, so the check means something")
            }
            for f in files { try FileManager.default.removeItem(atPath: path(f)) }
        }
    }

    /// Hundreds of exits, four at a time on a two-core machine, each with its status and one line.
    func testHundredsOfExitsFourAtATimeNeverAbort() throws {
        let runs = try runs()
        let total = 240, lanes = 4
        let failures = Failures()
        DispatchQueue.concurrentPerform(iterations: lanes) { lane in
            for i in stride(from: lane, to: total, by: lanes) {
                let run = runs[i % runs.count]
                do {
                    let result = try scrawl(arguments: run.args)
                    let said = run.status == 0 ? result.stderr.isEmpty
                        : result.stderr.hasPrefix("scrawl: ") && (result.stderrIsOneLine || run.label == "a usage error")
                    if result.status != run.status || result.killedBySignal || !said {
                        failures.add("\(run.label): \(result.summary)")
                    }
                } catch {
                    failures.add("\(run.label): \(error)")
                }
            }
        }
        XCTAssertEqual(failures.all, [], "\(failures.all.count) of \(total) exits went wrong")
    }

    private final class Failures: @unchecked Sendable {
        private let lock = NSLock()
        private var items: [String] = []
        func add(_ s: String) { lock.withLock { items.append(s) } }
        var all: [String] { lock.withLock { items } }
    }
}
