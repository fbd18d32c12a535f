import XCTest
@testable import ScrawlCore

final class PencilToolTests: XCTestCase {
    func testDefaults() {
        let e = ToolHelpers.editor()
        XCTAssertEqual(e.tool.kind, .pencil)
        XCTAssertEqual(e.settings[.pen].stroke, .fixed(.black))
        XCTAssertEqual(e.settings[.pen].fill, .fixed(Color(hex: "#aaaaaa")!))
        XCTAssertEqual(e.settings[.pen].width, 2)
        XCTAssertEqual(e.settings[.pen].opacity, 1)
    }

    func testDragCommitsPolylineDroppingRepeatedPoints() {
        let e = ToolHelpers.editor()
        ToolHelpers.run(e, ToolHelpers.drag([(10, 10), (20, 10), (20, 10), (30, 15)]))
        let p = ToolHelpers.paths(e)
        XCTAssertEqual(p.count, 1)
        XCTAssertEqual(p[0].path, .polyline([Point(10, 10), Point(20, 10), Point(30, 15)]))
        XCTAssertEqual(p[0].stroke, .black)
        XCTAssertNil(p[0].fill)
        XCTAssertEqual(p[0].style, .round(width: 2))
    }

    func testTapLeavesADot() {
        let e = ToolHelpers.editor()
        ToolHelpers.run(e, [ToolHelpers.touch(0, .began, 5, 5), ToolHelpers.touch(0, .ended, 5, 5)])
        XCTAssertEqual(ToolHelpers.paths(e).map(\.path), [.polyline([Point(5, 5)])])
    }

    func testMultitouchEachIDItsOwnStroke() {
        let e = ToolHelpers.editor()
        e.handle(.touches([Touch(id: 0, phase: .began, location: Point(0, 0)),
                           Touch(id: 1, phase: .began, location: Point(100, 100))]))
        e.handle(.touches([Touch(id: 1, phase: .moved, location: Point(110, 100)),
                           Touch(id: 0, phase: .moved, location: Point(0, 10))]))
        XCTAssertEqual(e.liveItems.count, 2)
        e.handle(.touches([Touch(id: 1, phase: .ended, location: Point(120, 100))]))
        e.handle(.touches([Touch(id: 0, phase: .ended, location: Point(0, 20))]))
        XCTAssertEqual(ToolHelpers.paths(e).map(\.path), [
            .polyline([Point(100, 100), Point(110, 100), Point(120, 100)]),
            .polyline([Point(0, 0), Point(0, 10), Point(0, 20)]),
        ])
    }

    func testCancelDiscardsAndUnknownIDsAreIgnored() {
        let e = ToolHelpers.editor()
        ToolHelpers.run(e, [ToolHelpers.touch(3, .moved, 1, 1), ToolHelpers.touch(3, .ended, 1, 1), ToolHelpers.touch(0, .began, 0, 0),
                  ToolHelpers.touch(0, .moved, 5, 5), ToolHelpers.touch(0, .cancelled, 5, 5)])
        XCTAssertTrue(e.displayList.isEmpty)
        XCTAssertTrue(e.liveItems.isEmpty)
    }

    func testBeganForAnIDAlreadyDownEndsTheOldOne() {
        let e = ToolHelpers.editor()
        ToolHelpers.run(e, [ToolHelpers.touch(0, .began, 0, 0), ToolHelpers.touch(0, .moved, 5, 0), ToolHelpers.touch(0, .began, 50, 50)])
        XCTAssertEqual(ToolHelpers.paths(e).map(\.path), [.polyline([Point(0, 0), Point(5, 0)])])
        XCTAssertEqual(e.liveItems.count, 1)
    }

    func testTouchKeepsStyleFromItsBegan() {
        let e = ToolHelpers.editor()
        ToolHelpers.run(e, [ToolHelpers.touch(0, .began, 0, 0), ToolHelpers.key("1"), ToolHelpers.key("]"), ToolHelpers.key("shift+["), ToolHelpers.touch(0, .ended, 9, 0)])
        let p = ToolHelpers.paths(e)[0]
        XCTAssertEqual(p.stroke, .black)
        XCTAssertEqual(p.style.width, 2)
        ToolHelpers.run(e, ToolHelpers.drag([(0, 0), (9, 9)]))
        XCTAssertEqual(ToolHelpers.paths(e)[1].stroke, Color(r: 255, g: 0, b: 0, a: 191))
        XCTAssertEqual(ToolHelpers.paths(e)[1].style.width, 3)
    }

    func testLivePolylineGrowsWithAStableID() {
        let e = ToolHelpers.editor()
        ToolHelpers.run(e, [ToolHelpers.touch(0, .began, 0, 0), ToolHelpers.touch(0, .moved, 1, 0)])
        guard case .polyline(let id1, let p1, _, _, _) = e.liveItems[0] else { return XCTFail() }
        e.handle(ToolHelpers.touch(0, .moved, 2, 0))
        guard case .polyline(let id2, let p2, _, _, _) = e.liveItems[0] else { return XCTFail() }
        XCTAssertEqual(id1, id2)
        XCTAssertEqual(Array(p2.prefix(p1.count)), p1)
        XCTAssertEqual(p2.count, 3)
    }
}
