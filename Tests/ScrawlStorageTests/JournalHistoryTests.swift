import XCTest
@testable import ScrawlCore
@testable import ScrawlStorage

/// The snapshot's `history` member (journal format 1) written from a `DisplayList` and read back
/// into one: the text is the format's, old snapshots read back step for step, and a history that
/// does not fit its drawables is refused (the snapshot then keeps only its drawables).
final class JournalHistoryTests: XCTestCase {
    private let a = DocTest.path([.move(Point(1, 2)), .line(Point(3, 4))])
    private let b = DocTest.path([.move(Point(5, 6))], stroke: .red)
    private let c = DocTest.path([.move(Point(7, 8)), .line(Point(9, 9))], fill: .blue)

    private func json(_ d: Drawable) throws -> String {
        var w = JSONWriter()
        try DrawableCoding.encode(d, path: "d", imageIndex: { _ throws(DocumentError) in 0 }, into: &w)
        return w.text
    }

    private func encoded(_ list: DisplayList) throws -> String {
        var w = JSONWriter()
        try JournalHistory.encode(list, path: "history", imageIndex: { _ throws(DocumentError) in 0 }, into: &w)
        return w.text
    }

    private func decoded(_ text: String, visible: [Drawable]) throws -> DisplayList? {
        var images = LazyImageDecoder(pixelBudget: nil)
        return try JournalHistory.decode(visible: visible, history: JSONValue.parse(Array(text.utf8)), images: &images)
    }

    /// add a, add b, clear, add c, undo: nothing shown, three steps to undo, one to redo.
    private func sample() -> DisplayList {
        var list = DisplayList()
        for change: DisplayList.Change in [.add(a), .add(b), .clear, .add(c), .undo] { list.apply(change) }
        return list
    }

    func testTheFormatIsUnchanged() throws {
        let text = try encoded(sample())
        XCTAssertEqual(text, #"{"undo": [["add", 0], ["add", 1], ["clear", [0, 1]]],"# + "\n"
                       + #""redo": [["add", 2]],"# + "\n" + #""extra": ["# + "\n"
                       + (try [a, b, c].map(json)).joined(separator: ",\n") + "]}")
        var shown = DisplayList()
        shown.add(a)
        shown.add(b)
        XCTAssertEqual(try encoded(shown), #"{"undo": [["add", 0], ["add", 1]],"# + "\n" + #""redo": [],"# + "\n" + #""extra": []}"#)
    }

    func testHistoriesReadBackStepForStep() throws {
        let list = sample()
        let back = try XCTUnwrap(try decoded(try encoded(list), visible: list.drawables))
        DocTest.assertSameHistory(back, list)
        // Written by hand, as an old build would: b and a shown; undo re-shows a cleared c.
        let text = #"{"undo": [["add", 2], ["clear", [2]], ["add", 0], ["add", 1]], "redo": [], "extra": ["#
            + (try json(c)) + "]}"
        var expected = DisplayList()
        for change: DisplayList.Change in [.add(c), .clear, .add(b), .add(a)] { expected.apply(change) }
        DocTest.assertSameHistory(try XCTUnwrap(try decoded(text, visible: [b, a])), expected)
    }

    func testHistoriesThatDoNotFitAreRefused() throws {
        let cases = [
            (#"{"undo": [["add", 1]], "redo": [], "extra": []}"#, "no drawable 1"),
            (#"{"undo": [["clear", [0]]], "redo": [], "extra": []}"#, "an undone clear leaves a drawable shown"),
            (#"{"undo": [["add", 0], ["add", 0]], "redo": [], "extra": []}"#, "two adds of one shown drawable"),
            (#"{"undo": [], "redo": [["add", 0]], "extra": []}"#, "redo adds a drawable already shown"),
            (#"{"undo": [], "redo": [["clear", [0, 0]]], "extra": []}"#, "redo clears what is not shown"),
            (#"{"undo": [["clear", []]], "redo": [], "extra": []}"#, "a clear of nothing"),
            (#"{"undo": [["add", -1]], "redo": [], "extra": []}"#, "a negative number"),
            (#"{"undo": [["move", 0]], "redo": [], "extra": []}"#, "an unknown step"),
        ]
        for (text, why) in cases {
            XCTAssertNil(try decoded(text, visible: [a]), why)
        }
        XCTAssertThrowsError(try decoded(#"{"undo": []}"#, visible: [a]), "members missing")
    }
}
