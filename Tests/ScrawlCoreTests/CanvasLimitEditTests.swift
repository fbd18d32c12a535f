import XCTest
@testable import ScrawlCore

/// Every edit keeps every drawable inside the canvas limit (±1,000,000 points, what a document can
/// hold): moves, nudges, scales, pastes and duplicates stop at it and say so; drawing tools that
/// would reach past it are kept inside.
final class CanvasLimitEditTests: XCTestCase {
    typealias S = SelectTestSupport
    let limit = CanvasSpec.coordinateLimit

    /// The editor's drawables all lie inside the limit.
    private func assertInside(_ e: Editor, _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
        for (i, d) in e.displayList.drawables.enumerated() {
            XCTAssertTrue(d.isInsideCanvasLimit, "drawable \(i): \(String(describing: d.coordinateBounds)) \(message)",
                          file: file, line: line)
        }
    }

    private func maxX(_ e: Editor) -> Double? { CanvasLimit.coordinateBounds(e.displayList.drawables)?.maxX }

    /// A vertical line at `x` (from y 100 to 200), selected.
    private func selectedLine(at x: Double, width: Double = 2) -> Editor {
        let e = S.editor([S.line(Point(x, 100), Point(x, 200), width: width)])
        e.handle(.key(KeyPress("a", ctrl: true)))
        return e
    }

    // MARK: Nudges

    func testNudgesStopAtTheLimitThenRefuseAndSaySo() {
        let e = selectedLine(at: 999_990)
        e.handle(.key(KeyPress("right", shift: true)))
        XCTAssertEqual(maxX(e), limit, "ten points reach the limit exactly")
        XCTAssertEqual(e.takeNotices(), [])
        e.handle(.key(KeyPress("right", shift: true)))
        XCTAssertEqual(maxX(e), limit)
        XCTAssertEqual(S.undoDepth(e), 1, "a nudge that cannot move changes nothing")
        XCTAssertEqual(e.takeNotices(), [.selectionAtLimit])
        e.handle(.key(KeyPress("left", shift: true)))
        XCTAssertEqual(maxX(e), limit - 10, "it still moves away from the limit")
        assertInside(e)
    }

    func testANudgePastTheLimitIsShortenedOnEachSide() {
        let near = limit - 6
        let lines = ["right": (Point(near, 100), Point(near - 50, 100)), "left": (Point(-near, 100), Point(-near + 50, 100)),
                     "down": (Point(100, near), Point(100, near - 50)), "up": (Point(100, -near), Point(100, -near + 50))]
        for (key, (a, b)) in lines {
            let e = S.editor([S.line(a, b)])
            e.handle(.key(KeyPress("a", ctrl: true)))
            e.handle(.key(KeyPress(key, shift: true)))
            let b = CanvasLimit.coordinateBounds(e.displayList.drawables)!
            XCTAssertEqual([b.maxX, -b.minX, b.maxY, -b.minY].max(), limit, key)
            XCTAssertEqual(e.takeNotices(), [.selectionStoppedAtLimit], key)
            assertInside(e, key)
        }
    }

    // MARK: Drags

    func testADragAcrossTheWholeCanvasStopsAtTheLimitLiveAndCommitted() {
        let e = S.editor([S.line(Point(-999_000, 100), Point(-998_000, 100))])
        e.handle(.key(KeyPress("a", ctrl: true)))
        e.handle(S.touch(.began, Point(-998_500, 100)))
        e.handle(S.touch(.moved, Point(limit, 100)))
        let live = e.liveItems.compactMap { $0.isMoved ? $0.shownDrawable : nil }
        XCTAssertEqual(live.count, 1)
        XCTAssertEqual(CanvasLimit.coordinateBounds(live)?.maxX, limit, "the live copy stops at the limit")
        XCTAssertEqual(e.takeNotices(), [], "said once, when the drag ends")
        e.handle(S.touch(.ended, Point(limit, 100)))
        XCTAssertEqual(maxX(e), limit)
        XCTAssertEqual(CanvasLimit.coordinateBounds(e.displayList.drawables)?.width, 1000, "moved whole, not squashed")
        XCTAssertEqual(e.takeNotices(), [.selectionStoppedAtLimit])
        assertInside(e)
    }

