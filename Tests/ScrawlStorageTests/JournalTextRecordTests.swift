import Foundation
import XCTest
@testable import ScrawlCore
@testable import ScrawlStorage

/// The `text` and `text-end` records read back exactly, and hostile ones are refused with a
/// typed error: recovery keeps what came before them and never traps.
final class JournalTextRecordTests: XCTestCase {
    private var folder = ""

    override func setUp() { folder = DocTest.makeTempFolder("scrawl-text-record") }
    override func tearDown() { DocTest.remove(folder) }

    private let fields = ##""caret": 0, "x": 10, "y": 20, "family": "Sans", "size": 24, "color": "#ff000080", "layer": 1"##

    private func recover(_ ops: [String]) throws -> RecoveredSession {
        let dir = PosixIO.join(folder, "session-1-text")
        XCTAssertNil(PosixIO.makeFolders(dir))
        DocTest.write(JournalCraftedSessionTests.journal(generation: 0, ops: ops), to: PosixIO.join(dir, "journal-0.log"))
        return try XCTUnwrap(Journal.recover(directory: folder))
    }

    func testChangesApplyToTheRecordBefore() throws {
        let r = try recover([##"{"op": "text", "text": "héllo wörld", \##(fields)}"##,
                             ##"{"op": "text", "at": 6, "cut": 5, "insert": "thère 👋🏽", \##(fields), "replaces": 7}"##])
        let open = try XCTUnwrap(r.openText)
        XCTAssertEqual(open.string, "héllo thère 👋🏽")
        XCTAssertEqual(open.position, Point(10, 20))
        XCTAssertEqual(open.colour, Color(r: 255, g: 0, b: 0, a: 128))
        XCTAssertEqual(open.replacing, 7)
        XCTAssertEqual(open.layer, .first)
        XCTAssertNil(r.leftOut)
    }

    func testEveryChangeRoundTripsThroughTheRecords() throws {
        var g = SplitMix64(seed: 9)
        let alphabet = Array("ab é\n👋🏽e\u{301}")
        var previous: OpenText?
        var state: JournalOpenText.State?
        for _ in 0..<300 {
            let count = Int(g.next() % 12)
            let string = String((0..<count).map { _ in alphabet[Int(g.next() % UInt64(alphabet.count))] })
            let text = OpenText(string: string, caret: 0, position: Point(1, 2), family: "F", size: 12, colour: .blue,
                                layer: LayerID(2), replacing: nil)
            let json = try JSONValue.parse(JournalOpenText.record(text, after: g.next() % 4 == 0 ? nil : previous))
            state = try JournalOpenText.decode(json, after: state)
            XCTAssertEqual(state?.text, text)
            previous = text
        }
    }

    func testHostileRecordsAreRefusedAndWhatCameBeforeIsKept() throws {
        let stroke = ##"{"op": "add", "drawable": {"id": 1, "type": "path", "d": [["M", 1, 2], ["L", 3, 4]], "stroke": "#000000", "width": 2}}"##
        let bad = [
            ##"{"op": "text", "at": 0, "cut": 0, "insert": "x", \##(fields)}"##,  // a change of nothing
            ##"{"op": "text", "text": "ab", \##(fields)}"## + "\n" + ##"{"op": "text", "at": 1, "cut": 5, "insert": "", \##(fields)}"##,
            ##"{"op": "text", "text": "ab", \##(fields)}"## + "\n" + ##"{"op": "text", "at": -1, "cut": 0, "insert": "", \##(fields)}"##,
            ##"{"op": "text", "text": "ab", \##(fields)}"## + "\n" + ##"{"op": "text", "at": 9223372036854775807, "cut": 9223372036854775807, "insert": "", \##(fields)}"##,
            ##"{"op": "text", "text": "ab", "caret": 3, "x": 10, "y": 20, "family": "Sans", "size": 24, "color": "#000000", "layer": 1}"##,
            ##"{"op": "text", "text": "ab", "caret": 0, "x": 1e300, "y": 20, "family": "Sans", "size": 24, "color": "#000000", "layer": 1}"##,
            ##"{"op": "text", "text": "ab", "caret": 0, "x": 1, "y": 20, "family": "Sans", "size": 1e9, "color": "#000000", "layer": 1}"##,
            ##"{"op": "text", "text": "ab", "caret": 0, "x": 1, "y": 20, "family": "Sans", "size": 12, "color": "red", "layer": 1}"##,
            ##"{"op": "text", "text": "ab", "caret": 0, "x": 1, "y": 20, "family": "Sans", "size": 12, "color": "#000000", "layer": 0}"##,
            ##"{"op": "text", "text": "ab", "caret": 0, "x": 1, "y": 20, "family": "Sans", "size": 12, "color": "#000000", "layer": 1, "replaces": -3}"##,
            ##"{"op": "text", "text": 5, \##(fields)}"##,
            ##"{"op": "text", "text": "\##(String(repeating: "x", count: JournalOpenText.maxScalars + 1))", \##(fields)}"##,
            ##"{"op": "text", "text": "\##(String(repeating: "x", count: JournalOpenText.maxScalars))", \##(fields)}"##
                + "\n" + ##"{"op": "text", "at": 0, "cut": 0, "insert": "y", \##(fields)}"##,
        ]
        for (i, ops) in bad.enumerated() {
            DocTest.remove(folder)
            folder = DocTest.makeTempFolder("scrawl-text-record")
            let lines = [stroke] + ops.split(separator: "\n").map(String.init)
            let r = try recover(lines)
            XCTAssertEqual(r.displayList.count, 1, "case \(i): the stroke before is kept")
            XCTAssertTrue(r.foundTornRecord, "case \(i)")
            XCTAssertTrue(r.leftOut?.contains("could not be used") ?? false, "case \(i): \(r.leftOut ?? "nil")")
            XCTAssertTrue(r.openText == nil || r.openText?.string == "ab"
                          || r.openText?.string.count == JournalOpenText.maxScalars, "case \(i)")
        }
    }

    func testAChangeOfTheDrawingOrTextEndEndsTheOpenText() throws {
        let stroke = ##"{"op": "add", "drawable": {"id": 1, "type": "path", "d": [["M", 1, 2], ["L", 3, 4]], "stroke": "#000000", "width": 2}}"##
        XCTAssertNil(try recover([##"{"op": "text", "text": "ab", \##(fields)}"##, stroke]).openText)
        DocTest.remove(folder)
        folder = DocTest.makeTempFolder("scrawl-text-record")
        XCTAssertNil(try recover([stroke, ##"{"op": "text", "text": "ab", \##(fields)}"##, ##"{"op": "text-end"}"##]).openText)
        DocTest.remove(folder)
        folder = DocTest.makeTempFolder("scrawl-text-record")
        let r = try recover([##"{"op": "text", "text": "only", \##(fields)}"##])
        XCTAssertEqual(r.openText?.string, "only", "a session holding only an open text is recovered, not deleted")
    }
}
