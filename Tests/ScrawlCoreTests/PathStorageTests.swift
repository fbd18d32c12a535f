import ScrawlCore
import XCTest

/// `Path` stores one verb per element and one array of points (memory per committed
/// point); these check it reads back as the element list it was built from, as the old array did.
final class PathStorageTests: XCTestCase {
    /// A random element list (any kind first, closes anywhere) over a small grid, so repeats happen.
    private func randomElements(_ g: inout SplitMix64, maxCount: Int = 12) -> [PathElement] {
        func pt() -> Point { Point(Double(g.next() % 4), Double(g.next() % 3) - 1) }
        return (0..<Int(g.next() % UInt64(maxCount + 1))).map { _ in
            switch g.next() % 5 {
            case 0: return .move(pt())
            case 1: return .line(pt())
            case 2: return .quad(control: pt(), to: pt())
            case 3: return .cubic(c1: pt(), c2: pt(), to: pt())
            default: return .close
            }
        }
    }

    /// What the mutating API makes of `list`: segments on an empty path start with a move to the
    /// origin, a close on an empty path is dropped.
    private func builtByAPI(_ list: [PathElement]) -> (Path, [PathElement]) {
        var p = Path(), expected: [PathElement] = []
        for e in list {
            if expected.isEmpty, e != .close, e.verb != .move { expected.append(.move(.zero)) }
            if expected.isEmpty, e == .close { continue }
            expected.append(e)
            switch e {
            case .move(let q): p.move(to: q)
            case .line(let q): p.line(to: q)
            case .quad(let c, let q): p.quad(control: c, to: q)
            case .cubic(let c1, let c2, let q): p.cubic(c1, c2, to: q)
            case .close: p.close()
            }
        }
        return (p, expected)
    }

    /// Every reading of `path` agrees with the list it should hold.
    private func assertReads(_ path: Path, as list: [PathElement], _ msg: String,
                             file: StaticString = #filePath, line: UInt = #line) {
        let els = path.elements
        XCTAssertEqual(Array(els), list, msg, file: file, line: line)
        XCTAssertEqual(els.count, list.count, msg, file: file, line: line)
        XCTAssertEqual(els.isEmpty, list.isEmpty, msg, file: file, line: line)
        XCTAssertEqual(path.isEmpty, list.isEmpty, msg, file: file, line: line)
        XCTAssertEqual(els.first, list.first, msg, file: file, line: line)
        XCTAssertEqual(els.last, list.last, msg, file: file, line: line)
        XCTAssertEqual(Array(els.reversed()), Array(list.reversed()), msg, file: file, line: line)
        XCTAssertEqual(Array(els.dropLast()), Array(list.dropLast()), msg, file: file, line: line)
        XCTAssertEqual(els.enumerated().map { $0.offset }, Array(list.indices), msg, file: file, line: line)
        XCTAssertEqual(els.map(\.verb), path.verbs, msg, file: file, line: line)
        XCTAssertEqual(list.flatMap(\.points), path.points, msg, file: file, line: line)
        XCTAssertEqual(path.currentPoint, list.last(where: { $0.endPoint != nil })?.endPoint, msg, file: file, line: line)
        XCTAssertEqual(path.firstPoint, list.first?.endPoint, msg, file: file, line: line)
        XCTAssertEqual(path.isFinite, list.allSatisfy { $0.points.allSatisfy(\.isFinite) }, msg, file: file, line: line)
        XCTAssertEqual(els.hashValue, list.hashValue, "the view hashes as the array: " + msg, file: file, line: line)
    }

    func testRandomPathsReadBackAsTheirElementLists() {
        var g = SplitMix64(seed: 11)
        for round in 0..<400 {
            let list = randomElements(&g)
            let direct = Path(elements: list)
            assertReads(direct, as: list, "Path(elements:) round \(round)")
            let (built, expected) = builtByAPI(list)
            assertReads(built, as: expected, "mutating API round \(round)")
            XCTAssertEqual(built, Path(elements: expected), "round \(round)")
            XCTAssertEqual(built.hashValue, Path(elements: expected).hashValue, "round \(round)")
            var appended = Path()
            list.forEach { appended.append($0) }
            XCTAssertEqual(appended, direct, "append(element) round \(round)")
            let shift = Point(0.5, -2)
            let moved = list.map { e -> PathElement in
                switch e {
                case .move(let q): return .move(q + shift)
                case .line(let q): return .line(q + shift)
                case .quad(let c, let q): return .quad(control: c + shift, to: q + shift)
                case .cubic(let c1, let c2, let q): return .cubic(c1: c1 + shift, c2: c2 + shift, to: q + shift)
                case .close: return .close
                }
            }
            assertReads(direct.mapped { $0 + shift }, as: moved, "mapped round \(round)")
        }
    }

