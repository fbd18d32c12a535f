import XCTest
@testable import ScrawlCore

final class JSONReaderTests: XCTestCase {
    private func parse(_ text: String) throws -> JSONValue { try JSONValue.parse(text) }

    private func parseError(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> JSONError? {
        do {
            let v = try JSONValue.parse(Array(text.utf8))
            XCTFail("expected an error, got \(v)", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    func testScalarsAndContainers() throws {
        XCTAssertEqual(try parse("null"), .null)
        XCTAssertEqual(try parse(" true "), .bool(true))
        XCTAssertEqual(try parse("false"), .bool(false))
        XCTAssertEqual(try parse("\"hi\""), .string("hi"))
        XCTAssertEqual(try parse("[]"), .array([]))
        XCTAssertEqual(try parse("{}"), .object(JSONObject()))
        let v = try parse(#"{"a": [1, -2, 3.5, {"b": null}], "c": "d"}"#)
        XCTAssertEqual(v["a"], .array([.number(.int(1)), .number(.int(-2)), .number(.double(3.5)),
                                       .object(JSONObject([("b", .null)]))]))
        XCTAssertEqual(v["c"]?.stringValue, "d")
        XCTAssertEqual(v.objectValue?.keys, ["a", "c"])
    }

    func testIntegersAreExact() throws {
        XCTAssertEqual(try parse("18446744073709551615"), .number(.uint(UInt64.max)))
        XCTAssertEqual(try parse("9223372036854775807"), .number(.int(Int64.max)))
        XCTAssertEqual(try parse("-9223372036854775808"), .number(.int(Int64.min)))
        XCTAssertEqual(try parse("9223372036854775808"), .number(.uint(1 << 63)))
        XCTAssertEqual(try parse("18446744073709551616"), .number(.double(18446744073709551616.0)))
        XCTAssertEqual(try parse("-9223372036854775809"), .number(.double(-9223372036854775809.0)))
        XCTAssertEqual(try parse("-0"), .number(.int(0)))
        XCTAssertEqual(try parse("0"), .number(.int(0)))
    }

    func testDoublesMatchStrtod() throws {
        let samples = ["0.1", "1e-7", "1E+16", "123.456e-3", "5e-324", "1.7976931348623157e308",
                       "0.30000000000000004", "123456789012345678901234567890", "1e999", "-1e999",
                       "2.2250738585072014e-308", "0.000000000000000000000000000001", "1e-400",
                       "9007199254740993.0", "3.141592653589793238462643383279"]
        for s in samples {
            let v = try parse(s).numberValue?.doubleValue
            XCTAssertEqual(v, Double(s), s)
        }
        XCTAssertEqual(try parse("-0.0").numberValue?.doubleValue.sign, .minus)
        var rng = SplitMix64(seed: 99)
        for _ in 0..<20_000 {
            let d = Double(bitPattern: rng.next())
            guard d.isFinite else { continue }
            XCTAssertEqual(try parse(d.description).numberValue?.doubleValue, d, d.description)
            let short = JSONWriter.format(d)
            XCTAssertEqual(try parse(short).numberValue?.doubleValue, d, short)
        }
    }

    func testNonFiniteLiteralsReadAsNumbers() throws {
        XCTAssertTrue(try parse("NaN").numberValue?.doubleValue.isNaN ?? false)
        XCTAssertEqual(try parse("Infinity").numberValue?.doubleValue, .infinity)
        XCTAssertEqual(try parse("[-Infinity]"), .array([.number(.double(-.infinity))]))
        XCTAssertNotNil(parseError("-NaN"))
        XCTAssertNotNil(parseError("Infinityx"))
        XCTAssertNotNil(parseError("\"a\": NaN"))
    }

    func testStringEscapes() throws {
        XCTAssertEqual(try parse(#""a\"b\\c\/d\b\f\n\r\t""#), .string("a\"b\\c/d\u{8}\u{c}\n\r\t"))
        XCTAssertEqual(try parse(#""\u00e9\u4e2d\ud83d\ude00""#), .string("é中😀"))
        XCTAssertEqual(try parse(#""\u0000""#), .string("\u{0}"))
        XCTAssertEqual(try parse("\"é中😀\""), .string("é中😀"))
        XCTAssertEqual(parseError(#""\ud83d""#)?.message, "unpaired surrogate in \\u escape")
        XCTAssertEqual(parseError(#""\ude00""#)?.message, "unpaired surrogate in \\u escape")
        XCTAssertEqual(parseError(#""\ud83d\u0041""#)?.message, "unpaired surrogate in \\u escape")
        XCTAssertEqual(parseError(#""\x""#)?.message, "invalid escape '\\x'")
        XCTAssertEqual(parseError(#""\u12g4""#)?.message, "invalid \\u escape")
        XCTAssertEqual(parseError("\"a\u{1}b\"")?.message, "unescaped control character in a string")
    }

    func testInvalidUTF8IsRejected() {
        for bad: [UInt8] in [[0x22, 0xFF, 0x22], [0x22, 0xC0, 0xAF, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22],
                             [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], [0x22, 0xE2, 0x28, 0xA1, 0x22]] {
            XCTAssertThrowsError(try JSONValue.parse(bad)) { error in
                XCTAssertEqual((error as? JSONError)?.message, "invalid UTF-8 in a string")
            }
        }
    }

    func testErrorPositions() {
        let e = parseError("{\"a\": 1,\n \"b\": 2\n  \"c\": 3}")
        XCTAssertEqual(e?.line, 3)
        XCTAssertEqual(e?.column, 3)
        XCTAssertEqual(e?.message, "expected ',' or '}'")
        XCTAssertEqual(parseError("[1, 2")?.message, "unexpected end of input")
        XCTAssertEqual(parseError("[1, 2")?.isEndOfInput, true)
        XCTAssertEqual(parseError("")?.line, 1)
        XCTAssertEqual(parseError("é@")?.column, 1)
        XCTAssertEqual(parseError("[\"é\", @]")?.column, 7)
        XCTAssertEqual(parseError("[1,]")?.message, "expected a value, found ']'")
        XCTAssertEqual(parseError("{\"a\" 1}")?.message, "expected ':'")
        XCTAssertEqual(parseError("{1: 2}")?.message, "expected a string key, found '1'")
        XCTAssertEqual(parseError("1 2")?.message, "unexpected '2' after the end of the JSON value")
        XCTAssertEqual(parseError("01")?.message, "invalid number")
        XCTAssertEqual(parseError("1.")?.isEndOfInput, true)
        XCTAssertEqual(parseError("1.e3")?.message, "expected a digit, found 'e'")
        XCTAssertEqual(parseError("tru")?.isEndOfInput, true)
        XCTAssertEqual(parseError("trux")?.message, "invalid literal")
        XCTAssertEqual(parseError("nulls")?.message, "invalid literal")
    }

    func testDuplicateKeysAreRejected() {
        let e = parseError(#"{"a": 1, "b": 2, "a": 3}"#)
        XCTAssertEqual(e?.message, #"duplicate key "a""#)
        XCTAssertEqual(e?.column, 18)
        var many = (0..<40).map { "\"k\($0)\": \($0)" }
        many.append("\"k7\": 0")
        XCTAssertEqual(parseError("{" + many.joined(separator: ", ") + "}")?.message, #"duplicate key "k7""#)
    }

    func testDepthLimit() throws {
        let ok = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        XCTAssertNoThrow(try parse(ok))
        let deep = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
        XCTAssertEqual(parseError(deep)?.message, "nesting deeper than 64 levels")
        let bomb = [UInt8](repeating: UInt8(ascii: "["), count: 100_000)
        XCTAssertThrowsError(try JSONValue.parse(bomb))
        let objects = String(repeating: "{\"a\":", count: 100_000)
        XCTAssertEqual(parseError(objects)?.message, "nesting deeper than 64 levels")
    }

    func testByteOrderMarkIsSkipped() throws {
        XCTAssertEqual(try JSONValue.parse([0xEF, 0xBB, 0xBF] + Array("[1]".utf8)), .array([.number(.int(1))]))
    }

    func testWriterRoundTrip() throws {
        let text = #"{"s": "a\"\\\n\u0001é😀", "n": [0, -1, 2.5, 1e-07, 18446744073709551615, -0.0], "b": true, "z": null}"#
        let v = try parse(text)
        XCTAssertEqual(try JSONValue.parse(v.encoded()), v)
        XCTAssertEqual(JSONWriter.format(3), "3")
        XCTAssertEqual(JSONWriter.format(30.5), "30.5")
        XCTAssertEqual(JSONWriter.format(-0.0), "-0.0")
        XCTAssertEqual(JSONWriter.format(1e300), "1e+300")
        XCTAssertEqual(JSONWriter.quoted("a\"b\u{1}"), #""a\"b\u0001""#)
        XCTAssertEqual(JSONWriter.quoted("abcdef", limit: 3), "\"abc…\"")
    }

    func testGarbageNeverCrashes() {
        var rng = SplitMix64(seed: 1)
        let alphabet = Array("{}[]:,\"\\ 0123456789.eE+-tfnul\u{1}aNI\n".utf8) + [0xC3, 0xA9, 0xFF, 0xED]
        for _ in 0..<20_000 {
            let length = Int(rng.next() % 40)
            let bytes = (0..<length).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] }
            _ = try? JSONValue.parse(bytes)
            let random = (0..<length).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            _ = try? JSONValue.parse(random)
        }
    }
}
