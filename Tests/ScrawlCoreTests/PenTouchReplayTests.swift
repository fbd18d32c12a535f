import XCTest
@testable import ScrawlCore

/// A replay's pen and touch fields (`pressure`, `tiltX`, `tiltY`, `device`) read and written the
/// same, with the usual errors; the eraser end erases while it touches and gives the tool back;
/// fingers draw a stroke each; the mouse's touches and recordings are as before.
final class PenTouchReplayTests: XCTestCase {
    private func parse(_ text: String) throws -> Replay { try Replay.parse(Array(text.utf8)) }

    func testPenAndTouchFieldsRoundTripAndTheMouseWritesNone() throws {
        let replay = Replay(events: [
            .touches([Touch(id: 0, phase: .began, location: Point(1, 2), pressure: 0.5, tiltX: -30, tiltY: 12.5, device: .pen)]),
            .touches([Touch(id: 0, phase: .ended, location: Point(3, 4), pressure: 0.25, device: .eraser)]),
            .touches([Touch(id: 2, phase: .began, location: Point(5, 6), device: .touch)]),
            .touches([Touch(id: 0, phase: .began, location: Point(7, 8))]),
        ])
        let text = replay.encoded()
        let lines = text.components(separatedBy: "\n")
        XCTAssertEqual(lines[1], #"{"touches": [{"id": 0, "phase": "began", "x": 1, "y": 2, "pressure": 0.5, "tiltX": -30, "tiltY": 12.5, "device": "pen"}]},"#)
        XCTAssertTrue(lines[2].hasSuffix(#""pressure": 0.25, "device": "eraser"}]},"#), lines[2])
        XCTAssertEqual(lines[3], #"{"touches": [{"id": 2, "phase": "began", "x": 5, "y": 6, "device": "touch"}]},"#)
        XCTAssertEqual(lines[4], #"{"touches": [{"id": 0, "phase": "began", "x": 7, "y": 8}]}"#, "a mouse touch as before")
        XCTAssertEqual(try parse(text), replay)
        let explicit = try parse(#"{"version": 1, "events": [{"touches": [{"id": 0, "phase": "began", "x": 7, "y": 8, "device": "mouse"}]}]}"#)
        XCTAssertEqual(explicit.events, [replay.events[3]], "\"mouse\" is the default")
    }

    func testBadPenAndTouchFieldsAreNamed() {
        let bad: [(String, String)] = [
            (#""tiltX": 91"#, #"event 0: touch 0: "tiltX" must be a number from -90 to 90"#),
            (#""tiltY": -90.5"#, #"event 0: touch 0: "tiltY" must be a number from -90 to 90"#),
            (#""tiltY": "up""#, #""tiltY" must be a number from -90 to 90"#),
            (#""device": "stylus""#, #"event 0: touch 0: "device" must be mouse, pen, eraser or touch, not "stylus""#),
            (#""device": 1"#, #""device" must be mouse, pen, eraser or touch"#),
        ]
        for (field, message) in bad {
            let text = #"{"version": 1, "events": [{"touches": [{"id": 0, "phase": "began", "x": 0, "y": 0, "# + field + "}]}]}"
            XCTAssertThrowsError(try parse(text), field) { error in
                XCTAssertTrue("\(error)".contains(message), "\(error) should say \(message)")
            }
            let bytes = Array(text.utf8)
            XCTAssertThrowsError(try bytes.withUnsafeBufferPointer { (b) throws(ReplayError) in try Replay.check(b, allowTruncatedEvents: false) },
                                 "the check pass finds it too: \(field)")
        }
    }

    /// A stroke at y = 50, then the pen's eraser end dragged across it (ids 0, as the window sends).
    private func eraseAcross(_ e: Editor) {
        ToolHelpers.run(e, ToolHelpers.drag([(10, 50), (100, 50), (200, 50)]))
        for (phase, y) in [(TouchPhase.began, 20.0), (.moved, 60), (.ended, 90)] {
            e.handle(.touches([Touch(id: 0, phase: phase, location: Point(100, y), pressure: 0.5, device: .eraser)]))
        }
    }

    func testTheEraserEndErasesWhatItCrossesAndTheToolIsBackAfter() {
        let e = ToolHelpers.editor()
        e.handle(ToolHelpers.key("l"))
        ToolHelpers.run(e, ToolHelpers.drag([(10, 150), (200, 150)]))
        let line = e.displayList.items
        e.handle(ToolHelpers.key("p"))
        let before = e.displayList.undoStack.count
        eraseAcross(e)
        XCTAssertEqual(e.displayList.items, line, "the stroke it crossed is gone, the line it did not cross stays")
        XCTAssertEqual(e.tool.kind, .pencil, "the tool is back")
        XCTAssertEqual(e.displayList.undoStack.count, before + 2, "the stroke, and one step for the erase")
        e.handle(ToolHelpers.key("ctrl+z"))
        XCTAssertEqual(e.displayList.count, 2, "one undo brings the stroke back")
    }

    func testTheEraserEndUsesTheEraserInItsModeAndIsCurrentWhileItTouches() throws {
        let e = ToolHelpers.editor()
        e.handle(ToolHelpers.key("x"))
        e.handle(ToolHelpers.key("shift+x"))
        e.handle(ToolHelpers.key("s"))
        ToolHelpers.run(e, ToolHelpers.drag([(10, 50), (100, 50), (200, 50)]))
        e.handle(.touches([Touch(id: 0, phase: .began, location: Point(100, 20), device: .eraser)]))
        let eraser = try XCTUnwrap(e.tool as? EraserTool)
        XCTAssertEqual(eraser.mode, .partial, "its current mode")
        e.handle(.touches([Touch(id: 0, phase: .moved, location: Point(100, 90), device: .eraser)]))
        e.handle(.touches([Touch(id: 0, phase: .ended, location: Point(100, 90), device: .eraser)]))
        XCTAssertEqual(e.tool.kind, .smooth)
        XCTAssertEqual(e.displayList.count, 2, "partial: the stroke is cut in two")
    }

    func testAToolChosenWhileTheEraserEndTouchesStaysChosen() {
        let e = ToolHelpers.editor()
        e.handle(.touches([Touch(id: 0, phase: .began, location: Point(100, 20), device: .eraser)]))
        XCTAssertEqual(e.tool.kind, .eraser)
        e.handle(ToolHelpers.key("r"))
        e.handle(.touches([Touch(id: 0, phase: .ended, location: Point(100, 90), device: .eraser)]))
        XCTAssertEqual(e.tool.kind, .rectangle)
    }

    func testTheEraserEndInAReplayErasesAsInTheWindow() throws {
        let text = """
        {"version": 1, "events": [
        {"touches": [{"id": 0, "phase": "began", "x": 10, "y": 50, "pressure": 0.5, "device": "pen"}]},
        {"touches": [{"id": 0, "phase": "moved", "x": 200, "y": 50, "pressure": 0.9, "device": "pen"}]},
        {"touches": [{"id": 0, "phase": "ended", "x": 200, "y": 50, "pressure": 0.9, "device": "pen"}]},
        {"touches": [{"id": 0, "phase": "began", "x": 100, "y": 20, "pressure": 0.5, "device": "eraser"}]},
        {"touches": [{"id": 0, "phase": "ended", "x": 100, "y": 90, "pressure": 0.5, "device": "eraser"}]}]}
        """
        let e = ToolHelpers.editor()
        for event in try parse(text).events { e.handle(event) }
        XCTAssertTrue(e.displayList.isEmpty)
        XCTAssertEqual(e.tool.kind, .pencil)
    }

    func testTwoFingersDrawTwoStrokesAtOnce() {
        let e = ToolHelpers.editor()
        func both(_ phase: TouchPhase, _ x: Double) {
            e.handle(.touches([Touch(id: 2, phase: phase, location: Point(x, 50), device: .touch)]))
            e.handle(.touches([Touch(id: 3, phase: phase, location: Point(x, 150), device: .touch)]))
        }
        both(.began, 10)
        both(.moved, 100)
        XCTAssertEqual(e.liveItems.count, 2, "both strokes are live at once")
        both(.ended, 200)
        XCTAssertEqual(ToolHelpers.paths(e).count, 2)
    }

    func testAMouseStrokeIsTheSameWithAndWithoutTheDeviceFields() {
        // A touch without pressure reads as 0.5; naming the mouse changes nothing.
        func draw(_ device: TouchDevice?) -> [Drawable] {
            let e = ToolHelpers.editor()
            e.handle(.ink(.pressure(1)))
            for (phase, x) in [(TouchPhase.began, 10.0), (.moved, 60), (.ended, 120)] {
                e.handle(.touches([Touch(id: 0, phase: phase, location: Point(x, 50), device: device ?? .mouse)]))
            }
            return e.displayList.drawables
        }
        XCTAssertEqual(draw(nil), draw(.mouse))
        XCTAssertNil(ToolHelpers.paths({ let e = ToolHelpers.editor(); ToolHelpers.run(e, ToolHelpers.drag([(1, 1), (50, 1)])); return e }()).first?.widths,
                     "constant width, as before")
    }
}
