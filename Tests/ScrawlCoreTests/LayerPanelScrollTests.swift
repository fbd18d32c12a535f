import XCTest
@testable import ScrawlCore

/// A layers panel with more rows than the window has room for: it is no higher than its room,
/// shows the rows that fit, scrolls by the wheel over its rows (the wheel over an opacity still
/// steps it) and keeps the current layer's row in view when the current layer changes.
final class LayerPanelScrollTests: XCTestCase {
    private func layers(_ n: Int) -> [Layer] { (0..<n).map { Layer(id: LayerID(UInt64($0 + 1)), name: "L\($0 + 1)") } }

    /// Twelve layers, the top one current, in room for `height` points.
    private func panel(_ n: Int = 12, height: Double = 200, current: Int = 11) -> LayerPanel {
        var p = LayerPanel(origin: Point(500, 48), layers: layers(n), current: current)
        p.maxHeight = height
        return p
    }

    func testATallPanelFitsItsRoomAndShowsTheRowsThatFit() {
        let p = panel()
        XCTAssertLessThanOrEqual(p.panel.height, 200)
        XCTAssertEqual(p.shownRowCount, Int((200 - LayerPanel.titleHeight - LayerPanel.buttonHeight - 2 * LayerPanel.pad) / LayerPanel.rowHeight))
        XCTAssertTrue(p.scrolls)
        XCTAssertEqual(p.shownPositions, Array((12 - p.shownRowCount..<12).reversed()), "from the top layer down")
        for position in p.shownPositions {
            XCTAssertTrue(p.panel.contains(p.rowRect(position).center))
            XCTAssertEqual(p.hit(p.nameRect(position).center), .name(position))
            XCTAssertLessThanOrEqual(p.rowRect(position).maxY, p.buttonRects[0].minY)
        }
        for (b, r) in zip(LayerPanel.Button.allCases, p.buttonRects) {
            XCTAssertEqual(p.hit(r.center), .button(b), "the buttons stay under the shown rows")
            XCTAssertLessThanOrEqual(r.maxY, p.panel.maxY)
        }
        let thumb = p.scrollThumb!
        XCTAssertTrue(p.panel.contains(thumb.center))
        XCTAssertEqual(p.hit(thumb.center), .panel)
        XCTAssertNil(panel(3).scrollThumb, "three rows fit: no scrolling")
        XCTAssertEqual(panel(3).shownPositions, [2, 1, 0])
        XCTAssertEqual(panel(height: 10).shownRowCount, 1, "at least one row")
    }

    func testScrollingShowsTheRowsBelowAndStopsAtTheEnds() {
        var p = panel()
        let n = p.shownRowCount
        XCTAssertFalse(p.scroll(by: -1), "at the top already")
        XCTAssertTrue(p.scroll(by: 1))
        XCTAssertEqual(p.firstRow, 1)
        XCTAssertEqual(p.shownPositions.first, 10)
        XCTAssertEqual(p.hit(p.nameRect(10).center), .name(10))
        XCTAssertNotEqual(p.hit(p.rowRect(11).center), .name(11), "the scrolled-off row is not hit")
        p.scroll(by: 100)
        XCTAssertEqual(p.firstRow, 12 - n)
        XCTAssertEqual(p.shownPositions.last, 0, "the bottom layer's row shows at the end")
        XCTAssertFalse(p.scroll(by: 1))
        XCTAssertGreaterThan(p.scrollThumb!.minY, panel().scrollThumb!.minY, "the thumb moved down")
    }

    func testTheCurrentLayersRowComesIntoView() {
        var p = panel(current: 0)
        XCTAssertTrue(p.showsRow(0), "the bottom layer current: its row shows once the room is known")
        p.sync(layers: layers(12), current: 11)
        XCTAssertTrue(p.showsRow(11))
        XCTAssertEqual(p.firstRow, 0)
        p.scroll(by: 3)
        p.sync(layers: layers(12), current: 11)
        XCTAssertEqual(p.firstRow, 3, "the same current layer: the scroll stays")
        p.sync(layers: layers(12), current: 10)
        XCTAssertTrue(p.showsRow(10))
    }

    func testTheWheelScrollsOverTheRowsAndStepsAnOpacity() {
        let bars = ToolbarLayout(canvas: CanvasSpec(width: 800, height: 600), visible: true)
        var router = InputRouter()
        var s = InputScreen(bars: bars, barHeight: 44)
        let p = panel()
        s.layerPanel = p
        XCTAssertEqual(router.route(.wheel(dx: 0, dy: -1, at: p.nameRect(11).center), on: s), .layers(.scroll(1)), "wheel down: the rows below")
        XCTAssertEqual(router.route(.wheel(dx: 0, dy: 1, at: p.eyeRect(10).center), on: s), .layers(.scroll(-1)))
        XCTAssertEqual(router.route(.wheel(dx: 0, dy: 1, at: p.opacityRect(10).center), on: s), .layers(.step(10, up: true)))
        XCTAssertEqual(router.route(.wheel(dx: 1, dy: 0, at: p.nameRect(11).center), on: s), .none)
        s.layerPanel = panel(3)
        XCTAssertEqual(router.route(.wheel(dx: 0, dy: -1, at: panel(3).nameRect(2).center), on: s), .none, "nothing to scroll")
    }
}
