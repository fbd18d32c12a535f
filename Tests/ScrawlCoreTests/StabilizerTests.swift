import XCTest
@testable import ScrawlCore

/// The stabilizer: `q_0 = p_0`, `q_i = q_{i−1} + (1 − a)(p_i − q_{i−1})`, pressure smoothed alike,
/// and the last input point added as it is when the touch ends; off keeps today's strokes.
final class StabilizerTests: XCTestCase {
    private let input: [(Double, Double)] = [(0, 0), (10, 0), (10, 10), (20, 10), (30, 0)]

    private func points(_ pts: [(Double, Double)]) -> [Point] { pts.map { Point($0.0, $0.1) } }

    func testTheFormulaAndTheEndPoint() throws {
        let a = 0.6
        let e = ToolHelpers.editor()
        e.handle(.ink(.stabilizer(a)))
        ToolHelpers.run(e, ToolHelpers.drag(input))
        var q = [Point(0, 0)]
        for p in points(input).dropFirst() {
            let last = q[q.count - 1]
            q.append(Point(last.x + (1 - a) * (p.x - last.x), last.y + (1 - a) * (p.y - last.y)))
        }
        q.append(Point(30, 0))
        let d = try XCTUnwrap(ToolHelpers.paths(e).first)
        let got = try XCTUnwrap(SpecHelpers.vertices(d.path)).points
        XCTAssertEqual(got.count, q.count)
        for (g, w) in zip(got, q) { XCTAssertEqual(g.distance(to: w), 0, accuracy: 1e-9) }
        XCTAssertEqual(got.last, Point(30, 0), "the stroke ends where the hand stopped")
    }

    func testPressureIsSmoothedWithTheSameFactor() {
        var s = Stabilizer(strength: 0.5, start: Point(0, 0), pressure: 0)
        let q = s.next(Point(10, 0), pressure: 1)
        XCTAssertEqual(q.point, Point(5, 0))
        XCTAssertEqual(q.pressure, 0.5)
    }

    func testOffIsTodaysStroke() {
        for tool in ["p", "s", "a", "h"] {
            let e = ToolHelpers.editor(), today = ToolHelpers.editor()
            e.handle(ToolHelpers.key(tool)); today.handle(ToolHelpers.key(tool))
            e.handle(.ink(.stabilizer(0)))
            ToolHelpers.run(e, ToolHelpers.drag(input))
            ToolHelpers.run(today, ToolHelpers.drag(input))
            XCTAssertEqual(e.displayList.drawables, today.displayList.drawables, tool)
        }
        let e = ToolHelpers.editor()
        ToolHelpers.run(e, ToolHelpers.drag(input))
        XCTAssertEqual(ToolHelpers.paths(e).first?.path, .polyline(points(input)), "the samples as they come")
    }

    func testTheHighlighterAndSmoothBrushAreStabilized() {
        for tool in ["h", "s", "a"] {
            let e = ToolHelpers.editor()
            e.handle(ToolHelpers.key(tool))
            e.handle(.ink(.stabilizer(0.85)))
            ToolHelpers.run(e, ToolHelpers.drag(input))
            let today = ToolHelpers.editor()
            today.handle(ToolHelpers.key(tool))
            ToolHelpers.run(today, ToolHelpers.drag(input))
            XCTAssertNotEqual(e.displayList.drawables, today.displayList.drawables, tool)
        }
    }

    func testTheKeyStepsTheStabilizerAndWraps() {
        let e = ToolHelpers.editor()
        var seen: [Double] = []
        for _ in 0..<5 {
            e.handle(ToolHelpers.key("g"))
            seen.append(e.settings[.pen].stabilizer)
        }
        XCTAssertEqual(seen, [0.3, 0.6, 0.85, 0, 0.3])
        e.handle(ToolHelpers.key("h"))
        e.handle(ToolHelpers.key("g"))
        XCTAssertEqual(e.settings[.highlighter].stabilizer, 0.3, "the highlighter keeps its own")
        XCTAssertEqual(e.settings[.pen].stabilizer, 0.3)
        XCTAssertEqual(KeyTable.binding(for: KeyPress(name: "g")!)?.action, .stepStabilizer)
    }

    func testInkEventsAreClampedAndSetTheCurrentToolsRecord() {
        let e = ToolHelpers.editor()
        e.handle(.ink(.stabilizer(2)))
        e.handle(.ink(.pressure(-1)))
        XCTAssertEqual(e.settings[.pen].stabilizer, 0.95)
        XCTAssertEqual(e.settings[.pen].pressure, 0)
        XCTAssertEqual(e.pressureClick(shift: false), .pressure(0.25))
        XCTAssertEqual(e.pressureClick(shift: true), .speedPressure(true))
        e.handle(ToolHelpers.key("l"))
        XCTAssertNil(e.pressureClick(shift: false), "the Line does not use pressure")
        XCTAssertNil(e.shownInk)
    }
}
