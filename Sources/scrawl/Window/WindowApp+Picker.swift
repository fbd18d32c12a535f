import CGLFW
import Foundation
import ScrawlCore
import ScrawlGL

/// The colour picker in the window (`c`, `shift+c`, or a click on the colour squares): drawn over
/// the canvas below the colour bar; a drag in it previews, the release applies the colour (as a
/// recorded colour event); typed hex applies when six digits are in. Escape or a click outside closes it.
extension WindowApp {
    /// Opens the picker for the stroke (or the fill), or closes it when it is open for the same.
    func togglePicker(fill: Bool, byKey: Bool = false) {
        if let p = ui.picker, p.forFill == fill { closePicker(); return }
        let r = layout.colorIndicatorRect
        let (w, h) = sizes().window
        let origin = Point(min(max(4, r.minX - 20), max(4, w - ColorPicker.size.width - 4)),
                           min(barHeight + 4, max(0, h - ColorPicker.size.height)))
        ui.picker = ColorPicker(color: currentColour(fill: fill), forFill: fill, origin: origin)
        if byKey { ui.picker?.openingCharacter = fill ? "C" : "c" }
        needsRedraw = true
    }

    /// Closes the picker (a drag in it ends: the router lets go of a drag whose picker is gone).
    func closePicker() {
        ui.picker = nil
        needsRedraw = true
    }

    /// The current tool's stroke or fill colour as the bars show it, which the picker starts from
    /// (random: black; no fill: white).
    func currentColour(fill: Bool) -> Color {
        let s = editor.shownStyle
        return fill ? s.fill?.fixedColor ?? .white : s.stroke.fixedColor
    }

    /// Does what the router gave the picker.
    func perform(_ route: PickerRoute) {
        switch route {
        case .key(let press): pickerKey(press)
        case .text(let c): pickerTyped(c)
        case .toggle(let fill): togglePicker(fill: fill, byKey: true)
        case .press(let part, let p): pickerPress(part, at: p)
        case .drag(let part, let p):
            ui.picker?.drag(part, to: p)
            needsRedraw = true
        case .release(let part, let p):
            guard var pk = ui.picker else { return }
            pk.drag(part, to: p)
            ui.picker = pk
            applyColour(pk.event)
        case .close: closePicker()
        }
    }

    /// A press on a part of the open picker: the square and the strips follow it (and the drag
    /// that goes on), the title switches between stroke and fill, "No fill" applies.
    func pickerPress(_ part: ColorPicker.Part, at p: Point) {
        guard var pk = ui.picker else { return }
        switch part {
        case .square, .hue, .alpha: pk.drag(part, to: p)
        case .target: pk = ColorPicker(color: currentColour(fill: !pk.forFill), forFill: !pk.forFill, origin: pk.origin)
        case .noFill: applyColour(.fill(nil))
        case .hexField, .panel: break
        }
        ui.picker = pk
        needsRedraw = true
    }

    /// A key the open picker takes: escape closes it, enter applies the field, backspace edits
    /// it; other keys (`c` too: it is a hex digit) are typing (the char callback) and do nothing else.
    func pickerKey(_ press: KeyPress) {
        guard var pk = ui.picker else { return }
        switch press.key {
        case "escape": closePicker()
        case "enter":
            if pk.hexIsComplete { applyColour(pk.event) }
        case "backspace":
            pk.backspace()
            ui.picker = pk
        default: break
        }
        needsRedraw = true
    }

    /// A character typed into the hex field: the colour applies when six digits are in.
    func pickerTyped(_ c: Character) {
        guard var pk = ui.picker, pk.type(c) else { return }
        ui.picker = pk
        if pk.hexIsComplete, pk.hexText.count == 7 { applyColour(pk.event) }
        needsRedraw = true
    }

