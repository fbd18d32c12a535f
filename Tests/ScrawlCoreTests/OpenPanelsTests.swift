import XCTest
@testable import ScrawlCore

/// The colour picker and the layers panel never show at once: opening one closes the other, and
/// the router then routes a click where the closed one was as if it were not there.
final class OpenPanelsTests: XCTestCase {
    private let picker = ColorPicker(color: .black, forFill: false, origin: Point(400, 48))
    private let layerPanel = LayerPanel(origin: Point(546, 48), layers: [.initial, Layer(id: LayerID(2), name: "Ink")], current: 1)

    func testOpeningThePickerClosesTheLayersPanelAndTheOtherWayRound() {
        var open = OpenPanels()
        open.layerPanel = layerPanel
        open.picker = picker
        XCTAssertNil(open.layerPanel, "the picker opened: the panel closed")
        XCTAssertEqual(open.picker, picker)
        open.layerPanel = layerPanel
        XCTAssertNil(open.picker, "the panel opened: the picker closed")
        XCTAssertEqual(open.layerPanel, layerPanel)
    }

    func testChangingTheOpenOneOrClosingItLeavesTheOtherAsItIs() {
        var open = OpenPanels()
        open.picker = picker
        open.picker?.openingCharacter = "c"
        XCTAssertNotNil(open.picker)
        open.picker = nil
        XCTAssertNil(open.layerPanel)
        open.layerPanel = layerPanel
        open.layerPanel?.sync(layers: [.initial], current: 0)
        open.layerPanel = nil
        XCTAssertNil(open.picker)
        XCTAssertNil(open.layerPanel)
    }

    /// The two overlap where the window opens them at its default width: that is why only one shows.
    func testTheyWouldOverlapAtTheDefaultWidth() {
        let a = picker.panel, b = layerPanel.panel
        XCTAssertTrue(a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY)
    }

    func testTheRouterSeesOnlyTheOneOpenedLast() {
        let bars = ToolbarLayout(canvas: CanvasSpec(width: 800, height: 600), visible: true)
        var open = OpenPanels()
        open.layerPanel = layerPanel
        open.picker = picker
        var router = InputRouter()
        var s = InputScreen(picker: open.picker, bars: bars, barHeight: 44)
        s.layerPanel = open.layerPanel
        let row = layerPanel.nameRect(0).center
        XCTAssertNotEqual(router.route(.press(.left, at: row, modifiers: []), on: s), .layers(.press(.name(0), shift: false)))
        open.layerPanel = layerPanel
        s = InputScreen(picker: open.picker, bars: bars, barHeight: 44)
        s.layerPanel = open.layerPanel
        XCTAssertEqual(router.route(.press(.left, at: row, modifiers: []), on: s), .layers(.press(.name(0), shift: false)))
    }
}
