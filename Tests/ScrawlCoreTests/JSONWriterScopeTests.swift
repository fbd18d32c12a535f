import XCTest
@testable import ScrawlCore

/// `JSONWriter`'s object and array scopes: commas, spacing and line breaks, byte for byte.
final class JSONWriterScopeTests: XCTestCase {
    private func written(_ body: (inout JSONWriter) -> Void) -> String {
        var w = JSONWriter()
        body(&w)
        return w.text
    }

    func testInlineObjectsAndArrays() {
        XCTAssertEqual(written { w in
            w.object { w in
                w.key("op")
                w.string("add")
                w.key("ids")
                w.array { w in for i in [1, 2, 3] { w.integer(i) } }
                w.key("nested")
                w.array { w in
                    w.array { w in
                        w.string("clear")
                        w.array { w in for i in [0, 1] { w.integer(i) } }
                    }
                    w.null()
                }
                w.key("flag")
                w.bool(false)
                w.key("x")
                w.number(-0.5)
            }
        }, #"{"op": "add", "ids": [1, 2, 3], "nested": [["clear", [0, 1]], null], "flag": false, "x": -0.5}"#)
    }

    func testEmptyScopes() {
        XCTAssertEqual(written { w in w.object { _ in } }, "{}")
        XCTAssertEqual(written { w in w.array { _ in } }, "[]")
        XCTAssertEqual(written { w in w.array(.lines) { _ in } }, "[]", "no line break in an empty .lines array")
        XCTAssertEqual(written { w in w.array { w in w.object { _ in }; w.array { _ in } } }, "[{}, []]")
    }

    func testLinesLayout() {
        XCTAssertEqual(written { w in w.array(.lines) { w in for i in [1, 2] { w.integer(i) } } }, "[\n1,\n2\n]")
        XCTAssertEqual(written { w in
            w.object(.lines) { w in
                w.key("a")
                w.integer(1)
                w.key("b")
                w.array { w in w.integer(2) }
            }
        }, "{\n\"a\": 1,\n\"b\": [2]\n}")
        let custom = JSONWriter.Layout(open: "\n", between: "\n", close: "\n", closeEmpty: "\n")
        XCTAssertEqual(written { w in w.array(custom) { _ in } }, "[\n]", "closeEmpty")
        let open = JSONWriter.Layout(open: "\n", between: "\n", close: "")
        XCTAssertEqual(written { w in w.array(open) { w in w.string("x"); w.string("y") } }, "[\n\"x\",\n\"y\"]")
    }

    func testKeyOnNewLine() {
        XCTAssertEqual(written { w in
            w.object { w in
                w.key("format")
                w.string("scrawl")
                w.key("version")
                w.integer(1)
                w.key("canvas", onNewLine: true)
                w.object { _ in }
            }
        }, "{\"format\": \"scrawl\", \"version\": 1,\n\"canvas\": {}}")
        XCTAssertEqual(written { w in w.object { w in w.key("a", onNewLine: true); w.null() } }, "{\n\"a\": null}")
    }

    func testKeysAreEscaped() {
        XCTAssertEqual(written { w in w.object { w in w.key("a\"b\n"); w.integer(1) } }, #"{"a\"b\n": 1}"#)
    }

    func testBeginEndMatchesClosureForm() {
        var w = JSONWriter()
        w.beginObject()
        w.key("events")
        w.beginArray(.lines)
        w.integer(1)
        w.rawValue(Array(#"{"k": 2}"#.utf8))
        w.endArray()
        w.endObject()
        XCTAssertEqual(w.text, "{\"events\": [\n1,\n{\"k\": 2}\n]}")
    }

    /// `takeBytes` hands over what is written and keeps the open scopes, so a file can be written
    /// a piece at a time with the same commas.
    func testTakeBytesKeepsScopesOpen() {
        var w = JSONWriter()
        w.beginArray(.lines)
        w.integer(1)
        XCTAssertEqual(String(decoding: w.takeBytes(), as: UTF8.self), "[\n1")
        XCTAssertEqual(w.text, "")
        w.integer(2)
        w.endArray()
        XCTAssertEqual(w.text, ",\n2\n]")
    }

    func testRawIsVerbatimAndNotAValue() {
        XCTAssertEqual(written { w in
            w.array { w in
                w.integer(1)
                w.raw(" ")
                w.integer(2)
            }
            w.raw("\n")
        }, "[1 , 2]\n")
    }

    func testValueWritesCompactJSON() throws {
        let text = #"{"a": [1, 2.5, "x", null, true], "b": {}, "c": []}"#
        XCTAssertEqual(try JSONValue.parse(Array(text.utf8)).encoded(), text)
        XCTAssertEqual(written { w in w.array { w in w.value(.number(JSONNumber.int(3))); w.value(.array([])) } }, "[3, []]")
    }
}
