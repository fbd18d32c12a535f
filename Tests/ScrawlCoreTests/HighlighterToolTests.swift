import XCTest
@testable import ScrawlCore

/// The highlighter through editor events: its key, its own width and colour, the blend it gives its
/// strokes from the page, the commands they draw with, and what it leaves of the other settings.
final class HighlighterToolTests: XCTestCase {
    private typealias H = ToolHelpers

    func testKeyHSelectsItAndAStrokeIsARoundDarkenPolylineInItsDefaults() {
        let e = H.editor()
        H.run(e, [H.key("h")] + H.drag([(10, 10), (50, 12), (90, 30)]))
        XCTAssertEqual(e.tool.kind, .highlighter)
        XCTAssertEqual(ToolKind.highlighter.key, "h")
        let p = H.paths(e)
        XCTAssertEqual(p.count, 1)
        XCTAssertEqual(p[0].path, .polyline([Point(10, 10), Point(50, 12), Point(90, 30)]))
        XCTAssertEqual(p[0].stroke, Color(hex: "#ffeb3b"))
        XCTAssertNil(p[0].fill)
        XCTAssertEqual(p[0].style, .round(width: 16))
        XCTAssertEqual(p[0].blend, .darken)
        XCTAssertEqual(e.statusLine, "Highlighter — colour #ffeb3b, width 16, darken")
    }

    func testATapIsADot() {
        let e = H.editor()
        H.run(e, [H.key("h")] + H.drag([(20, 20), (20, 20)]))
        XCTAssertEqual(H.paths(e).map(\.path), [.polyline([Point(20, 20)])])
    }

    func testBracketsStepItsOwnWidthAndLeaveTheOthers() {
        let e = H.editor()
        H.run(e, [H.key("h"), H.key("]"), H.key("]")])
        XCTAssertEqual(e.settings[.highlighter].width, 32)
        XCTAssertEqual(e.settings[.pen].width, 2)
        H.run(e, [H.key("["), H.key("["), H.key("["), H.key("[")])
        XCTAssertEqual(e.settings[.highlighter].width, 8)
        H.run(e, H.drag([(0, 0), (5, 5)]))
        XCTAssertEqual(H.paths(e).last?.style.width, 8)
        // Back on the pencil, [ ] step the pencil's width again and the pencil draws with it.
        H.run(e, [H.key("p"), H.key("]")] + H.drag([(0, 0), (5, 5)]))
        XCTAssertEqual(e.settings[.pen].width, 3)
        XCTAssertEqual(e.settings[.highlighter].width, 8)
        XCTAssertEqual(H.paths(e).last?.style.width, 3)
        XCTAssertEqual(H.paths(e).last?.blend, .normal)
    }

    /// Colour keys while it is the tool set its own colour (always opaque); the opacity keys and
    /// the pencil's stroke colour do not reach it, and its colour does not reach the pencil.
    func testColourKeysSetItsOwnColourWhileItIsTheTool() {
        let e = H.editor()
        H.run(e, [H.key("shift+["), H.key("1"), H.key("h"), H.key("4")] + H.drag([(0, 0), (9, 9)]))
        XCTAssertEqual(e.settings[.highlighter].stroke, .fixed(.green))
        XCTAssertEqual(e.settings[.pen].stroke, .fixed(.red))
        XCTAssertEqual(e.settings[.pen].opacity, 0.75)
        XCTAssertEqual(H.paths(e).last?.stroke, .green, "opaque, whatever the opacity setting")
        H.run(e, [H.key("p")] + H.drag([(0, 0), (9, 9)]))
        XCTAssertEqual(H.paths(e).last?.stroke, Color.red.withOpacity(0.75))
        XCTAssertEqual(e.settings[.highlighter].stroke, .fixed(.green))
    }

