import Foundation
import XCTest
@testable import ScrawlCore
@testable import ScrawlStorage

/// Unknown top-level members of a document are skipped without building them (megabytes of them
/// cost a scan, not a tree), yet checked as strictly as the rest.
final class DocumentUnknownMembersTests: XCTestCase {
    private let head = #"{"format": "scrawl", "version": 1, "canvas": {"width": 10, "height": 10}, "#

    func testUnknownMembersAreSkippedAndTheDocumentOpens() throws {
        let text = head + #""extra": {"a": [1, 2.5, {"b": "x\u00e9"}], "c": null}, "more": [true, false], "drawables": []}"#
        let doc = try Document.decode(Array(text.utf8))
        XCTAssertEqual(doc.canvas.width, 10)
        XCTAssertTrue(doc.drawables.isEmpty)
    }

    func testSkippedMembersAreStillCheckedStrictly() {
        for (label, extra) in [("a duplicate key inside", #"{"a": 1, "a": 2}"#), ("a cut array", #"[1, 2,"#),
                               ("a bad escape", #""\q""#), ("a trailing comma", #"{"a": 1,}"#)] {
            let text = head + #""extra": "# + extra + #", "drawables": []}"#
            XCTAssertThrowsError(try Document.decode(Array(text.utf8)), label)
        }
        let twice = head + #""extra": 1, "extra": 2, "drawables": []}"#
        XCTAssertThrowsError(try Document.decode(Array(twice.utf8)), "a duplicate unknown top-level key")
    }

    func testOnlyKeptTopLevelMembersAreBuilt() throws {
        let value = try JSONValue.parse(Array(#"{"keep": [1], "skip": {"deep": [1, 2, 3]}}"#.utf8),
                                        keepingTopLevel: { $0 == "keep" })
        XCTAssertNotNil(value["keep"])
        XCTAssertNil(value["skip"], "an unknown member is skipped, not built")
    }
}