    func testADragThatCannotMoveAtAllSaysTheSelectionIsAtTheLimit() {
        let e = selectedLine(at: limit)
        S.drag(e, [Point(limit, 150), Point(limit - 0.5, 150), Point(limit, 150)])
        // A drag back to where it began moves nothing and says nothing.
        XCTAssertEqual(e.takeNotices(), [])
        e.handle(S.touch(.began, Point(limit - 1, 150)))
        e.handle(S.touch(.moved, Point(limit, 150)))
        e.handle(S.touch(.moved, Point(limit, 190)))
        e.handle(S.touch(.ended, Point(limit, 190)))
        XCTAssertEqual(e.takeNotices(), [.selectionStoppedAtLimit], "the vertical part of the move goes on")
        XCTAssertEqual(maxX(e), limit)
        assertInside(e)
    }

    // MARK: Scales

    func testAUniformScaleStopsWhereTheFollowingAxisMeetsTheLimitKeepingTheAspect() throws {
        // A wide, low square near the bottom limit: dragging its corner far right with shift makes
        // the height follow the width, past the bottom limit.
        let r = Rect(minX: 0, minY: limit - 200, maxX: 100, maxY: limit - 100)
        let e = S.editor([S.square(r)])
        e.handle(.key(KeyPress("a", ctrl: true)))
        let box = try XCTUnwrap(S.tool(e).selectionBounds(e))
        let corner = Point(box.maxX, box.maxY)
        S.drag(e, [corner, corner + Point(400, 0), corner + Point(900, 0)], shift: true)
        XCTAssertEqual(S.undoDepth(e), 1)
        let b = try XCTUnwrap(CanvasLimit.coordinateBounds(e.displayList.drawables))
        XCTAssertLessThanOrEqual(b.maxY, limit)
        XCTAssertEqual(b.maxY, limit, accuracy: 1e-6, "it stops at the limit, not short of it")
        XCTAssertEqual(b.width / b.height, 1, accuracy: 1e-9, "shift keeps the aspect")
        XCTAssertEqual(e.takeNotices(), [.selectionStoppedAtLimit])
        assertInside(e)
    }

    func testScalingByEveryHandleTowardsTheLimitStaysInside() throws {
        for k in 0..<8 {
            for shift in [false, true] {
                let e = S.editor([S.square(Rect(minX: limit - 300, minY: limit - 300, maxX: limit - 1, maxY: limit - 1), width: 12)])
                e.handle(.key(KeyPress("a", ctrl: true)))
                let box = try XCTUnwrap(S.tool(e).selectionBounds(e))
                let handle = SelectGeometry.handle(k, of: box)
                // Away from the opposite handle, to the limit (touches never pass it).
                let anchor = SelectGeometry.anchor(k, of: box)
                let far = Point(handle.x == anchor.x ? handle.x : (handle.x > anchor.x ? limit : limit - 5000),
                                handle.y == anchor.y ? handle.y : (handle.y > anchor.y ? limit : limit - 5000))
                S.drag(e, [handle, handle.lerp(far, 0.5), far], shift: shift)
                assertInside(e, "handle \(k), shift \(shift)")
                _ = e.takeNotices()
            }
        }
    }

    // MARK: Paste and duplicate

    func testPastesAndDuplicatesStopAtTheLimit() {
        let e = selectedLine(at: limit - 5)
        e.handle(.key(KeyPress("c", ctrl: true)))
        e.handle(.key(KeyPress("v", ctrl: true)))
        XCTAssertEqual(e.displayList.count, 2)
        let pasted = e.displayList.drawables[1].coordinateBounds!
        XCTAssertEqual(pasted.maxX, limit, "the paste stops at the limit across")
        XCTAssertEqual(pasted.minY, 110, "and moves on down")
        XCTAssertEqual(e.takeNotices(), [.selectionStoppedAtLimit])
        e.handle(.key(KeyPress("d", ctrl: true)))
        XCTAssertEqual(e.displayList.count, 3)
        XCTAssertEqual(e.takeNotices(), [.selectionStoppedAtLimit])
        for _ in 0..<3 { e.handle(.key(KeyPress("v", ctrl: true))) }
        assertInside(e)
    }

    // MARK: Drawing tools

