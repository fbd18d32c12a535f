import Foundation
import XCTest
import ScrawlCore
import ScrawlSession
import ScrawlStorage

/// The text being typed in a window's session: autosave keeps it, a kill -9 brings it back as a
/// committed text (counted in the recovered notice), a quit while typing keeps it, and a save
/// while typing saves it.
final class TextSessionTests: XCTestCase {
    /// A clock the test moves (the session reads it for the text's autosave pauses).
    private final class Clock: @unchecked Sendable {
        private let lock = NSLock()
        private var seconds = 1_000_000.0
        var now: Date { lock.lock(); defer { lock.unlock() }; return Date(timeIntervalSinceReferenceDate: seconds) }
        func advance(_ s: Double) { lock.lock(); seconds += s; lock.unlock() }
    }

    private let clock = Clock()

    private func start(_ box: SessionSandbox, _ file: String? = nil) throws -> DocumentSession {
        let clock = clock
        let environment = SessionEnvironment(variables: box.variables, now: { clock.now })
        let start = try SessionStart.make(file: file, environment: environment)
        let editor = Editor(canvas: start.canvas, seed: 1, stampImage: .defaultStamp, displayList: start.displayList)
        return DocumentSession(start: start, environment: environment, editor: editor)
    }

    /// Clicks with the Text tool at (x, y) and types `words`, autosaving after every event as the window does.
    private func type(_ words: [String], at x: Double, _ y: Double, in s: DocumentSession) {
        let events: [InputEvent] = [.key(KeyPress(name: "t")!), .touches([Touch(id: 0, phase: .began, location: Point(x, y))]),
                                    .touches([Touch(id: 0, phase: .ended, location: Point(x, y))])]
        for e in events + words.map({ InputEvent.text($0) }) {
            clock.advance(0.3)
            s.editor.handle(e)
            s.autosave()
        }
    }

    /// The window's idle wake: once the text is due, it autosaves.
    private func pause(_ s: DocumentSession) {
        let wake = s.textAutosaveWake ?? 0
        XCTAssertLessThanOrEqual(wake, 1, "the text is due within a second")
        clock.advance(wake + 0.01)
        s.autosave()
        XCTAssertNil(s.textAutosaveWake, "on disk now")
    }

    private func texts(_ s: DocumentSession) -> [String] {
        s.editor.displayList.drawables.compactMap { $0.kind(as: TextDrawable.self)?.string }
    }

    func testTextTypedComesBackCommittedAfterAKill() throws {
        let box = try SessionSandbox()
        let s = try start(box)
        s.draw(2)
        type(["Dear ", "diary, ", "today"], at: 100, 100, in: s)
        pause(s)
        s.crash()
        let next = try start(box)
        XCTAssertEqual(texts(next), ["Dear diary, today"])
        XCTAssertFalse(next.editor.isEditingText, "recovered as a committed text, not as an open edit")
        XCTAssertTrue(next.takeNotices().contains(.recovered(count: DrawingCount(strokes: 2, texts: 1), document: nil, detail: nil)))
        next.editor.undo()
        next.autosave()
        XCTAssertTrue(texts(next).isEmpty, "one undo takes the recovered text away")
        XCTAssertEqual(next.editor.displayList.count, 2)
        next.crash()
        let third = try start(box)
        XCTAssertTrue(texts(third).isEmpty, "the recovery and its undo were journaled like any change: nothing comes back twice")
        XCTAssertEqual(third.editor.displayList.count, 2)
    }

    func testAQuitWhileTypingKeepsTheText() throws {
        let box = try SessionSandbox()
        let s = try start(box)
        type(["typed ", "then quit"], at: 50, 50, in: s)
        XCTAssertTrue(s.quit())
        XCTAssertTrue(s.takeNotices().contains(.keptForNextStart(document: nil)))
        let next = try start(box)
        XCTAssertEqual(texts(next), ["typed then quit"])
    }

    func testASaveWhileTypingSavesTheText() throws {
        let box = try SessionSandbox()
        let path = box.root + "/docs/note.scrawl"
        let s = try start(box, path)
        type(["saved ", "text"], at: 50, 50, in: s)
        XCTAssertTrue(s.save())
        XCTAssertEqual(try DocumentStore.standard.open(path).drawables.compactMap { $0.kind(as: TextDrawable.self)?.string },
                       ["saved text"])
        XCTAssertFalse(s.hasUnsavedChanges)
        XCTAssertTrue(s.quit())
    }

    /// The title's unsaved mark counts the text being typed before it is committed: a new text
    /// with characters, or an edited one whose string differs from the saved one.
    func testTextBeingTypedCountsAsAnUnsavedChange() throws {
        let box = try SessionSandbox()
        let path = box.root + "/docs/mark.scrawl"
        let s = try start(box, path)
        XCTAssertFalse(s.hasUnsavedChanges)
        type(["first"], at: 50, 50, in: s)
        XCTAssertTrue(s.editor.isEditingText)
        XCTAssertTrue(s.hasUnsavedChanges, "typed, not yet committed")
        XCTAssertTrue(s.save())
        XCTAssertFalse(s.hasUnsavedChanges)
        // The saved text edited again: unchanged until a character differs, unchanged again when it is deleted.
        s.editor.handle(.touches([Touch(id: 0, phase: .began, location: Point(52, 50))]))
        s.editor.handle(.touches([Touch(id: 0, phase: .ended, location: Point(52, 50))]))
        XCTAssertTrue(s.editor.isEditingText)
        XCTAssertFalse(s.hasUnsavedChanges, "an open edit that changes nothing")
        s.editor.handle(.text("!"))
        XCTAssertTrue(s.hasUnsavedChanges)
        s.editor.handle(.key(KeyPress(name: "backspace")!))
        XCTAssertFalse(s.hasUnsavedChanges, "back to the saved string")
        XCTAssertTrue(s.quit())
    }

    /// Opening another file while typing commits the text and keeps it with the drawing it was
    /// typed on, as a quit does (even on an untitled drawing that had nothing else).
    func testOpeningAnotherFileWhileTypingKeepsTheText() throws {
        let box = try SessionSandbox()
        let other = box.root + "/docs/other.scrawl"
        let first = try start(box, other)
        first.draw(1)
        XCTAssertTrue(first.save())
        XCTAssertTrue(first.quit())
        let s = try start(box)
        type(["untitled ", "words"], at: 60, 60, in: s)
        XCTAssertTrue(s.open(other))
        XCTAssertTrue(texts(s).isEmpty, "the other file is open")
        XCTAssertTrue(s.quit())
        let next = try start(box)
        XCTAssertEqual(texts(next), ["untitled words"], "the untitled drawing with its text came back")
    }
}
