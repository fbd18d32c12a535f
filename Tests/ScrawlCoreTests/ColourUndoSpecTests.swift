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
            let e = T.editor(seed: seed)
            e.handle(T.key("5"))
            XCTAssertEqual(e.settings.stroke, .random)
            e.handle(S.ev(S.began(5, Point(0, 0)), S.began(2, Point(10, 0)), S.began(9, Point(20, 0))))
            e.handle(S.ev(S.ended(9, Point(20, 5)), S.ended(5, Point(0, 5)), S.ended(2, Point(10, 5))))
            T.run(e, [T.key("l")] + S.drag([Point(0, 0), Point(9, 9)]))
            T.run(e, [T.key("s")] + S.drag([Point(0, 0)]))
            let c = ReferenceSplitMix.colours(seed: seed, 5)
            XCTAssertEqual(T.paths(e).map(\.stroke), [c[2], c[0], c[1], c[3], c[4]], "seed \(seed)")
            XCTAssertEqual(T.paths(e).map(\.fill), [nil, nil, nil, nil, nil])
        }
    }

    func testRandomFillOnlyAndBothStrokeThenFill() {
        let e = T.editor(seed: 77)
        T.run(e, [T.key("r"), T.key("shift+5")] + S.drag([Point(0, 0), Point(5, 5)]) + S.drag([Point(1, 1), Point(6, 6)]))
        T.run(e, [T.key("5"), T.key("e")] + S.drag([Point(0, 0), Point(5, 5)]))
        let c = ReferenceSplitMix.colours(seed: 77, 4)
        XCTAssertEqual(T.paths(e).map(\.stroke), [.black, .black, c[2]])
        XCTAssertEqual(T.paths(e).map(\.fill), [c[0], c[1], c[3]])
    }

    func testRandomColourCarriesOpacity() {
        let e = T.editor(seed: 3)
        T.run(e, [T.key("5"), T.key("shift+["), T.key("shift+[")] + S.drag([Point(0, 0), Point(5, 5)]))
        var g = ReferenceSplitMix(state: 3)
        XCTAssertEqual(T.paths(e).first?.stroke, g.colour(opacity: 0.5))
    }

    func testFixedColourAfterRandomDrawsNoMore() {
        let e = T.editor(seed: 9)
        T.run(e, [T.key("5")] + S.drag([Point(0, 0), Point(5, 5)]) + [T.key("1")] + S.drag([Point(0, 0), Point(5, 5)])
              + [T.key("5")] + S.drag([Point(0, 0), Point(5, 5)]))
        let c = ReferenceSplitMix.colours(seed: 9, 2)
        XCTAssertEqual(T.paths(e).map(\.stroke), [c[0], .red, c[1]])
    }

    /// Bézier: only the followed touches draw colours; the path takes the colours current at finish.
    func testBezierDrawsAColourPerFollowedTouchAndCommitsTheCurrentOnes() {
        let e = T.editor(seed: 11)
        T.run(e, [T.key("b"), T.key("5"), T.key("shift+5"),
                  S.ev(S.began(0, Point(10, 10)), S.began(1, Point(90, 90))),  // 1 ignored: draws nothing
                  S.ev(S.ended(1, Point(90, 90))), S.ev(S.ended(0, Point(20, 10)))]
              + S.drag([Point(50, 50), Point(60, 40)]) + [T.key("enter")])
        let c = ReferenceSplitMix.colours(seed: 11, 6)
        XCTAssertEqual(T.paths(e).first?.stroke, c[2])
        XCTAssertEqual(T.paths(e).first?.fill, c[3])
        // The next touch draws the next pair.
        T.run(e, [T.key("p")] + S.drag([Point(0, 0)]))
        XCTAssertEqual(T.paths(e).last?.stroke, c[4])
    }

    // MARK: Undo, redo, delete

    func drawThree(_ e: Editor) {
        T.run(e, S.drag([Point(0, 0), Point(1, 1)]) + S.drag([Point(2, 2), Point(3, 3)]) + S.drag([Point(4, 4), Point(5, 5)]))
    }

    func testUndoRedoStepByStepWithBothRedoKeys() {
        let e = T.editor()
        drawThree(e)
        let all = S.drawables(e)
        e.handle(T.key("ctrl+z")); e.handle(T.key("ctrl+z"))
        XCTAssertEqual(S.drawables(e), Array(all.prefix(1)))
        e.handle(T.key("ctrl+shift+z"))
        XCTAssertEqual(S.drawables(e), Array(all.prefix(2)))
        e.handle(T.key("ctrl+y"))
        XCTAssertEqual(S.drawables(e), all)
        e.handle(T.key("ctrl+y"))
        XCTAssertEqual(S.drawables(e), all, "nothing more to redo")
        for _ in 0..<5 { e.handle(T.key("ctrl+z")) }
        XCTAssertTrue(e.displayList.isEmpty, "undo past the start is harmless")
    }

    func testDeleteClearsAsOneUndoableStep() {
        let e = T.editor()
        drawThree(e)
        let all = S.drawables(e)
        e.handle(T.key("delete"))
        XCTAssertTrue(e.displayList.isEmpty)
        e.handle(T.key("ctrl+z"))
        XCTAssertEqual(S.drawables(e), all, "one undo brings everything back")
        e.handle(T.key("ctrl+y"))
        XCTAssertTrue(e.displayList.isEmpty)
        e.handle(T.key("ctrl+z")); e.handle(T.key("ctrl+z"))
        XCTAssertEqual(S.drawables(e), Array(all.prefix(2)), "then the drawables one by one")
    }

    func testDeleteOnAnEmptyCanvasDoesNothingNotEvenToRedo() {
        let e = T.editor()
        e.handle(T.key("delete"))
        XCTAssertFalse(e.displayList.canUndo)
        T.run(e, S.drag([Point(0, 0), Point(1, 1)]) + [T.key("ctrl+z"), T.key("delete")])
        XCTAssertTrue(e.displayList.canRedo, "no step was made: redo is still there")
        e.handle(T.key("ctrl+y"))
        XCTAssertEqual(e.displayList.count, 1)
    }

    func testNewDrawableOrClearEmptiesRedo() {
        let e = T.editor()
        drawThree(e)
        T.run(e, [T.key("ctrl+z")] + S.drag([Point(9, 9), Point(8, 8)]) + [T.key("ctrl+y"), T.key("ctrl+shift+z")])
        XCTAssertEqual(e.displayList.count, 3)
        XCTAssertEqual(T.paths(e).last?.path, .polyline([Point(9, 9), Point(8, 8)]))
        T.run(e, [T.key("ctrl+z"), T.key("delete"), T.key("ctrl+y"), T.key("ctrl+shift+z")])
        XCTAssertTrue(e.displayList.isEmpty, "clear emptied redo")
        XCTAssertFalse(e.displayList.canRedo)
        // A Bézier commit is a new drawable too.
        T.run(e, [T.key("ctrl+z"), T.key("ctrl+z"), T.key("b")] + S.drag([Point(0, 0)]) + S.drag([Point(5, 5)])
              + [T.key("enter"), T.key("ctrl+y")])
        XCTAssertEqual(e.displayList.count, 2)
        XCTAssertFalse(e.displayList.canRedo)
    }

    func testUndoRedoDeleteCancelTouchesStillDown() {
        for key in ToolSwitchMultitouchSpecTests.multitouchKeys {
            for op in ["ctrl+z", "ctrl+shift+z", "ctrl+y", "delete"] {
                let e = T.editor()
                drawThree(e)
                T.run(e, [T.key(key), T.key("ctrl+z")])  // something to redo as well
                T.run(e, [S.ev(S.began(0, Point(50, 50)), S.began(1, Point(80, 80))), S.ev(S.moved(0, Point(70, 60))),
                          T.key(op)])
                XCTAssertTrue(e.liveItems.isEmpty, "\(key) \(op)")
                let after = e.displayList.count
                XCTAssertEqual(after, ["ctrl+z": 1, "ctrl+shift+z": 3, "ctrl+y": 3, "delete": 0][op], "\(key) \(op)")
                T.run(e, [S.ev(S.moved(0, Point(75, 65))), S.ev(S.ended(0, Point(90, 90)), S.ended(1, Point(99, 99)))])
                XCTAssertEqual(e.displayList.count, after, "\(key) \(op): the cancelled touches commit nothing")
            }
        }
    }

    func testUndoRedoDeleteDropAnUnfinishedBezierPath() {
        for op in ["ctrl+z", "ctrl+shift+z", "ctrl+y", "delete"] {
            let e = T.editor()
            drawThree(e)
            T.run(e, [T.key("ctrl+z"), T.key("b")] + S.drag([Point(10, 10), Point(20, 20)]) + S.drag([Point(30, 30), Point(40, 50)])
                  + [S.ev(S.began(0, Point(60, 60)))])
            e.handle(T.key(op))
            XCTAssertTrue(e.liveItems.isEmpty, op)
            let after = e.displayList.count
            T.run(e, [S.ev(S.ended(0, Point(70, 70))), T.key("enter")])
            XCTAssertEqual(e.displayList.count, after, "\(op): the dropped path is not committed")
            XCTAssertFalse(T.paths(e).contains { $0.path.firstPoint == Point(10, 10) }, op)
            // The next tap-and-drag starts a new path.
            T.run(e, S.drag([Point(100, 100), Point(110, 100)]) + S.drag([Point(200, 100), Point(210, 90)]) + [T.key("enter")])
            XCTAssertEqual(T.paths(e).last?.path.firstPoint, Point(100, 100), op)
            XCTAssertEqual(T.paths(e).last?.path.elements.count, 2, op)
        }
        // Even on an empty canvas with nothing to undo, redo or clear.
        for op in ["ctrl+z", "ctrl+y", "delete"] {
            let e = T.editor()
            T.run(e, [T.key("b")] + S.drag([Point(10, 10)]) + S.drag([Point(30, 30)]) + [T.key(op), T.key("enter")])
            XCTAssertTrue(e.displayList.isEmpty, op)
            XCTAssertTrue(e.liveItems.isEmpty, op)
        }
    }
}
