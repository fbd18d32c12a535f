import XCTest
@testable import ScrawlCore

/// Each tool reads the style record the tool table names: the pen's (shared by the tools that draw
/// in the colour bar's colours), the highlighter's or the eraser's own; the keys set the current
/// tool's record, and the touch style, cursor feedback, title and bars come from it.
final class ToolStyleTests: XCTestCase {
    private typealias H = ToolHelpers

    /// The eraser disc's diameter while a touch is down at `p`, from the grey ring it shows.
    private func discDiameter(_ e: Editor, at p: Point) throws -> Double {
        e.handle(H.touch(9, .began, p.x, p.y))
        defer { e.handle(H.touch(9, .cancelled, p.x, p.y)) }
        let ring = try XCTUnwrap(e.liveItems.compactMap { item -> PathDrawable? in
            if case .mark(.path(let d)) = item, d.stroke == EraserTool.discColor { return d }
            return nil
        }.first)
        return try XCTUnwrap(ring.path.flattened(tolerance: 0.01).first.flatMap { Rect.bounding($0.points) }).width
    }

    /// What a new user tried: widen the eraser, go back to the pencil, draw.
    func testWideningTheEraserDoesNotWidenTheNextStroke() throws {
        let e = H.editor()
        H.run(e, [H.key("x"), H.key("]"), H.key("]")])
        XCTAssertEqual(e.settings[.eraser].width, 32)
        XCTAssertEqual(try discDiameter(e, at: Point(200, 150)), 32, accuracy: 0.01)
        H.run(e, [H.key("p")] + H.drag([(10, 10), (60, 10)]))
        XCTAssertEqual(H.paths(e).last?.style.width, 2, "the pencil keeps its own width")
        // And the other way round: a wider pencil leaves the eraser as it was.
        H.run(e, [H.key("]"), H.key("x")])
        XCTAssertEqual(e.settings[.pen].width, 3)
        XCTAssertEqual(try discDiameter(e, at: Point(200, 150)), 32, accuracy: 0.01)
    }

    func testTheEraserStartsAtItsOwnDefaultWidth() throws {
        let e = H.editor()
        e.handle(H.key("x"))
        XCTAssertEqual(e.settings[.eraser].width, 16)
        XCTAssertEqual(try discDiameter(e, at: Point(200, 150)), 16, accuracy: 0.01)
        XCTAssertEqual(e.statusLine, "Eraser — width 16, stroke eraser")
    }

    /// The table lists every tool once, in the shape bar's order, with the record it reads.
    func testTheTableListsEveryToolWithItsRecord() {
        XCTAssertEqual(ToolCatalog.entries.map(\.kind), ToolKind.allCases)
        let e = H.editor()
        for entry in ToolCatalog.entries {
            e.handle(.key(KeyPress(entry.kind.key)))
            XCTAssertEqual(e.tool.kind, entry.kind)
            XCTAssertEqual(e.tool.styleRecord, entry.style, "\(entry.kind)")
        }
        let records = Dictionary(uniqueKeysWithValues: ToolCatalog.entries.map { ($0.kind, $0.style) })
        XCTAssertEqual(records[.highlighter], .highlighter)
        XCTAssertEqual(records[.eraser], .eraser)
        XCTAssertEqual(records[.select], .some(nil))
        XCTAssertEqual(records[.text], .text)
        XCTAssertEqual(Set(records.values.compactMap { $0 }), [.pen, .highlighter, .eraser, .text])
    }

    /// An editor whose three records all differ from their defaults.
    private func distinctRecords() -> Editor {
        let e = H.editor()
        // Pen: red stroke, blue fill, width 6, opacity 50 %.
        H.run(e, [H.key("1"), H.key("shift+2"), H.key("]"), H.key("]"), H.key("]"), H.key("shift+["), H.key("shift+[")])
        // Highlighter: green, width 24; eraser: width 12.
        H.run(e, [H.key("h"), H.key("4"), H.key("]"), H.key("x"), H.key("["), H.key("p")])
        return e
    }

