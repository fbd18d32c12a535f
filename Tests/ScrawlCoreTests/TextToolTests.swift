import XCTest
@testable import ScrawlCore

/// The Text tool as event sequences, with the core's `BoxShaper` (each character half an em wide,
/// lines 1.25 em apart): placing the caret, typing, the caret keys, committing, undo, editing again.
final class TextToolTests: XCTestCase {
    private typealias H = ToolHelpers

    private func typing(_ events: [InputEvent] = []) -> Editor {
        let e = H.editor()
        H.run(e, [H.key("t")] + H.drag([(50, 100), (50, 100)]) + events)
        return e
    }

    private func texts(_ e: Editor) -> [TextDrawable] { e.displayList.drawables.compactMap { $0.kind(as: TextDrawable.self) } }

    func testClickTypeAndEscapeCommitOneText() {
        let e = typing([.text("Hi"), H.key("enter"), .text("there"), H.key("escape")])
        XCTAssertEqual(texts(e).map(\.string), ["Hi\nthere"])
        let t = texts(e)[0]
        XCTAssertEqual(t.size, 24, "the text record's default size")
        XCTAssertEqual(t.colour, .black)
        XCTAssertEqual(t.family, "boxes")
        XCTAssertEqual(t.box.width, 5 * 12, accuracy: 1e-9, "the longest line, five half-em characters")
        XCTAssertEqual(t.box.height, 2 * 30, accuracy: 1e-9, "two lines")
        XCTAssertTrue(t.box.containsClosed(Point(50, 100)), "the click lies on the first line")
        XCTAssertFalse(e.isEditingText)
        XCTAssertEqual(e.tool.kind, .text)
        e.undo()
        XCTAssertTrue(texts(e).isEmpty, "one undo step removes the committed text")
    }

    func testKeysGoToTheTextWhileEditingAndCtrlStillWorks() {
        let e = typing([H.key("p"), .text("p"), H.key("x"), H.key("1"), H.key("tab"), H.key("f1")])
        XCTAssertEqual(e.tool.kind, .text, "p and x select no tool while typing")
        XCTAssertEqual(e.textTool?.editedString, "p")
        XCTAssertEqual(e.settings[.text].stroke, .fixed(.black), "1 sets no colour while typing")
        XCTAssertTrue(e.barsVisible, "tab does not hide the bars")
        H.run(e, [.text(" word"), H.key("ctrl+z")])
        XCTAssertEqual(e.textTool?.editedString, "p", "ctrl+z undoes the last word within the text first")
        H.run(e, [H.key("ctrl+z")])
        XCTAssertEqual(e.textTool?.editedString, "", "then the rest")
        H.run(e, [H.key("ctrl+z")])
        XCTAssertFalse(e.isEditingText, "and then it ends the (empty) edit")
        XCTAssertTrue(e.displayList.drawables.isEmpty)
        XCTAssertEqual(e.tool.kind, .text)
    }

    func testCaretKeysEdit() {
        let e = typing([.text("abc"), H.key("enter"), .text("defgh")])
        H.run(e, [H.key("up"), .text("X")])  // column 5 on a 3-character line: its end
        XCTAssertEqual(e.textTool?.editedString, "abcX\ndefgh")
        H.run(e, [H.key("home"), .text("<"), H.key("end"), .text(">")])
        XCTAssertEqual(e.textTool?.editedString, "<abcX>\ndefgh")
        H.run(e, [H.key("down"), H.key("backspace"), H.key("left"), H.key("left"), H.key("delete")])
        XCTAssertEqual(e.textTool?.editedString, "<abcX>\ndeg", "down keeps the column (6 → end), backspace then delete")
        H.run(e, [H.key("left"), H.key("left"), H.key("backspace")])
        XCTAssertEqual(e.textTool?.editedString, "<abcX>deg", "backspace at a line's start joins the lines")
        H.run(e, [H.key("right"), H.key("right"), H.key("right"), H.key("right"), .text("!")])
        XCTAssertEqual(e.textTool?.editedString, "<abcX>deg!", "right stops at the end")
    }

