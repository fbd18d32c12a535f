import Foundation
import ScrawlCore
import ScrawlGL
import XCTest

/// Undo, redo, delete and the canvas checkpoints, compared pixel for pixel (tolerance 0: the same
/// drawables rendered in the same order through the same pipeline must give identical bytes).
final class HistoryPixelTests: XCTestCase {
    static let undoKey = InputEvent.key(KeyPress("z", ctrl: true))
    static let redoKey = InputEvent.key(KeyPress("z", ctrl: true, shift: true))

    /// Undo, redo (both spellings), delete, and undo of the delete, each give back exactly the
    /// pixels of the state they return to.
    func testUndoRedoDeleteRestorePixelsExactly() throws {
        var r = ReplayBuilder(width: 200, height: 100)
        r.frame("blank")
        r.keys("1")
        r.setWidth(8)
        r.stroke([(20, 20), (100, 80), (180, 20)])
        r.frame("a")
        r.keys("2", "shift+[")
        r.stroke([(20, 80), (100, 20), (180, 80)])
        r.frame("ab")
        r.key("ctrl+z"); r.frame("undo")
        r.key("ctrl+shift+z"); r.frame("redo")
        r.key("ctrl+z"); r.key("ctrl+y"); r.frame("redo-y")
        r.key("ctrl+shift+delete"); r.frame("deleted")
        r.key("ctrl+z"); r.frame("undelete")
        r.key("ctrl+z"); r.frame("undo-after-undelete")
        r.key("ctrl+shift+z"); r.key("ctrl+shift+z"); r.frame("redo-delete")
        let out = try renderReplay(r.json)
        func f(_ name: String) throws -> FrameImage { try XCTUnwrap(out.frame(name), name) }
        XCTAssertNotEqual(try f("a").rgba, try f("ab").rgba, "the second stroke changed the pixels")
        XCTAssertNotEqual(try f("blank").rgba, try f("a").rgba, "the first stroke changed the pixels")
        assertIdentical(try f("undo"), try f("a"), "undo")
        assertIdentical(try f("redo"), try f("ab"), "redo with ctrl+shift+z")
        assertIdentical(try f("redo-y"), try f("ab"), "redo with ctrl+y")
        assertIdentical(try f("deleted"), try f("blank"), "ctrl+shift+delete")
        assertIdentical(try f("undelete"), try f("ab"), "undo of delete")
        assertIdentical(try f("undo-after-undelete"), try f("a"), "undo after undoing the delete")
        assertIdentical(try f("redo-delete"), try f("blank"), "redo of the delete")
        assertIdentical(out.image, try f("blank"))
    }

    /// A replay of `n` varied strokes: colours, widths and opacities change per stroke (so order and
    /// blending matter), positions from a fixed hash of the stroke number; the first k strokes of
    /// `strokes(n)` are exactly `strokes(k)`.
    static func strokes(_ n: Int) -> ReplayBuilder {
        var r = ReplayBuilder(width: 160, height: 120)
        var state: UInt64 = 0x1234_5678
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 33) / Double(1 << 31)
        }
        for i in 0..<n {
            r.key(["0", "1", "2", "3", "4", "6"][i % 6])
            r.keys("shift+]", "shift+]", "shift+]")  // opacity 100%
            if i % 4 == 1 { r.key("shift+[") }      // some strokes at 75%
            r.keys("[", "[", "[", "[", "]")         // width 2 ...
            if i % 3 == 0 { r.key("]") }            // ... or 3
            let pts = (0..<3).map { _ in (-10 + next() * 180, -10 + next() * 140) }
            r.stroke(pts)
        }
        return r
    }

    /// Undo after 300 strokes gives pixels identical to rendering the first 299: the canvas draws
    /// again only the pixels the undone stroke covered, from the strokes that touch them. Undoing
    /// further to 249 and redoing back to 300 are also exact.
    func testUndoAfter300StrokesMatchesRendering299() throws {
        let render299 = try renderReplay(Self.strokes(299).json).image
        let render249 = try renderReplay(Self.strokes(249).json).image
        try withPlayer(Self.strokes(300).json) { player, events in
            try player.play(events)
            let full = try player.renderFrame()
            XCTAssertEqual(player.editor.displayList.count, 300)

            try player.play([Self.undoKey])
            let undone = try player.renderFrame()
            assertIdentical(undone, render299, "undo after 300 strokes vs rendering 299")

            try player.play(Array(repeating: Self.undoKey, count: 50))
            let back249 = try player.renderFrame()
            assertIdentical(back249, render249, "50 more undos vs rendering 249")

            try player.play(Array(repeating: Self.redoKey, count: 51))
            let redone = try player.renderFrame()
            XCTAssertEqual(player.editor.displayList.count, 300)
            assertIdentical(redone, full, "redo back to 300")
        }
    }

    /// A clear (ctrl+shift+delete) after 260 strokes, then undo: the canvas comes back identical to before it.
    func testUndoOfDeleteRestoresThePixels() throws {
        try withPlayer(Self.strokes(260).json) { player, events in
            try player.play(events)
            let before = try player.renderFrame()
            try player.play([.key(KeyPress(name: "ctrl+shift+delete")!)])
            let cleared = try player.renderFrame()
            XCTAssertEqual(cleared.count { cleared.px($0, $1) != white }, 0, "delete clears to the background")
            try player.play([Self.undoKey])
            let restored = try player.renderFrame()
            assertIdentical(restored, before, "undo of delete")
        }
    }
}
