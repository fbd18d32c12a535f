import XCTest
@testable import ScrawlCore

/// The stroke eraser (`x`) through editor events: whole drawables, one undo step per drag.
final class EraserStrokeTests: XCTestCase {
    /// Three horizontal pencil strokes (width 2) at y = 50, 100, 150, then the eraser at width 2
    /// (the width these tests measure, once the pen's, which the eraser shared).
    private func editorWithStrokes() -> Editor {
        let e = ToolHelpers.editor()
        for y in [50.0, 100, 150] {
            ToolHelpers.run(e, ToolHelpers.drag([(10, y), (100, y), (200, y)]))
        }
        e.handle(.key(KeyPress("x")))
        e.settings[.eraser].width = 2
        return e
    }

    private func dragEvents(_ pts: [(Double, Double)], id: Int = 0) -> [InputEvent] { ToolHelpers.drag(pts, id: id) }

    func testDefaultsAndToggle() {
        let e = ToolHelpers.editor()
        e.handle(.key(KeyPress("x")))
        let tool = try! XCTUnwrap(e.tool as? EraserTool)
        XCTAssertEqual(tool.mode, .stroke)
        XCTAssertEqual(tool.statusText, "stroke eraser")
        e.handle(.key(KeyPress("x", shift: true)))
        XCTAssertEqual(tool.mode, .partial)
        XCTAssertEqual(tool.statusText, "partial eraser")
        e.handle(.key(KeyPress("x", shift: true)))
        XCTAssertEqual(tool.mode, .stroke)
    }

    func testErasesOnlyTouchedAndOneUndoStepRestoresAll() {
        let e = editorWithStrokes()
        let before = e.displayList.items
        ToolHelpers.run(e, dragEvents([(120, 40), (120, 80), (121, 110)]))
        XCTAssertEqual(e.displayList.items, [before[2]])
        e.handle(ToolHelpers.key("ctrl+z"))
        XCTAssertEqual(e.displayList.items, before)
        e.handle(ToolHelpers.key("ctrl+shift+z"))
        XCTAssertEqual(e.displayList.items, [before[2]])
    }

    func testFastDragErasesStrokesCrossedBetweenEvents() {
        let e = editorWithStrokes()
        ToolHelpers.run(e, dragEvents([(150, 0), (150, 290)]))
        XCTAssertTrue(e.displayList.isEmpty)
        e.handle(ToolHelpers.key("ctrl+z"))
        XCTAssertEqual(e.displayList.count, 3)
    }

    func testMissesWhatTheDiscDoesNotReach() {
        let e = editorWithStrokes()
        // Disc radius 4 (8 screen points at zoom 1), stroke half-width 1: reach 5 from the centre line.
        ToolHelpers.run(e, dragEvents([(20, 55.5), (190, 55.5), (190, 94.5)]))
        XCTAssertEqual(e.displayList.count, 3)
        ToolHelpers.run(e, dragEvents([(20, 54.9), (25, 54.9)]))
        XCTAssertEqual(e.displayList.count, 2)
    }

    func testCancelledTouchErasesNothing() {
        let e = editorWithStrokes()
        let before = e.displayList.items
        ToolHelpers.run(e, [ToolHelpers.touch(0, .began, 150, 0), ToolHelpers.touch(0, .moved, 150, 290)])
        XCTAssertEqual((e.tool as! EraserTool).pendingIDs.count, 3)
        e.handle(ToolHelpers.touch(0, .cancelled, 150, 290))
        XCTAssertEqual(e.displayList.items, before)
        XCTAssertTrue((e.tool as! EraserTool).pendingIDs.isEmpty)
        XCTAssertFalse(e.displayList.canRedo)
    }

    func testPreviewDimsExactlyWhatIsRemoved() {
        let e = editorWithStrokes()
        let before = e.displayList.items
        ToolHelpers.run(e, [ToolHelpers.touch(0, .began, 60, 40), ToolHelpers.touch(0, .moved, 60, 105)])
        let hidden = (e.tool as! EraserTool).pendingIDs
        XCTAssertTrue(e.hiddenIDs.isEmpty, "the tiles keep them: a veil dims them")
        let dimmed = e.liveItems.compactMap { item -> PathDrawable? in
            if case .mark(.path(let p)) = item, p.stroke != EraserTool.discColor { return p }
            return nil
        }
        XCTAssertEqual(dimmed.count, hidden.count)
        for p in dimmed { XCTAssertEqual(p.stroke, Color(r: 255, g: 255, b: 255, a: 179), "the page background at 70 %") }
        e.handle(ToolHelpers.touch(0, .ended, 60, 105))
        let removed = Set(before.map(\.id)).subtracting(e.displayList.items.map(\.id))
        XCTAssertEqual(hidden, removed)
        XCTAssertEqual(removed.count, 2)
        XCTAssertTrue((e.tool as! EraserTool).pendingIDs.isEmpty)
    }

