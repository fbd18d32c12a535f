import XCTest
@testable import ScrawlCore

/// Live ink shows at the current layer's opacity, as it will once committed; a tool's marks (the
/// eraser's disc, the selection's box and handles) and guides show as they are.
final class LiveItemOpacityTests: XCTestCase {
    private typealias H = ToolHelpers

    private func colours(_ items: [LiveItem]) -> (ink: [Color], marks: [Color]) {
        var ink: [Color] = [], marks: [Color] = []
        for item in items {
            switch item {
            case .polyline(_, _, let c, _, _): ink.append(c)
            case .drawable(.path(let p)): ink += [p.stroke, p.fill].compactMap { $0 }
            case .moved(.path(let p), _): ink += [p.stroke, p.fill].compactMap { $0 }
            case .mark(.path(let p)): marks += [p.stroke, p.fill].compactMap { $0 }
            default: break
            }
        }
        return (ink, marks)
    }

    func testInkIsFadedByTheLayersOpacityAndMarksAreNot() {
        let e = H.editor()
        XCTAssertTrue(e.apply(.opacity(0.5)))
        // The Pencil's polyline, then a rectangle being dragged out.
        H.run(e, [H.touch(0, .began, 20, 20), H.touch(0, .moved, 60, 30)])
        XCTAssertEqual(colours(e.liveItems).ink.map(\.a), [128], "black at 50 %")
        XCTAssertEqual(colours(e.tool.liveItems(e)).ink.map(\.a), [255], "the tool's own items are unfaded")
        e.handle(H.touch(0, .ended, 60, 30))
        e.handle(H.key("r"))
        H.run(e, [H.touch(0, .began, 100, 100), H.touch(0, .moved, 160, 140)])
        XCTAssertFalse(colours(e.liveItems).ink.isEmpty)
        XCTAssertTrue(colours(e.liveItems).ink.allSatisfy { $0.a <= 128 }, "\(colours(e.liveItems).ink)")
        e.handle(H.touch(0, .ended, 160, 140))
        // The eraser's disc is a mark.
        e.handle(H.key("x"))
        e.handle(H.touch(0, .began, 300, 300))
        XCTAssertEqual(colours(e.liveItems).marks, [EraserTool.discColor])
        e.handle(H.touch(0, .ended, 300, 300))
        // A dragged selection is ink; its box and handles are marks.
        e.handle(H.key("v"))
        e.handle(H.key("ctrl+a"))
        H.run(e, [H.touch(0, .began, 40, 25), H.touch(0, .moved, 45, 30)])
        let shown = colours(e.liveItems)
        XCTAssertEqual(shown.ink.map(\.a).max(), 128, "the moved strokes at 50 %")
        XCTAssertTrue(shown.marks.contains(SelectTool.boxColor), "the box as it is")
    }

    func testAtFullOpacityTheItemsAreTheTools() {
        let e = H.editor()
        H.run(e, [H.touch(0, .began, 20, 20), H.touch(0, .moved, 60, 30)])
        XCTAssertEqual(colours(e.liveItems).ink, colours(e.tool.liveItems(e)).ink)
        XCTAssertEqual(colours(e.liveItems).ink.map(\.a), [255])
    }
}
