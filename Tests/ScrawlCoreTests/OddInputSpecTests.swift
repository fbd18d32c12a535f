import Foundation
import XCTest
@testable import ScrawlCore

/// Spec: odd inputs — far outside the canvas, ±1e6, 1000 simultaneous touches, unknown ids.
final class OddInputSpecTests: XCTestCase {
    static let allKeys = ["p", "l", "r", "e", "i", "b", "s", "a", "f"]

    func testTouchesFarOutsideTheCanvasDrawWhereTheyAre() {
        let a = Point(-5000, -3000), m = Point(2500, 40000), b = Point(9000, 12000)
        for key in ToolSwitchMultitouchSpecTests.multitouchKeys {
            let e = ToolHelpers.editor()
            ToolHelpers.run(e, [ToolHelpers.key(key)] + SpecHelpers.drag([a, m, b]))
            XCTAssertEqual(e.displayList.count, 1, key)
            XCTAssertTrue(SpecHelpers.drawables(e).allSatisfy(SpecHelpers.allFinite), key)
            switch key {
            case "l": XCTAssertEqual(ToolHelpers.paths(e).first?.path, .polyline([a, b]))
            case "p": XCTAssertEqual(ToolHelpers.paths(e).first?.path, .polyline([a, m, b]))
            case "r": XCTAssertEqual(ToolHelpers.paths(e).first?.path.firstPoint, a)
            case "e": XCTAssertEqual(ToolHelpers.paths(e).first?.path.firstPoint, Point(9000, 4500))
            case "i": XCTAssertEqual(SpecHelpers.stamps(e).first?.rect.center, b)
            default: XCTAssertEqual(ToolHelpers.paths(e).first?.path.firstPoint, a)
            }
        }
    }

    func testExtremeCoordinatesStayFiniteAndExact() {
        let big = 1e6
        let pts = [Point(-big, -big), Point(big, -big), Point(big, big), Point(-big, big), Point(0, 0), Point(-big, 0)]
        for key in Self.allKeys {
            let e = ToolHelpers.editor()
            ToolHelpers.run(e, [ToolHelpers.key(key)])
            ToolHelpers.run(e, SpecHelpers.drag(pts, shift: key == "e"))
            ToolHelpers.run(e, SpecHelpers.drag([Point(big, big), Point(-big, -big)], id: 1))
            if key == "b" { e.handle(ToolHelpers.key("enter")) }
            XCTAssertTrue(SpecHelpers.drawables(e).allSatisfy(SpecHelpers.allFinite), key)
            XCTAssertTrue(e.liveItems.allSatisfy { item in
                switch item {
                case .drawable, .mark, .moved: return item.shownDrawable.map(SpecHelpers.allFinite) ?? false
                case .polyline(_, let p, _, _, _): return p.allSatisfy(\.isFinite)
                case .dashed(let p, _, _, _): return p.isFinite
                }
            }, key)
            switch key {
            case "f": XCTAssertTrue(e.displayList.isEmpty)
            case "b":
                // P1 = first touch-down, C1 = its release; P2 = (1e6, 1e6) released at (-1e6, -1e6):
                // the mirrored control (3e6, 3e6) is kept inside the canvas limit.
                XCTAssertEqual(ToolHelpers.paths(e).map(\.path.elements),
                               [[.move(pts[0]), .cubic(c1: pts[5], c2: Point(big, big), to: Point(big, big))]])
            case "l": XCTAssertEqual(ToolHelpers.paths(e).map(\.path), [.polyline([pts[0], pts[5]]), .polyline([Point(big, big), Point(-big, -big)])])
            case "a":
                let head = ToolHelpers.paths(e)[0].path.elements.suffix(4).compactMap(\.endPoint)
                let len = 12.0, c = cos(150 * Double.pi / 180) * len, s = sin(150 * Double.pi / 180) * len
                // Tip (-1e6, 0) coming from (0, 0): unit vector (-1, 0).
                let want = [Point(-big - c, -s), Point(-big - c, s)]
                for w in want { XCTAssertTrue(head.contains { $0.distance(to: w) < 1e-9 }, "\(w) in \(head)") }
            case "r": XCTAssertEqual(e.displayList.count, 1, "the first drag ends on its start's x: zero width")
            default: XCTAssertEqual(e.displayList.count, 2, key)
            }
        }
    }

