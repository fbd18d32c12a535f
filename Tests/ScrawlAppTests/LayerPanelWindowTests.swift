import Foundation
import ScrawlCore
import ScrawlGL
import ScrawlStorage
import XCTest

/// The layers panel in the real window under Xvfb, as a user would try it: opened by its key,
/// a layer added by its button, ink drawn on it, the layer hidden by its eye and renamed by a
/// double-click; the window shows it and the saved document keeps it.
final class LayerPanelWindowTests: XCTestCase {
    private var dir = ""

    override func setUpWithError() throws {
        dir = NSTemporaryDirectory() + "scrawl-layerpanel-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    private func click(_ x: WindowHarness, _ p: Point) throws { try x.drag([(Int(p.x), Int(p.y))]) }

    private func dark(_ shot: FrameImage, _ x: Int, _ y: Int) -> Bool { shot.pixel(x, y).0 < 100 }

    /// The panel as the window lays it out for `layers` (the default 800-point window).
    private func panel(layers: Int) -> LayerPanel {
        let table = (0..<layers).map { Layer(id: LayerID(UInt64($0 + 1)), name: "Layer \($0 + 1)") }
        return LayerPanel(origin: Point(800 - LayerPanel.width - 4, ToolbarLayout.barHeight + 4), layers: table, current: layers - 1)
    }

    func testThePanelAddsALayerDrawsOnItHidesItAndRenamesIt() throws {
        let x = try WindowHarness()
        let doc = dir + "/layers.scrawl"
        try x.launch([doc])
        try x.waitForTitle(containing: "Pencil")
        try x.drag([(100, 300), (200, 302), (300, 300)])
        try x.key("ctrl+l")
        let one = panel(layers: 1)
        try x.movePointerAway()
        try x.saveShot(try x.screenshot(), "layerpanel-open")
        _ = try x.screenshot(until: "the panel") { shot in
            let p = one.titleRect.center
            let c = shot.pixel(Int(one.panel.maxX) - 3, Int(p.y))
            return c.0 == 0xf6 && c.1 == 0xf6 && c.2 == 0xf4
        }
        try click(x, one.buttonRects[LayerPanel.Button.allCases.firstIndex(of: .add)!].center)
        let two = panel(layers: 2)
        try x.drag([(100, 400), (200, 402), (300, 400)])
        try x.movePointerAway()
        let both = try x.screenshot()
        try x.saveShot(both, "layerpanel-two-layers")
        XCTAssertTrue(dark(both, 200, 301) && dark(both, 200, 401), "both strokes show")
        XCTAssertEqual(both.pixel(Int(two.rowRect(1).maxX) - 2, Int(two.rowRect(1).center.y)).2, 0xf2, "the new layer's row is current")
        try click(x, two.eyeRect(1).center)
        try x.movePointerAway()
        let hidden = try x.screenshot(until: "the new layer hidden") { !self.dark($0, 200, 401) }
        try x.saveShot(hidden, "layerpanel-hidden")
        XCTAssertTrue(dark(hidden, 200, 301), "the bottom layer still shows")
        // A double-click on the current name, typing, enter: the layer's new name.
        let name = two.nameRect(1).center
        try x.xdotool(["mousemove", "\(Int(name.x))", "\(Int(name.y))", "click", "--repeat", "2", "--delay", "80", "1"])
        for _ in 0..<8 { try x.key("BackSpace") }
        try x.xdotool(["type", "--delay", "30", "Ink"])
        try x.key("Return")
        try x.key("ctrl+s")
        try WindowHarness.wait(timeout: 10, for: "the document saved with two layers") {
            ((try? DocumentStore.standard.open(doc))?.layers.count ?? 0) == 2
        }
        let saved = try DocumentStore.standard.open(doc)
        XCTAssertEqual(saved.layers.map(\.name), ["Layer 1", "Ink"])
        XCTAssertEqual(saved.layers.map(\.visible), [true, false])
        XCTAssertEqual(saved.layersWithDrawables.map(\.drawables.count), [1, 1], "the second stroke is on the new layer")
        try x.key("ctrl+q")
        XCTAssertEqual(try x.waitForExit(), 0)
    }

    /// The panel `count` layers high as the window lays it out: down to the canvas area's bottom at most.
    private func tallPanel(layers count: Int) -> LayerPanel {
        var p = panel(layers: count)
        p.maxHeight = 600 + ToolbarLayout.barHeight - p.origin.y - 4
        return p
    }

    private func isPanelFill(_ c: (UInt8, UInt8, UInt8, UInt8)) -> Bool { rgb(c) == [0xf6, 0xf6, 0xf4] }
    private func rgb(_ c: (UInt8, UInt8, UInt8, UInt8)) -> [UInt8] { [c.0, c.1, c.2] }

    /// Twenty-six layers: the panel fits the window with its buttons, the wheel over its rows
    /// scrolls them; then the colour picker opens (the panel closes) and `ctrl+l` brings the panel
    /// back (the picker closes).
    func testATallPanelScrollsAndThePickerAndThePanelNeverShowTogether() throws {
        let x = try WindowHarness()
        try x.launch([dir + "/tall.scrawl"])
        try x.waitForTitle(containing: "Pencil")
        for _ in 1..<26 { try x.key("ctrl+shift+n") }
        try x.waitForTitle(containing: "Layer 26")
        try x.key("ctrl+l")
        var p = tallPanel(layers: 26)
        XCTAssertTrue(p.scrolls)
        try x.movePointerAway()
        let button = p.buttonRects[0]
        let open = try x.screenshot(until: "the panel with its buttons in the window") { shot in
            self.isPanelFill(shot.pixel(Int(p.panel.maxX) - 3, Int(p.titleRect.center.y)))
                && self.rgb(shot.pixel(Int(button.minX) + 3, Int(button.center.y))) == [0xe4, 0xe4, 0xe2]
        }
        try x.saveShot(open, "layerpanel-tall")
        let zoom = DefaultWindowLayout.layout().zoomRect
        XCTAssertLessThanOrEqual(p.panel.maxY, DefaultWindowLayout.layout().shapeBar.minY)
        XCTAssertFalse(isPanelFill(open.pixel(Int(zoom.maxX) - 3, Int(zoom.center.y))), "the shape bar's zoom stays clear")
        let top = p.rowRect(25)
        XCTAssertEqual(open.pixel(Int(top.maxX) - 2, Int(top.center.y)).2, 0xf2, "the current (top) layer's row first")
        let name = p.nameRect(24).center
        _ = try x.xdotool(["mousemove", "\(Int(name.x))", "\(Int(name.y))", "click", "--repeat", "2", "--delay", "60", "5"])
        p.scroll(by: 2)
        try x.movePointerAway()
        let scrolled = try x.screenshot(until: "the rows scrolled") { $0.pixel(Int(top.maxX) - 2, Int(top.center.y)).2 != 0xf2 }
        try x.saveShot(scrolled, "layerpanel-scrolled")
        XCTAssertTrue(isPanelFill(scrolled.pixel(Int(p.panel.maxX) - 3, Int(p.titleRect.center.y))), "still open")
        // The picker opens by its key: the panel closes.
        try x.key("c")
        let picked = try x.screenshot(until: "the panel closed for the picker") { !self.isPanelFill($0.pixel(Int(p.panel.maxX) - 3, Int(p.titleRect.center.y))) }
        try x.saveShot(picked, "layerpanel-picker")
        let bars = ToolbarLayout(canvas: CanvasSpec(width: 800, height: 600), visible: true, layerName: "Layer 26")
        let left = Int(min(max(4, bars.colorIndicatorRect.minX - 20), 800 - ColorPicker.size.width - 4)) + 2
        let pickerPixel = picked.pixel(left, 100)
        XCTAssertNotEqual(pickerPixel.0 & pickerPixel.1 & pickerPixel.2, 255, "the picker shows at (\(left), 100)")
        try x.key("ctrl+l")
        _ = try x.screenshot(until: "the panel back and the picker closed") { shot in
            self.isPanelFill(shot.pixel(Int(p.panel.maxX) - 3, Int(p.titleRect.center.y))) && self.rgb(shot.pixel(left, 100)) == [255, 255, 255]
        }
        try x.key("ctrl+q")
        XCTAssertEqual(try x.waitForExit(), 0)
    }
}
