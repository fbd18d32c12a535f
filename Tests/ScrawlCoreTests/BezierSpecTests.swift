import XCTest
@testable import ScrawlCore

/// Spec: the Bézier tool, replayed through `Editor.handle`.
final class BezierSpecTests: XCTestCase {
    // The 3-point sequence: touch-down points and release points.
    let A = Point(100, 100), Ar = Point(150, 80)
    let B = Point(200, 200), Br = Point(250, 220)
    let C = Point(300, 100), Cr = Point(320, 60)

    /// A tap-and-drag: down at `down`, through `via`, released at `up`.
    func pt(_ down: Point, _ up: Point, via: [Point] = [], id: Int = 0) -> [InputEvent] {
        [SpecHelpers.ev(SpecHelpers.began(id, down))] + via.map { SpecHelpers.ev(SpecHelpers.moved(id, $0)) } + [SpecHelpers.ev(SpecHelpers.ended(id, up))]
    }

    func threePoints() -> [InputEvent] {
        pt(A, Ar, via: [Point(120, 95)]) + pt(B, Br, via: [Point(230, 210)]) + pt(C, Cr)
    }

    var expectedThreePointPath: Path {
        Path(elements: [.move(A),
                        .cubic(c1: Ar, c2: B * 2 - Br, to: B),
                        .cubic(c1: Br, c2: C * 2 - Cr, to: C)])
    }

    func testThreePointSequenceExactCubics() {
        let e = ToolHelpers.editor()
        ToolHelpers.run(e, [ToolHelpers.key("b")] + threePoints())
        XCTAssertTrue(e.displayList.isEmpty, "nothing committed before the path is finished")
        e.handle(ToolHelpers.key("enter"))
        let p = ToolHelpers.paths(e)
        XCTAssertEqual(p.count, 1)
        XCTAssertEqual(p.first?.path.elements, expectedThreePointPath.elements)
        // Spelled out: segment 1 controls (150,80), (150,180); segment 2 controls (250,220), (280,140).
        XCTAssertEqual(p.first.map { Array($0.path.elements) }?[1], .cubic(c1: Point(150, 80), c2: Point(150, 180), to: Point(200, 200)))
        XCTAssertEqual(p.first.map { Array($0.path.elements) }?[2], .cubic(c1: Point(250, 220), c2: Point(280, 140), to: Point(300, 100)))
        XCTAssertEqual(p.first?.stroke, .black)
        XCTAssertEqual(p.first?.fill, .lightGray)
        XCTAssertEqual(p.first?.style.cap, .round)
        XCTAssertEqual(p.first?.style.join, .round)
        XCTAssertEqual(p.first?.style.width, 2)
        XCTAssertTrue(SpecHelpers.guides(e).isEmpty, "finishing removes the guide")
        XCTAssertTrue(e.liveItems.isEmpty)
    }

    func testFinishByBAgainEnterOrAnotherToolAllCommitTheSamePath() {
        for finish in ["b", "enter", "p", "l", "f"] {
            let e = ToolHelpers.editor()
            ToolHelpers.run(e, [ToolHelpers.key("b")] + threePoints() + [ToolHelpers.key(finish)])
            XCTAssertEqual(ToolHelpers.paths(e).map(\.path), [expectedThreePointPath], finish)
            XCTAssertTrue(SpecHelpers.guides(e).isEmpty, finish)
            // A fresh path after finishing: one more point alone commits nothing.
            ToolHelpers.run(e, [ToolHelpers.key("b")] + pt(Point(1, 1), Point(2, 2)) + [ToolHelpers.key("enter")])
            XCTAssertEqual(e.displayList.count, 1, finish)
        }
    }

    func testCommitUsesColoursAndWidthCurrentAtFinish() {
        let e = ToolHelpers.editor()
        ToolHelpers.run(e, [ToolHelpers.key("b")] + pt(A, Ar) + [ToolHelpers.key("1"), ToolHelpers.key("shift+2"), ToolHelpers.key("]")] + pt(B, Br)
              + [ToolHelpers.key("3"), ToolHelpers.key("shift+4"), ToolHelpers.key("]"), ToolHelpers.key("enter")])
        let p = ToolHelpers.paths(e)
        XCTAssertEqual(p.first?.stroke, .yellow)
        XCTAssertEqual(p.first?.fill, .green)
        XCTAssertEqual(p.first?.style.width, 4)
        ToolHelpers.run(e, pt(A, Ar) + pt(B, Br) + [ToolHelpers.key("shift+9"), ToolHelpers.key("shift+["), ToolHelpers.key("b")])
        XCTAssertNil(ToolHelpers.paths(e).last?.fill, "no fill after shift+9")
        XCTAssertEqual(ToolHelpers.paths(e).last?.stroke, Color(r: 255, g: 255, b: 0, a: 191), "opacity folded in")
    }