    func testDiscCircleIsShownOneScreenPointWide() {
        let e = editorWithStrokes()
        e.handle(.view(Viewport(origin: .zero, zoom: 2)))
        e.handle(ToolHelpers.touch(0, .began, 300, 250))
        let circles = e.liveItems.compactMap { item -> PathDrawable? in
            if case .mark(.path(let p)) = item, p.stroke == EraserTool.discColor { return p }
            return nil
        }
        XCTAssertEqual(circles.count, 1)
        XCTAssertEqual(circles.first?.style.width, 0.5)
        let b = try! XCTUnwrap(circles.first?.path.flattened(tolerance: 0.01).first.flatMap { Rect.bounding($0.points) })
        XCTAssertEqual(b.width, 4, accuracy: 0.01, "8 screen points at zoom 2, wider than the width setting")
    }

    func testDiscIsAtLeastEightScreenPointsAtZoom4() {
        let e = ToolHelpers.editor()
        e.handle(ToolHelpers.key("["))  // width 1
        XCTAssertEqual(e.settings[.pen].width, 1)
        ToolHelpers.run(e, ToolHelpers.drag([(10, 100), (200, 100)]))
        ToolHelpers.run(e, ToolHelpers.drag([(10, 120), (200, 120)]))
        e.handle(.view(Viewport(origin: .zero, zoom: 4)))
        e.handle(.key(KeyPress("x")))
        for _ in 0..<7 { e.handle(ToolHelpers.key("[")) }  // the eraser's own width, 16 down to 1
        XCTAssertEqual(e.settings[.eraser].width, 1)
        // Disc diameter max(1, 8 / 4) = 2: radius 1; stroke half-width 0.5.
        ToolHelpers.run(e, ToolHelpers.drag([(50, 101.4), (60, 101.4)]))
        ToolHelpers.run(e, ToolHelpers.drag([(50, 121.6), (60, 121.6)]))
        XCTAssertEqual(ToolHelpers.paths(e).count, 1)
        XCTAssertEqual(ToolHelpers.paths(e).first?.path.firstPoint?.y, 120)
    }

    func testMultitouchEachTouchItsOwnStep() {
        let e = editorWithStrokes()
        let before = e.displayList.items
        e.handle(.touches([Touch(id: 1, phase: .began, location: Point(30, 45)),
                           Touch(id: 2, phase: .began, location: Point(30, 145))]))
        e.handle(.touches([Touch(id: 1, phase: .moved, location: Point(30, 55)),
                           Touch(id: 2, phase: .moved, location: Point(30, 155))]))
        XCTAssertEqual((e.tool as! EraserTool).pendingIDs, [before[0].id, before[2].id])
        e.handle(.touches([Touch(id: 2, phase: .ended, location: Point(30, 155))]))
        XCTAssertEqual(e.displayList.items, [before[0], before[1]])
        XCTAssertEqual((e.tool as! EraserTool).pendingIDs, [before[0].id], "the other touch still previews its own")
        e.handle(.touches([Touch(id: 1, phase: .ended, location: Point(30, 55))]))
        XCTAssertEqual(e.displayList.items, [before[1]])
        e.handle(ToolHelpers.key("ctrl+z"))
        XCTAssertEqual(e.displayList.items, [before[0], before[1]])
        e.handle(ToolHelpers.key("ctrl+z"))
        XCTAssertEqual(e.displayList.items, before)
    }

    func testStampsAndFillsFarOffThePage() {
        let stamp = Drawable.stamp(StampDrawable(image: ToolHelpers.image, center: Point(900_000, -900_000)))
        let square = Drawable.path(PathDrawable(path: .rectangle(Rect(x: -900_010, y: 900_000, width: 20, height: 20)),
                                                stroke: nil, fill: .red, style: .round(width: 0)))
        let e = Editor(canvas: CanvasSpec(width: 400, height: 300), seed: 0, stampImage: ToolHelpers.image,
                       drawables: [stamp, square])
        e.handle(.key(KeyPress("x")))
        ToolHelpers.run(e, ToolHelpers.drag([(-900_000, 900_010), (-899_999, 900_010)]))
        XCTAssertEqual(e.displayList.drawables, [stamp])
        ToolHelpers.run(e, [ToolHelpers.touch(0, .began, 900_000, -899_990), ToolHelpers.touch(0, .moved, 900_000, -900_000)])
        // The stamp is veiled: its rectangle filled with the page background at 70 %.
        let veils = e.liveItems.compactMap { item -> PathDrawable? in
            if case .mark(.path(let p)) = item, p.fill != nil { return p }
            return nil
        }
        XCTAssertEqual(veils.count, 1)
        XCTAssertEqual(veils.first?.fill, Color(r: 255, g: 255, b: 255, a: 179))
        e.handle(ToolHelpers.touch(0, .ended, 900_000, -900_000))
        XCTAssertTrue(e.displayList.isEmpty)
    }
}