    func testEqualityAndHashFollowTheElementLists() {
        var g = SplitMix64(seed: 12)
        var equalPairs = 0
        for round in 0..<2000 {
            let a = randomElements(&g, maxCount: 3), b = randomElements(&g, maxCount: 3)
            let pa = Path(elements: a), pb = Path(elements: b)
            XCTAssertEqual(pa == pb, a == b, "round \(round): \(a) vs \(b)")
            XCTAssertEqual(pa.elements == pb.elements, a == b, "round \(round)")
            if a == b {
                equalPairs += 1
                XCTAssertEqual(pa.hashValue, pb.hashValue, "round \(round)")
            }
            var joined = pa
            joined.append(pb)
            assertReads(joined, as: a + b, "append(path) round \(round)")
        }
        XCTAssertGreaterThan(equalPairs, 20, "the generator makes equal lists (else this checks little)")
    }

    func testRemoveLastElementUndoesAppend() {
        var g = SplitMix64(seed: 13)
        for round in 0..<300 {
            var list = randomElements(&g)
            var p = Path(elements: list)
            while !list.isEmpty {
                XCTAssertEqual(p.removeLastElement(), list.removeLast(), "round \(round)")
                assertReads(p, as: list, "after removeLastElement, round \(round)")
            }
            XCTAssertNil(p.removeLastElement())
        }
    }

    func testClosesAndImplicitMoves() {
        var p = Path()
        p.close()
        XCTAssertTrue(p.isEmpty, "a close on an empty path is dropped")
        p.quad(control: Point(1, 2), to: Point(3, 4))
        p.close()
        p.line(to: Point(5, 6))
        p.close()
        let expected: [PathElement] = [.move(.zero), .quad(control: Point(1, 2), to: Point(3, 4)), .close,
                                       .line(Point(5, 6)), .close]
        assertReads(p, as: expected, "implicit move and closes")
        XCTAssertEqual(p.elements, [.move(.zero), .quad(control: Point(1, 2), to: Point(3, 4)), .close,
                                    .line(Point(5, 6)), .close], "an array literal reads as elements")
        XCTAssertEqual(p.currentPoint, Point(5, 6), "a close keeps the last end point current")
        XCTAssertEqual(p.elements.last, .close)
        XCTAssertEqual(p.elements.reversed().first { $0.endPoint != nil }, .line(Point(5, 6)))
        let onlyClose = Path(elements: [.close, .close])
        XCTAssertNil(onlyClose.currentPoint)
        XCTAssertNil(onlyClose.firstPoint)
        XCTAssertFalse(onlyClose.isEmpty)
        let curveFirst = Path(elements: [.cubic(c1: Point(1, 1), c2: Point(2, 2), to: Point(3, 3)), .close])
        XCTAssertEqual(curveFirst.firstPoint, Point(3, 3), "the first element's end point, as before")
    }

    func testIndicesWalkBothWays() {
        let p = Path.ellipse(in: Rect(x: 0, y: 0, width: 4, height: 2))
        let els = p.elements
        var i = els.endIndex, back: [PathElement] = []
        while i > els.startIndex {
            i = els.index(before: i)
            back.append(els[i])
        }
        XCTAssertEqual(back, Array(els).reversed())
        XCTAssertEqual(els.indices.map(\.point), [0, 1, 4, 7, 10, 13])
    }

    func testCommittedPathsKeepNoSpareRoom() {
        var p = Path.polyline((0..<520).map { Point(Double($0), Double($0 % 5)) })
        p.append(Path.ellipse(in: Rect(x: 3, y: 4, width: 10, height: 6)))
        p.close()
        XCTAssertGreaterThan(p.points.capacity, p.points.count + 10, "built point by point (this test needs spare room)")
        XCTAssertGreaterThan(p.verbs.capacity, p.verbs.count + 16, "built point by point (this test needs spare room)")
        let drawable = Drawable.path(PathDrawable(path: p, stroke: .black, fill: nil, style: .round(width: 2)))
        var list = DisplayList()
        _ = list.add(drawable)
        guard case .path(let stored) = list.items[0].drawable else { return XCTFail("not a path") }
        XCTAssertEqual(list.items[0].drawable, drawable)
        XCTAssertEqual(stored.path.points.capacity, stored.path.points.count)
        // Swift reports the allocation's usable size as capacity; malloc rounds byte arrays up to 16.
        XCTAssertLessThan(stored.path.verbs.capacity - stored.path.verbs.count, 16)
        XCTAssertEqual(Array(stored.path.elements), Array(p.elements))
    }
}