    func testClickElsewhereCommitsAndClickOnTextEditsItAgain() {
        let e = typing([.text("one")])
        H.run(e, H.drag([(200, 200), (200, 200)]))
        XCTAssertEqual(texts(e).map(\.string), ["one"], "the click elsewhere committed")
        XCTAssertTrue(e.isEditingText, "and placed a new caret")
        H.run(e, [H.key("escape")])
        XCTAssertEqual(texts(e).count, 1, "an empty new text commits nothing")
        let id = e.displayList.items[0].id
        H.run(e, H.drag([(60, 100), (60, 100)]))  // on the first text, nearest the stop after its first character
        XCTAssertEqual(e.textTool?.editedString, "one")
        XCTAssertEqual(e.hiddenIDs, [id], "the committed text is hidden while edited")
        H.run(e, [.text("-"), H.key("escape")])
        XCTAssertEqual(texts(e).map(\.string), ["o-ne"], "the caret went where the click was")
        XCTAssertEqual(e.displayList.count, 1, "edited in place")
        e.undo()
        XCTAssertEqual(texts(e).map(\.string), ["one"], "one undo step per committed edit")
    }

    func testEditingATextToNothingRemovesIt() {
        let e = typing([.text("ab"), H.key("escape")])
        H.run(e, H.drag([(52, 100), (52, 100)]))
        H.run(e, [H.key("end"), H.key("backspace"), H.key("backspace"), H.key("escape")])
        XCTAssertTrue(texts(e).isEmpty)
        e.undo()
        XCTAssertEqual(texts(e).map(\.string), ["ab"])
    }

    func testDoubleClickWithTheSelectToolEditsText() {
        let e = typing([.text("sel"), H.key("escape"), H.key("v")])
        H.run(e, H.drag([(55, 100), (55, 100)]))
        XCTAssertEqual(e.tool.kind, .select, "one click selects")
        H.run(e, H.drag([(55, 100), (55, 100)]))
        XCTAssertEqual(e.tool.kind, .text, "the second click edits the text")
        XCTAssertEqual(e.textTool?.editedString, "sel")
    }

    func testSwitchingToolsUndoAndClearKeepWhatWasTyped() {
        let e = typing([.text("kept"), H.key("ctrl+v")])
        XCTAssertTrue(e.isEditingText, "ctrl combinations pass")
        H.run(e, [H.key("ctrl+shift+delete")])
        XCTAssertEqual(e.displayList.count, 0, "clear commits the text, then clears it")
        e.undo()
        XCTAssertEqual(texts(e).map(\.string), ["kept"])
    }

    func testSizeStepsAreTheTextsOwnAndItsColourIsThePens() {
        let e = H.editor()
        H.run(e, [H.key("t")])
        var sizes: [Double] = []
        for _ in 0..<7 { H.run(e, [H.key("]")]); sizes.append(e.settings[.text].width) }
        XCTAssertEqual(sizes, [32, 48, 72, 72, 72, 72, 72])
        for _ in 0..<9 { H.run(e, [H.key("[")]) }
        XCTAssertEqual(e.settings[.text].width, 12)
        H.run(e, [H.key("2")])
        XCTAssertEqual(e.settings[.pen].stroke, .fixed(.blue), "a colour chosen with the Text tool is the pen's")
        XCTAssertEqual(e.settings[.pen].width, 2, "the size is the text's own")
        H.run(e, H.drag([(10, 50), (10, 50)]) + [.text("x"), H.key("escape")])
        XCTAssertEqual(texts(e).first?.size, 12)
        XCTAssertEqual(texts(e).first?.colour, .blue)
        H.run(e, [H.key("p"), H.key("1"), H.key("t")] + H.drag([(10, 90), (10, 90)]) + [.text("y"), H.key("escape")])
        XCTAssertEqual(texts(e).last?.colour, .red, "the Pencil's colour is the next text's")
    }