    func testEachToolsTouchStyleComesFromItsRecord() {
        let e = distinctRecords()
        let pen = TouchStyle(stroke: Color.red.withOpacity(0.5), fill: Color.blue.withOpacity(0.5), width: 6, opacity: 0.5)
        for entry in ToolCatalog.entries {
            e.handle(.key(KeyPress(entry.kind.key)))
            let style = e.currentStyle()
            if entry.style == .highlighter {
                XCTAssertEqual(style, TouchStyle(stroke: .green, fill: nil, width: 24, opacity: 1), "opaque, no fill")
            } else if entry.style == .eraser {
                XCTAssertEqual(style.width, 12, "the eraser's own width")
            } else if entry.style == .text {
                XCTAssertEqual(style.width, 24, "the text's own size; the pen's fill unused")
                XCTAssertEqual(style.stroke, pen.stroke, "the pen's colour and opacity")
            } else {
                XCTAssertEqual(style, pen, "\(entry.kind) draws with the pen's record")
            }
        }
    }

    /// The keys set the current tool's record where it keeps the member, else the pen's (the next
    /// drawing's): the eraser keeps only its width, the selection nothing.
    func testKeysSetTheCurrentToolsRecordOrThePens() {
        let e = H.editor()
        H.run(e, [H.key("x"), H.key("1"), H.key("shift+2"), H.key("shift+["), H.key("]")])
        XCTAssertEqual(e.settings[.pen], ToolStyle(stroke: .fixed(.red), fill: .fixed(.blue), width: 2, opacity: 0.75))
        XCTAssertEqual(e.settings[.eraser].width, 24)
        H.run(e, [H.key("v"), H.key("]"), H.key("0")])
        XCTAssertEqual(e.settings[.pen].width, 3, "with nothing selected the keys set the pen's")
        XCTAssertEqual(e.settings[.pen].stroke, .fixed(.black))
        XCTAssertEqual(e.settings[.eraser].width, 24)
        XCTAssertEqual(e.settings[.highlighter], DrawingSettings.defaults[.highlighter])
        // The eyedropper sets the current tool's stroke too: the highlighter's.
        let dropper = H.editor()
        H.run(dropper, [H.key("1")] + H.drag([(10, 10), (90, 10)]) + [H.key("0"), H.key("h"), H.key("k")] + H.drag([(50, 10), (50, 10)]))
        XCTAssertEqual(dropper.settings[.highlighter].stroke, .fixed(.red))
        XCTAssertEqual(dropper.settings[.pen].stroke, .fixed(.black))
    }

    func testTheBarsShowTheCurrentToolsStyle() {
        let e = distinctRecords()
        XCTAssertEqual(e.shownStyle, ToolStyle(stroke: .fixed(.red), fill: .fixed(.blue), width: 6, opacity: 0.5))
        e.handle(H.key("h"))
        XCTAssertEqual(e.shownStyle, ToolStyle(stroke: .fixed(.green), fill: .fixed(.blue), width: 24, opacity: 1),
                       "its colour and width, always opaque")
        e.handle(H.key("x"))
        XCTAssertEqual(e.shownStyle, ToolStyle(stroke: .fixed(.red), fill: .fixed(.blue), width: 12, opacity: 0.5))
        e.handle(H.key("v"))
        XCTAssertEqual(e.shownStyle, e.settings[.pen])
    }

