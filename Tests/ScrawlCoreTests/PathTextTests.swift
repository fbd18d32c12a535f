import XCTest
@testable import ScrawlCore

/// Paths as messages print them: control characters escaped (never raw on a terminal or in a
/// title), long paths shortened around "…" keeping the file name and the end.
final class PathTextTests: XCTestCase {
    func testControlCharactersAreEscapedReadably() {
        XCTAssertEqual(PathText.short("/tmp/c\u{1}t\u{1b}[41mX.scrawl"), "/tmp/c\\x01t\\e[41mX.scrawl")
        XCTAssertEqual(PathText.short("a\tb\nc\rd\u{7f}e\u{9b}f\u{0}"), "a\\tb\\nc\\rd\\x7fe\\u{9b}f\\x00")
        XCTAssertEqual(PathText.short("ünïcödé/名前 \\ ok.png"), "ünïcödé/名前 \\ ok.png", "only controls change")
        XCTAssertEqual(PathText.short("x\r\ny"), "x\\r\\ny", "a CR LF pair (one Character) is escaped whole")
        XCTAssertEqual(PathText.name("/a/b\u{1b}c/d\u{1b}]0;owned\u{7}.scrawl"), "d\\e]0;owned\\x07.scrawl")
    }

    func testNoControlCharacterIsLeftInAnyOutput() {
        let all = String(String.UnicodeScalarView((0...0x9f).compactMap(Unicode.Scalar.init)))
        func controls(_ s: String) -> [Unicode.Scalar] {
            s.unicodeScalars.filter { $0.value < 0x20 || (0x7f...0x9f).contains($0.value) }
        }
        for text in [all, String(repeating: all, count: 5), "/" + all + "/" + all] {
            XCTAssertEqual(controls(PathText.short(text)), [], PathText.short(text).debugDescription)
            XCTAssertEqual(controls(PathText.name(text)), [], PathText.name(text).debugDescription)
            XCTAssertEqual(controls(PathText.escapingControls(text)), controls(text).filter { $0 == "\n" })
        }
        XCTAssertEqual(PathText.escapingControls("one\u{1b}[2J\ntwo"), "one\\e[2J\ntwo", "a message's own line break stays")
    }

    /// A long path keeps its start, "…", and its last 120 characters: the file name and the folders
    /// just above it. Short paths are whole.
    func testLongPathsKeepTheFileNameAndTheEnd() {
        let path = "/home/" + String(repeating: "a", count: 150) + "/" + String(repeating: "b", count: 100) + "/name.scrawl"
        XCTAssertEqual(path.count, 269)
        let shown = PathText.short(path)
        XCTAssertEqual(shown.count, PathText.head + 1 + PathText.tail)
        XCTAssertTrue(shown.hasPrefix("/home/aaa"), shown)
        XCTAssertTrue(shown.hasSuffix("/" + String(repeating: "b", count: 100) + "/name.scrawl"), shown)
        XCTAssertEqual(shown.filter { $0 == "…" }.count, 1)
        let exact = String(repeating: "c", count: PathText.head + 1 + PathText.tail)
        XCTAssertEqual(PathText.short(exact), exact, "at the limit: whole")
        XCTAssertEqual(PathText.name(path), "name.scrawl")
        let longName = String(repeating: "n", count: 240) + ".scrawl"
        XCTAssertTrue(PathText.name("/x/" + longName).hasSuffix("nnn.scrawl"))
        XCTAssertEqual(PathText.name("/x/" + longName).count, 161)
    }

    /// The limit counts what is shown (escapes included), an escape is never cut in two, and
    /// applying either function again changes nothing (messages may pass a shown name on).
    func testEscapesCountWhole() {
        let path = String(repeating: "\u{1b}", count: 100) + "/" + String(repeating: "\u{1}", count: 100)
        let shown = PathText.short(path)
        XCTAssertLessThanOrEqual(shown.count, PathText.head + 1 + PathText.tail)
        XCTAssertTrue(shown.hasPrefix("\\e\\e") && shown.hasSuffix("\\x01\\x01"), shown)
        let parts = shown.components(separatedBy: "…")
        XCTAssertEqual(parts.count, 2)
        XCTAssertTrue(parts[0].hasSuffix("\\e") && parts[1].hasPrefix("\\x01"), "whole escapes on both sides: \(shown)")
        for text in [path, "/tmp/c\u{1}t\u{1b}[41mX", String(repeating: "é", count: 400)] {
            XCTAssertEqual(PathText.short(PathText.short(text)), PathText.short(text))
            XCTAssertEqual(PathText.name(PathText.name(text)), PathText.name(text))
        }
    }
}