    /// Every key of the key table, pressed inside a text with the character it types, adds that
    /// character (enter a line break, backspace and delete edit, escape commits) and changes no
    /// tool, setting or view.
    func testEveryKeyOfTheKeyTableTypesInsideAText() {
        let shifted: [String: String] = ["0": ")", "1": "!", "2": "@", "3": "#", "4": "$", "5": "%", "6": "^", "7": "&",
                                         "8": "*", "9": "(", "[": "{", "]": "}", "/": "?", "=": "+", "-": "_"]
        for binding in KeyTable.all where !binding.chord.ctrl {
            let press = binding.chord
            let e = typing([.text("ab"), H.key("left")])
            let settings = e.settings
            var typed: String?
            switch press.key {
            case "enter": typed = "\n"
            case "space": typed = " "
            case _ where press.key.count == 1:
                typed = press.shift ? (shifted[press.key] ?? press.key.uppercased()) : press.key
            default: typed = nil
            }
            e.handle(.key(press))
            if let typed { e.handle(.text(press.key == "enter" ? "" : typed)) }
            let name = press.name
            XCTAssertEqual(e.tool.kind, .text, name)
            XCTAssertEqual(e.settings, settings, name)
            XCTAssertTrue(e.barsVisible, name)
            XCTAssertFalse(e.eyedropperArmed, name)
            switch press.key {
            case "escape": XCTAssertEqual(texts(e).map(\.string), ["ab"], name)
            case "backspace": XCTAssertEqual(e.textTool?.editedString, "b", name)
            case "delete": XCTAssertEqual(e.textTool?.editedString, "a", name)
            case "left": XCTAssertEqual(e.textTool?.editedString, "ab", name)
            case "right", "up", "down", "tab", "f1": XCTAssertEqual(e.textTool?.editedString, "ab", name)
            default: XCTAssertEqual(e.textTool?.editedString, "a" + (typed ?? "?") + "b", name)
            }
        }
    }

    func testHostileInputIsBounded() {
        let e = typing()
        let long = String(repeating: "x", count: TextDrawable.maxCharacters + 10)
        H.run(e, [.text(long)])
        XCTAssertEqual(e.textTool?.editedString?.count, TextDrawable.maxCharacters, "cut at the limit")
        XCTAssertTrue(e.takeNotices().contains(.textFull(limit: TextDrawable.maxCharacters)))
        H.run(e, [.text("more"), H.key("escape")])
        XCTAssertEqual(texts(e).first?.string.count, TextDrawable.maxCharacters)
        // Odd characters: combining marks, right-to-left, controls, a lone "\r", emoji with joiners.
        let odd = "e\u{301}\u{302} مرحبا \u{0}\u{7}\r\u{200D}👩‍👩‍👧 \u{FEFF}\u{10FFFF}"
        let f = typing([.text(odd), H.key("left"), H.key("backspace"), H.key("home"), H.key("delete"), H.key("escape")])
        XCTAssertEqual(texts(f).count, 1)
        XCTAssertTrue(texts(f)[0].box.width.isFinite)
    }

    func testSizesAreKeptInRange() {
        for (size, kept) in [(0.0, 1.0), (-5, 1), (.nan, 1), (1e9, 2000), (.infinity, 2000), (24, 24)] {
            let t = TextDrawable(string: "a", family: "", size: size, position: Point(0, 0), colour: .black, shaper: BoxShaper())
            XCTAssertEqual(t.size, kept, "\(size)")
            XCTAssertTrue(t.box.width.isFinite && t.outline.isFinite, "\(size)")
        }
    }
}

/// A shaper that has only one family, like a system without the font a document names.
private final class OneFamilyShaper: TextShaper {
    let boxes = BoxShaper()
    var defaultFamily: String { "Only Sans" }
    func shape(_ lines: [String], size: Double, family: String) -> ShapedText {
        var s = boxes.shape(lines, size: size, family: family)
        s.family = defaultFamily
        return s
    }
}

final class TextMissingFontTests: XCTestCase {
    /// Text whose family is missing keeps its stored outlines until edited; editing it lays it out
    /// in the default family and says so once.
    func testEditingTextInAMissingFamilyUsesTheDefaultAndSaysSoOnce() {
        let e = ToolHelpers.editor()
        e.textShaper = OneFamilyShaper()
        let stored = TextDrawable(string: "old", family: "Gone Sans", size: 24, position: Point(50, 80), colour: .black, shaper: BoxShaper())
        e.append([.text(stored)])
        XCTAssertEqual(e.displayList.drawables.first?.kind(as: TextDrawable.self)?.family, "Gone Sans")
        ToolHelpers.run(e, [ToolHelpers.key("t")] + ToolHelpers.drag([(60, 90), (60, 90)]))
        XCTAssertEqual(e.textTool?.editedString, "old")
        XCTAssertEqual(e.takeNotices(), [.fontMissing(family: "Gone Sans", using: "Only Sans")])
        ToolHelpers.run(e, [.text("!"), ToolHelpers.key("escape")])
        XCTAssertEqual(e.takeNotices(), [], "one notice")
        XCTAssertEqual(e.displayList.drawables.first?.kind(as: TextDrawable.self)?.family, "Only Sans")
    }
}