    /// The Follow handle on a drawable spanning ±1e6 (two million samples one point apart).
    func testFollowOnAnExtremeDrawable() {
        let e = ToolHelpers.editor()
        ToolHelpers.run(e, [ToolHelpers.key("l")] + SpecHelpers.drag([Point(-1e6, 100), Point(1e6, 100)]) + [ToolHelpers.key("f")])
        SpecHelpers.assertClose(SpecHelpers.handle(e), Point(-1e6, 100), 1e-3)
        _ = SpecHelpers.handle(e)
        ToolHelpers.run(e, [SpecHelpers.ev(SpecHelpers.began(0, Point(-1e6, 100))), SpecHelpers.ev(SpecHelpers.moved(0, Point(-1e6 + 500, 90)))])
        SpecHelpers.assertClose(SpecHelpers.handle(e), Point(-1e6 + 500, 100), 0.5 + 1e-3)
        ToolHelpers.run(e, [SpecHelpers.ev(SpecHelpers.moved(0, Point(5e6, 1e6))), SpecHelpers.ev(SpecHelpers.ended(0, Point(5e6, 1e6)))])
        SpecHelpers.assertClose(SpecHelpers.handle(e), Point(1e6, 100), 1e-3, "slides to the far end and stops")
        // Touches at ±1e6 far from the handle do nothing.
        ToolHelpers.run(e, SpecHelpers.drag([Point(0, 1e6), Point(0, -1e6)]))
        SpecHelpers.assertClose(SpecHelpers.handle(e), Point(1e6, 100), 1e-3)
    }

    func testThousandSimultaneousTouches() {
        let n = 1000
        for key in ToolSwitchMultitouchSpecTests.multitouchKeys {
            let e = ToolHelpers.editor(seed: 5)
            e.handle(ToolHelpers.key(key)); e.handle(ToolHelpers.key("5"))
            let start = (0..<n).map { Point(Double($0 % 40) * 10, Double($0 / 40) * 10) }
            e.handle(.touches((0..<n).map { SpecHelpers.began($0, start[$0]) }))
            e.handle(.touches((0..<n).map { SpecHelpers.moved($0, start[$0] + Point(3, 4)) }))
            XCTAssertEqual(e.liveItems.count, n, key)
            e.handle(.touches((0..<n).reversed().map { SpecHelpers.ended($0, start[$0] + Point(7, 5)) }))
            XCTAssertEqual(e.displayList.count, n, key)
            XCTAssertTrue(e.liveItems.isEmpty, key)
            let colours = ReferenceSplitMix.colours(seed: 5, n)
            if key == "i" {
                XCTAssertEqual(SpecHelpers.stamps(e).map(\.rect.center), (0..<n).reversed().map { start[$0] + Point(7, 5) })
            } else {
                // Committed in the order they ended (reversed); colours drawn in began order.
                XCTAssertEqual(ToolHelpers.paths(e).map(\.stroke), colours.reversed(), key)
                XCTAssertEqual(ToolHelpers.paths(e).map { $0.path.firstPoint }, (0..<n).reversed().map { key == "e" ? Point(start[$0].x + 7, start[$0].y + 2.5) : start[$0] }, key)
            }
        }
    }

