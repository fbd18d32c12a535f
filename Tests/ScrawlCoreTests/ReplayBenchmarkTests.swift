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
        if let runs = ProcessInfo.processInfo.environment["SCRAWL_PROFILE"].flatMap({ Int($0) }) {
            var keep: [Replay] = []
            for _ in 0..<runs { if let r = try? Replay.parse(bytes) { keep.append(r) } }
            XCTAssertEqual(keep.count, runs)
            return
        }
        let parsed = try Replay.parse(bytes)
        XCTAssertEqual(parsed, replay)
        var keep: [Any] = []
        report("Replay.parse (streaming)") { keep.append((try? Replay.parse(bytes)) as Any) }
        report("JSONValue.parse (tree)") { keep.append((try? JSONValue.parse(bytes)) as Any) }
        let data = Data(bytes)
        report("Foundation JSONDecoder (Codable model)") {
            keep.append((try? JSONDecoder().decode(CodableReplay.self, from: data)) as Any)
        }
        report("Replay.encoded") { keep.append(replay.encoded()) }
        XCTAssertEqual(keep.count, 28)
    }

    /// The replay format as Codable types, for comparison with Foundation.
    private struct CodableReplay: Decodable {
        struct Canvas: Decodable { var width: Double?, height: Double?, background: String? }
        struct Touch: Decodable { var id: Int, phase: String, x: Double, y: Double, shift: Bool? }
        struct Event: Decodable { var key: String?, touches: [Touch]?, frame: String? }
        var version: Int
        var canvas: Canvas?
        var seed: UInt64?
        var stamp: String?
        var events: [Event]
    }

    /// Prints the best wall-clock and thread-CPU time of 7 runs (CPU time is steadier on a busy machine).
    private func report(_ name: String, _ body: () -> Void) {
        var bestWall = Double.infinity, bestCPU = Double.infinity
        for _ in 0..<7 {
            let wall = DispatchTime.now().uptimeNanoseconds
            let cpu = threadCPUSeconds()
            body()
            bestCPU = min(bestCPU, threadCPUSeconds() - cpu)
            bestWall = min(bestWall, Double(DispatchTime.now().uptimeNanoseconds - wall) / 1e9)
        }
        print(String(format: "%@: best of 7: %.4f s wall, %.4f s CPU", name, bestWall, bestCPU))
    }

    private func threadCPUSeconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}
