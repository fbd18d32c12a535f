import CGLFW
import Foundation
import ScrawlCore
import ScrawlGL

/// A message shown at the bottom of the canvas area: information fades after a few seconds,
/// an error stays until the next click or key.
struct Toast {
    let text: String
    let isError: Bool
    let shownAt: Double
    /// Seconds an information toast is shown at full strength, then fading.
    static let hold = 3.0, fade = 0.5
}

/// What the window draws over the scene in text: toasts, the help overlay (`F1`, `?`) and tooltips
/// over the bars.
extension WindowApp {
    /// Text size in window points.
    static let textPoints = 13.0
    /// Seconds the pointer rests on a swatch or tool before its tooltip shows.
    static let tooltipDelay = 0.5

    /// Shows `text` as a toast (and keeps it on standard output or error, as before).
    func toast(_ text: String, error: Bool = false) {
        ui.toast = Toast(text: text, isError: error, shownAt: glfwGetTime())
        needsRedraw = true
    }

    /// Seconds until the overlays need another frame (a fade step, a tooltip), or nil when never.
    func overlayWake(now: Double) -> Double? {
        var wake: Double?
        if let t = ui.toast, !t.isError {
            let age = now - t.shownAt
            wake = age < Toast.hold ? Toast.hold - age : 1.0 / 30
        }
        if let h = ui.hover, !h.shown { wake = min(wake ?? .infinity, max(0.01, h.since + WindowApp.tooltipDelay - now)) }
        return wake
    }

    /// Draws the toast, the tooltip and the help overlay into the frame.
    func drawOverlays(into frame: RenderTarget, scene: WindowScene, text: TextRenderer?) {
        let now = glfwGetTime(), cs = scene.contentScale
        let area = scene.canvasArea(width: frame.width, height: frame.height, barsShown: editor.barsVisible)
        drawCursor(into: frame, scene: scene)
        drawPicker(into: frame, cs: cs, text: text)
        drawLayerPanel(into: frame, cs: cs, text: text)
        guard let text else { return }
        if ui.helpShown { drawHelp(into: frame, area: area, cs: cs, text: text) } else { drawFirstHint(into: frame, area: area, cs: cs, text: text) }
        drawPrompt(into: frame, area: area, cs: cs, text: text)
        if var h = ui.hover, now - h.since >= WindowApp.tooltipDelay {
            h.shown = true
            ui.hover = h
            let c = cursorPosition(), (x, y) = (c.x, c.y)
            // Below the pointer, or above it where the label would pass the window's bottom (the shape bar).
            let size = WindowApp.textPoints * cs, below = y * cs + 22 * cs
            let fits = below + size * 0.4 + 3 * cs <= Double(frame.height)
            drawLabel(tooltip(h.hit), at: Point(x * cs + 12 * cs, fits ? below : y * cs - 14 * cs), frame: frame, cs: cs, text: text,
                      background: Color(r: 0x2e, g: 0x34, b: 0x36), ink: .white)
        }
        if let t = ui.toast {
            let age = now - t.shownAt
            if !t.isError && age > Toast.hold + Toast.fade { ui.toast = nil; return }
            let alpha = t.isError ? 1 : min(1, max(0, 1 - (age - Toast.hold) / Toast.fade))
            let w = text.measure(t.text, pixelSize: WindowApp.textPoints * cs).width
            let lift = Double(promptPanelHeight(cs: cs))  // above an open prompt and its list
            let x = Double(area.x) + (Double(area.width) - w) / 2, y = Double(area.maxY) - 18 * cs - lift
            let back = t.isError ? Color(r: 0xb0, g: 0x1c, b: 0x1c) : Color(r: 0x2e, g: 0x34, b: 0x36)
            drawLabel(t.text, at: Point(x, y), frame: frame, cs: cs, text: text,
                      background: back.withOpacity(alpha), ink: Color.white.withOpacity(alpha))
        }
    }

    /// A line of text on a rounded-off panel, its baseline-left at `p` (device pixels).
    func drawLabel(_ s: String, at p: Point, frame: RenderTarget, cs: Double, text: TextRenderer,
                   background: Color, ink: Color) {
        let size = WindowApp.textPoints * cs
        let w = text.measure(s, pixelSize: size).width
        let pad = 6 * cs
        let x = min(max(p.x, pad), Double(frame.width) - w - pad)
        let panel = PixelRect(x: Int(x - pad), y: Int(p.y - size - pad / 2), width: Int(w + 2 * pad), height: Int(size * 1.4 + pad))
        graphics?.renderer.clear(frame, to: background, in: panel)
        text.draw(s, at: Point(x.rounded(), p.y.rounded()), pixelSize: size, color: ink, into: frame)
    }

    /// The first start's one line, in the middle of the empty canvas: where the keys are.
    static let firstHintText = "Press F1 for keys and mouse"

