import XCTest
@testable import ScrawlCore

/// The layers panel without a window: its rows list the layers top to bottom, every part is hit
/// where it is drawn, and its clicks are layer events that the editor applies as one undo step
/// each, leaving the current layer where the click says.
final class LayerPanelTests: XCTestCase {
    private typealias H = ToolHelpers

    private func editor(layers: Int) -> Editor {
        let e = H.editor()
        for i in 1..<layers { XCTAssertTrue(e.apply(.add(name: "L\(i + 1)"))) }
        return e
    }

    private func panel(_ e: Editor) -> LayerPanel {
        LayerPanel(origin: Point(500, 50), layers: e.displayList.layers, current: e.currentLayerIndex)
    }

    private func run(_ events: [LayerEvent], _ e: Editor) { for ev in events { e.handle(.layer(ev)) } }

    func testRowsListTheLayersTopToBottomAndEveryPartIsHitWhereItIs() {
        let p = panel(editor(layers: 3))
        XCTAssertLessThan(p.rowRect(2).minY, p.rowRect(1).minY, "the top layer is the first row")
        XCTAssertLessThan(p.rowRect(1).minY, p.rowRect(0).minY)
        XCTAssertGreaterThan(p.titleRect.maxY, p.panel.minY)
        for i in 0..<3 {
            XCTAssertEqual(p.hit(p.eyeRect(i).center), .eye(i))
            XCTAssertEqual(p.hit(p.lockRect(i).center), .lock(i))
            XCTAssertEqual(p.hit(p.nameRect(i).center), .name(i))
            XCTAssertEqual(p.hit(p.opacityRect(i).center), .opacity(i))
            XCTAssertTrue(p.panel.contains(p.rowRect(i).center))
            XCTAssertLessThan(p.nameRect(i).maxX, p.opacityRect(i).minX, "the name leaves the opacity its room")
        }
        for (b, r) in zip(LayerPanel.Button.allCases, p.buttonRects) {
            XCTAssertEqual(p.hit(r.center), .button(b))
            XCTAssertGreaterThan(r.minY, p.rowRect(0).maxY - 1e-9, "the buttons are under the rows")
            XCTAssertLessThanOrEqual(r.maxY, p.panel.maxY)
        }
        XCTAssertEqual(p.hit(p.titleRect.center), .panel)
        XCTAssertNil(p.hit(Point(p.panel.minX - 1, p.panel.center.y)))
        XCTAssertNil(p.hit(Point(p.panel.center.x, p.panel.maxY + 1)))
    }

    func testAClickOnANameMakesItsLayerCurrentAndTheButtonsActOnTheCurrentLayer() {
        let e = editor(layers: 3)
        var p = panel(e)
        run(p.click(.name(0), shift: false, at: 0), e)
        XCTAssertEqual(e.currentLayerIndex, 0)
        p.sync(layers: e.displayList.layers, current: e.currentLayerIndex)
        run(p.click(.button(.add), shift: false, at: 10), e)
        XCTAssertEqual(e.displayList.layers.map(\.name), ["Layer 1", "Layer 4", "L2", "L3"], "above the current one")
        XCTAssertEqual(e.currentLayerIndex, 1)
        run(p.click(.button(.up), shift: false, at: 20), e)
        XCTAssertEqual(e.displayList.layers.map(\.name), ["Layer 1", "L2", "Layer 4", "L3"])
        run(p.click(.button(.delete), shift: false, at: 30), e)
        XCTAssertEqual(e.displayList.layers.map(\.name), ["Layer 1", "L2", "L3"])
        e.handle(.key(KeyPress(name: "ctrl+z")!))
        XCTAssertEqual(e.displayList.layers.map(\.name), ["Layer 1", "L2", "Layer 4", "L3"], "one undo step")
    }

    func testTheEyeLockAndOpacityOfAnotherRowAreOneUndoStepAndKeepTheCurrentLayer() {
        let e = editor(layers: 2)
        var p = panel(e)
        XCTAssertEqual(e.currentLayerIndex, 1)
        run(p.click(.eye(0), shift: false, at: 0), e)
        XCTAssertFalse(e.displayList.layers[0].visible)
        XCTAssertEqual(e.currentLayerIndex, 1, "the current layer stays")
        p.sync(layers: e.displayList.layers, current: e.currentLayerIndex)
        run(p.click(.lock(0), shift: false, at: 1), e)
        XCTAssertTrue(e.displayList.layers[0].locked)
        p.sync(layers: e.displayList.layers, current: e.currentLayerIndex)
        run(p.click(.opacity(0), shift: true, at: 2), e)
        XCTAssertEqual(e.displayList.layers[0].opacity, 0.9, accuracy: 1e-9, "shift-click steps down")
        p.sync(layers: e.displayList.layers, current: e.currentLayerIndex)
        run(p.step(0, up: true), e)
        XCTAssertEqual(e.displayList.layers[0].opacity, 1, accuracy: 1e-9, "the wheel up steps up")
        XCTAssertEqual(p.step(0, up: true), [.makeCurrent(0), .opacity(1), .makeCurrent(1)], "clamped at 100 %")
        e.handle(.key(KeyPress(name: "ctrl+z")!))
        XCTAssertEqual(e.displayList.layers[0].opacity, 0.9, accuracy: 1e-9)
        e.handle(.key(KeyPress(name: "ctrl+z")!))
        e.handle(.key(KeyPress(name: "ctrl+z")!))
        XCTAssertTrue(e.displayList.layers[0].locked == false && e.displayList.layers[0].visible == false, "one step each")
    }