    func testAStampAtTheLimitIsMovedInsideWhole() throws {
        let e = Editor(canvas: CanvasSpec(), seed: 0, stampImage: ToolHelpers.image)
        e.handle(.key(KeyPress("i")))
        e.handle(S.touch(.began, Point(limit, -limit)))
        e.handle(S.touch(.ended, Point(limit, -limit)))
        guard case .stamp(let s)? = e.displayList.drawables.first else { return XCTFail("no stamp") }
        XCTAssertEqual(s.rect.maxX, limit)
        XCTAssertEqual(s.rect.minY, -limit)
        XCTAssertEqual(s.rect.width, Double(ToolHelpers.image.width), "moved, not cut")
        XCTAssertEqual(e.takeNotices(), [.drawingKeptInside])
    }

    func testABezierHandleAndAnArrowHeadPastTheLimitAreKeptInside() {
        let e = Editor(canvas: CanvasSpec(), seed: 0, stampImage: ToolHelpers.image)
        e.handle(.key(KeyPress("b")))
        S.drag(e, [Point(limit - 100, 0), Point(limit - 100, 50)])
        // The second point's handle dragged away from the limit: its mirror lies past it.
        S.drag(e, [Point(limit, 0), Point(limit - 500, 0)])
        e.handle(.key(KeyPress("enter")))
        e.handle(.key(KeyPress("a")))
        S.drag(e, [Point(limit - 40, 300), Point(limit - 20, 300), Point(limit, 300)])
        XCTAssertEqual(e.displayList.count, 2)
        assertInside(e)
        XCTAssertEqual(e.takeNotices(), [.drawingKeptInside])
    }

    /// Random edits near the limits never leave a drawable outside.
    func testRandomEditsNearTheLimitsKeepEveryDrawableInside() {
        var random = SplitMix64(seed: 19)
        func coordinate() -> Double {
            let near = Double(random.next() % 200)
            return (random.next() % 2 == 0 ? 1 : -1) * (limit - near)
        }
        let keys = ["right", "left", "up", "down", "shift+right", "shift+left", "shift+up", "shift+down",
                    "ctrl+d", "ctrl+c", "ctrl+v", "ctrl+a"]
        for round in 0..<20 {
            let e = S.editor((0..<3).map { _ in S.line(Point(coordinate(), coordinate()), Point(coordinate(), coordinate())) })
            e.handle(.key(KeyPress("a", ctrl: true)))
            for _ in 0..<30 {
                switch random.next() % 3 {
                case 0:
                    e.handle(.key(KeyPress(name: keys[Int(random.next() % UInt64(keys.count))])!))
                case 1:
                    S.drag(e, [Point(coordinate(), coordinate()), Point(coordinate(), coordinate())],
                           shift: random.next() % 2 == 0)
                default:
                    if let box = S.tool(e).selectionBounds(e) {
                        let h = SelectGeometry.handle(Int(random.next() % 8), of: box)
                        S.drag(e, [h, Point(coordinate(), coordinate())], shift: random.next() % 2 == 0,
                               alt: random.next() % 2 == 0)
                    }
                }
                assertInside(e, "round \(round)")
            }
        }
    }

    // MARK: The arithmetic

    func testAClampedOffsetLandsInsideEvenWhenTheSubtractionRounds() {
        var random = SplitMix64(seed: 7)
        for _ in 0..<10_000 {
            let low = -limit + Double(random.next() % 1_000_000_000) / 1000.3
            let high = min(low + Double(random.next() % 1_000_000) / 7.1, limit)
            let bounds = Rect(minX: low, minY: -high, maxX: high, maxY: -low)
            let wanted = Point(Double(Int64(random.next() % 4_000_000) - 2_000_000) / 3.3,
                               Double(Int64(random.next() % 4_000_000) - 2_000_000) / 9.7)
            let got = CanvasLimit.clamp(offset: wanted, moving: bounds)
            for v in [low + got.x, high + got.x, -high + got.y, -low + got.y] {
                XCTAssertTrue(CanvasLimit.contains(v), "\(bounds) moved by \(got)")
            }
            XCTAssertLessThanOrEqual(abs(got.x), abs(wanted.x))
            XCTAssertFalse(got.x * wanted.x < 0 || got.y * wanted.y < 0, "never reversed")
        }
    }
}