    func testFewerThanTwoPointsCommitsNothing() {
        let e = ToolHelpers.editor()
        ToolHelpers.run(e, [ToolHelpers.key("b"), ToolHelpers.key("enter")])
        ToolHelpers.run(e, pt(A, Ar, via: [Point(130, 90)]) + [ToolHelpers.key("enter")])
        ToolHelpers.run(e, pt(A, A) + [ToolHelpers.key("b")])
        ToolHelpers.run(e, pt(A, Ar) + [ToolHelpers.key("p")])
        XCTAssertTrue(e.displayList.isEmpty)
        XCTAssertTrue(e.liveItems.isEmpty)
    }

    func testTwoTapsCommitOneSegment() {
        let e = ToolHelpers.editor()
        ToolHelpers.run(e, [ToolHelpers.key("b")] + pt(A, A) + pt(B, B) + [ToolHelpers.key("enter")])
        XCTAssertEqual(ToolHelpers.paths(e).map(\.path.elements), [[.move(A), .cubic(c1: A, c2: B, to: B)]])
    }

    func testEscapeDropsThePathAndGuide() {
        let e = ToolHelpers.editor()
        ToolHelpers.run(e, [ToolHelpers.key("b")] + threePoints())
        XCTAssertFalse(SpecHelpers.guides(e).isEmpty)
        e.handle(ToolHelpers.key("escape"))
        XCTAssertTrue(SpecHelpers.guides(e).isEmpty)
        XCTAssertTrue(e.liveItems.isEmpty)
        e.handle(ToolHelpers.key("enter"))
        XCTAssertTrue(e.displayList.isEmpty)
    }

    // MARK: Guide

    func assertGuide(_ e: Editor, dragged: Point, anchor: Point, _ msg: String,
                     file: StaticString = #filePath, line: UInt = #line) {
        let g = SpecHelpers.guides(e)
        XCTAssertEqual(g.count, 1, msg, file: file, line: line)
        guard let guide = g.first else { return }
        XCTAssertEqual(guide.color, Color(hex: "#ff0000")!, msg, file: file, line: line)
        XCTAssertEqual(guide.width, 1.5, msg, file: file, line: line)
        XCTAssertEqual(guide.pattern.on, 10, msg, file: file, line: line)
        XCTAssertEqual(guide.pattern.off, 7, msg, file: file, line: line)
        let pts = SpecHelpers.sample(guide.path).flatMap { $0 }
        SpecHelpers.assertClose(pts.first, dragged, 1e-9, "guide starts at the dragged point " + msg, file: file, line: line)
        SpecHelpers.assertClose(pts.last, anchor * 2 - dragged, 1e-9, "guide ends at the mirror " + msg, file: file, line: line)
        // Passes through the anchor: the anchor is the midpoint of a straight guide.
        if let f = pts.first, let l = pts.last {
            SpecHelpers.assertClose(SpecHelpers.mid(f, l), anchor, 1e-9, "through the anchor " + msg, file: file, line: line)
            for p in pts {
                let d = abs((l - f).cross(p - f)) / max(f.distance(to: l), 1e-12)
                XCTAssertLessThan(d, 1e-9, "straight " + msg, file: file, line: line)
            }
        }
    }

