import XCTest
@testable import ScrawlCore

/// Width from pressure: `w × (1 − s + 2 s p)` at each sample for the Pencil, the Smooth brush and
/// the Arrow's shaft; mouse strokes (no pressure) stay exactly as before; pressure from speed reads
/// distances only.
final class PressureInkTests: XCTestCase {
    /// A drag through `points` with a pressure per point (nil: the mouse).
    private func drag(_ points: [(Double, Double, Double?)], id: Int = 0) -> [InputEvent] {
        points.enumerated().map { i, p in
            let phase: TouchPhase = i == 0 ? .began : (i == points.count - 1 ? .ended : .moved)
            return .touches([Touch(id: id, phase: phase, location: Point(p.0, p.1), pressure: p.2)])
        }
    }

    private func editor(_ tool: String = "p", ink: InkEvent...) -> Editor {
        let e = ToolHelpers.editor()
        e.handle(ToolHelpers.key(tool))
        for i in ink { e.handle(.ink(i)) }
        return e
    }

    func testTheWidthFormulaAtEachPressureAndSensitivity() {
        let w = 10.0
        let expected: [(s: Double, p: Double, width: Double)] = [
            (0, 0, 10), (0, 0.5, 10), (0, 1, 10),
            (0.5, 0, 5), (0.5, 0.5, 10), (0.5, 1, 15),
            (1, 0, 0), (1, 0.5, 10), (1, 1, 20),
        ]
        for c in expected {
            XCTAssertEqual(InkSettings(pressure: c.s).width(w, pressure: c.p), c.width, accuracy: 1e-12, "s \(c.s), p \(c.p)")
        }
    }

    func testAPenStrokeOnThePencilCommitsAWidthPerPoint() throws {
        let e = editor()
        ToolHelpers.run(e, drag([(10, 10, 0), (20, 10, 0.5), (30, 10, 1)]))
        let d = try XCTUnwrap(ToolHelpers.paths(e).first)
        XCTAssertEqual(d.widths, [1, 2, 3], "the pen's width 2 at sensitivity 0.5")
        XCTAssertTrue(d.widthsAreValid)
        XCTAssertEqual(d.style.width, 2)
    }

    func testTheLastLiveFrameCarriesTheCommittedWidths() throws {
        let e = editor()
        let events = drag([(10, 10, 0.2), (20, 10, 0.4), (30, 12, 0.9), (30, 12, 0.9)])
        ToolHelpers.run(e, Array(events.dropLast()))
        guard case let .polyline(_, points, _, _, widths)? = e.liveItems.first else { return XCTFail("no live polyline") }
        e.handle(events.last!)
        let d = try XCTUnwrap(ToolHelpers.paths(e).first)
        XCTAssertEqual(d.path, .polyline(points))
        XCTAssertEqual(d.widths, widths)
    }

    func testMouseStrokesCommitNoWidthsAndTodaysDrawables() {
        let pts = [(10.0, 10.0), (20, 14), (35, 30), (36, 30)]
        for tool in ["p", "s", "a", "h"] {
            let e = editor(tool)
            ToolHelpers.run(e, ToolHelpers.drag(pts))
            let d = ToolHelpers.paths(e)
            XCTAssertEqual(d.count, 1)
            XCTAssertNil(d.first?.widths, tool)
        }
        let e = editor()
        ToolHelpers.run(e, ToolHelpers.drag(pts))
        XCTAssertEqual(ToolHelpers.paths(e), [PathDrawable(path: .polyline(pts.map { Point($0.0, $0.1) }), stroke: .black, fill: nil,
                                                           style: .round(width: 2))])
        guard case let .polyline(_, _, _, _, widths)? = { let l = editor(); ToolHelpers.run(l, Array(ToolHelpers.drag(pts).dropLast())); return l.liveItems.first }() else {
            return XCTFail("no live polyline")
        }
        XCTAssertNil(widths, "a mouse stroke's live polyline is today's")
    }

    func testEqualPressuresCommitNoWidths() {
        let e = editor()
        ToolHelpers.run(e, drag([(10, 10, 0.8), (20, 10, 0.8), (30, 10, 0.8)]))
        XCTAssertNil(ToolHelpers.paths(e).first?.widths)
        let width = try? XCTUnwrap(ToolHelpers.paths(e).first?.style.width)
        XCTAssertEqual(width ?? 0, 2.6, accuracy: 1e-6, "one width, the pressure's (2 x 1.3), as the live stroke drew it")
    }

