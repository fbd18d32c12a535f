import XCTest
@testable import ScrawlCore

/// SplitMix64 written from its published definition, independent of the code's.
struct ReferenceSplitMix {
    var state: UInt64
    mutating func next() -> UInt64 {
        state = state &+ 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    /// One output per colour: RGB = its three most significant bytes.
    mutating func colour(opacity: Double = 1) -> Color {
        let v = next()
        let bytes = withUnsafeBytes(of: v.bigEndian) { Array($0) }
        return Color(r: bytes[0], g: bytes[1], b: bytes[2], a: UInt8((255 * opacity).rounded()))
    }
    static func colours(seed: UInt64, _ n: Int) -> [Color] {
        var g = ReferenceSplitMix(state: seed)
        return (0..<n).map { _ in g.colour() }
    }
}

/// Spec: random colours, undo/redo/delete.
final class ColourUndoSpecTests: XCTestCase {
    // MARK: Random colours

    func testReferenceGeneratorKnownValues() {
        var g = ReferenceSplitMix(state: 0)
        XCTAssertEqual(g.next(), 0xE220_A839_7B1D_CDAF)
        XCTAssertEqual(ReferenceSplitMix.colours(seed: 0, 1), [Color(r: 0xE2, g: 0x20, b: 0xA8)])
    }

    func testRandomStrokeANewColourAtEveryBeganInArrayOrder() {
        for seed: UInt64 in [0, 1, 42, 0xDEAD_BEEF_CAFE_F00D] {
            let e = ToolHelpers.editor(seed: seed)
            e.handle(ToolHelpers.key("5"))
            XCTAssertEqual(e.settings[.pen].stroke, .random)
            e.handle(SpecHelpers.ev(SpecHelpers.began(5, Point(0, 0)), SpecHelpers.began(2, Point(10, 0)), SpecHelpers.began(9, Point(20, 0))))
            e.handle(SpecHelpers.ev(SpecHelpers.ended(9, Point(20, 5)), SpecHelpers.ended(5, Point(0, 5)), SpecHelpers.ended(2, Point(10, 5))))
            ToolHelpers.run(e, [ToolHelpers.key("l")] + SpecHelpers.drag([Point(0, 0), Point(9, 9)]))
            ToolHelpers.run(e, [ToolHelpers.key("s")] + SpecHelpers.drag([Point(0, 0)]))
            let c = ReferenceSplitMix.colours(seed: seed, 5)
            XCTAssertEqual(ToolHelpers.paths(e).map(\.stroke), [c[2], c[0], c[1], c[3], c[4]], "seed \(seed)")
            XCTAssertEqual(ToolHelpers.paths(e).map(\.fill), [nil, nil, nil, nil, nil])
        }
    }

    func testRandomFillOnlyAndBothStrokeThenFill() {
        let e = ToolHelpers.editor(seed: 77)
        ToolHelpers.run(e, [ToolHelpers.key("r"), ToolHelpers.key("shift+5")] + SpecHelpers.drag([Point(0, 0), Point(5, 5)]) + SpecHelpers.drag([Point(1, 1), Point(6, 6)]))
        ToolHelpers.run(e, [ToolHelpers.key("5"), ToolHelpers.key("e")] + SpecHelpers.drag([Point(0, 0), Point(5, 5)]))
        let c = ReferenceSplitMix.colours(seed: 77, 4)
        XCTAssertEqual(ToolHelpers.paths(e).map(\.stroke), [.black, .black, c[2]])
        XCTAssertEqual(ToolHelpers.paths(e).map(\.fill), [c[0], c[1], c[3]])
    }

    func testRandomColourCarriesOpacity() {
        let e = ToolHelpers.editor(seed: 3)
        ToolHelpers.run(e, [ToolHelpers.key("5"), ToolHelpers.key("shift+["), ToolHelpers.key("shift+[")] + SpecHelpers.drag([Point(0, 0), Point(5, 5)]))
        var g = ReferenceSplitMix(state: 3)
        XCTAssertEqual(ToolHelpers.paths(e).first?.stroke, g.colour(opacity: 0.5))
    }

    func testFixedColourAfterRandomDrawsNoMore() {
        let e = ToolHelpers.editor(seed: 9)
        ToolHelpers.run(e, [ToolHelpers.key("5")] + SpecHelpers.drag([Point(0, 0), Point(5, 5)]) + [ToolHelpers.key("1")] + SpecHelpers.drag([Point(0, 0), Point(5, 5)])
              + [ToolHelpers.key("5")] + SpecHelpers.drag([Point(0, 0), Point(5, 5)]))
        let c = ReferenceSplitMix.colours(seed: 9, 2)
        XCTAssertEqual(ToolHelpers.paths(e).map(\.stroke), [c[0], .red, c[1]])
    }