    /// Draws the open picker into `frame` (device pixels at content scale `cs`).
    func drawPicker(into frame: RenderTarget, cs: Double, text: TextRenderer?) {
        guard let pk = ui.picker, let r = graphics?.renderer else { return }
        let paint = PanelPainter(renderer: r, frame: frame, cs: cs)
        func px(_ rect: Rect) -> PixelRect { paint.px(rect) }
        func fill(_ rect: Rect, _ c: Color) { paint.fill(rect, c) }
        func frameRect(_ rect: Rect, _ c: Color) { paint.frameRect(rect, c) }
        fill(pk.panel, Color(r: 0xf6, g: 0xf6, b: 0xf4))
        frameRect(pk.panel, Color(r: 0x88, g: 0x8a, b: 0x85))
        drawGradients(pk, into: frame, px: px, cs: cs)
        let ink = Color(r: 0x2e, g: 0x34, b: 0x36)
        // Markers: a ring on the square, bars across the strips.
        let sq = pk.squareRect
        let m = Point(sq.minX + pk.saturation * sq.width, sq.minY + (1 - pk.value) * sq.height)
        frameRect(Rect(x: m.x - 4, y: m.y - 4, width: 8, height: 8), .white)
        frameRect(Rect(x: m.x - 5, y: m.y - 5, width: 10, height: 10), .black)
        for (strip, t) in [(pk.hueRect, pk.hue), (pk.alphaRect, 1 - pk.alpha)] {
            let y = strip.minY + t * strip.height
            fill(Rect(x: strip.minX - 3, y: y - 1.5, width: strip.width + 6, height: 3), ink)
            fill(Rect(x: strip.minX - 2, y: y - 0.5, width: strip.width + 4, height: 1), .white)
        }
        frameRect(pk.previewRect, ink)
        fill(pk.previewRect, Color.white)
        fill(pk.previewRect, blendOverWhite(pk.color))
        fill(pk.hexRect, .white)
        frameRect(pk.hexRect, pk.hexIsComplete ? ink : Color(r: 0xd0, g: 0x1c, b: 0x1c))
        if pk.forFill { fill(pk.noFillRect, Color(r: 0xe4, g: 0xe4, b: 0xe2)); frameRect(pk.noFillRect, ink) }
        if let text { drawPickerLabels(pk, into: frame, cs: cs, text: text, ink: ink) }
    }

    /// The picker's words: what it applies to, the hex field and "No fill".
    private func drawPickerLabels(_ pk: ColorPicker, into frame: RenderTarget, cs: Double, text: TextRenderer, ink: Color) {
        let size = (12 * cs).rounded()
        func label(_ s: String, _ rect: Rect, dx: Double = 6) {
            text.draw(s, at: Point(((rect.minX + dx) * cs).rounded(), ((rect.center.y) * cs + size * 0.36).rounded()),
                      pixelSize: size, color: ink, into: frame)
        }
        label((pk.forFill ? "Fill colour" : "Stroke colour") + "  (click: " + (pk.forFill ? "stroke" : "fill") + ")", pk.targetRect, dx: 0)
        label(pk.hexText + (pk.hexIsComplete ? "" : "_"), pk.hexRect)
        if pk.forFill { label("No fill", pk.noFillRect) }
    }

    /// The square's saturation/value gradient at the hue, the hue strip, and the opacity strip on a
    /// checkerboard, each a smooth gradient drawn by the picker's shader.
    private func drawGradients(_ pk: ColorPicker, into frame: RenderTarget, px: (Rect) -> PixelRect, cs: Double) {
        guard let r = graphics?.renderer else { return }
        let opaque = ColorPicker.rgb(hue: pk.hue, saturation: pk.saturation, value: pk.value)
        do {
            try r.drawPickerGradient(.square(hue: pk.hue), in: px(pk.squareRect), of: frame)
            try r.drawPickerGradient(.hue, in: px(pk.hueRect), of: frame)
            try r.drawPickerGradient(.alpha(opaque, cell: (pk.alphaRect.width / 3 * cs).rounded()), in: px(pk.alphaRect), of: frame)
        } catch {
            if !ui.pickerProblemSaid { printError("scrawl: the colour picker's gradients cannot be drawn: \(error)") }
            ui.pickerProblemSaid = true
        }
    }

    /// A translucent colour as it shows over white (opaque).
    func blendOverWhite(_ c: Color) -> Color {
        let a = Double(c.a) / 255
        func ch(_ v: UInt8) -> UInt8 { UInt8((Double(v) * a + 255 * (1 - a)).rounded()) }
        return Color(r: ch(c.r), g: ch(c.g), b: ch(c.b))
    }
}