    /// A shaft at one pressure other than 0.5 keeps that width, and the head the tool's.
    func testAnArrowAtOnePressureKeepsItsHeadAtTheToolsWidth() throws {
        let e = editor("a")
        ToolHelpers.run(e, drag([(0, 0, 1), (20, 0, 1), (40, 0, 1)]))
        let d = try XCTUnwrap(ToolHelpers.paths(e).first)
        XCTAssertTrue(d.widthsAreValid)
        let widths = try XCTUnwrap(d.widths)
        XCTAssertEqual(Array(widths.suffix(4)), [2, 2, 2, 2], "the head")
        XCTAssertTrue(widths.dropLast(4).allSatisfy { $0 == 3 }, "the shaft at p 1: \(widths)")
    }

    func testSensitivityZeroTurnsPressureOff() {
        let e = editor(ink: .pressure(0))
        ToolHelpers.run(e, drag([(10, 10, 0), (20, 10, 1)]))
        XCTAssertNil(ToolHelpers.paths(e).first?.widths)
    }

    func testShapesLineAndHighlighterStayConstant() {
        for tool in ["l", "r", "e", "h", "f"] {
            let e = editor(tool)
            ToolHelpers.run(e, drag([(10, 10, 0), (40, 30, 0.5), (60, 50, 1)]))
            for d in ToolHelpers.paths(e) { XCTAssertNil(d.widths, tool) }
        }
    }

    func testTheSmoothBrushsCubicsGetTheWidthsAtTheirEnds() throws {
        let e = editor("s")
        let input: [(Double, Double, Double?)] = [(0, 0, 0), (10, 0, 0.25), (20, 5, 0.5), (30, 5, 0.75), (40, 0, 1), (50, 0, 1)]
        ToolHelpers.run(e, drag(input))
        let d = try XCTUnwrap(ToolHelpers.paths(e).first)
        XCTAssertTrue(d.widthsAreValid)
        XCTAssertEqual(d.path.verbs, [.move, .cubic, .quad])
        // Start: p 0 → 1; the cubic ends midway between the 3rd and 5th points: (2 + 3) / 2; the tail (a quadratic) ends at p 1: 3.
        XCTAssertEqual(d.widths, [1, 2.5, 3])
    }

    func testTheArrowsShaftFollowsPressureAndItsHeadStaysAtTheWidth() throws {
        let e = editor("a")
        ToolHelpers.run(e, drag([(0, 0, 0), (20, 0, 0.5), (40, 0, 1)]))
        let d = try XCTUnwrap(ToolHelpers.paths(e).first)
        XCTAssertTrue(d.widthsAreValid)
        let nodes = PathDrawable.nodeCount(of: d.path)
        let widths = try XCTUnwrap(d.widths)
        XCTAssertEqual(Array(widths.suffix(4)), [2, 2, 2, 2], "the head")
        XCTAssertEqual(Array(widths.prefix(nodes - 4)), [1, 3], "the shaft: a quadratic from p 0 to p 1")
    }

    func testPressureFromSpeedIsDeterministicAndSlowerIsWider() {
        func widths(step: Double) -> [Float] {
            let e = editor(ink: .speedPressure(true))
            let pts = (0..<30).map { (Double($0) * step, 10.0, Double?.none) }
            ToolHelpers.run(e, drag(pts))
            return ToolHelpers.paths(e).first?.widths ?? []
        }
        XCTAssertEqual(widths(step: 0.5), widths(step: 0.5), "the same samples give the same widths")
        let slow = widths(step: 0.5), fast = widths(step: 2)
        XCTAssertEqual(slow.count, 30)
        XCTAssertGreaterThan(slow.last!, fast.last!, "short steps are wider than long ones")
        XCTAssertGreaterThan(slow.last!, 2, "slow is wider than the nominal width")
        XCTAssertLessThan(fast.last!, 2, "fast is thinner")
        var sim = PressureFromSpeed()
        XCTAssertEqual(sim.next(distance: 0, width: 2), 0.5, "no movement: no change")
        XCTAssertEqual(sim.next(distance: 2, width: 2), 0.5 - 0.5 * 0.275, accuracy: 1e-12, "a full width: towards 0 by 0.275")
    }

    func testPressureFromSpeedIsOffByDefaultAndLeavesPenPressureAlone() {
        let e = editor(ink: .speedPressure(true))
        ToolHelpers.run(e, drag([(0, 0, 0.5), (1, 0, 0.5), (2, 0, 0.5)]))
        XCTAssertNil(ToolHelpers.paths(e).first?.widths, "a pen's pressure is used as it is")
        XCTAssertFalse(DrawingSettings.defaults[.pen].speedPressure)
    }
}