    /// Bézier: only the followed touches draw colours; the path takes the colours current at finish.
    func testBezierDrawsAColourPerFollowedTouchAndCommitsTheCurrentOnes() {
        let e = ToolHelpers.editor(seed: 11)
        ToolHelpers.run(e, [ToolHelpers.key("b"), ToolHelpers.key("5"), ToolHelpers.key("shift+5"),
                  SpecHelpers.ev(SpecHelpers.began(0, Point(10, 10)), SpecHelpers.began(1, Point(90, 90))),  // 1 ignored: draws nothing
                  SpecHelpers.ev(SpecHelpers.ended(1, Point(90, 90))), SpecHelpers.ev(SpecHelpers.ended(0, Point(20, 10)))]
              + SpecHelpers.drag([Point(50, 50), Point(60, 40)]) + [ToolHelpers.key("enter")])
        let c = ReferenceSplitMix.colours(seed: 11, 6)
        XCTAssertEqual(ToolHelpers.paths(e).first?.stroke, c[2])
        XCTAssertEqual(ToolHelpers.paths(e).first?.fill, c[3])
        // The next touch draws the next pair.
        ToolHelpers.run(e, [ToolHelpers.key("p")] + SpecHelpers.drag([Point(0, 0)]))
        XCTAssertEqual(ToolHelpers.paths(e).last?.stroke, c[4])
    }

    // MARK: Undo, redo, delete

    func drawThree(_ e: Editor) {
        ToolHelpers.run(e, SpecHelpers.drag([Point(0, 0), Point(1, 1)]) + SpecHelpers.drag([Point(2, 2), Point(3, 3)]) + SpecHelpers.drag([Point(4, 4), Point(5, 5)]))
    }

    func testUndoRedoStepByStepWithBothRedoKeys() {
        let e = ToolHelpers.editor()
        drawThree(e)
        let all = SpecHelpers.drawables(e)
        e.handle(ToolHelpers.key("ctrl+z")); e.handle(ToolHelpers.key("ctrl+z"))
        XCTAssertEqual(SpecHelpers.drawables(e), Array(all.prefix(1)))
        e.handle(ToolHelpers.key("ctrl+shift+z"))
        XCTAssertEqual(SpecHelpers.drawables(e), Array(all.prefix(2)))
        e.handle(ToolHelpers.key("ctrl+y"))
        XCTAssertEqual(SpecHelpers.drawables(e), all)
        e.handle(ToolHelpers.key("ctrl+y"))
        XCTAssertEqual(SpecHelpers.drawables(e), all, "nothing more to redo")
        for _ in 0..<5 { e.handle(ToolHelpers.key("ctrl+z")) }
        XCTAssertTrue(e.displayList.isEmpty, "undo past the start is harmless")
    }

    func testDeleteClearsAsOneUndoableStep() {
        let e = ToolHelpers.editor()
        drawThree(e)
        let all = SpecHelpers.drawables(e)
        e.handle(ToolHelpers.key("ctrl+shift+delete"))
        XCTAssertTrue(e.displayList.isEmpty)
        e.handle(ToolHelpers.key("ctrl+z"))
        XCTAssertEqual(SpecHelpers.drawables(e), all, "one undo brings everything back")
        e.handle(ToolHelpers.key("ctrl+y"))
        XCTAssertTrue(e.displayList.isEmpty)
        e.handle(ToolHelpers.key("ctrl+z")); e.handle(ToolHelpers.key("ctrl+z"))
        XCTAssertEqual(SpecHelpers.drawables(e), Array(all.prefix(2)), "then the drawables one by one")
    }

    func testDeleteOnAnEmptyCanvasDoesNothingNotEvenToRedo() {
        let e = ToolHelpers.editor()
        e.handle(ToolHelpers.key("ctrl+shift+delete"))
        XCTAssertFalse(e.displayList.canUndo)
        ToolHelpers.run(e, SpecHelpers.drag([Point(0, 0), Point(1, 1)]) + [ToolHelpers.key("ctrl+z"), ToolHelpers.key("ctrl+shift+delete")])
        XCTAssertTrue(e.displayList.canRedo, "no step was made: redo is still there")
        e.handle(ToolHelpers.key("ctrl+y"))
        XCTAssertEqual(e.displayList.count, 1)
    }

