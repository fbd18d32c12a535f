import Foundation
import XCTest
@testable import ScrawlCore
@testable import ScrawlStorage

/// The text being typed in the autosave journal: it survives a kill -9 as small `text` records
/// (no glyphs, only what changed), comes back committed (one undo step, replacing the text it was
/// editing, never doubled), and the journal grows with what is typed, not with its square.
final class JournalTextTests: XCTestCase {
    private var folder = ""
    private let canvas = CanvasSpec(width: 800, height: 600)

    override func setUp() { folder = DocTest.makeTempFolder("scrawl-journal-text") }
    override func tearDown() { DocTest.remove(folder) }

    /// An editor with the Text tool and the journal following it, as the window's session does
    /// after every event, with a clock the test moves.
    private final class Typist {
        let editor: Editor
        let journal: Journal
        var now = 1000.0

        init(folder: String, canvas: CanvasSpec, list: DisplayList = DisplayList()) throws {
            editor = Editor(canvas: canvas, seed: 1, stampImage: .defaultStamp, displayList: list)
            journal = try Journal(directory: folder, canvas: canvas, displayList: list)
            send(.key(KeyPress(name: "t")!))
        }

        func send(_ event: InputEvent, after seconds: Double = 0.05) {
            now += seconds
            editor.handle(event)
            journal.sync(with: editor.displayList)
            journal.recordText(editor.openText, now: now)
        }

        func click(_ x: Double, _ y: Double) {
            send(.touches([Touch(id: 0, phase: .began, location: Point(x, y))]))
            send(.touches([Touch(id: 0, phase: .ended, location: Point(x, y))]))
        }

        func key(_ name: String) { send(.key(KeyPress(name: name)!)) }

        /// Types `word` a character at a time, `seconds` apart.
        func type(_ word: String, every seconds: Double = 0.05) {
            for c in word { send(.text(String(c)), after: seconds) }
        }

        /// A pause: the window wakes when the journal says the text is due (`textWake`).
        func pause(_ seconds: Double = 1.5) {
            now += seconds
            journal.recordText(editor.openText, now: now)
        }