    /// Draws the first start's hint while it is due and the canvas is empty.
    func drawFirstHint(into frame: RenderTarget, area: PixelRect, cs: Double, text: TextRenderer) {
        guard ui.firstHint, editor.displayList.items.isEmpty else { return }
        let size = (WindowApp.textPoints * 1.25 * cs).rounded()
        let w = text.measure(WindowApp.firstHintText, pixelSize: size).width
        let at = Point((Double(area.x) + (Double(area.width) - w) / 2).rounded(), (Double(area.y) + Double(area.height) / 2).rounded())
        text.draw(WindowApp.firstHintText, at: at, pixelSize: size, color: WindowApp.hintGray, into: frame)
    }

    static let hintGray = Color(r: 0x8a, g: 0x8e, b: 0x91)

    /// The help overlay: every key and mouse action, from the same table as `--help` and the README.
    func drawHelp(into frame: RenderTarget, area: PixelRect, cs: Double, text: TextRenderer) {
        let lines = WindowApp.helpLines + ["", "Pen and touch: " + deviceStatus]
        let size = helpTextSize(lines, area: area, cs: cs, text: text), lineHeight = size * 1.35
        let width = lines.map { text.measure($0, pixelSize: size).width }.max() ?? 0
        let panel = PixelRect(x: area.x + Int(16 * cs), y: area.y + Int(16 * cs),
                              width: Int(width + 24 * cs), height: Int(Double(lines.count) * lineHeight + 20 * cs))
        graphics?.renderer.clear(frame, to: Color(r: 0x20, g: 0x24, b: 0x26, a: 0xee), in: panel)
        for (i, line) in lines.enumerated() {
            let baseline = Double(panel.y) + 10 * cs + size + Double(i) * lineHeight
            text.draw(line, at: Point(Double(panel.x) + 12 * cs, baseline.rounded()), pixelSize: size, color: .white, into: frame)
        }
    }

    /// The help's text size in device pixels: the usual size, smaller (down to 60 %) when the
    /// panel would not fit the canvas area otherwise, so it never covers the bars.
    func helpTextSize(_ lines: [String], area: PixelRect, cs: Double, text: TextRenderer) -> Double {
        let size = WindowApp.textPoints * cs
        let width = lines.map { text.measure($0, pixelSize: size).width }.max() ?? 0
        let height = Double(lines.count) * size * 1.35
        let fitH = (Double(area.height) - 52 * cs) / max(height, 1)
        let fitW = (Double(area.width) - 56 * cs) / max(width, 1)
        return (size * min(1, max(0.6, min(fitH, fitW)))).rounded(.down)
    }

    /// The overlay's lines: the KEYS of `scrawl --help`, then the mouse.
    static var helpLines: [String] {
        ["Keys (F1 or ? closes this)"] + HelpKeys.lines() + ["", "Mouse"] + HelpKeys.mouseLines
    }

    /// A tooltip's text: the name and key of a swatch or tool.
    func tooltip(_ hit: ToolbarHit) -> String {
        switch hit {
        case .swatch(let i):
            let c = ColorChoice.bar[i]
            return "\(c.name.prefix(1).uppercased() + c.name.dropFirst()) (\(c.key); shift+\(c.key) for the fill)"
        case .tool(let kind): return "\(kind.title) (\(kind.key))"
        case .colorIndicator(let fill):
            return fill ? "Fill colour: click for the picker (shift+c)" : "Stroke colour: click for the picker (c); shift+click: the fill"
        case .recent(let i):
            let hex = i < editor.recentColours.count ? editor.recentColours[i].hex : ""
            return "Recent colour \(hex) (shift+click for the fill)"
        case .width: return "Width: click to step up, shift+click down, or scroll ([ and ])"
        case .opacity: return "Opacity of new strokes: click to step up, shift+click down, or scroll (shift+[ and shift+])"
        case .pressure: return "Pressure sensitivity: click to step it; shift+click: the mouse's pressure from its speed"
        case .stabilizer: return "Stabilizer: click to step it (g)"
        case .touchMode: return "Touch mode: " + (ui.touchMode == .draw ? "fingers draw" : "fingers pan and pinch-zoom") + "; click to switch (n)"
        case .command(.layers):
            return "Layers panel (\(KeyTable.chord(for: ToolbarCommand.layers.action)?.name ?? "")): " + editor.layerStatusText
        case .command(let command):
            return command.title + (KeyTable.chord(for: command.action).map { " (\($0.name))" } ?? "")
        case .zoom: return "Zoom: click for 100 % (ctrl+1), ctrl+click to fit the drawing (ctrl+0)"
        case .selectMode: return "Selection by box or lasso: click to switch (v)"
        }
    }

    /// Tracks which swatch or tool the pointer rests on, for its tooltip and highlight.
    func hovered(at content: Point, on screen: InputScreen) {
        let hit = screen.button(at: content)
        if hit != ui.hover?.hit {
            ui.hover = hit.map { Hover(hit: $0, since: glfwGetTime(), shown: false) }
            needsRedraw = true  // the highlight follows the pointer
        }
        if hasCursorFeedback { needsRedraw = true }  // the ring, outline or grab zone follows the pointer
    }
}

/// The swatch or tool under the pointer, since when, and whether its tooltip is showing.
struct Hover {
    let hit: ToolbarHit
    let since: Double
    var shown: Bool
}
