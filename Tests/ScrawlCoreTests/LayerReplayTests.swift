import XCTest
@testable import ScrawlCore

/// The replay's `{"layer": …}` events: every operation reads back as written, bad ones give one
/// line naming the event and what is wrong, and a replay plays them through the editor.
final class LayerReplayTests: XCTestCase {
    private let all: [LayerEvent] = [.add(name: "Sky"), .add(name: nil), .delete, .move(1), .move(-1), .makeCurrent(0),
                                      .rename("Ink \"2\""), .visible(false), .locked(true), .opacity(0.25), .mergeDown,
                                      .moveSelection(-1)]

    func testEveryLayerEventReadsBackAsWritten() throws {
        let replay = Replay(events: all.map(InputEvent.layer))
        let text = replay.encoded()
        XCTAssertTrue(text.contains(#"{"layer": {"add": "Sky"}}"#), text)
        XCTAssertTrue(text.contains(#"{"layer": {"opacity": 0.25}}"#), text)
        XCTAssertEqual(try Replay.parse(Array(text.utf8)).events, replay.events)
    }

    private func message(_ layer: String) -> String {
        let text = #"{"version": 1, "events": [{"key": "a"}, {"layer": "# + layer + "}]}"
        ReplayCheckAgreement.assertAgree(Array(text.utf8))
        do {
            _ = try Replay.parse(Array(text.utf8))
            XCTFail("parsed \(layer)")
            return ""
        } catch {
            return error.message(file: "r.json")
        }
    }

    func testBadLayerEventsSayWhatIsWrongInOneLine() {
        let cases: [(String, String)] = [
            ("3", #"r.json: event 1: "layer" must be an object"#),
            ("{}", #"r.json: event 1: "layer" needs one of "add", "delete", "move", "select", "rename", "visible", "locked", "opacity", "mergeDown", "moveSelection""#),
            (#"{"opacity": 1.5}"#, #"r.json: event 1: "layer": "opacity" must be a number from 0 to 1"#),
            (#"{"move": 2}"#, #"r.json: event 1: "layer": "move" must be 1 (up) or -1 (down)"#),
            (#"{"select": -1}"#, #"r.json: event 1: "layer": "select" must be a layer's position (an integer from 0, the bottom)"#),
            (#"{"rename": "  "}"#, #"r.json: event 1: "layer": "rename" must be a name (1 to 64 characters)"#),
            (#"{"delete": false}"#, #"r.json: event 1: "layer": "delete" must be true"#),
            (#"{"visible": 1}"#, #"r.json: event 1: "layer": "visible" must be true or false"#),
            (#"{"delete": true, "mergeDown": true}"#, #"r.json: event 1: "layer" has more than one operation (one per event)"#),
        ]
        for (layer, expected) in cases {
            let m = message(layer)
            XCTAssertEqual(m, expected)
            XCTAssertFalse(m.contains("\n"))
        }
    }

    func testAReplayPlaysLayerOperationsThroughTheEditor() throws {
        let text = """
        {"version": 1, "events": [
        {"layer": {"add": "Top"}},
        {"touches": [{"id": 0, "phase": "began", "x": 10, "y": 10}]},
        {"touches": [{"id": 0, "phase": "ended", "x": 50, "y": 10}]},
        {"layer": {"select": 0}},
        {"layer": {"rename": "Paper"}},
        {"layer": {"opacity": 0.5}}
        ]}
        """
        let replay = try Replay.parse(Array(text.utf8))
        let e = ToolHelpers.editor()
        replay.events.forEach(e.handle)
        XCTAssertEqual(e.displayList.layers.map(\.name), ["Paper", "Top"])
        XCTAssertEqual(e.displayList.layers.map(\.opacity), [0.5, 1])
        XCTAssertEqual(e.displayList.items.map(\.layer), [e.displayList.layers[1].id])
    }
}
