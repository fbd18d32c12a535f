import XCTest
@testable import ScrawlCore

/// The `view` event: replay text, the editor's viewport, tool UI sizes that stay constant on screen.
final class ViewEventTests: XCTestCase {
    private func parse(_ event: String) throws(ReplayError) -> [InputEvent] {
        let bytes = Array(#"{"version": 1, "events": [{"key": "a"}, \#(event)]}"#.utf8)
        ReplayCheckAgreement.assertAgree(bytes, event)
        return try Replay.parse(bytes).events
    }

    private func message(_ event: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        do {
            _ = try parse(event)
            XCTFail("parsed", file: file, line: line)
            return ""
        } catch {
            return error.message(file: "replay.json")
        }
    }

    func testViewEventsParseAndRoundTrip() throws {
        let events = try parse(#"{"view": {"zoom": 0.03125, "x": -1e6, "y": 12.5, "later": [1]}, "at": 3}"#)
        XCTAssertEqual(events.last, .view(Viewport(origin: Point(-1e6, 12.5), zoom: 1.0 / 32)))
        let replay = Replay(events: [.view(Viewport(origin: Point(0.1, -3), zoom: Viewport.zoomStep)),
                                     .view(Viewport(origin: Point(1e6, 2), zoom: 64))])
        let text = replay.encoded()
        XCTAssertTrue(text.contains(#"{"view": {"x": 1000000, "y": 2, "zoom": 64}}"#), text)
        XCTAssertEqual(try Replay.parse(Array(text.utf8)), replay)
    }

    func testBadViewEventsNameTheEventAndField() {
        let cases: [(String, String)] = [
            (#"{"view": 1}"#, #""view" must be an object"#),
            (#"{"view": {"x": 1, "y": 2}}"#, #"view: "zoom" is missing"#),
            (#"{"view": {"y": 2, "zoom": 1}}"#, #"view: "x" is missing"#),
            (#"{"view": {"x": 2, "zoom": 1}}"#, #"view: "y" is missing"#),
            (#"{"view": {"x": "1", "y": 2, "zoom": 1}}"#, #"view: "x" must be a number"#),
            (#"{"view": {"x": 1, "y": 2e6, "zoom": 1}}"#, #"view: "y" is out of range (more than 1000000 from 0)"#),
            (#"{"view": {"x": 1e999, "y": 2, "zoom": 1}}"#, #"view: "x" is not a finite number"#),
            (#"{"view": {"x": 1, "y": 2, "zoom": 65}}"#, #"view: "zoom" is out of range (0.03125 to 64)"#),
            (#"{"view": {"x": 1, "y": 2, "zoom": 0}}"#, #"view: "zoom" is out of range (0.03125 to 64)"#),
            (#"{"view": {"x": 1, "y": 2, "zoom": 1}, "key": "a"}"#,
             #"has more than one of "key", "touches", "frame", "view", "paste", "color", "ink", "layer" and "text""#),
        ]
        for (event, problem) in cases {
            XCTAssertEqual(message(event), "replay.json: event 1: " + problem)
        }
    }

    func testEditorKeepsTheViewportWithoutAnUndoStep() {
        let e = ToolHelpers.editor()
        XCTAssertEqual(e.viewport, Viewport())
        XCTAssertEqual(e.screenPointSize, 1)
        let v = Viewport(origin: Point(-20, 30), zoom: 4)
        e.handle(.view(v))
        XCTAssertEqual(e.viewport, v)
        XCTAssertEqual(e.screenPointSize, 0.25)
        XCTAssertFalse(e.displayList.canUndo)
        XCTAssertEqual(e.displayList.revision, 0)
    }

    func testFollowHandleGrabsWithinConstantScreenDistance() throws {
        for (offset, grabs) in [(5.0, true), (10.0, false)] {
            let e = ToolHelpers.editor()
            e.handle(.view(Viewport(zoom: 4)))
            e.handle(ToolHelpers.key("f"))
            let follow = try XCTUnwrap(e.tool as? FollowTool)
            let start = try XCTUnwrap(follow.handle)
            let down = start + Point(offset, 0)
            ToolHelpers.run(e, [.touches([Touch(id: 0, phase: .began, location: down)]),
                                .touches([Touch(id: 0, phase: .moved, location: down + Point(0, 30))])])
            XCTAssertEqual(follow.handle != start, grabs, "offset \(offset)")
            guard case .mark(.path(let ring))? = e.liveItems.last else { return XCTFail("no ring") }
            XCTAssertEqual(ring.style.width, 0.5)
            let far = ring.path.elements.compactMap(\.endPoint).map { $0.distance(to: follow.handle!) }.max() ?? 0
            XCTAssertEqual(far, 13.0 / 4, accuracy: 1e-9)
        }
    }

    func testBezierGuideKeepsItsScreenSize() {
        let e = ToolHelpers.editor()
        e.handle(.view(Viewport(zoom: 4)))
        ToolHelpers.run(e, [ToolHelpers.key("b"), ToolHelpers.touch(0, .began, 100, 100),
                            ToolHelpers.touch(0, .moved, 120, 95)])
        let guides = SpecHelpers.guides(e)
        XCTAssertEqual(guides.count, 1)
        XCTAssertEqual(guides.first?.width, 1.5 / 4)
        XCTAssertEqual(guides.first?.pattern.on, 10.0 / 4)
        XCTAssertEqual(guides.first?.pattern.off, 7.0 / 4)
    }

    func testViewEventsDoNotChangeTheDrawing() throws {
        for seed in 1...4 as ClosedRange<UInt64> {
            let replay = ReplayWorkload.make(strokes: 12, points: 10, seed: seed)
            var rng = SplitMix64(seed: seed)
            var withViews: [InputEvent] = []
            for event in replay.events {
                if rng.next() % 3 == 0 {
                    let zoom = [1.0 / 32, 0.5, 4, 64][Int(rng.next() % 4)]
                    withViews.append(.view(Viewport(origin: Point(Double(rng.next() % 1000), -7), zoom: zoom)))
                }
                withViews.append(event)
            }
            let plain = ToolHelpers.editor(640, 480, seed: seed), viewed = ToolHelpers.editor(640, 480, seed: seed)
            ToolHelpers.run(plain, replay.events)
            ToolHelpers.run(viewed, withViews)
            XCTAssertFalse(plain.displayList.isEmpty)
            XCTAssertEqual(viewed.displayList.drawables, plain.displayList.drawables)
            XCTAssertEqual(viewed.displayList.revision, plain.displayList.revision)
        }
    }
}
