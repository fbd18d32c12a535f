import Foundation
import XCTest
@testable import ScrawlCore

/// Prints parse times for the benchmark workload; asserts nothing about time. Opt in with
/// `SCRAWL_BENCH=1 swift test -c release --filter ReplayBenchmarkTests`.
final class ReplayBenchmarkTests: XCTestCase {
    func testParseSpeed() throws {
        guard ProcessInfo.processInfo.environment["SCRAWL_BENCH"] != nil else { throw XCTSkip("set SCRAWL_BENCH=1") }
        let replay = ReplayWorkload.make(strokes: 2000, points: 100)
        let bytes = Array(replay.encoded().utf8)
        print("workload: \(replay.events.count) events, \(bytes.count) bytes")
        let parsed = try Replay.parse(bytes)
        XCTAssertEqual(parsed, replay)
        report("Replay.parse (streaming)") { _ = try? Replay.parse(bytes) }
        report("JSONValue.parse (tree)") { _ = try? JSONValue.parse(bytes) }
        let data = Data(bytes)
        report("Foundation JSONSerialization") { _ = try? JSONSerialization.jsonObject(with: data) }
        report("Replay.encoded") { _ = replay.encoded() }
    }

    private func report(_ name: String, _ body: () -> Void) {
        var best = Double.infinity
        for _ in 0..<5 {
            let start = DispatchTime.now().uptimeNanoseconds
            body()
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        print(String(format: "%@: best of 5: %.4f s", name, best))
    }
}
