import XCTest
@testable import ScrawlCore

/// `SpatialIndex` against a brute-force list of rectangles.
final class SpatialIndexTests: XCTestCase {
    /// A random rectangle: a dot, a small, a large or a 2e6-wide one, anywhere within ±1e6.
    private func randomRect(_ rng: inout SplitMix64) -> Rect {
        func unit() -> Double { Double(rng.next() >> 11) / Double(1 << 53) }
        let x = unit() * 2e6 - 1e6, y = unit() * 2e6 - 1e6
        let sizes = [0.0, 3, 300, 5000, 250_000, 2e6 + 10]
        let w = sizes[Int(rng.next() % 6)] * unit(), h = sizes[Int(rng.next() % 6)] * unit()
        if rng.next() % 10 == 0 { return Rect(x: x, y: y, width: 0, height: 0) }
        if rng.next() % 20 == 0 { return Rect(x: -1e6 - 5, y: y, width: 2e6 + 10, height: h) }
        return Rect(x: x, y: y, width: w, height: h)
    }

    private func meets(_ a: Rect, _ b: Rect) -> Bool {
        a.minX <= b.maxX && b.minX <= a.maxX && a.minY <= b.maxY && b.minY <= a.maxY
    }

    private func check(_ index: SpatialIndex, _ truth: [UInt64: Rect], _ q: Rect, file: StaticString = #filePath,
                       line: UInt = #line) {
        let got = index.query(q)
        XCTAssertEqual(got.count, Set(got).count, "each id once", file: file, line: line)
        let want = Set(truth.filter { meets($0.value, q) }.keys)
        XCTAssertEqual(Set(got), want, "query \(q)", file: file, line: line)
    }

    func testRandomInsertRemoveQueryMatchesBruteForce() {
        var rng = SplitMix64(seed: 9)
        var index = SpatialIndex()
        var truth: [UInt64: Rect] = [:]
        for step in 0..<6000 {
            let id = rng.next() % 3000
            if rng.next() % 4 == 0 {
                index.remove(id); truth[id] = nil
            } else {
                let r = randomRect(&rng)
                index.insert(id, bounds: r); truth[id] = r
            }
            if step % 20 == 0 { check(index, truth, randomRect(&rng)) }
        }
        XCTAssertEqual(index.count, truth.count)
        for (id, r) in truth { XCTAssertEqual(index.bounds(of: id), r); XCTAssertTrue(index.contains(id)) }
        for _ in 0..<300 { check(index, truth, randomRect(&rng)) }
        let all = Rect(minX: -3e6, minY: -3e6, maxX: 3e6, maxY: 3e6)
        check(index, truth, all)
        check(index, truth, Rect(minX: -.infinity, minY: -.infinity, maxX: .infinity, maxY: .infinity))
    }

    func testTouchingEdgesAndZeroSizeRects() {
        var index = SpatialIndex()
        index.insert(1, bounds: Rect(x: 0, y: 0, width: 256, height: 256))
        index.insert(2, bounds: Rect(x: 512, y: 512, width: 0, height: 0))
        XCTAssertEqual(index.query(Rect(x: 256, y: 256, width: 0, height: 0)), [1])
        XCTAssertEqual(index.query(Rect(x: 256, y: 256, width: 256, height: 256)).sorted(), [1, 2])
        XCTAssertEqual(index.query(Rect(x: 512.001, y: 0, width: 10, height: 1000)), [])
        XCTAssertEqual(index.query(Rect(x: 512, y: 512, width: 0, height: 0)), [2])
    }

    func testRemoveIsIdempotentAndReinsertMoves() {
        var index = SpatialIndex()
        index.insert(7, bounds: Rect(x: 10, y: 10, width: 5, height: 5))
        index.insert(7, bounds: Rect(x: 900_000, y: -900_000, width: 5, height: 5))
        XCTAssertEqual(index.count, 1)
        XCTAssertEqual(index.query(Rect(x: 0, y: 0, width: 100, height: 100)), [])
        XCTAssertEqual(index.query(Rect(x: 899_999, y: -900_001, width: 2, height: 2)), [7])
        index.remove(7)
        index.remove(7)
        index.remove(12345)
        XCTAssertEqual(index.count, 0)
        XCTAssertFalse(index.contains(7))
        XCTAssertNil(index.bounds(of: 7))
        XCTAssertNil(index.bounds)
        XCTAssertEqual(index.query(Rect(x: -2e6, y: -2e6, width: 4e6, height: 4e6)), [])
    }

    func testBoundsIsTheUnionAfterInsertsAndRemovals() {
        var rng = SplitMix64(seed: 3)
        var index = SpatialIndex()
        var truth: [UInt64: Rect] = [:]
        for i in 0..<400 as Range<UInt64> {
            let r = randomRect(&rng)
            index.insert(i, bounds: r); truth[i] = r
            if i % 3 == 0 { index.remove(i / 2); truth[i / 2] = nil }
            let want = truth.values.reduce(nil as Rect?) { $0?.union($1) ?? $1 }
            XCTAssertEqual(index.bounds, want)
        }
        index.removeAll()
        XCTAssertEqual(index.count, 0)
        XCTAssertNil(index.bounds)
        XCTAssertEqual(index.query(Rect(x: -2e6, y: -2e6, width: 4e6, height: 4e6)), [])
    }

    func testHugeNaNAndInfiniteRectsNeverTrap() {
        var index = SpatialIndex()
        index.insert(1, bounds: Rect(minX: .nan, minY: 0, maxX: 1, maxY: 1))
        XCTAssertFalse(index.contains(1))
        index.insert(2, bounds: Rect(minX: -1e300, minY: -1e300, maxX: 1e300, maxY: 1e300))
        index.insert(3, bounds: Rect(minX: -.infinity, minY: 0, maxX: 0, maxY: 0))
        index.insert(4, bounds: Rect(minX: 5, minY: 5, maxX: 1, maxY: 1))
        XCTAssertEqual(index.query(Rect(x: 0, y: 0, width: 0, height: 0)).sorted(), [2, 3])
        XCTAssertEqual(index.query(Rect(x: 2, y: 2, width: 0, height: 0)).sorted(), [2, 4])
        XCTAssertEqual(index.query(Rect(minX: .nan, minY: 0, maxX: 1, maxY: 1)), [])
        XCTAssertEqual(index.bounds(of: 4), Rect(minX: 1, minY: 1, maxX: 5, maxY: 5))
    }

    func testItemsOccupyFewCells() {
        var index = SpatialIndex()
        index.insert(1, bounds: Rect(x: -1e6, y: -3, width: 2e6, height: 6))
        index.insert(2, bounds: Rect(x: 1, y: 1, width: 0, height: 0))
        let cells = index.levels.reduce(0) { $0 + $1.values.reduce(0) { $0 + $1.count } }
        XCTAssertLessThanOrEqual(cells, 8)
    }
}
