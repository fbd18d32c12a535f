import CGLFW
import Foundation
import ScrawlCore
import ScrawlGL

/// The layers panel in the window (`ctrl+l`, or the layers button in the colour bar): drawn over
/// the canvas at the window's right, below the colour bar. Its clicks become `layer` input events
/// (recorded and journaled as any edit, one undo step each); a double-click on the current
/// layer's name types a new one (enter commits, escape cancels). It stays open until its key or
/// button closes it (or the colour picker opens). Taller than the window, it shows the rows that
/// fit and the wheel over them scrolls.
extension WindowApp {
    /// Opens the panel, or closes it.
    func toggleLayerPanel() {
        if ui.layerPanel != nil { ui.layerPanel = nil } else {
            let (w, _) = sizes().window
            let origin = Point(max(4, w - LayerPanel.width - 4), barHeight + 4)
            ui.layerPanel = LayerPanel(origin: origin, layers: editor.displayList.layers, current: editor.currentLayerIndex)
        }
        needsRedraw = true
    }

    /// The open panel, showing the editor's layers as they are now, reaching no lower than the
    /// canvas area's bottom, so the shape bar stays clear (it scrolls when its rows need more).
    func syncedLayerPanel() -> LayerPanel? {
        if let top = ui.layerPanel?.origin.y {
            let bottom = sizes().window.1 - (editor.barsVisible ? barHeight : 0)
            ui.layerPanel?.maxHeight = bottom - top - 4
        }
        ui.layerPanel?.sync(layers: editor.displayList.layers, current: editor.currentLayerIndex)
        return ui.layerPanel
    }

    /// Does what the router gave the panel.
    func perform(_ route: LayerPanelRoute) {
        switch route {
        case .toggle: toggleLayerPanel()
        case .press(let part, let shift):
            guard var panel = syncedLayerPanel() else { return }
            let events = panel.click(part, shift: shift, at: glfwGetTime())
            ui.layerPanel = panel
            applyLayers(events)
        case .step(let position, let up): applyLayers(syncedLayerPanel()?.step(position, up: up) ?? [])
        case .scroll(let rows): if syncedLayerPanel() != nil { ui.layerPanel?.scroll(by: rows) }
        case .key(let press): layerPanelKey(press)
        case .text(let c): ui.layerPanel?.type(c)
        case .endRename: applyLayers(ui.layerPanel?.commitRename() ?? [])
        }
        needsRedraw = true
    }

    /// A key while a name is typed: enter commits it, escape cancels, backspace edits; the rest
    /// is typing (its character comes as text).
    func layerPanelKey(_ press: KeyPress) {
        switch press.key {
        case "enter": applyLayers(ui.layerPanel?.commitRename() ?? [])
        case "escape": ui.layerPanel?.cancelRename()
        case "backspace": ui.layerPanel?.backspace()
        default: break
        }
    }

    /// Hands the panel's layer events to the editor (recorded), then shows where that leaves the
    /// current layer.
    func applyLayers(_ events: [LayerEvent]) {
        guard !events.isEmpty else { return }
        for e in events { apply(.layer(e)) }
        _ = syncedLayerPanel()
    }

    /// Draws the open panel into `frame` (device pixels at content scale `cs`).
    func drawLayerPanel(into frame: RenderTarget, cs: Double, text: TextRenderer?) {
        guard let panel = syncedLayerPanel(), let r = graphics?.renderer else { return }
        let paint = PanelPainter(renderer: r, frame: frame, cs: cs)
        func px(_ rect: Rect) -> PixelRect { paint.px(rect) }
        func fill(_ rect: Rect, _ c: Color) { paint.fill(rect, c) }
        func frameRect(_ rect: Rect, _ c: Color) { paint.frameRect(rect, c) }
        let ink = Color(r: 0x2e, g: 0x34, b: 0x36), faint = Color(r: 0xa8, g: 0xaa, b: 0xa6)
        fill(panel.panel, Color(r: 0xf6, g: 0xf6, b: 0xf4))
        frameRect(panel.panel, Color(r: 0x88, g: 0x8a, b: 0x85))
        for position in panel.shownPositions {
            let layer = panel.layers[position]
            if position == panel.current { fill(panel.rowRect(position), Color(r: 0xcf, g: 0xdf, b: 0xf2)) }
            drawEye(panel.eyeRect(position), open: layer.visible, ink: layer.visible ? ink : faint, fill: fill, frameRect: frameRect)
            drawLock(panel.lockRect(position), locked: layer.locked, ink: layer.locked ? ink : faint, fill: fill, frameRect: frameRect)
            if panel.renaming?.position == position { fill(panel.nameRect(position), .white); frameRect(panel.nameRect(position), ink) }
        }
        if let thumb = panel.scrollThumb { fill(thumb, faint) }
        for b in panel.buttonRects { fill(b, Color(r: 0xe4, g: 0xe4, b: 0xe2)); frameRect(b, ink) }
        if let text { drawLayerPanelWords(panel, into: frame, cs: cs, text: text, ink: ink) }
    }

    /// An eye: a filled pupil in an open lid when shown, a closed line when hidden.
    private func drawEye(_ r: Rect, open: Bool, ink: Color, fill: (Rect, Color) -> Void, frameRect: (Rect, Color) -> Void) {
        let c = r.center
        if open {
            frameRect(Rect(x: c.x - 8, y: c.y - 5, width: 16, height: 10), ink)
            fill(Rect(x: c.x - 3, y: c.y - 3, width: 6, height: 6), ink)
        } else {
            fill(Rect(x: c.x - 8, y: c.y, width: 16, height: 1.5), ink)
        }
    }

    /// A padlock: its body, and the shackle closed on it when locked or open beside it when not.
    private func drawLock(_ r: Rect, locked: Bool, ink: Color, fill: (Rect, Color) -> Void, frameRect: (Rect, Color) -> Void) {
        let c = r.center
        let body = Rect(x: c.x - 6, y: c.y - 1, width: 12, height: 8)
        if locked { fill(body, ink) } else { frameRect(body, ink) }
        let dx = locked ? 0.0 : 5.0
        frameRect(Rect(x: c.x - 3.5 + dx, y: c.y - 7, width: 7, height: 6), ink)
    }

    /// The panel's words: its title, the names, the opacities and the buttons.
    private func drawLayerPanelWords(_ panel: LayerPanel, into frame: RenderTarget, cs: Double, text: TextRenderer, ink: Color) {
        let size = (12 * cs).rounded()
        func label(_ s: String, _ rect: Rect, dx: Double = 4, centred: Bool = false) {
            let w = text.measure(s, pixelSize: size).width / cs
            let x = centred ? rect.center.x - w / 2 : rect.minX + dx
            text.draw(s, at: Point((x * cs).rounded(), (rect.center.y * cs + size * 0.36).rounded()), pixelSize: size, color: ink, into: frame)
        }
        label("Layers", panel.titleRect, dx: 0)
        for position in panel.shownPositions {
            let layer = panel.layers[position]
            let name = panel.renaming?.position == position ? (panel.renaming?.text ?? "") + "_" : layer.name
            label(String(name.prefix(22)), panel.nameRect(position))
            label("\(Int((layer.opacity * 100).rounded())) %", panel.opacityRect(position))
        }
        for (b, rect) in zip(LayerPanel.Button.allCases, panel.buttonRects) { label(b.title, rect, centred: true) }
    }
}