    /// `random` picks an opaque colour per stroke from the editor's seeded generator.
    func testRandomColourPerStrokeFromTheSeed() {
        func colours(seed: UInt64) -> [Color?] {
            let e = H.editor(seed: seed)
            H.run(e, [H.key("h"), H.key("5")] + H.drag([(0, 0), (9, 9)]) + H.drag([(0, 0), (9, 9)]))
            return H.paths(e).map(\.stroke)
        }
        let a = colours(seed: 7)
        XCTAssertEqual(a, colours(seed: 7))
        XCTAssertNotEqual(a[0], a[1])
        XCTAssertTrue(a.allSatisfy { $0?.isOpaque == true })
    }

    func testTheBlendFollowsThePageLuma() {
        XCTAssertEqual(InkBlend.highlight(on: .white), .darken)
        XCTAssertEqual(InkBlend.highlight(on: .black), .lighten)
        XCTAssertEqual(InkBlend.highlight(on: Color(r: 0x80, g: 0x80, b: 0x80)), .darken)
        XCTAssertEqual(InkBlend.highlight(on: Color(r: 0x7f, g: 0x7f, b: 0x7f)), .lighten)
        XCTAssertEqual(InkBlend.highlight(on: Color(r: 0x20, g: 0x20, b: 0x60)), .lighten)  // navy
        XCTAssertEqual(InkBlend.highlight(on: .yellow), .darken)
        XCTAssertEqual(InkBlend.highlight(on: .blue), .lighten)
        let dark = Editor(canvas: CanvasSpec(width: 100, height: 100, background: Color(r: 0x22, g: 0x22, b: 0x22)),
                          seed: 1, stampImage: H.image)
        H.run(dark, [H.key("h")] + H.drag([(0, 0), (9, 9)]))
        XCTAssertEqual(H.paths(dark).map(\.blend), [.lighten])
        XCTAssertTrue(dark.statusLine.hasSuffix(", lighten"))
    }

    /// Live and committed strokes draw with the same commands: one stroke command with its blend,
    /// and ink drawn normally keeps its blend.
    func testCommandsCarryTheBlend() {
        let e = H.editor()
        H.run(e, [H.key("h"), H.touch(0, .began, 10, 10), H.touch(0, .moved, 40, 20)])
        let live = e.liveItems.flatMap { $0.commands(scale: 2) }
        H.run(e, [H.touch(0, .ended, 40, 20)])
        let committed = e.displayList.drawables.flatMap { $0.commands(scale: 2) }
        for commands in [live, committed] {
            XCTAssertEqual(commands.count, 1)
            guard case let .stroke(mesh, blend)? = commands.first else { return XCTFail("\(commands)") }
            XCTAssertEqual(blend, .darken)
            XCTAssertFalse(mesh.isEmpty)
        }
        var p = H.paths(e)[0]
        p.blend = .lighten
        XCTAssertEqual(p.strokeBlend, .lighten)
        p.blend = .normal
        XCTAssertEqual(p.strokeBlend, .over)
        p.stroke = Color.red.withOpacity(0.5)
        XCTAssertEqual(p.strokeBlend, .uniformAlpha)
    }

    /// The partial eraser's pieces of a highlight are highlights.
    func testErasedPiecesKeepTheBlend() {
        let e = H.editor()
        H.run(e, [H.key("h")] + H.drag([(10, 50), (200, 50)]))
        H.run(e, [H.key("x"), H.key("shift+x")] + H.drag([(100, 20), (100, 80)]))
        let p = H.paths(e)
        XCTAssertEqual(p.count, 2)
        XCTAssertEqual(p.map(\.blend), [.darken, .darken])
    }

    /// Mirrored touches (two at once) each make a highlight, committed as one step.
    func testTwoTouchesAtOnce() {
        let e = H.editor()
        H.run(e, [H.key("h"),
                  .touches([Touch(id: 0, phase: .began, location: Point(10, 10)), Touch(id: 1, phase: .began, location: Point(90, 90))]),
                  .touches([Touch(id: 0, phase: .ended, location: Point(20, 10)), Touch(id: 1, phase: .ended, location: Point(80, 90))])])
        XCTAssertEqual(H.paths(e).count, 2)
        e.undo()
        XCTAssertEqual(H.paths(e).count, 0)
    }
}
