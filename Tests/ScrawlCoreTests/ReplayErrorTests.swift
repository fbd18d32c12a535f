import XCTest
@testable import ScrawlCore

/// One test per class of bad input, checking the exact one-line message.
final class ReplayErrorTests: XCTestCase {
    /// The message for `text`, or a failure when it parses.
    private func message(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        message(bytes: Array(text.utf8), file: file, line: line)
    }

    private func message(bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) -> String {
        ReplayCheckAgreement.assertAgree(bytes, file: file, line: line)
        do {
            _ = try Replay.parse(bytes)
            XCTFail("parsed", file: file, line: line)
            return ""
        } catch {
            return error.message(file: "replay.json")
        }
    }

    /// A valid replay whose event `index` is `event`, after `index` harmless key events.
    private func withEvent(_ event: String, at index: Int = 41) -> String {
        let filler = Array(repeating: #"{"key": "a"}"#, count: index)
        return #"{"version": 1, "events": ["# + (filler + [event]).joined(separator: ",\n") + "]}"
    }

    private func touch(_ fields: String) -> String { #"{"touches": [{"id": 0, "phase": "moved", "x": 1, "y": 2}, {"# + fields + "}]}" }

    func testEmptyFile() {
        XCTAssertEqual(message(""), "replay.json: the replay is empty")
        XCTAssertEqual(message(" \n\t\r\n"), "replay.json: the replay is empty")
    }

    func testInvalidJSON() {
        XCTAssertEqual(message("{\"version\": 1,\n \"events\": [\n   {\"key\": \"1\"} {\"key\": \"2\"}]}"),
                       "replay.json: line 3, column 17: invalid JSON: expected ',' or ']'")
        XCTAssertEqual(message("{\"version\": 1 \"events\": []}"),
                       "replay.json: line 1, column 15: invalid JSON: expected ',' or '}'")
        XCTAssertEqual(message("{\"version\": 1, \"events\": [\n"),
                       "replay.json: line 2, column 1: invalid JSON: unexpected end of input")
        XCTAssertEqual(message("{\"version\": 1, \"events\": []} x"),
                       "replay.json: line 1, column 30: invalid JSON: unexpected 'x' after the end of the JSON value")
        XCTAssertEqual(message(#"{"version": 1, "events": [], "version": 1}"#),
                       #"replay.json: line 1, column 30: invalid JSON: duplicate key "version""#)
        XCTAssertEqual(message(withEvent(#"{"key": "a", "key": "b"}"#, at: 0)),
                       #"replay.json: line 1, column 40: invalid JSON: duplicate key "key""#)
        XCTAssertEqual(message("[1]"), "replay.json: a replay must be a JSON object")
    }

    func testDepthBomb() {
        let nested = String(repeating: "[", count: 100_000)
        XCTAssertEqual(message(#"{"version": 1, "events": "# + nested),
                       "replay.json: line 1, column 89: invalid JSON: nesting deeper than 64 levels")
        XCTAssertEqual(message(nested), "replay.json: a replay must be a JSON object")
        XCTAssertEqual(message(String(repeating: "{\"a\":", count: 100_000)),
                       "replay.json: line 1, column 321: invalid JSON: nesting deeper than 64 levels")
    }

    func testMissingFields() {
        XCTAssertEqual(message(#"{"events": []}"#), #"replay.json: "version" is missing"#)
        XCTAssertEqual(message(#"{"version": 1}"#), #"replay.json: "events" is missing"#)
        XCTAssertEqual(message(withEvent(touch(#""id": 1, "phase": "moved", "y": 2"#), at: 3)),
                       #"replay.json: event 3: touch 1: "x" is missing"#)
        XCTAssertEqual(message(withEvent(touch(#""phase": "moved", "x": 1, "y": 2"#))),
                       #"replay.json: event 41: touch 1: "id" is missing"#)
        XCTAssertEqual(message(withEvent("{}")),
                       #"replay.json: event 41: needs one of "key", "touches", "frame", "view", "paste", "color", "ink", "layer" or "text""#)
        XCTAssertEqual(message(withEvent(#"{"key": "a", "frame": "f"}"#)),
                       #"replay.json: event 41: has more than one of "key", "touches", "frame", "view", "paste", "color", "ink", "layer" and "text""#)
    }

    func testWrongTypes() {
        XCTAssertEqual(message(#"{"version": 1, "canvas": {"width": "640"}, "events": []}"#),
                       #"replay.json: "canvas.width" must be a number"#)
        XCTAssertEqual(message(#"{"version": 1, "canvas": [], "events": []}"#), #"replay.json: "canvas" must be an object"#)
        XCTAssertEqual(message(#"{"version": "1", "events": []}"#), #"replay.json: "version" must be an integer"#)
        XCTAssertEqual(message(#"{"version": 1.5, "events": []}"#), #"replay.json: "version" must be an integer"#)
        XCTAssertEqual(message(#"{"version": 1, "events": {}}"#), #"replay.json: "events" must be an array"#)
        XCTAssertEqual(message(#"{"version": 1, "stamp": 3, "events": []}"#), #"replay.json: "stamp" must be a string"#)
        XCTAssertEqual(message(withEvent("[]", at: 2)), "replay.json: event 2: must be an object")
        XCTAssertEqual(message(withEvent(#"{"key": 1}"#)), #"replay.json: event 41: "key" must be a string"#)
        XCTAssertEqual(message(withEvent(#"{"frame": null}"#)), #"replay.json: event 41: "frame" must be a string"#)
        XCTAssertEqual(message(withEvent(#"{"touches": {}}"#)), #"replay.json: event 41: "touches" must be an array"#)
        XCTAssertEqual(message(withEvent(#"{"touches": []}"#)), #"replay.json: event 41: "touches" must not be empty"#)
        XCTAssertEqual(message(withEvent(#"{"touches": [1]}"#)), #"replay.json: event 41: touch 0 must be an object"#)
        XCTAssertEqual(message(withEvent(touch(#""id": "a", "phase": "moved", "x": 1, "y": 2"#))),
                       #"replay.json: event 41: touch 1: "id" must be an integer"#)
        XCTAssertEqual(message(withEvent(touch(#""id": 1.5, "phase": "moved", "x": 1, "y": 2"#))),
                       #"replay.json: event 41: touch 1: "id" must be an integer"#)
        XCTAssertEqual(message(withEvent(touch(#""id": 9223372036854775808, "phase": "moved", "x": 1, "y": 2"#))),
                       #"replay.json: event 41: touch 1: "id" is out of range"#)
        XCTAssertEqual(message(withEvent(touch(#""id": 1, "phase": 2, "x": 1, "y": 2"#))),
                       #"replay.json: event 41: touch 1: "phase" must be a string"#)
        XCTAssertEqual(message(withEvent(touch(#""id": 1, "phase": "moved", "x": "1", "y": 2"#))),
                       #"replay.json: event 41: touch 1: "x" must be a number"#)
        XCTAssertEqual(message(withEvent(touch(#""id": 1, "phase": "moved", "x": 1, "y": 2, "shift": 1"#))),
                       #"replay.json: event 41: touch 1: "shift" must be true or false"#)
    }

    func testUnsupportedVersion() {
        XCTAssertEqual(message(#"{"version": 2, "events": [{"new": "thing"}]}"#),
                       "replay.json: unsupported replay version 2 (this build reads version 1)")
        XCTAssertEqual(message(#"{"events": [{"new": "thing"}], "version": 0}"#),
                       "replay.json: unsupported replay version 0 (this build reads version 1)")
        XCTAssertEqual(message(#"{"version": 18446744073709551615, "events": []}"#),
                       #"replay.json: "version" is not a supported version (this build reads version 1)"#)
    }

    func testUnknownPhase() {
        XCTAssertEqual(message(withEvent(touch(#""id": 1, "phase": "tapped", "x": 1, "y": 2"#), at: 7)),
                       #"replay.json: event 7: touch 1: "phase" must be began, moved, ended or cancelled, not "tapped""#)
        XCTAssertEqual(message(withEvent(touch(#""id": 1, "phase": "Moved", "x": 1, "y": 2"#), at: 7)),
                       #"replay.json: event 7: touch 1: "phase" must be began, moved, ended or cancelled, not "Moved""#)
    }

    func testMalformedKeyName() {
        for bad in ["shift+ctrl+z", "Z", "ctrl+", "", "ctrl+ctrl+z", "f2", "ctrl+shift", "+", "é", "a\\u0000"] {
            let shown = JSONWriter.quoted(String(decoding: Array(bad.replacingOccurrences(of: "\\u0000", with: "\u{0}").utf8), as: UTF8.self))
            XCTAssertEqual(message(withEvent(#"{"key": "\#(bad)"}"#)),
                           "replay.json: event 41: \"key\" is not a valid key name: \(shown)", bad)
        }
        XCTAssertNoThrow(try Replay.parse(Array(withEvent(#"{"key": "ctrl+shift+alt+escape", "x": 1}"#, at: 0).utf8)))
    }

    func testMalformedColour() {
        for bad in ["#12345", "red", "#ggggggg", "#1234567", "", "ffffff"] {
            XCTAssertEqual(message(#"{"version": 1, "canvas": {"background": "\#(bad)"}, "events": []}"#),
                           #"replay.json: "canvas.background" is not a #rrggbb or #rrggbbaa colour: "\#(bad)""#)
        }
    }

    func testBadFrameName() {
        let rule = "(1 to 64 of A-Z a-z 0-9 . _ -)"
        let cases = [("", #""""#), ("a b", #""a b""#), (#"fr\u00e9me"#, #""fréme""#), ("é", #""é""#),
                     (#"a\nb"#, #""a\nb""#), (#"a\u002fb"#, #""a/b""#), (#"x\ud83d\ude00"#, #""x😀""#),
                     (String(repeating: "f", count: 65), "\"" + String(repeating: "f", count: 40) + "…\"")]
        for (name, shown) in cases {
            XCTAssertEqual(message(withEvent(#"{"frame": "\#(name)"}"#)),
                           "replay.json: event 41: \"frame\" is not a valid frame name \(rule): \(shown)")
        }
        XCTAssertNoThrow(try Replay.parse(Array(withEvent(#"{"frame": "mid\u002dstroke"}"#).utf8)))
    }

    func testNonFiniteCoordinates() {
        for bad in ["1e999", "-1e999", "NaN", "Infinity", "-Infinity"] {
            XCTAssertEqual(message(withEvent(touch(#""id": 1, "phase": "moved", "x": \#(bad), "y": 2"#))),
                           #"replay.json: event 41: touch 1: "x" is not a finite number"#, bad)
        }
        XCTAssertEqual(message(withEvent(#"{"touches": [{"id": 0, "phase": "began", "x": 0, "y": NaN}]}"#, at: 0)),
                       #"replay.json: event 0: touch 0: "y" is not a finite number"#)
        XCTAssertEqual(message(#"{"version": 1, "canvas": {"height": 1e999}, "events": []}"#),
                       #"replay.json: "canvas.height" is not a finite number"#)
    }

    func testAbsurdCoordinates() {
        for bad in ["1000000.5", "-2e6", "1e300", "18446744073709551615"] {
            XCTAssertEqual(message(withEvent(touch(#""id": 1, "phase": "moved", "x": 0, "y": \#(bad)"#))),
                           #"replay.json: event 41: touch 1: "y" is out of range (more than 1000000 from 0)"#, bad)
        }
    }

    func testCanvasSize() throws {
        let big = Replay(canvas: CanvasSpec(width: 20000, height: 600))
        XCTAssertThrowsError(try big.validateCanvas(scale: 1)) { error in
            XCTAssertEqual((error as? ReplayError)?.message(file: "replay.json"),
                           "replay.json: the canvas is 20000x600 device pixels at scale 1; each side must be 1 to 16384 and the canvas at most 67108864 device pixels (64 Mi, e.g. 8192x8192)")
        }
        XCTAssertThrowsError(try Replay(canvas: CanvasSpec(width: 8193, height: 10)).validateCanvas(scale: 2)) { error in
            XCTAssertEqual(error as? ReplayError, .canvasSize(width: 16386, height: 20, scale: 2))
        }
        XCTAssertThrowsError(try Replay(canvas: CanvasSpec(width: 0.6, height: 10)).validateCanvas(scale: 1.5)) { error in
            XCTAssertEqual((error as? ReplayError)?.message(file: "r"),
                           "r: the canvas is 0x15 device pixels at scale 1.5; each side must be 1 to 16384 and the canvas at most 67108864 device pixels (64 Mi, e.g. 8192x8192)")
        }
        XCTAssertEqual(message(#"{"version": 1, "canvas": {"width": 0}, "events": []}"#),
                       #"replay.json: "canvas.width" must be 0.001 to 16384 points, found 0"#)
        XCTAssertEqual(message(#"{"version": 1, "canvas": {"height": -5}, "events": []}"#),
                       #"replay.json: "canvas.height" must be 0.001 to 16384 points, found -5"#)
        // One rule for replays and documents (CanvasSpec.sideProblem): sides in points are bounded too.
        XCTAssertEqual(message(#"{"version": 1, "canvas": {"width": 1e19}, "events": []}"#),
                       #"replay.json: "canvas.width" must be 0.001 to 16384 points, found 1e+19"#)
    }

    func testSeedRange() {
        let problem = #"replay.json: "seed" must be an integer from 0 to 18446744073709551615"#
        for bad in ["18446744073709551616", "-1", "1.5", "1e3", "\"7\"", "null"] {
            XCTAssertEqual(message(#"{"version": 1, "seed": \#(bad), "events": []}"#), problem, bad)
        }
    }

    func testPrecedence() {
        // A syntax error anywhere beats a problem earlier in the document.
        XCTAssertEqual(message(withEvent(#"{"key": "Q"}"#, at: 1) + " ]"),
                       "replay.json: line 2, column 16: invalid JSON: unexpected ']' after the end of the JSON value")
        // An unsupported version beats problems in events before it.
        XCTAssertEqual(message(#"{"events": [{"key": "Q"}], "version": 3}"#),
                       "replay.json: unsupported replay version 3 (this build reads version 1)")
        // The first problem in document order wins.
        XCTAssertEqual(message(#"{"version": 1, "events": [{"key": "Q"}], "canvas": {"width": "x"}}"#),
                       #"replay.json: event 0: "key" is not a valid key name: "Q""#)
        XCTAssertEqual(message(#"{"canvas": {"width": "x"}, "version": 1, "events": [{"key": "Q"}]}"#),
                       #"replay.json: "canvas.width" must be a number"#)
    }

    func testDescription() {
        XCTAssertEqual(ReplayError.event(index: 41, problem: #"touch 0: "x" is not a finite number"#).description,
                       #"replay: event 41: touch 0: "x" is not a finite number"#)
    }
}
