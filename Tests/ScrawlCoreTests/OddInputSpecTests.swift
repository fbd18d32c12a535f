import Foundation
import XCTest
@testable import ScrawlCore

/// Spec: odd inputs — far outside the canvas, ±1e6, 1000 simultaneous touches, unknown ids.
final class OddInputSpecTests: XCTestCase {
    static let allKeys = ["p", "l", "r", "e", "i", "b", "s", "a", "f"]

    func testTouchesFarOutsideTheCanvasDrawWhereTheyAre() {
        let a = Point(-5000, -3000), m = Point(2500, 40000), b = Point(9000, 12000)
        for key in ToolSwitchMultitouchSpecTests.multitouchKeys {
            let e = T.editor()
            T.run(e, [T.key(key)] + S.drag([a, m, b]))
            XCTAssertEqual(e.displayList.count, 1, key)
            XCTAssertTrue(S.drawables(e).allSatisfy(S.allFinite), key)
            switch key {
            case "l": XCTAssertEqual(T.paths(e).first?.path, .polyline([a, b]))
            case "p": XCTAssertEqual(T.paths(e).first?.path, .polyline([a, m, b]))
            case "r": XCTAssertEqual(T.paths(e).first?.path.firstPoint, a)
            case "e": XCTAssertEqual(T.paths(e).first?.path.firstPoint, Point(9000, 4500))
            case "i": XCTAssertEqual(S.stamps(e).first?.rect.center, b)
            default: XCTAssertEqual(T.paths(e).first?.path.firstPoint, a)
            }
        }
    }

