import Foundation
import XCTest
@testable import ScrawlCore

/// Spec: the Smooth brush's 5-point scheme and the Arrow's head, replayed through `Editor.handle`.
final class SmoothArrowSpecTests: XCTestCase {
    /// Distinct input points with coordinates whose midpoints are exact.
    let p: [Point] = [Point(10, 100), Point(30, 120), Point(50, 90), Point(70, 130), Point(90, 95),
                      Point(110, 125), Point(130, 85), Point(150, 135), Point(171, 99), Point(190, 101)]

    func m(_ i: Int, _ j: Int) -> Point { SpecHelpers.mid(p[i], p[j]) }

    func smoothElements(_ n: Int, key: String = "s") -> [PathElement]? {
        let e = ToolHelpers.editor()
        ToolHelpers.run(e, [ToolHelpers.key(key)] + SpecHelpers.drag(Array(p.prefix(n))))
        XCTAssertEqual(e.displayList.count, 1, "\(n) points")
        return ToolHelpers.paths(e).first.map { Array($0.path.elements) }
    }

    func testExactElementsFor1To9InputPoints() {
        let expected: [Int: [PathElement]] = [
            1: [.move(p[0])],
            2: [.move(p[0]), .line(p[1])],
            3: [.move(p[0]), .quad(control: p[1], to: p[2])],
            4: [.move(p[0]), .cubic(c1: p[1], c2: p[2], to: p[3])],
            5: [.move(p[0]), .cubic(c1: p[1], c2: p[2], to: m(2, 4)), .line(p[4])],
            6: [.move(p[0]), .cubic(c1: p[1], c2: p[2], to: m(2, 4)), .quad(control: p[4], to: p[5])],
            7: [.move(p[0]), .cubic(c1: p[1], c2: p[2], to: m(2, 4)), .cubic(c1: p[4], c2: p[5], to: p[6])],
            8: [.move(p[0]), .cubic(c1: p[1], c2: p[2], to: m(2, 4)), .cubic(c1: p[4], c2: p[5], to: m(5, 7)),
                .line(p[7])],
            9: [.move(p[0]), .cubic(c1: p[1], c2: p[2], to: m(2, 4)), .cubic(c1: p[4], c2: p[5], to: m(5, 7)),
                .quad(control: p[7], to: p[8])],
        ]
        for n in 1...9 {
            XCTAssertEqual(smoothElements(n), expected[n], "\(n) input points")
            XCTAssertEqual(expected[n], SpecHelpers.smoothReference(Array(p.prefix(n))), "reference for \(n)")
        }
        // Spelled out for 5: the junction is the midpoint of p2 and p4.
        XCTAssertEqual(m(2, 4), Point(70, 92.5))
    }

    func testSmoothStyleAndTapDot() {
        let e = ToolHelpers.editor()
        ToolHelpers.run(e, [ToolHelpers.key("s"), ToolHelpers.key("2"), ToolHelpers.key("]")] + SpecHelpers.drag([Point(5, 6)]))
        let d = ToolHelpers.paths(e)
        XCTAssertEqual(d.map(\.path.elements), [[.move(Point(5, 6))]], "a tap leaves a dot")
        XCTAssertEqual(d.first?.stroke, .blue)
        XCTAssertNil(d.first?.fill)
        XCTAssertEqual(d.first?.style.cap, .round)
        XCTAssertEqual(d.first?.style.join, .round)
        XCTAssertEqual(d.first?.style.width, 3)
    }

