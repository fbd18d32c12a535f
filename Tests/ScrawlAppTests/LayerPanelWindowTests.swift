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
}
