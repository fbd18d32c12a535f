import XCTest
@testable import ScrawlCore

/// Spec: Line, Rectangle, Ellipse and Image stamp, replayed through `Editor.handle`.
final class LineShapeStampSpecTests: XCTestCase {
    // MARK: Line

    func testLineIsStraightFromStartToCurrentWithRoundCaps() {
        let e = ToolHelpers.editor()
        ToolHelpers.run(e, [ToolHelpers.key("l")])
        XCTAssertEqual(e.tool.kind, .line)
        let a = Point(10, 20), b = Point(60, 40), c = Point(90, 5), d = Point(35.5, 250.25)
        ToolHelpers.run(e, [SpecHelpers.ev(SpecHelpers.began(0, a)), SpecHelpers.ev(SpecHelpers.moved(0, b)), SpecHelpers.ev(SpecHelpers.moved(0, c))])
        XCTAssertEqual(SpecHelpers.livePaths(e).map(\.path), [.polyline([a, c])], "live: start to where the touch is")
        XCTAssertTrue(e.displayList.isEmpty, "nothing committed before ended")
        e.handle(SpecHelpers.ev(SpecHelpers.ended(0, d)))
        let p = ToolHelpers.paths(e)
        XCTAssertEqual(p.map(\.path), [.polyline([a, d])])
        XCTAssertEqual(p[0].style.cap, .round)
        XCTAssertEqual(p[0].style.width, 2)
        XCTAssertEqual(p[0].stroke, .black)
        XCTAssertNil(p[0].fill)
        XCTAssertTrue(e.liveItems.isEmpty)
    }

    func testLineInEveryDirection() {
        let e = ToolHelpers.editor()
        ToolHelpers.run(e, [ToolHelpers.key("l")])
        let o = Point(200, 150)
        let ends = [Point(250, 170), Point(150, 170), Point(250, 100), Point(120, 90)]
        for (i, end) in ends.enumerated() { ToolHelpers.run(e, SpecHelpers.drag([o, Point(201, 149), end], id: i)) }
        XCTAssertEqual(ToolHelpers.paths(e).map(\.path), ends.map { .polyline([o, $0]) })
    }

    func testLineTapLeavesADot() {
        let e = ToolHelpers.editor()
        ToolHelpers.run(e, [ToolHelpers.key("l")] + SpecHelpers.drag([Point(7, 8)]))
        XCTAssertEqual(ToolHelpers.paths(e).map(\.path), [.polyline([Point(7, 8)])])
        XCTAssertEqual(ToolHelpers.paths(e)[0].style.cap, .round)
    }

    // MARK: Rectangle

    func testRectangleAnyDragDirectionStartsTopLeftClockwise() {
        let e = ToolHelpers.editor()
        ToolHelpers.run(e, [ToolHelpers.key("r")])
        let a = Point(100, 100)
        let ends = [Point(140, 130), Point(60, 130), Point(140, 70), Point(60, 70)]
        for (i, b) in ends.enumerated() { ToolHelpers.run(e, SpecHelpers.drag([a, b], id: i)) }
        let p = ToolHelpers.paths(e)
        XCTAssertEqual(p.count, 4)
        for (d, b) in zip(p, ends) {
            let r = Rect(corner: a, b)
            guard let v = SpecHelpers.vertices(d.path) else { XCTFail("rectangle has curves"); continue }
            XCTAssertTrue(v.closed)
            XCTAssertEqual(v.points, [Point(r.minX, r.minY), Point(r.maxX, r.minY), Point(r.maxX, r.maxY),
                                      Point(r.minX, r.maxY)], "top-left first, clockwise on screen")
            XCTAssertGreaterThan(SpecHelpers.signedArea(v.points), 0)
            XCTAssertEqual(d.style.cap, .butt)
            XCTAssertEqual(d.style.join, .miter)
            XCTAssertEqual(d.style.width, 2)
            XCTAssertEqual(d.stroke, .black)
            XCTAssertEqual(d.fill, .lightGray)
        }
    }