        var journalBytes: Int {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: journal.sessionDirectory)) ?? []
            return names.filter { $0.hasPrefix("journal-") }.reduce(0) { total, name in
                let size = (try? FileManager.default.attributesOfItem(atPath: journal.sessionDirectory + "/" + name)[.size]) as? Int
                return total + (size ?? 0)
            }
        }
    }

    private func texts(_ list: DisplayList) -> [String] { list.drawables.compactMap { $0.kind(as: TextDrawable.self)?.string } }

    /// The recovered session in an editor, its open text committed, as the session's start does.
    private func recoverInEditor() throws -> (RecoveredSession, Editor) {
        let recovered = try XCTUnwrap(Journal.recover(directory: folder))
        let editor = Editor(canvas: recovered.canvas, seed: 2, stampImage: .defaultStamp, displayList: recovered.displayList)
        if let open = recovered.openText { editor.recoverText(open) }
        return (recovered, editor)
    }

    func testWordsTypedComeBackAfterAKill() throws {
        let t = try Typist(folder: folder, canvas: canvas)
        t.click(100, 100)
        let words = (0..<12).map { "word\($0) " }
        for w in words { t.type(w, every: 0.1) }
        t.type("last")
        t.pause()
        t.journal.close()  // a kill -9: the files as they are, no clean exit
        let (recovered, editor) = try recoverInEditor()
        let open = try XCTUnwrap(recovered.openText)
        XCTAssertEqual(open.string, words.joined() + "last")
        XCTAssertNil(open.replacing)
        XCTAssertEqual(open.caret, open.string.count)
        XCTAssertEqual(recovered.recoveredCount, DrawingCount(texts: 1))
        XCTAssertEqual(texts(editor.displayList), [words.joined() + "last"], "recovered as a committed text")
        let text = try XCTUnwrap(editor.displayList.drawables.first?.kind(as: TextDrawable.self))
        XCTAssertEqual(text.position, open.position)
        XCTAssertFalse(text.outline.elements.isEmpty, "laid out again by the editor's shaper")
        editor.undo()
        XCTAssertTrue(editor.displayList.isEmpty, "one undo step removes the recovered text")
    }

    func testWithoutAPauseAtMostTheLastSecondIsLost() throws {
        let t = try Typist(folder: folder, canvas: canvas)
        t.click(100, 100)
        for i in 0..<30 { t.type("w\(i) ", every: 0.1) }
        t.journal.close()
        let open = try XCTUnwrap(Journal.recover(directory: folder)?.openText)
        let typed = (0..<30).map { "w\($0) " }.joined()
        XCTAssertTrue(typed.hasPrefix(open.string), open.string)
        XCTAssertGreaterThan(open.string.count, typed.count - 40, "about a second of typing (10 characters a second) at most is lost")
    }

    func testACommittedTextComesBackOnceAndEscapeOnNothingLeavesNothing() throws {
        let t = try Typist(folder: folder, canvas: canvas)
        t.click(100, 100)
        t.type("hello there")
        t.pause()
        t.key("escape")
        t.click(100, 300)
        t.type("x")
        t.key("backspace")
        t.pause()
        t.key("escape")
        t.journal.close()
        let (recovered, editor) = try recoverInEditor()
        XCTAssertNil(recovered.openText, "the commit ended the first edit's records; text-end the second's")
        XCTAssertEqual(texts(editor.displayList), ["hello there"])
    }

    func testAnEditEmptiedAndEndedLeavesNoOpenText() throws {
        let t = try Typist(folder: folder, canvas: canvas)
        t.click(100, 100)
        t.type("ab")
        t.pause()
        XCTAssertNotNil(Journal.replayedOpenText(t.journal.sessionDirectory))
        t.key("escape")  // commits "ab"
        t.send(.key(KeyPress(name: "ctrl+z")!))
        t.click(100, 200)
        t.type("c")
        t.pause()
        t.key("backspace")
        t.pause()
        t.key("escape")
        t.journal.close()
        let recovered = try XCTUnwrap(Journal.recover(directory: folder), "the undo history holds the text")
        XCTAssertNil(recovered.openText)
        XCTAssertTrue(recovered.displayList.isEmpty)
    }

    func testAReEditedTextReplacesTheOriginalInOneUndoStep() throws {
        let t = try Typist(folder: folder, canvas: canvas)
        t.click(100, 100)
        t.type("hello")
        t.key("escape")
        let id = try XCTUnwrap(t.editor.displayList.items.first?.id)
        t.click(105, 100)  // on the text: edits it again
        XCTAssertEqual(t.editor.openText?.replacing, id)
        t.key("end")
        t.type(" world, again")
        t.pause()
        t.journal.close()
        let (recovered, editor) = try recoverInEditor()
        XCTAssertEqual(recovered.openText?.replacing, id)
        XCTAssertEqual(recovered.recoveredCount, DrawingCount(texts: 1), "a replaced text is not counted twice")
        XCTAssertEqual(texts(editor.displayList), ["hello world, again"], "the original is replaced, not doubled")
        editor.undo()
        XCTAssertEqual(texts(editor.displayList), ["hello"], "one undo step brings the original back")
        editor.redo()
        XCTAssertEqual(texts(editor.displayList), ["hello world, again"])
    }

    /// Undo after a commit takes the whole edit away in one step (ctrl+z while typing undoes a
    /// word at a time), in the editor and in what the journal recovers.
    func testUndoAfterTheCommitIsOneStep() throws {
        let t = try Typist(folder: folder, canvas: canvas)
        t.click(100, 100)
        for w in ["one ", "two ", "three ", "four"] { t.type(w, every: 0.4) }
        t.send(.key(KeyPress(name: "ctrl+z")!))
        XCTAssertEqual(t.editor.openText?.string, "one two three ", "while open, ctrl+z undoes the last word")
        t.type("five")
        t.pause()
        t.key("escape")
        XCTAssertEqual(texts(t.editor.displayList), ["one two three five"])
        XCTAssertEqual(t.editor.displayList.history.undo.count, 1, "the whole edit is one undo step")
        t.send(.key(KeyPress(name: "ctrl+z")!))
        XCTAssertTrue(t.editor.displayList.isEmpty, "one undo removes all of it")
        t.journal.close()
        let recovered = try XCTUnwrap(Journal.recover(directory: folder))
        XCTAssertNil(recovered.openText)
        XCTAssertTrue(recovered.displayList.isEmpty)
        var list = recovered.displayList
        XCTAssertTrue(list.redo())
        XCTAssertEqual(texts(list), ["one two three five"], "redo brings the whole text back")
        XCTAssertTrue(list.undo())
        XCTAssertTrue(list.isEmpty, "and one undo removes it again")
    }

    /// 1000 words typed, fast and slow: the journal stays in the hundreds of kilobytes (the lost
    /// attempt's whole-text-with-outlines records reached 145 MB).
    func testAThousandWordsKeepTheJournalSmall() throws {
        for (seconds, limit) in [(0.04, 1 << 20), (0.5, 2 << 20)] {
            DocTest.remove(folder)
            folder = DocTest.makeTempFolder("scrawl-journal-text")
            let t = try Typist(folder: folder, canvas: canvas)
            t.click(50, 50)
            var typed = ""
            for i in 0..<1000 {
                let word = ["lorem", "ipsum", "dolor", "sit", "amet"][i % 5] + "\(i)" + (i % 12 == 11 ? "\n" : " ")
                typed += word
                t.type(word, every: seconds)
            }
            t.pause()
            let bytes = t.journalBytes
            print("1000 words (\(typed.count) characters) at \(seconds) s a character: the journal holds \(bytes) bytes")
            XCTAssertLessThan(bytes, limit)
            t.journal.close()
            XCTAssertEqual(Journal.recover(directory: folder)?.openText?.string, typed)
        }
    }

    /// A new generation starts with the open text written whole, so it survives the older files going.
    func testTheOpenTextSurvivesANewGeneration() throws {
        let editor = Editor(canvas: canvas, seed: 1, stampImage: .defaultStamp)
        let journal = try Journal(directory: folder, canvas: canvas, displayList: editor.displayList, compactAfter: 3)
        editor.handle(.key(KeyPress(name: "t")!))
        editor.handle(.touches([Touch(id: 0, phase: .began, location: Point(300, 300))]))
        editor.handle(.touches([Touch(id: 0, phase: .ended, location: Point(300, 300))]))
        editor.handle(.text("kept across generations"))
        journal.recordText(editor.openText, now: 0)
        for i in 0..<7 {
            editor.commit(.path(PathDrawable(path: .polyline([Point(Double(i), 0), Point(10, 10)]), stroke: .black, fill: nil,
                                              style: StrokeOptions())))
            journal.sync(with: editor.displayList)
            journal.recordText(editor.openText, now: Double(i) * 0.01)
        }
        journal.waitForBackgroundWork()
        journal.close()
        let names = try FileManager.default.contentsOfDirectory(atPath: journal.sessionDirectory)
        XCTAssertFalse(names.contains("journal-0.log"), "older generations are gone: \(names)")
        let recovered = try XCTUnwrap(Journal.recover(directory: folder))
        XCTAssertEqual(recovered.openText?.string, "kept across generations")
        XCTAssertEqual(recovered.displayList.count, 7)
    }
}

extension Journal {
    /// The open text a session folder's files hold now (a replay, without taking the session).
    static func replayedOpenText(_ folder: String) -> OpenText? {
        guard case .recovered(let r) = replay(session: folder) else { return nil }
        return r.openText
    }
}