    /// The live layer shows the stroke as it would be committed now, after every event.
    func testLiveLayerShowsStrokeAsItWouldBeCommittedNow() {
        for key in ["s", "a"] {
            let e = ToolHelpers.editor()
            ToolHelpers.run(e, [ToolHelpers.key(key), SpecHelpers.ev(SpecHelpers.began(0, p[0]))])
            XCTAssertEqual(SpecHelpers.livePaths(e).map { Array($0.path.elements) }, [SpecHelpers.smoothReference([p[0]])], key)
            for n in 2...p.count {
                e.handle(SpecHelpers.ev(SpecHelpers.moved(0, p[n - 1])))
                let live = SpecHelpers.livePaths(e)
                XCTAssertEqual(live.count, 1, "\(key) \(n)")
                XCTAssertEqual(live.first.map { Array($0.path.elements) }, SpecHelpers.smoothReference(Array(p.prefix(n))), "\(key) after \(n) points")
            }
            XCTAssertTrue(e.displayList.isEmpty)
        }
        // Ending on the last moved location adds no point: the Smooth commit equals the last live path.
        let e = ToolHelpers.editor()
        ToolHelpers.run(e, [ToolHelpers.key("s")] + SpecHelpers.drag(p) )
        XCTAssertEqual(ToolHelpers.paths(e).first.map { Array($0.path.elements) }, SpecHelpers.smoothReference(p))
    }

    // MARK: Arrow

    /// Standard rotation (x cos − y sin, x sin + y cos).
    func rot(_ v: Point, _ deg: Double) -> Point {
        let a = deg * .pi / 180
        return Point(v.x * cos(a) - v.y * sin(a), v.x * sin(a) + v.y * cos(a))
    }

    func expectedHead(tip: Point, from: Point, width: Double) -> (Point, Point) {
        let d = tip - from, u = d / d.length, len = max(12, 4 * width)
        return (tip + rot(u, 150) * len, tip + rot(u, -150) * len)
    }

    /// Checks an arrow drawable: the Smooth stroke of `input`, then two head segments from the tip.
    func assertArrow(_ d: PathDrawable?, input: [Point], from: Point, width: Double, _ msg: String,
                     file: StaticString = #filePath, line: UInt = #line) {
        guard let d else { return XCTFail("no arrow " + msg, file: file, line: line) }
        let body = SpecHelpers.smoothReference(input)
        XCTAssertEqual(Array(d.path.elements.prefix(body.count)), body, "shaft " + msg, file: file, line: line)
        guard let segs = SpecHelpers.segments(d.path.elements.dropFirst(body.count)) else {
            return XCTFail("head is not made of lines " + msg, file: file, line: line)
        }
        XCTAssertEqual(segs.count, 2, "two head segments " + msg, file: file, line: line)
        let tip = input.last!
        let (a, b) = expectedHead(tip: tip, from: from, width: width)
        for want in [a, b] {
            let hit = segs.contains { s in
                (s.0.distance(to: tip) <= 1e-9 && s.1.distance(to: want) <= 1e-9)
                    || (s.1.distance(to: tip) <= 1e-9 && s.0.distance(to: want) <= 1e-9)
            }
            XCTAssertTrue(hit, "head segment tip \(tip) -> \(want) in \(segs) " + msg, file: file, line: line)
        }
        XCTAssertEqual(a.distance(to: tip), max(12, 4 * width), accuracy: 1e-9, file: file, line: line)
        XCTAssertEqual(d.style.width, width, file: file, line: line)
        XCTAssertNil(d.fill, file: file, line: line)
    }

    func testArrowHeadEndpointsForStrokesOf2To9Points() {
        for n in 2...9 {
            let e = ToolHelpers.editor()
            let input = Array(p.prefix(n))
            ToolHelpers.run(e, [ToolHelpers.key("a")] + SpecHelpers.drag(input))
            XCTAssertEqual(e.displayList.count, 1)
            assertArrow(ToolHelpers.paths(e).first, input: input, from: input[n - 2], width: 2, "\(n) points")
        }
    }