    func testRectangleUsesCurrentColoursAndWidthAndNoFillAfterShift9() {
        let e = ToolHelpers.editor()
        ToolHelpers.run(e, [ToolHelpers.key("r"), ToolHelpers.key("2"), ToolHelpers.key("shift+3"), ToolHelpers.key("]")] + SpecHelpers.drag([Point(0, 0), Point(10, 10)]))
        ToolHelpers.run(e, [ToolHelpers.key("shift+9")] + SpecHelpers.drag([Point(20, 20), Point(30, 40)]))
        let p = ToolHelpers.paths(e)
        XCTAssertEqual(p.map(\.stroke), [.blue, .blue])
        XCTAssertEqual(p.map(\.fill), [.yellow, nil])
        XCTAssertEqual(p.map(\.style.width), [3, 3])
    }

    func testRectangleLiveShowsCurrentSpan() {
        let e = ToolHelpers.editor()
        ToolHelpers.run(e, [ToolHelpers.key("r"), SpecHelpers.ev(SpecHelpers.began(0, Point(50, 50))), SpecHelpers.ev(SpecHelpers.moved(0, Point(20, 80)))])
        guard let live = SpecHelpers.livePaths(e).first, let v = SpecHelpers.vertices(live.path) else { return XCTFail() }
        XCTAssertEqual(v.points, [Point(20, 50), Point(50, 50), Point(50, 80), Point(20, 80)])
    }

    func testRectangleAndEllipseTapOrZeroSpanCommitNothing() {
        for key in ["r", "e"] {
            let e = ToolHelpers.editor()
            ToolHelpers.run(e, [ToolHelpers.key(key)] + SpecHelpers.drag([Point(5, 5)]))
            ToolHelpers.run(e, SpecHelpers.drag([Point(5, 5), Point(40, 5)]))  // zero height
            ToolHelpers.run(e, SpecHelpers.drag([Point(5, 5), Point(5, 40)]))  // zero width
            ToolHelpers.run(e, SpecHelpers.drag([Point(5, 5), Point(40, 40), Point(5, 5)]))  // back to the start
            ToolHelpers.run(e, SpecHelpers.drag([Point(9, 9)], shift: true))  // a shift tap
            XCTAssertTrue(e.displayList.isEmpty, key)
            XCTAssertTrue(e.liveItems.isEmpty, key)
        }
    }

    /// Shift: side = the larger span, extending towards the drag, in all four directions.
    func testShiftConstrainsToSquareTowardsTheDragAllFourDirections() {
        let a = Point(100, 100)
        let cases: [(Point, Rect)] = [
            (Point(130, 110), Rect(minX: 100, minY: 100, maxX: 130, maxY: 130)),  // right-down, dx larger
            (Point(70, 110), Rect(minX: 70, minY: 100, maxX: 100, maxY: 130)),    // left-down
            (Point(110, 60), Rect(minX: 100, minY: 60, maxX: 140, maxY: 100)),    // right-up, dy larger
            (Point(90, 60), Rect(minX: 60, minY: 60, maxX: 100, maxY: 100)),      // left-up
        ]
        for (b, r) in cases {
            let e = ToolHelpers.editor()
            ToolHelpers.run(e, [ToolHelpers.key("r")] + SpecHelpers.drag([a, b], shift: true))
            guard let v = SpecHelpers.vertices(ToolHelpers.paths(e).first?.path ?? Path()) else { XCTFail("\(b)"); continue }
            XCTAssertEqual(v.points, [Point(r.minX, r.minY), Point(r.maxX, r.minY), Point(r.maxX, r.maxY),
                                      Point(r.minX, r.maxY)], "square for drag to \(b)")
            let c = ToolHelpers.editor()
            ToolHelpers.run(c, [ToolHelpers.key("e")] + SpecHelpers.drag([a, b], shift: true))
            guard let circle = ToolHelpers.paths(c).first else { XCTFail("no circle for \(b)"); continue }
            assertEllipse(circle.path, in: r, "circle for drag to \(b)")
        }
    }

    // MARK: Ellipse

