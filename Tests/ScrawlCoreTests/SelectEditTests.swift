import XCTest
@testable import ScrawlCore

/// Restyling and deleting the selection with keys.
final class SelectEditTests: XCTestCase {
    typealias S = SelectTestSupport

    private func twoLines() -> Editor {
        S.editor([S.line(Point(50, 50), Point(150, 50)), S.line(Point(50, 200), Point(150, 200))])
    }

    private func key(_ action: KeyAction) -> InputEvent { .key(KeyTable.chord(for: action)!) }

    func testRestyleKeysOnlyAffectTheSelection() throws {
        let e = twoLines()
        let before = e.displayList.drawables, settings = e.settings
        S.click(e, Point(100, 50))
        e.handle(key(.strokeColor(.fixed(.red))))
        e.handle(key(.fillColor(.fixed(.blue))))
        e.handle(key(.stepWidth(1)))
        e.handle(key(.stepOpacity(-1)))
        XCTAssertEqual(S.undoDepth(e), 4, "one step each")
        XCTAssertEqual(e.settings, settings, "the next drawing's settings stay")
        XCTAssertEqual(e.displayList.drawables[1], before[1])
        let p = try XCTUnwrap(S.path(e, S.tool(e).selectedIDs.first!))
        XCTAssertEqual(p.stroke, Color.red.withOpacity(0.75))
        XCTAssertEqual(p.fill, Color.blue.withOpacity(0.75))
        XCTAssertEqual(p.style.width, 3)
        e.handle(.key(KeyPress("escape")))
        e.handle(key(.strokeColor(.fixed(.green))))
        XCTAssertEqual(e.settings[.pen].stroke, .fixed(.green), "with nothing selected the keys set the settings")
        XCTAssertEqual(S.undoDepth(e), 4)
    }

    func testDeleteAndBackspaceDeleteTheSelectionOneStepEach() {
        let e = S.editor([S.line(Point(50, 50), Point(150, 50)), S.line(Point(50, 100), Point(150, 100)),
                          S.line(Point(50, 200), Point(150, 200))])
        let ids = S.ids(e)
        S.click(e, Point(100, 50))
        e.handle(.key(KeyPress("delete")))
        XCTAssertEqual(S.ids(e), [ids[1], ids[2]])
        S.click(e, Point(100, 100))
        e.handle(.key(KeyPress("backspace")))
        XCTAssertEqual(S.ids(e), [ids[2]])
        XCTAssertEqual(S.undoDepth(e), 2)
        XCTAssertTrue(S.tool(e).selectedIDs.isEmpty)
        e.handle(.key(KeyPress("backspace")))
        XCTAssertEqual(S.ids(e), [ids[2]], "backspace with nothing selected does nothing")
        e.handle(.key(KeyPress("delete")))
        XCTAssertEqual(S.ids(e), [ids[2]], "delete with nothing selected does nothing either")
        XCTAssertEqual(S.undoDepth(e), 2)
    }

    /// Clearing has a key of its own, hard to press by slip: with a selection too it clears
    /// everything, as one step, and says how to get it back.
    func testCtrlShiftDeleteClearsEverythingEvenWithASelection() {
        let e = S.editor([S.line(Point(50, 50), Point(150, 50)), S.line(Point(50, 100), Point(150, 100))])
        let ids = S.ids(e)
        S.click(e, Point(100, 50))
        _ = e.takeNotices()
        e.handle(.key(KeyPress(name: "ctrl+shift+delete")!))
        XCTAssertTrue(e.displayList.isEmpty)
        XCTAssertTrue(S.tool(e).selectedIDs.isEmpty)
        XCTAssertEqual(e.takeNotices(), [.cleared])
        XCTAssertEqual(EditorNotice.cleared.message, "Cleared — ctrl+z brings it back")
        e.handle(.key(KeyPress(name: "ctrl+z")!))
        XCTAssertEqual(S.ids(e), ids, "one undo brings everything back")
        e.handle(.key(KeyPress(name: "ctrl+shift+delete")!))
        XCTAssertTrue(e.displayList.isEmpty)
        XCTAssertEqual(S.undoDepth(e), 1, "the clear is one step")
    }
}