    func testGuideWhileDraggingAndAfterReleaseUntilNextTouch() {
        let e = ToolHelpers.editor()
        ToolHelpers.run(e, [ToolHelpers.key("b"), SpecHelpers.ev(SpecHelpers.began(0, A)), SpecHelpers.ev(SpecHelpers.moved(0, Point(120, 95)))])
        assertGuide(e, dragged: Point(120, 95), anchor: A, "dragging the first point")
        e.handle(SpecHelpers.ev(SpecHelpers.moved(0, Point(140, 70))))
        assertGuide(e, dragged: Point(140, 70), anchor: A, "dragging the first point further")
        e.handle(SpecHelpers.ev(SpecHelpers.ended(0, Ar)))
        assertGuide(e, dragged: Ar, anchor: A, "after releasing the first point")
        e.handle(.frame("x"))
        assertGuide(e, dragged: Ar, anchor: A, "still there until the next touch")

        e.handle(SpecHelpers.ev(SpecHelpers.began(0, B)))
        XCTAssertFalse(SpecHelpers.guides(e).contains { SpecHelpers.sample($0.path).first?.first == Ar },
                       "the next touch removes the previous guide")
        e.handle(SpecHelpers.ev(SpecHelpers.moved(0, Point(230, 210))))
        assertGuide(e, dragged: Point(230, 210), anchor: B, "dragging the second point")
        e.handle(SpecHelpers.ev(SpecHelpers.ended(0, Br)))
        assertGuide(e, dragged: Br, anchor: B, "after releasing the second point")
        e.handle(SpecHelpers.ev(SpecHelpers.began(1, C)))
        XCTAssertFalse(SpecHelpers.guides(e).contains { SpecHelpers.sample($0.path).first?.first == Br })
        e.handle(SpecHelpers.ev(SpecHelpers.moved(1, Point(310, 80))))
        assertGuide(e, dragged: Point(310, 80), anchor: C, "dragging the third point")
        e.handle(SpecHelpers.ev(SpecHelpers.ended(1, Cr)))
        assertGuide(e, dragged: Cr, anchor: C, "after releasing the third point")
    }

    func testToolChangeUndoRedoDeleteRemoveTheGuide() {
        for key in ["p", "ctrl+z", "ctrl+shift+z", "ctrl+y", "ctrl+shift+delete"] {
            let e = ToolHelpers.editor()
            ToolHelpers.run(e, [ToolHelpers.key("b")] + pt(A, Ar) + pt(B, Br))
            XCTAssertFalse(SpecHelpers.guides(e).isEmpty, key)
            e.handle(ToolHelpers.key(key))
            XCTAssertTrue(SpecHelpers.guides(e).isEmpty, key)
        }
    }

    // MARK: One touch at a time

    func testFollowsTheFirstTouchAndIgnoresOthersWhileItIsDown() {
        let e = ToolHelpers.editor()
        ToolHelpers.run(e, [ToolHelpers.key("b"),
                  SpecHelpers.ev(SpecHelpers.began(0, A), SpecHelpers.began(1, Point(5, 5))),
                  SpecHelpers.ev(SpecHelpers.moved(1, Point(6, 6)), SpecHelpers.moved(0, Point(120, 95))),
                  SpecHelpers.ev(SpecHelpers.ended(1, Point(7, 7))),
                  SpecHelpers.ev(SpecHelpers.began(2, Point(9, 9))),
                  SpecHelpers.ev(SpecHelpers.ended(0, Ar)),
                  // Touch 2 began while 0 was down: it stays ignored after 0 lifts.
                  SpecHelpers.ev(SpecHelpers.moved(2, Point(10, 10))), SpecHelpers.ev(SpecHelpers.ended(2, Point(11, 11)))]
              + pt(B, Br, via: [Point(230, 210)], id: 3) + [ToolHelpers.key("enter")])
        XCTAssertEqual(ToolHelpers.paths(e).map(\.path.elements), [[.move(A), .cubic(c1: Ar, c2: B * 2 - Br, to: B)]])
    }

    func testSwitchingToBezierDoesNotPickUpATouchAlreadyDown() {
        let e = ToolHelpers.editor()
        ToolHelpers.run(e, [SpecHelpers.ev(SpecHelpers.began(0, Point(1, 1))), ToolHelpers.key("b"), SpecHelpers.ev(SpecHelpers.moved(0, Point(2, 2))), SpecHelpers.ev(SpecHelpers.ended(0, Point(3, 3)))]
              + pt(A, Ar) + pt(B, Br) + [ToolHelpers.key("enter")])
        XCTAssertEqual(ToolHelpers.paths(e).map(\.path.elements), [[.move(A), .cubic(c1: Ar, c2: B * 2 - Br, to: B)]])
    }
}