    func assertEllipse(_ path: Path, in r: Rect, _ msg: String, file: StaticString = #filePath, line: UInt = #line) {
        let c = r.center, rx = r.width / 2, ry = r.height / 2
        SpecHelpers.assertClose(path.firstPoint, Point(c.x + rx, c.y), 1e-9, "starts at the rightmost point " + msg,
                      file: file, line: line)
        let pts = SpecHelpers.sample(path).flatMap { $0 }
        XCTAssertGreaterThan(pts.count, 8, file: file, line: line)
        var worst = 0.0
        for p in pts {
            let v = ((p.x - c.x) / rx) * ((p.x - c.x) / rx) + ((p.y - c.y) / ry) * ((p.y - c.y) / ry)
            worst = max(worst, abs(v.squareRoot() - 1))
        }
        XCTAssertLessThan(worst, 1e-3, "inscribed in \(r) " + msg, file: file, line: line)
        let b = Rect.bounding(pts)!
        XCTAssertEqual(b.minX, r.minX, accuracy: 1e-3 * r.width, file: file, line: line)
        XCTAssertEqual(b.maxX, r.maxX, accuracy: 1e-3 * r.width, file: file, line: line)
        XCTAssertEqual(b.minY, r.minY, accuracy: 1e-3 * r.height, file: file, line: line)
        XCTAssertEqual(b.maxY, r.maxY, accuracy: 1e-3 * r.height, file: file, line: line)
        XCTAssertGreaterThan(SpecHelpers.signedArea(pts), 0, "clockwise on screen " + msg, file: file, line: line)
        // Clockwise from the rightmost point on screen: the next points go down (y grows).
        if pts.count > 2 { XCTAssertGreaterThan(pts[2].y, c.y, "goes down first " + msg, file: file, line: line) }
    }

    func testEllipseInscribedInSpanAnyDirectionFilledAndStroked() {
        let e = ToolHelpers.editor()
        ToolHelpers.run(e, [ToolHelpers.key("e")])
        let a = Point(200, 150)
        let ends = [Point(260, 190), Point(120, 180), Point(230, 90), Point(150, 60)]
        for (i, b) in ends.enumerated() { ToolHelpers.run(e, SpecHelpers.drag([a, Point(201, 151), b], id: i)) }
        let p = ToolHelpers.paths(e)
        XCTAssertEqual(p.count, 4)
        for (d, b) in zip(p, ends) {
            assertEllipse(d.path, in: Rect(corner: a, b), "to \(b)")
            XCTAssertEqual(d.fill, .lightGray)
            XCTAssertEqual(d.stroke, .black)
            XCTAssertEqual(d.style.width, 2)
            XCTAssertEqual(d.style.cap, .butt)
        }
    }

    func testEllipseNoFillAfterShift9() {
        let e = ToolHelpers.editor()
        ToolHelpers.run(e, [ToolHelpers.key("e"), ToolHelpers.key("shift+9"), ToolHelpers.key("4")] + SpecHelpers.drag([Point(0, 0), Point(30, 20)]))
        XCTAssertNil(ToolHelpers.paths(e).first?.fill)
        XCTAssertEqual(ToolHelpers.paths(e).first?.stroke, .green)
    }

    // MARK: Image stamp

    func testStampCentredFollowingTouchCommittedAtLastLocation() {
        let e = ToolHelpers.editor()
        ToolHelpers.run(e, [ToolHelpers.key("i"), SpecHelpers.ev(SpecHelpers.began(0, Point(50, 60)))])
        XCTAssertEqual(SpecHelpers.liveStamps(e).map(\.rect), [Rect(x: 48, y: 59, width: 4, height: 2)])
        e.handle(SpecHelpers.ev(SpecHelpers.moved(0, Point(80, 90))))
        XCTAssertEqual(SpecHelpers.liveStamps(e).map(\.rect), [Rect(x: 78, y: 89, width: 4, height: 2)], "follows")
        XCTAssertTrue(e.displayList.isEmpty)
        e.handle(SpecHelpers.ev(SpecHelpers.ended(0, Point(100.5, 10.25))))
        let s = SpecHelpers.stamps(e)
        XCTAssertEqual(s.count, 1)
        XCTAssertEqual(s.first?.rect, Rect(x: 98.5, y: 9.25, width: 4, height: 2))
        XCTAssertTrue(s.first?.image === ToolHelpers.image)
        XCTAssertTrue(e.liveItems.isEmpty)
    }

    func testStampOnePixelPerPointOddSizedImage() {
        let e = ToolHelpers.editor()
        e.stampImage = RasterImage(width: 5, height: 3, pixels: [UInt8](repeating: 9, count: 60))
        ToolHelpers.run(e, [ToolHelpers.key("i")] + SpecHelpers.drag([Point(10, 10)]))
        XCTAssertEqual(SpecHelpers.stamps(e).first?.rect, Rect(x: 7.5, y: 8.5, width: 5, height: 3))
        XCTAssertEqual(SpecHelpers.stamps(e).first?.rect.center, Point(10, 10))
    }
}
