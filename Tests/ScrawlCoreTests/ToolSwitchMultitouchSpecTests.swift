import XCTest
@testable import ScrawlCore

/// Spec: tool keys, multitouch for every tool but Bézier and Follow, switching tools.
final class ToolSwitchMultitouchSpecTests: XCTestCase {
    static let multitouchKeys = ["p", "l", "r", "e", "i", "s", "a"]

    func testToolsByKey() {
        let e = ToolHelpers.editor()
        let keys: [(String, ToolKind)] = [("l", .line), ("r", .rectangle), ("e", .ellipse), ("i", .stamp),
                                          ("b", .bezier), ("s", .smooth), ("a", .arrow), ("f", .follow), ("p", .pencil)]
        for (k, kind) in keys {
            e.handle(ToolHelpers.key(k))
            XCTAssertEqual(e.tool.kind, kind, k)
        }
    }

    /// Two touches, interleaved: each gets its own drawable, committed when it ends.
    func testEveryToolButBezierAndFollowTracksEachTouchOnItsOwn() {
        let a0 = Point(10, 10), a1 = Point(40, 30), a2 = Point(60, 50)
        let b0 = Point(200, 150), b1 = Point(230, 190), b2 = Point(250, 200)
        for key in Self.multitouchKeys {
            let e = ToolHelpers.editor()
            ToolHelpers.run(e, [ToolHelpers.key(key), SpecHelpers.ev(SpecHelpers.began(0, a0)), SpecHelpers.ev(SpecHelpers.began(1, b0)), SpecHelpers.ev(SpecHelpers.moved(0, a1), SpecHelpers.moved(1, b1))])
            XCTAssertEqual(e.liveItems.count, 2, "\(key): two live items")
            e.handle(SpecHelpers.ev(SpecHelpers.ended(1, b2)))
            XCTAssertEqual(e.displayList.count, 1, key)
            XCTAssertEqual(e.liveItems.count, 1, key)
            e.handle(SpecHelpers.ev(SpecHelpers.ended(0, a2)))
            XCTAssertEqual(e.displayList.count, 2, key)
            XCTAssertTrue(e.liveItems.isEmpty, key)
            let d = SpecHelpers.drawables(e)
            for (drawable, pts) in zip(d, [[b0, b1, b2], [a0, a1, a2]]) {
                switch (key, drawable) {
                case ("p", .path(let p)): XCTAssertEqual(p.path, .polyline(pts))
                case ("l", .path(let p)): XCTAssertEqual(p.path, .polyline([pts[0], pts[2]]))
                case ("r", .path(let p)):
                    let r = Rect(corner: pts[0], pts[2])
                    XCTAssertEqual(SpecHelpers.vertices(p.path)?.points, [Point(r.minX, r.minY), Point(r.maxX, r.minY),
                                                                Point(r.maxX, r.maxY), Point(r.minX, r.maxY)])
                case ("e", .path(let p)):
                    let r = Rect(corner: pts[0], pts[2])
                    XCTAssertEqual(p.path.firstPoint, Point(r.maxX, r.center.y))
                case ("i", .stamp(let s)): XCTAssertEqual(s.rect.center, pts[2])
                case ("s", .path(let p)): XCTAssertEqual(Array(p.path.elements), SpecHelpers.smoothReference(pts))
                case ("a", .path(let p)):
                    let body = SpecHelpers.smoothReference(pts)
                    XCTAssertEqual(Array(p.path.elements.prefix(body.count)), body)
                    XCTAssertEqual(p.path.elements.count, body.count + 4, "head: two segments")
                default: XCTFail("\(key): unexpected \(drawable)")
                }
            }
        }
    }

    func testSwitchingToolsCancelsLiveTouchStrokes() {
        let all = Self.multitouchKeys + ["b", "f"]
        for from in Self.multitouchKeys {
            for to in all where to != from {
                let e = ToolHelpers.editor()
                ToolHelpers.run(e, [ToolHelpers.key(from), SpecHelpers.ev(SpecHelpers.began(0, Point(10, 10)), SpecHelpers.began(1, Point(100, 100))),
                          SpecHelpers.ev(SpecHelpers.moved(0, Point(40, 30)), SpecHelpers.moved(1, Point(150, 120)))])
                XCTAssertEqual(e.liveItems.count, 2)
                e.handle(ToolHelpers.key(to))
                if to != "f" { XCTAssertTrue(e.liveItems.isEmpty, "\(from) -> \(to)") }
                // The old touches go on and end: the new tool never heard of them.
                ToolHelpers.run(e, [SpecHelpers.ev(SpecHelpers.moved(0, Point(50, 35))), SpecHelpers.ev(SpecHelpers.ended(0, Point(60, 40)), SpecHelpers.ended(1, Point(170, 130)))])
                XCTAssertTrue(e.displayList.isEmpty, "\(from) -> \(to)")
                // And back to the old tool: nothing left of them there either.
                e.handle(ToolHelpers.key(from))
                XCTAssertTrue(e.liveItems.isEmpty, "\(from) -> \(to) -> \(from)")
                e.handle(ToolHelpers.key(to == "b" ? "enter" : "escape"))
                XCTAssertTrue(e.displayList.isEmpty, "\(from) -> \(to)")
            }
        }
    }

    func testSwitchingToolsFinishesAnOpenBezierPath() {
        for to in Self.multitouchKeys + ["f", "b"] {
            let e = ToolHelpers.editor()
            ToolHelpers.run(e, [ToolHelpers.key("b")] + SpecHelpers.drag([Point(10, 10), Point(20, 5)]) + SpecHelpers.drag([Point(80, 60), Point(90, 70)])
                  + [ToolHelpers.key(to)])
            XCTAssertEqual(ToolHelpers.paths(e).map(\.path.elements),
                           [[.move(Point(10, 10)), .cubic(c1: Point(20, 5), c2: Point(70, 50), to: Point(80, 60))]], to)
            XCTAssertTrue(SpecHelpers.guides(e).isEmpty, to)
        }
    }

    func testEndedOnlyCommitsAndBeganAloneCommitsNothing() {
        for key in Self.multitouchKeys {
            let e = ToolHelpers.editor()
            ToolHelpers.run(e, [ToolHelpers.key(key), SpecHelpers.ev(SpecHelpers.began(0, Point(10, 10))), SpecHelpers.ev(SpecHelpers.moved(0, Point(40, 50)))])
            XCTAssertTrue(e.displayList.isEmpty, key)
            e.handle(SpecHelpers.ev(SpecHelpers.cancelled(0, Point(40, 50))))
            XCTAssertTrue(e.displayList.isEmpty, "\(key): cancelled commits nothing")
            XCTAssertTrue(e.liveItems.isEmpty, key)
        }
    }
}