    func testNewDrawableOrClearEmptiesRedo() {
        let e = ToolHelpers.editor()
        drawThree(e)
        ToolHelpers.run(e, [ToolHelpers.key("ctrl+z")] + SpecHelpers.drag([Point(9, 9), Point(8, 8)]) + [ToolHelpers.key("ctrl+y"), ToolHelpers.key("ctrl+shift+z")])
        XCTAssertEqual(e.displayList.count, 3)
        XCTAssertEqual(ToolHelpers.paths(e).last?.path, .polyline([Point(9, 9), Point(8, 8)]))
        ToolHelpers.run(e, [ToolHelpers.key("ctrl+z"), ToolHelpers.key("ctrl+shift+delete"), ToolHelpers.key("ctrl+y"), ToolHelpers.key("ctrl+shift+z")])
        XCTAssertTrue(e.displayList.isEmpty, "clear emptied redo")
        XCTAssertFalse(e.displayList.canRedo)
        // A Bézier commit is a new drawable too.
        ToolHelpers.run(e, [ToolHelpers.key("ctrl+z"), ToolHelpers.key("ctrl+z"), ToolHelpers.key("b")] + SpecHelpers.drag([Point(0, 0)]) + SpecHelpers.drag([Point(5, 5)])
              + [ToolHelpers.key("enter"), ToolHelpers.key("ctrl+y")])
        XCTAssertEqual(e.displayList.count, 2)
        XCTAssertFalse(e.displayList.canRedo)
    }

    func testUndoRedoDeleteCancelTouchesStillDown() {
        for key in ToolSwitchMultitouchSpecTests.multitouchKeys {
            for op in ["ctrl+z", "ctrl+shift+z", "ctrl+y", "ctrl+shift+delete"] {
                let e = ToolHelpers.editor()
                drawThree(e)
                ToolHelpers.run(e, [ToolHelpers.key(key), ToolHelpers.key("ctrl+z")])  // something to redo as well
                ToolHelpers.run(e, [SpecHelpers.ev(SpecHelpers.began(0, Point(50, 50)), SpecHelpers.began(1, Point(80, 80))), SpecHelpers.ev(SpecHelpers.moved(0, Point(70, 60))),
                          ToolHelpers.key(op)])
                XCTAssertTrue(e.liveItems.isEmpty, "\(key) \(op)")
                let after = e.displayList.count
                XCTAssertEqual(after, ["ctrl+z": 1, "ctrl+shift+z": 3, "ctrl+y": 3, "ctrl+shift+delete": 0][op], "\(key) \(op)")
                ToolHelpers.run(e, [SpecHelpers.ev(SpecHelpers.moved(0, Point(75, 65))), SpecHelpers.ev(SpecHelpers.ended(0, Point(90, 90)), SpecHelpers.ended(1, Point(99, 99)))])
                XCTAssertEqual(e.displayList.count, after, "\(key) \(op): the cancelled touches commit nothing")
            }
        }
    }

    /// Redo and delete drop an unfinished Bézier path (ctrl+z removes its last point instead:
    /// BezierUndoTests).
    func testRedoAndDeleteDropAnUnfinishedBezierPath() {
        for op in ["ctrl+shift+z", "ctrl+y", "ctrl+shift+delete"] {
            let e = ToolHelpers.editor()
            drawThree(e)
            ToolHelpers.run(e, [ToolHelpers.key("ctrl+z"), ToolHelpers.key("b")] + SpecHelpers.drag([Point(10, 10), Point(20, 20)]) + SpecHelpers.drag([Point(30, 30), Point(40, 50)])
                  + [SpecHelpers.ev(SpecHelpers.began(0, Point(60, 60)))])
            e.handle(ToolHelpers.key(op))
            XCTAssertTrue(e.liveItems.isEmpty, op)
            let after = e.displayList.count
            ToolHelpers.run(e, [SpecHelpers.ev(SpecHelpers.ended(0, Point(70, 70))), ToolHelpers.key("enter")])
            XCTAssertEqual(e.displayList.count, after, "\(op): the dropped path is not committed")
            XCTAssertFalse(ToolHelpers.paths(e).contains { $0.path.firstPoint == Point(10, 10) }, op)
            // The next tap-and-drag starts a new path.
            ToolHelpers.run(e, SpecHelpers.drag([Point(100, 100), Point(110, 100)]) + SpecHelpers.drag([Point(200, 100), Point(210, 90)]) + [ToolHelpers.key("enter")])
            XCTAssertEqual(ToolHelpers.paths(e).last?.path.firstPoint, Point(100, 100), op)
            XCTAssertEqual(ToolHelpers.paths(e).last?.path.elements.count, 2, op)
        }
        // Even on an empty canvas with nothing to undo, redo or clear.
        for op in ["ctrl+y", "ctrl+shift+delete"] {
            let e = ToolHelpers.editor()
            ToolHelpers.run(e, [ToolHelpers.key("b")] + SpecHelpers.drag([Point(10, 10)]) + SpecHelpers.drag([Point(30, 30)]) + [ToolHelpers.key(op), ToolHelpers.key("enter")])
            XCTAssertTrue(e.displayList.isEmpty, op)
            XCTAssertTrue(e.liveItems.isEmpty, op)
        }
    }
}
