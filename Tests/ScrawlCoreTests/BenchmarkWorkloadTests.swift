import XCTest
@testable import ScrawlCore
import ScrawlWorkload

/// The shape of `scrawl bench`'s workload (its timings are never asserted).
final class BenchmarkWorkloadTests: XCTestCase {
    func testWorkloadIsDeterministicPencilStrokesOfWidthsOneToSixteen() {
        let replay = BenchmarkWorkload.replay(strokes: 120, points: 100)
        XCTAssertEqual(replay, BenchmarkWorkload.replay(strokes: 120, points: 100))
        XCTAssertNotEqual(replay, BenchmarkWorkload.replay(strokes: 120, points: 100, seed: 2))
        XCTAssertEqual(replay.canvas, CanvasSpec(width: 1280, height: 800, background: .white))
        // 102 touch events per stroke, 2.5 keys on average, a frame every 100 strokes.
        XCTAssertEqual(replay.events.count, 120 * 102 + 60 * 3 + 60 * 2 + 1)
        let editor = BenchmarkWorkload.play(replay, stamp: .defaultStamp)
        XCTAssertEqual(editor.displayList.count, 120)
        var widths = Set<Double>()
        for case .path(let d) in editor.displayList.drawables {
            XCTAssertEqual(d.style, .round(width: d.style.width))
            XCTAssertEqual(d.stroke?.isOpaque, true)
            XCTAssertNil(d.fill)
            XCTAssertEqual(d.path.elements.count, 101)
            widths.insert(d.style.width)
            for p in d.path.elements.compactMap(\.endPoint) {
                XCTAssertTrue((0...1280).contains(p.x) && (0...800).contains(p.y), "\(p)")
            }
        }
        XCTAssertTrue(widths.isSubset(of: Set(BenchmarkWorkload.widths)), "\(widths)")
        XCTAssertGreaterThan(widths.count, 4)
        XCTAssertEqual(BenchmarkWorkload.widths.min(), 1)
        XCTAssertEqual(BenchmarkWorkload.widths.max(), 16)
    }

    func testFullWorkloadSize() {
        let replay = BenchmarkWorkload.replay()
        XCTAssertEqual(replay.events.count, 209_020)
        let bytes = replay.encoded().utf8.count
        XCTAssertTrue((12_000_000...16_000_000).contains(bytes), "\(bytes) bytes")
    }
}