    func testADoubleClickOnTheCurrentNameRenamesEnterCommitsEscapeCancels() {
        let e = editor(layers: 2)
        var p = panel(e)
        XCTAssertEqual(p.click(.name(1), shift: false, at: 0), [], "the current one: nothing to do")
        XCTAssertFalse(p.isRenaming)
        XCTAssertEqual(p.click(.name(1), shift: false, at: 0.3), [])
        XCTAssertEqual(p.renaming?.text, "L2")
        p.backspace(); p.backspace()
        for c in "Ink\n" { p.type(c) }
        XCTAssertEqual(p.renaming?.text, "Ink", "a newline is not typed")
        run(p.commitRename(), e)
        XCTAssertEqual(e.currentLayer.name, "Ink")
        XCTAssertFalse(p.isRenaming)
        _ = p.click(.name(1), shift: false, at: 5)
        _ = p.click(.name(1), shift: false, at: 5.2)
        p.type("x")
        p.cancelRename()
        XCTAssertEqual(p.commitRename(), [], "cancelled: nothing")
        _ = p.click(.name(1), shift: false, at: 10)
        _ = p.click(.name(1), shift: false, at: 10 + LayerPanel.doubleClickTime + 0.1)
        XCTAssertFalse(p.isRenaming, "two slow clicks are no double-click")
    }

    func testAClickElsewhereEndsARenameKeepingTheName() {
        let e = editor(layers: 2)
        var p = panel(e)
        _ = p.click(.name(1), shift: false, at: 0)
        _ = p.click(.name(1), shift: false, at: 0.1)
        p.type("!")
        XCTAssertEqual(p.click(.name(1), shift: false, at: 0.5), [], "a click in the name being typed")
        XCTAssertTrue(p.isRenaming)
        let events = p.click(.button(.down), shift: false, at: 1)
        XCTAssertEqual(events, [.rename("L2!"), .move(-1)])
        run(events, e)
        XCTAssertEqual(e.displayList.layers.map(\.name), ["L2!", "Layer 1"])
    }

    func testTheRouterGivesThePanelItsClicksWheelKeysAndCharacters() {
        let bars = ToolbarLayout(canvas: CanvasSpec(width: 800, height: 600), visible: true)
        var router = InputRouter()
        var s = InputScreen(bars: bars, barHeight: 44)
        XCTAssertEqual(router.route(.keyDown(KeyPress(name: "ctrl+l")!), on: s), .layers(.toggle))
        var p = panel(editor(layers: 2))
        s.layerPanel = p
        let eye = p.eyeRect(0).center, opacity = p.opacityRect(1).center
        XCTAssertEqual(router.route(.press(.left, at: eye, modifiers: [.shift]), on: s), .layers(.press(.eye(0), shift: true)))
        XCTAssertEqual(router.route(.release(.left, at: eye, modifiers: []), on: s), .none, "the press held nothing")
        XCTAssertEqual(router.route(.wheel(dx: 0, dy: -1, at: opacity), on: s), .layers(.step(1, up: false)))
        XCTAssertEqual(router.route(.wheel(dx: 0, dy: 1, at: p.titleRect.center), on: s), .none)
        XCTAssertEqual(router.route(.press(.left, at: Point(100, 300), modifiers: []), on: s),
                       .canvas(.touches(.began, at: Point(100, 300), modifiers: [], mirrored: false)), "the canvas draws beside it")
        _ = router.route(.release(.left, at: Point(100, 300), modifiers: []), on: s)
        XCTAssertEqual(router.route(.keyDown(KeyPress(name: "p")!), on: s), .canvas(.key(KeyPress(name: "p")!, .selectTool(.pencil))))
        _ = p.click(.name(1), shift: false, at: 0)
        _ = p.click(.name(1), shift: false, at: 0.1)
        s.layerPanel = p
        for name in ["p", "space", "enter", "escape", "backspace"] {
            XCTAssertEqual(router.route(.keyDown(KeyPress(name: name)!), on: s), .layers(.key(KeyPress(name: name)!)), name)
        }
        XCTAssertEqual(router.route(.text(" "), on: s), .layers(.text(" ")))
        XCTAssertEqual(router.route(.keyDown(KeyPress(name: "ctrl+z")!), on: s), .canvas(.key(KeyPress(name: "ctrl+z")!, .undo)))
        XCTAssertEqual(router.route(.press(.left, at: Point(100, 300), modifiers: []), on: s), .layers(.endRename))
        XCTAssertEqual(InputScreen(bars: bars).button(at: bars.commandRects.last!.center), .command(.layers))
    }
}
