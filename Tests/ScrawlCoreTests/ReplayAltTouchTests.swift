import XCTest
@testable import ScrawlCore

/// The touch field "alt" in replays: decoded and encoded like "shift".
final class ReplayAltTouchTests: XCTestCase {
    private func replay(_ touch: String) -> String {
        #"{"version": 1, "events": [{"key": "a"}, {"touches": [{"id": 0, "phase": "began", "x": 1, "y": 2"#
            + touch + "}]}]}"
    }

    func testAltRoundTripsAndIsWrittenOnlyWhenTrue() throws {
        let parsed = try Replay.parse(Array(replay(#", "alt": true, "shift": true"#).utf8))
        guard case .touches(let touches) = parsed.events[1] else { return XCTFail("a touch event") }
        XCTAssertEqual(touches, [Touch(id: 0, phase: .began, location: Point(1, 2), shift: true, alt: true)])
        let text = parsed.encoded()
        XCTAssertTrue(text.contains(#""shift": true, "alt": true"#) || text.contains(#""shift":true,"alt":true"#))
        XCTAssertEqual(try Replay.parse(Array(text.utf8)), parsed)
        let plain = try Replay.parse(Array(replay(#", "alt": false"#).utf8))
        XCTAssertFalse(plain.encoded().contains("alt"))
    }

    func testBadAltNamesTheEventAndField() {
        XCTAssertThrowsError(try Replay.parse(Array(replay(#", "alt": 1"#).utf8))) { error in
            XCTAssertEqual((error as? ReplayError)?.message(file: "r.json"),
                           #"r.json: event 1: touch 0: "alt" must be true or false"#)
        }
    }

    func testPasteEventRoundTripsAndBadPasteNamesTheEvent() throws {
        let text = #"{"version": 1, "events": [{"paste": "{\"a\": [1]}\n\u00e9"}]}"#
        let parsed = try Replay.parse(Array(text.utf8))
        XCTAssertEqual(parsed.events, [.paste("{\"a\": [1]}\né")])
        XCTAssertEqual(try Replay.parse(Array(parsed.encoded().utf8)), parsed)
        XCTAssertThrowsError(try Replay.parse(Array(#"{"version": 1, "events": [{"key": "a"}, {"paste": 3}]}"#.utf8))) {
            XCTAssertEqual(($0 as? ReplayError)?.message(file: "r.json"), #"r.json: event 1: "paste" must be a string"#)
        }
    }

    func testPasteEventPastesThroughTheEditorsDecoder() {
        let e = SelectTestSupport.editor([])
        let line = SelectTestSupport.line(Point(1, 1), Point(5, 5))
        e.handle(.paste("not a selection"))
        XCTAssertNotNil(e.selection?.lastPasteProblem, "without a decoder nothing is pasted, and it says so")
        e.selectionDecoder = { (text, _) throws(PasteRefusal) in
            guard text == "sel" else { throw .notASelection }
            return [line, line]
        }
        e.handle(.key(KeyPress("p")))
        e.handle(.paste("sel"))
        XCTAssertEqual(e.tool.kind, .select, "pasting chooses the selection tool")
        XCTAssertEqual(e.displayList.drawables, [line, line])
        XCTAssertEqual(e.displayList.history.undo.count, 1)
        XCTAssertEqual(e.selection?.selectedIDs, Set(e.displayList.items.map(\.id)))
        e.handle(.paste("junk"))
        XCTAssertEqual(e.displayList.count, 2)
        XCTAssertNotNil(e.selection?.lastPasteProblem)
    }
}