    func testThousandSimultaneousTouchesBezierAndFollowTakeTheFirstInArrayOrder() {
        let n = 1000
        let e = ToolHelpers.editor()
        e.handle(ToolHelpers.key("b"))
        e.handle(.touches((0..<n).map { SpecHelpers.began(n - $0, Point(Double($0), 50)) }))
        e.handle(.touches((0..<n).map { SpecHelpers.ended(n - $0, Point(Double($0), 60)) }))
        ToolHelpers.run(e, SpecHelpers.drag([Point(300, 200), Point(310, 220)]) + [ToolHelpers.key("enter")])
        XCTAssertEqual(ToolHelpers.paths(e).map(\.path.elements),
                       [[.move(Point(0, 50)), .cubic(c1: Point(0, 60), c2: Point(290, 180), to: Point(300, 200))]])

        let f = ToolHelpers.editor()
        ToolHelpers.run(f, [ToolHelpers.key("l")] + SpecHelpers.drag([Point(100, 100), Point(356, 100)]) + [ToolHelpers.key("f")])
        // All within grabbing distance; the first in array order moves right, the rest left.
        f.handle(.touches((0..<n).map { SpecHelpers.began($0, Point(100, 100 + Double($0 % 20))) }))
        f.handle(.touches((0..<n).map { SpecHelpers.moved($0, Point($0 == 0 ? 150 : 60, 100 + Double($0 % 20))) }))
        SpecHelpers.assertClose(SpecHelpers.handle(f), Point(150, 100), 0.5 + 1e-6)
        f.handle(.touches((0..<n).map { SpecHelpers.ended($0, Point(100, 100)) }))
        SpecHelpers.assertClose(SpecHelpers.handle(f), Point(100, 100), 0.5 + 1e-6, "ended of the grabbing touch moves it too")
    }

    func testMovedEndedCancelledForIdsThatNeverBegan() {
        for key in Self.allKeys {
            let e = ToolHelpers.editor()
            e.handle(ToolHelpers.key(key))
            let liveBefore = e.liveItems.count
            ToolHelpers.run(e, [SpecHelpers.ev(SpecHelpers.moved(7, Point(1, 1))), SpecHelpers.ev(SpecHelpers.ended(7, Point(2, 2))), SpecHelpers.ev(SpecHelpers.cancelled(8, Point(3, 3))),
                      SpecHelpers.ev(SpecHelpers.ended(-1, Point(4, 4)), SpecHelpers.moved(Int.max, Point(5, 5)), SpecHelpers.ended(Int.min, Point(6, 6)))])
            XCTAssertTrue(e.displayList.isEmpty, key)
            XCTAssertEqual(e.liveItems.count, liveBefore, key)
            // With a real touch down, strangers do not touch it.
            ToolHelpers.run(e, [SpecHelpers.ev(SpecHelpers.began(1, Point(10, 10))), SpecHelpers.ev(SpecHelpers.moved(2, Point(90, 90))), SpecHelpers.ev(SpecHelpers.ended(3, Point(80, 80))),
                      SpecHelpers.ev(SpecHelpers.moved(1, Point(20, 30))), SpecHelpers.ev(SpecHelpers.cancelled(4, Point(0, 0))), SpecHelpers.ev(SpecHelpers.ended(1, Point(30, 40)))])
            if key == "b" { ToolHelpers.run(e, SpecHelpers.drag([Point(100, 100)]) + [ToolHelpers.key("enter")]) }
            switch key {
            case "f": XCTAssertTrue(e.displayList.isEmpty)
            case "b": XCTAssertEqual(ToolHelpers.paths(e).map(\.path.elements),
                                     [[.move(Point(10, 10)), .cubic(c1: Point(30, 40), c2: Point(100, 100), to: Point(100, 100))]])
            case "i": XCTAssertEqual(SpecHelpers.stamps(e).map(\.rect.center), [Point(30, 40)])
            case "l": XCTAssertEqual(ToolHelpers.paths(e).map(\.path), [.polyline([Point(10, 10), Point(30, 40)])])
            case "p": XCTAssertEqual(ToolHelpers.paths(e).map(\.path), [.polyline([Point(10, 10), Point(20, 30), Point(30, 40)])])
            default: XCTAssertEqual(e.displayList.count, 1, key)
            }
        }
    }
}
