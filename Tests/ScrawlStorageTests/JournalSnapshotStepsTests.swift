import Foundation
import XCTest
@testable import ScrawlCore
@testable import ScrawlStorage

/// Version 3 snapshots: every drawable with its id, and any undo or redo step (removed and
/// inserted items with ids) in `history`; version 2 snapshots (add and clear steps, no ids) still
/// read; a history that does not fit keeps the drawables and their ids.
final class JournalSnapshotStepsTests: XCTestCase {
    private var folder = ""
    private let a = DocTest.path([.move(Point(1, 2)), .line(Point(3, 4))])
    private let b = DocTest.path([.move(Point(5, 6))], stroke: .red)
    private let c = DocTest.path([.move(Point(7, 8))], fill: .blue)

    override func setUp() { folder = DocTest.makeTempFolder("scrawl-snapshot-steps") }
    override func tearDown() { DocTest.remove(folder) }

    private func encoded(_ list: DisplayList) throws -> [UInt8] {
        try JournalSnapshot.encode(canvas: CanvasSpec(), list: list, images: [],
                                   imageIndex: { _ throws(DocumentError) in 0 }, limit: 1 << 20)
    }

    private func decoded(_ text: String) throws -> DisplayList {
        try XCTUnwrap(JournalSnapshot.decode(Array(text.utf8), folder: folder)).list
    }

    private func json(_ d: Drawable, _ id: UInt64) throws -> String {
        var w = JSONWriter()
        try DrawableCoding.encode(d, path: "d", id: id, imageIndex: { _ throws(DocumentError) in 0 }, into: &w)
        return w.text
    }

    /// add a, add b, split a into c and a, remove b, undo: [c, a, b] shown; undo 3, redo 1.
    private func sample() -> DisplayList {
        var list = DisplayList()
        list.add(a)
        list.add(b)
        list.replace([1: [c, a]])
        list.remove([2])
        list.undo()
        return list
    }

    func testTheWrittenHistory() throws {
        let text = String(decoding: try encoded(sample()), as: UTF8.self)
        let history = text[text.range(of: #""history": "#)!.upperBound...]
        XCTAssertEqual(String(history), """
            {"undo": [
            {"removed": [], "inserted": [[0, 1]]}
            {"removed": [], "inserted": [[1, 2]]}
            {"removed": [[0, 1]], "inserted": [[0, 3], [1, 4]]}
            ],
            "redo": [
            {"removed": [[2, 2]], "inserted": []}
            ],
            "extra": [
            \(try json(a, 1))]}}

            """.replacingOccurrences(of: "}\n{\"removed", with: "},\n{\"removed"))
        XCTAssertTrue(text.contains("\n" + (try json(c, 3)) + ",\n" + (try json(a, 4)) + ",\n" + (try json(b, 2)) + "],"), text)
        XCTAssertTrue(text.contains(#""journal": 3"#), text)
    }

    func testGenericHistoriesReadBackWithTheirIds() throws {
        var g = SplitMix64(seed: 11)
        for round in 0..<20 {
            var list = DisplayList()
            for _ in 0..<40 {
                let pick = [a, b, c][Int(g.next() % 3)]
                switch g.next() % 6 {
                case 0: list.undo()
                case 1: list.redo()
                case 2: list.append([pick, a])
                case 3: if let id = list.items.randomElement(using: &g)?.id { list.replace([id: [pick, c]]) }
                case 4: list.remove(Set(list.items.map(\.id).filter { _ in g.next() % 2 == 0 }))
                default: list.add(pick)
                }
            }
            let back = try decoded(String(decoding: try encoded(list), as: UTF8.self))
            DocTest.assertSameIDHistory(back, list, "round \(round)", sameNextID: false)
        }
    }

    func testVersion2SnapshotsStillRead() throws {
        let text = #"{"format": "scrawl", "version": 1, "journal": 2, "canvas": {"width": 10, "height": 10}, "images": [], "drawables": ["#
            + (try json(b, 1)).replacingOccurrences(of: #""id": 1, "#, with: "")
            + #"], "history": {"undo": [["add", 1], ["clear", [1]], ["add", 0]], "redo": [], "extra": ["#
            + (try json(a, 1)).replacingOccurrences(of: #""id": 1, "#, with: "") + "]}}"
        var expected = DisplayList()
        for change: DisplayList.Change in [.add(a), .clear, .add(b)] { expected.apply(change) }
        let back = try decoded(text)
        DocTest.assertSameHistory(back, expected)
        XCTAssertEqual(back.items.map(\.id), [1])
    }

    func testAHistoryThatDoesNotFitKeepsTheDrawablesAndIds() throws {
        var text = String(decoding: try encoded(sample()), as: UTF8.self)
        text = text.replacingOccurrences(of: #"{"removed": [[2, 2]], "inserted": []}"#, with: #"{"removed": [[5, 2]], "inserted": []}"#)
        let back = try decoded(text)
        XCTAssertEqual(back.items.map(\.id), [3, 4, 2])
        XCTAssertFalse(back.canUndo)
        XCTAssertFalse(back.canRedo)
    }
}
