import XCTest
@testable import ScrawlCore

/// Inputs that once trapped: nothing here may crash, whatever the numbers.
final class HostileInputTests: XCTestCase {
    func testFollowSamplesOfAnAbsurdlyLongPathStayBoundedAndFinite() {
        for path in [Path.polyline([Point(-1e200, 0), Point(1e200, 0)]), .polyline([Point(-1e6, -1e6), Point(1e6, 1e6)])] {
            let samples = PathSamples(path: path)
            XCTAssertLessThanOrEqual(samples.points.count, 1_000_002)
            XCTAssertTrue(samples.points.allSatisfy(\.isFinite))
        }
    }

    func testThousandsOfSimultaneousTouchesAreTrackedByID() {
        let e = ToolHelpers.editor()
        let n = 20_000
        e.handle(.touches((0..<n).map { Touch(id: $0, phase: .began, location: Point(Double($0 % 400), 10)) }))
        e.handle(.touches((0..<n).map { Touch(id: $0, phase: .moved, location: Point(Double($0 % 400), 20)) }))
        XCTAssertEqual(e.liveItems.count, n)
        e.handle(.touches((0..<n).reversed().map { Touch(id: $0, phase: .ended, location: Point(Double($0 % 400), 30)) }))
        XCTAssertEqual(e.displayList.count, n)
        XCTAssertTrue(e.liveItems.isEmpty)
    }
}
