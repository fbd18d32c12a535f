import XCTest
@testable import ScrawlCore

/// Shift with the Line snaps its angle to a multiple of 15°, keeping the drag's length.
final class LineSnapTests: XCTestCase {
    typealias T = ToolHelpers

    private func lineEnd(_ e: Editor) -> Point? { T.paths(e).last?.path.elements.last?.endPoint }

    func testShiftSnapsTheLinesAngleToMultiplesOf15DegreesKeepingItsLength() throws {
        for degrees in stride(from: 0.0, to: 360, by: 7) {
            let e = T.editor()
            e.handle(T.key("l"))
            let a = (200.0, 150.0), r = 100.0, t = degrees * .pi / 180
            let b = (a.0 + r * cos(t), a.1 + r * sin(t))
            T.run(e, T.drag([a, (a.0 + 10, a.1), b], shift: true))
            let end = try XCTUnwrap(lineEnd(e))
            let got = atan2(end.y - a.1, end.x - a.0) * 180 / .pi
            let step = (got / 15).rounded() * 15
            XCTAssertEqual(got, step, accuracy: 1e-9, "\(degrees)°: a multiple of 15°")
            XCTAssertLessThanOrEqual(abs(remainder(got - degrees, 360)), 7.5 + 1e-9, "\(degrees)°: the nearest one")
            XCTAssertEqual(end.distance(to: Point(a.0, a.1)), r, accuracy: 1e-9, "\(degrees)°: the touch's length")
        }
    }

    func testWithoutShiftTheLineEndsAtTheTouchAndTheLiveLineSnapsToo() throws {
        let e = T.editor()
        e.handle(T.key("l"))
        T.run(e, T.drag([(100, 100), (200, 127)]))
        XCTAssertEqual(lineEnd(e), Point(200, 127))
        e.handle(T.touch(0, .began, 100, 200, shift: true))
        e.handle(T.touch(0, .moved, 200, 227, shift: true))
        guard case .drawable(.path(let live))? = e.liveItems.first else { return XCTFail("a live line") }
        let end = try XCTUnwrap(live.path.elements.last?.endPoint)
        XCTAssertEqual(atan2(end.y - 200, end.x - 100) * 180 / .pi, 15, accuracy: 1e-9)
    }
}
