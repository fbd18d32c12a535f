import XCTest
@testable import ScrawlCore

/// Replays keep a touch's pressure and the `ink` events, read and written the same; a replay
/// reproduces the settings it records.
final class InkReplayTests: XCTestCase {
    private func parse(_ text: String) throws -> Replay { try Replay.parse(Array(text.utf8)) }

    func testPressureAndInkEventsRoundTrip() throws {
        let replay = Replay(events: [
            .ink(.pressure(0.75)), .ink(.speedPressure(true)), .ink(.stabilizer(0.6)),
            .touches([Touch(id: 0, phase: .began, location: Point(1, 2), pressure: 0.25)]),
            .touches([Touch(id: 0, phase: .ended, location: Point(3, 4))]),
        ])
        let text = replay.encoded()
        XCTAssertTrue(text.contains(#"{"ink": {"pressure": 0.75}}"#), text)
        XCTAssertTrue(text.contains(#"{"ink": {"speed": true}}"#), text)
        XCTAssertTrue(text.contains(#"{"ink": {"stabilizer": 0.6}}"#), text)
        XCTAssertTrue(text.contains(#""pressure": 0.25}"#), text)
        XCTAssertEqual(text.components(separatedBy: "\"pressure\"").count - 1, 2, "no pressure on a touch without one")
        XCTAssertEqual(try parse(text), replay)
    }

    func testBadInkEventsAndPressuresAreNamed() {
        let bad: [(String, String)] = [
            (#"{"ink": {"pressure": 1.5}}"#, #""ink": "pressure" must be a number from 0 to 1"#),
            (#"{"ink": {"stabilizer": 0.96}}"#, #""ink": "stabilizer" must be a number from 0 to 0.95"#),
            (#"{"ink": {"speed": 1}}"#, #""ink": "speed" must be true or false"#),
            (#"{"ink": {}}"#, #""ink" needs "pressure", "speed" or "stabilizer""#),
            (#"{"ink": {"speed": true, "stabilizer": 0}}"#, "one per event"),
            (#"{"ink": 3}"#, #""ink" must be an object"#),
            (#"{"touches": [{"id": 0, "phase": "began", "x": 0, "y": 0, "pressure": -0.1}]}"#, #""pressure" must be a number from 0 to 1"#),
        ]
        for (event, message) in bad {
            let text = #"{"version": 1, "events": ["# + event + "]}"
            XCTAssertThrowsError(try parse(text), event) { error in
                XCTAssertTrue("\(error)".contains(message), "\(error) should say \(message)")
            }
        }
    }

    func testAReplayReproducesTheInkSettings() throws {
        let text = """
        {"version": 1, "events": [{"ink": {"pressure": 1}}, {"key": "g"}, {"key": "g"},
         {"touches": [{"id": 0, "phase": "began", "x": 0, "y": 0, "pressure": 0}]},
         {"touches": [{"id": 0, "phase": "moved", "x": 10, "y": 0, "pressure": 1}]},
         {"touches": [{"id": 0, "phase": "ended", "x": 20, "y": 0, "pressure": 1}]}]}
        """
        func run() throws -> Editor {
            let e = ToolHelpers.editor()
            for event in try parse(text).events { e.handle(event) }
            return e
        }
        let e = try run()
        XCTAssertEqual(e.settings[.pen].pressure, 1)
        XCTAssertEqual(e.settings[.pen].stabilizer, 0.6)
        XCTAssertEqual(e.displayList.drawables, try run().displayList.drawables)
        let d = try XCTUnwrap(ToolHelpers.paths(e).first)
        XCTAssertEqual(d.widths?.first, 0, "pressure 0 at sensitivity 1")
        XCTAssertEqual(d.path.elements.last, .line(Point(20, 0)), "the last input point, as it came")
    }

    func testTheBarShowsTheInkOfToolsThatUseIt() throws {
        let layout = ToolbarLayout(canvas: CanvasSpec(width: 800, height: 600), visible: true)
        let ink = BarInk(use: [.pressure, .stabilizer], settings: InkSettings(pressure: 0.5, stabilizer: 0.6))
        let labels = layout.labels(style: DrawingSettings.defaults[.pen], status: BarStatus(ink: ink)).map(\.text)
        XCTAssertTrue(labels.contains("pressure 50%"), "\(labels)")
        XCTAssertTrue(labels.contains("steady 0.6"), "\(labels)")
        let highlighter = BarInk(use: [.stabilizer], settings: InkSettings())
        let shown = layout.labels(style: DrawingSettings.defaults[.pen], status: BarStatus(ink: highlighter)).map(\.text)
        XCTAssertEqual(shown.filter { $0.hasPrefix("pressure") || $0.hasPrefix("speed") }, [])
        XCTAssertTrue(shown.contains("steady off"))
        XCTAssertEqual(layout.labels(style: DrawingSettings.defaults[.pen]).map(\.text), ["2 pt", "100 %", "100 %"],
                       "the width, the opacity and the zoom; no ink labels without a tool's ink")
        let rects = try XCTUnwrap(layout.inkRects)
        XCTAssertEqual(layout.hit(rects.pressure.center), .pressure)
        XCTAssertEqual(layout.hit(rects.stabilizer.center), .stabilizer)
        XCTAssertGreaterThan(rects.pressure.minX, layout.recentRects.last!.maxX, "after the recent colours")
        XCTAssertLessThanOrEqual(rects.stabilizer.maxX, 800)
        let screen = InputScreen(bars: layout)
        XCTAssertNil(screen.button(at: rects.pressure.center), "not a button for a tool without pressure")
        let e = ToolHelpers.editor()
        XCTAssertEqual(e.shownInk, BarInk(use: [.pressure, .stabilizer], settings: InkSettings(pressure: 0.5)))
        XCTAssertEqual(BarInk(use: [.pressure], settings: InkSettings(pressure: 0.75, speedPressure: true)).pressureText, "speed 75%")
    }
}