    func testEachToolsTitleComesFromItsRecord() {
        let e = distinctRecords()
        let pen = "stroke red, fill blue, width 6, opacity 50%"
        XCTAssertEqual(e.statusLine, "Pencil — " + pen)
        e.handle(H.key("s"))
        XCTAssertEqual(e.statusLine, "Smooth brush — " + pen)
        e.handle(H.key("h"))
        XCTAssertEqual(e.statusLine, "Highlighter — colour green, width 24, darken")
        H.run(e, [H.key("x"), H.key("shift+x")])
        XCTAssertEqual(e.statusLine, "Eraser — width 12, partial eraser")
        e.handle(H.key("v"))
        XCTAssertEqual(e.statusLine, "Select — " + pen + " — box select")
        e.handle(H.key("k"))
        XCTAssertEqual(e.statusLine, "Eyedropper — click to take a colour (shift+click: as the fill)")
    }

    func testEachToolsCursorFeedback() {
        let e = distinctRecords()
        let p = Point(120, 80)
        func feedback(_ key: String, pointerDown: Bool = false) -> CursorFeedback {
            e.handle(H.key(key))
            return e.cursorFeedback(at: p, pointerDown: pointerDown)
        }
        for key in ["p", "l", "s", "a"] { XCTAssertEqual(feedback(key), .ring(center: p, diameter: 6), key) }
        XCTAssertEqual(feedback("h"), .ring(center: p, diameter: 24), "the highlighter's own width")
        XCTAssertEqual(feedback("i"), .outline(StampDrawable(image: H.image, center: p).rect))
        for key in ["r", "e", "b", "x", "v"] { XCTAssertEqual(feedback(key), CursorFeedback.none, key) }
        // Follow: the grab zone while the pointer is within reach of the handle and no button is down.
        e.handle(H.key("f"))
        let handle = try! XCTUnwrap((e.tool as? FollowTool)?.handle)
        let near = handle + Point(FollowTool.grabDistance - 1, 0), far = handle + Point(FollowTool.grabDistance + 1, 0)
        XCTAssertEqual(e.cursorFeedback(at: near, pointerDown: false), .grabZone(center: handle, radius: FollowTool.grabDistance))
        XCTAssertEqual(e.cursorFeedback(at: near, pointerDown: true), CursorFeedback.none)
        XCTAssertEqual(e.cursorFeedback(at: far, pointerDown: false), CursorFeedback.none)
        // The eyedropper's mark, whatever the tool.
        e.handle(H.key("k"))
        XCTAssertEqual(e.cursorFeedback(at: p, pointerDown: false), .eyedropper(at: p, colour: .white))
    }

    /// Random colours are drawn per record: a random highlighter draws one colour per stroke, and
    /// the pen's random stroke and fill are not drawn while the highlighter is the tool.
    func testRandomColoursAreDrawnForTheCurrentRecordOnly() {
        func strokes(_ keys: [String]) -> [Color?] {
            let e = H.editor(seed: 3)
            H.run(e, keys.map(H.key) + H.drag([(0, 0), (9, 9)]) + [H.key("p")] + H.drag([(0, 0), (9, 9)]))
            return H.paths(e).map(\.stroke)
        }
        let onlyPen = strokes(["5", "h", "0"])  // pen random; the highlighter black
        let both = strokes(["5", "shift+5", "h", "0"])  // pen stroke and fill random
        XCTAssertEqual(onlyPen[0], .black)
        XCTAssertEqual(onlyPen[1], both[1], "the highlighter's stroke drew no random colour for the pen's fill")
    }

    /// Restoring settings clamps every record's width and opacity; what is not finite is the record's default.
    func testRestoreClampsEveryRecord() {
        var s = DrawingSettings()
        s[.pen].width = 1e9
        s[.highlighter].width = -3
        s[.eraser].width = .nan
        s[.pen].opacity = 0
        let e = H.editor()
        e.restore(settings: s, tool: .eraser, barsVisible: true)
        XCTAssertEqual(e.settings[.pen].width, 64)
        XCTAssertEqual(e.settings[.pen].opacity, 0.25)
        XCTAssertEqual(e.settings[.highlighter].width, 1)
        XCTAssertEqual(e.settings[.eraser].width, DrawingSettings.defaults[.eraser].width)
    }
}
