import XCTest
@testable import ScrawlCore
@testable import ScrawlStorage

/// The selection's clipboard text: drawables round-trip (images embedded), and text that is not a
/// selection, or a broken one, is refused with a typed error saying what is wrong.
final class SelectionClipboardTests: XCTestCase {
    func testSelectionsRoundTrip() throws {
        let drawables = DocTest.sampleDrawables()
        let text = SelectionClipboard.encode(drawables)
        XCTAssertTrue(text.hasPrefix(#"{"scrawlSelection": 1, "format": "scrawl", "version": 1,"#), text)
        DocTest.assertSame(try SelectionClipboard.decode(text), drawables)
        XCTAssertEqual(try SelectionClipboard.decode(SelectionClipboard.encode([])).count, 0)
        XCTAssertEqual(try SelectionClipboard.encodeChecked(drawables), text)
    }

    func testOtherTextIsNotASelection() {
        for text in ["", "hello", "{\"a\": 1}", "[1, 2]", #"{"format": "scrawl", "version": 1, "canvas": {"width": 1, "height": 1}, "drawables": []}"#] {
            XCTAssertThrowsError(try SelectionClipboard.decode(text), text) { error in
                XCTAssertEqual(error as? SelectionClipboard.Error, .notASelection, text)
            }
        }
    }

    func testBrokenSelectionsAreRefusedWithAMessage() {
        let good = SelectionClipboard.encode([DocTest.path([.move(Point(1, 2))])])
        let cases: [(String, String)] = [
            (String(good.dropLast(5)), "the document is truncated"),
            (good.replacingOccurrences(of: #"["M", 1, 2]"#, with: #"["M", 1]"#), #"drawables[0].d[0]: "M" takes 2 numbers, found 1"#),
            (good.replacingOccurrences(of: #""scrawlSelection": 1"#, with: #""scrawlSelection": 2"#), "selection version 2, written by a newer Scrawl"),
            (good.replacingOccurrences(of: #""scrawlSelection": 1"#, with: #""scrawlSelection": "x""#), #""scrawlSelection" must be a positive integer"#),
        ]
        for (text, expected) in cases {
            XCTAssertThrowsError(try SelectionClipboard.decode(text), expected) { error in
                guard case .invalid(let message) = error as? SelectionClipboard.Error else { return XCTFail("\(error)") }
                XCTAssertTrue(message.contains(expected), message)
            }
        }
    }

    func testUnwritableDrawablesAreLeftOutOrRefused() {
        let good = DocTest.path([.move(Point(1, 2))]), bad = DocTest.path([.move(Point(.nan, 2))])
        XCTAssertEqual(try SelectionClipboard.decode(SelectionClipboard.encode([bad, good, bad])).count, 1)
        XCTAssertThrowsError(try SelectionClipboard.encodeChecked([good, bad])) { error in
            guard case .invalid(let message) = error as? SelectionClipboard.Error else { return XCTFail("\(error)") }
            XCTAssertTrue(message.hasPrefix("drawables[1].d[0][1]"), message)
        }
    }

    func testOversizedTextIsRefusedBeforeParsing() {
        var bytes = Array(#"{"scrawlSelection": 1, "pad": ""#.utf8)
        bytes += [UInt8](repeating: 0x78, count: SelectionClipboard.maxBytes)
        let huge = String(decoding: bytes + Array(#""}"#.utf8), as: UTF8.self)
        XCTAssertThrowsError(try SelectionClipboard.decode(huge)) { error in
            guard case .tooLarge = error as? SelectionClipboard.Error else { return XCTFail("\(error)") }
        }
    }
}