    func testExtremeCoordinatesStayFiniteAndExact() {
        let big = 1e6
        let pts = [Point(-big, -big), Point(big, -big), Point(big, big), Point(-big, big), Point(0, 0), Point(-big, 0)]
        for key in Self.allKeys {
            let e = T.editor()
            T.run(e, [T.key(key)])
            T.run(e, S.drag(pts, shift: key == "e"))
            T.run(e, S.drag([Point(big, big), Point(-big, -big)], id: 1))
            if key == "b" { e.handle(T.key("enter")) }
            XCTAssertTrue(S.drawables(e).allSatisfy(S.allFinite), key)
            XCTAssertTrue(e.liveItems.allSatisfy {
                switch $0 {
                case .drawable(let d): return S.allFinite(d)
                case .polyline(_, let p, _, _): return p.allSatisfy(\.isFinite)
                case .dashed(let p, _, _, _): return p.isFinite
                }
            }, key)
            switch key {
            case "f": XCTAssertTrue(e.displayList.isEmpty)
            case "b":
                // P1 = first touch-down, C1 = its release; P2 = (1e6, 1e6) released at (-1e6, -1e6).
                XCTAssertEqual(T.paths(e).map(\.path.elements),
                               [[.move(pts[0]), .cubic(c1: pts[5], c2: Point(3 * big, 3 * big), to: Point(big, big))]])
            case "l": XCTAssertEqual(T.paths(e).map(\.path), [.polyline([pts[0], pts[5]]), .polyline([Point(big, big), Point(-big, -big)])])
            case "a":
                let head = T.paths(e)[0].path.elements.suffix(4).compactMap(\.endPoint)
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
        let e = T.editor()
        T.run(e, [T.key("l")] + S.drag([Point(-1e6, 100), Point(1e6, 100)]) + [T.key("f")])
        S.assertClose(S.handle(e), Point(-1e6, 100), 1e-3)
        _ = S.handle(e)
        T.run(e, [S.ev(S.began(0, Point(-1e6, 100))), S.ev(S.moved(0, Point(-1e6 + 500, 90)))])
        S.assertClose(S.handle(e), Point(-1e6 + 500, 100), 0.5 + 1e-3)
        T.run(e, [S.ev(S.moved(0, Point(5e6, 1e6))), S.ev(S.ended(0, Point(5e6, 1e6)))])
        S.assertClose(S.handle(e), Point(1e6, 100), 1e-3, "slides to the far end and stops")
        // Touches at ±1e6 far from the handle do nothing.
        T.run(e, S.drag([Point(0, 1e6), Point(0, -1e6)]))
        S.assertClose(S.handle(e), Point(1e6, 100), 1e-3)
    }

    func testThousandSimultaneousTouches() {
        let n = 1000
        for key in ToolSwitchMultitouchSpecTests.multitouchKeys {
            let e = T.editor(seed: 5)
            e.handle(T.key(key)); e.handle(T.key("5"))
            let start = (0..<n).map { Point(Double($0 % 40) * 10, Double($0 / 40) * 10) }
            e.handle(.touches((0..<n).map { S.began($0, start[$0]) }))
            e.handle(.touches((0..<n).map { S.moved($0, start[$0] + Point(3, 4)) }))
            XCTAssertEqual(e.liveItems.count, n, key)
            e.handle(.touches((0..<n).reversed().map { S.ended($0, start[$0] + Point(7, 5)) }))
            XCTAssertEqual(e.displayList.count, n, key)
            XCTAssertTrue(e.liveItems.isEmpty, key)
            let colours = ReferenceSplitMix.colours(seed: 5, n)
            if key == "i" {
                XCTAssertEqual(S.stamps(e).map(\.rect.center), (0..<n).reversed().map { start[$0] + Point(7, 5) })
            } else {
                // Committed in the order they ended (reversed); colours drawn in began order.
                XCTAssertEqual(T.paths(e).map(\.stroke), colours.reversed(), key)
                XCTAssertEqual(T.paths(e).map { $0.path.firstPoint }, (0..<n).reversed().map { key == "e" ? Point(start[$0].x + 7, start[$0].y + 2.5) : start[$0] }, key)
            }
        }
    }

    func testThousandSimultaneousTouchesBezierAndFollowTakeTheFirstInArrayOrder() {
        let n = 1000
        let e = T.editor()
        e.handle(T.key("b"))
        e.handle(.touches((0..<n).map { S.began(n - $0, Point(Double($0), 50)) }))
        e.handle(.touches((0..<n).map { S.ended(n - $0, Point(Double($0), 60)) }))
        T.run(e, S.drag([Point(300, 200), Point(310, 220)]) + [T.key("enter")])
        XCTAssertEqual(T.paths(e).map(\.path.elements),
                       [[.move(Point(0, 50)), .cubic(c1: Point(0, 60), c2: Point(290, 180), to: Point(300, 200))]])

        let f = T.editor()
        T.run(f, [T.key("l")] + S.drag([Point(100, 100), Point(356, 100)]) + [T.key("f")])
        // All within grabbing distance; the first in array order moves right, the rest left.
        f.handle(.touches((0..<n).map { S.began($0, Point(100, 100 + Double($0 % 20))) }))
        f.handle(.touches((0..<n).map { S.moved($0, Point($0 == 0 ? 150 : 60, 100 + Double($0 % 20))) }))
        S.assertClose(S.handle(f), Point(150, 100), 0.5 + 1e-6)
        f.handle(.touches((0..<n).map { S.ended($0, Point(100, 100)) }))
        S.assertClose(S.handle(f), Point(100, 100), 0.5 + 1e-6, "ended of the grabbing touch moves it too")
    }

    func testMovedEndedCancelledForIdsThatNeverBegan() {
        for key in Self.allKeys {
            let e = T.editor()
            e.handle(T.key(key))
            let liveBefore = e.liveItems.count
            T.run(e, [S.ev(S.moved(7, Point(1, 1))), S.ev(S.ended(7, Point(2, 2))), S.ev(S.cancelled(8, Point(3, 3))),
                      S.ev(S.ended(-1, Point(4, 4)), S.moved(Int.max, Point(5, 5)), S.ended(Int.min, Point(6, 6)))])
            XCTAssertTrue(e.displayList.isEmpty, key)
            XCTAssertEqual(e.liveItems.count, liveBefore, key)
            // With a real touch down, strangers do not touch it.
            T.run(e, [S.ev(S.began(1, Point(10, 10))), S.ev(S.moved(2, Point(90, 90))), S.ev(S.ended(3, Point(80, 80))),
                      S.ev(S.moved(1, Point(20, 30))), S.ev(S.cancelled(4, Point(0, 0))), S.ev(S.ended(1, Point(30, 40)))])
            if key == "b" { T.run(e, S.drag([Point(100, 100)]) + [T.key("enter")]) }
            switch key {
            case "f": XCTAssertTrue(e.displayList.isEmpty)
            case "b": XCTAssertEqual(T.paths(e).map(\.path.elements),
                                     [[.move(Point(10, 10)), .cubic(c1: Point(30, 40), c2: Point(100, 100), to: Point(100, 100))]])
            case "i": XCTAssertEqual(S.stamps(e).map(\.rect.center), [Point(30, 40)])
            case "l": XCTAssertEqual(T.paths(e).map(\.path), [.polyline([Point(10, 10), Point(30, 40)])])
            case "p": XCTAssertEqual(T.paths(e).map(\.path), [.polyline([Point(10, 10), Point(20, 30), Point(30, 40)])])
            default: XCTAssertEqual(e.displayList.count, 1, key)
            }
        }
    }
}