    func testArrowHeadNumericValuesHorizontal() {
        // Tip (100, 50) coming from (40, 50): unit vector (1, 0); length 12 at width 2.
        let e = ToolHelpers.editor()
        ToolHelpers.run(e, [ToolHelpers.key("a")] + SpecHelpers.drag([Point(40, 50), Point(100, 50)]))
        let c = cos(150 * Double.pi / 180) * 12, s = sin(150 * Double.pi / 180) * 12
        guard let segs = SpecHelpers.segments(ToolHelpers.paths(e).first!.path.elements.dropFirst(2)) else { return XCTFail() }
        let ends = Set(segs.flatMap { [$0.0, $0.1] }.filter { $0 != Point(100, 50) }.map { "\($0)" })
        XCTAssertEqual(segs.count, 2)
        let want = [Point(100 + c, 50 + s), Point(100 + c, 50 - s)]
        for w in want {
            XCTAssertTrue(segs.contains { $0.0.distance(to: w) < 1e-9 || $0.1.distance(to: w) < 1e-9 }, "\(w) in \(ends)")
        }
        XCTAssertEqual(100 + c, 100 - 6 * 3.0.squareRoot(), accuracy: 1e-9)
        XCTAssertEqual(s, 6, accuracy: 1e-9)
    }

    func testArrowHeadLengthIsMaxOf12And4TimesWidth() {
        let input = [Point(10, 10), Point(40, 30), Point(70, 20)]
        for (keys, width) in [([String](), 2.0), (["]"], 3.0), (["]", "]"], 4.0), (["]", "]", "]"], 6.0),
                              (["[", ], 1.0)] {
            let e = ToolHelpers.editor()
            ToolHelpers.run(e, [ToolHelpers.key("a")] + keys.map(ToolHelpers.key) + SpecHelpers.drag(input))
            assertArrow(ToolHelpers.paths(e).first, input: input, from: input[1], width: width, "width \(width)")
        }
    }

    /// The direction comes from the last DISTINCT earlier input point: repeated final locations
    /// (a `moved` and the `ended` at the same place) do not give a zero vector.
    func testArrowDirectionFromLastDistinctEarlierPoint() {
        let e = ToolHelpers.editor()
        let a = Point(20, 20), b = Point(60, 80), tip = Point(90, 70)
        ToolHelpers.run(e, [ToolHelpers.key("a"), SpecHelpers.ev(SpecHelpers.began(0, a)), SpecHelpers.ev(SpecHelpers.moved(0, b)), SpecHelpers.ev(SpecHelpers.moved(0, tip)),
                  SpecHelpers.ev(SpecHelpers.moved(0, tip)), SpecHelpers.ev(SpecHelpers.ended(0, tip))])
        assertArrow(ToolHelpers.paths(e).first, input: [a, b, tip], from: b, width: 2, "repeated tip")
        // Returning to an earlier point: the direction is from the point just before.
        let f = ToolHelpers.editor()
        ToolHelpers.run(f, [ToolHelpers.key("a")] + SpecHelpers.drag([a, b, a]))
        assertArrow(ToolHelpers.paths(f).first, input: [a, b, a], from: b, width: 2, "back to the start")
    }

    func testArrowFromATapIsJustTheDot() {
        let e = ToolHelpers.editor()
        ToolHelpers.run(e, [ToolHelpers.key("a"), SpecHelpers.ev(SpecHelpers.began(0, Point(30, 40))), SpecHelpers.ev(SpecHelpers.moved(0, Point(30, 40))),
                  SpecHelpers.ev(SpecHelpers.ended(0, Point(30, 40)))])
        XCTAssertEqual(ToolHelpers.paths(e).map(\.path.elements), [[.move(Point(30, 40))]])
    }

    func testArrowHasNoHeadWhileStillDown() {
        let e = ToolHelpers.editor()
        ToolHelpers.run(e, [ToolHelpers.key("a"), SpecHelpers.ev(SpecHelpers.began(0, p[0])), SpecHelpers.ev(SpecHelpers.moved(0, p[1])), SpecHelpers.ev(SpecHelpers.moved(0, p[2]))])
        XCTAssertEqual(SpecHelpers.livePaths(e).first.map { Array($0.path.elements) }, SpecHelpers.smoothReference(Array(p.prefix(3))))
    }
}
