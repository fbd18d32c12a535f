import CGLFW
import Foundation
import ScrawlCore
import ScrawlGL

/// Cursor feedback over the canvas, drawn into the frame over the scene (never into the document):
/// what the editor's current tool answers (`CursorFeedback`: a ring of the width, the stamp's
/// outline, the Follow handle's grab zone, the Bézier's next segment), or the eyedropper's mark
/// while it is armed.
extension WindowApp {
    /// The bars' state beyond the editor: the button under the pointer, mirror mode, recording.
    var barStatus: BarStatus {
        BarStatus(hover: ui.hover?.hit, mirror: ui.mirror, recording: session.isRecording, touchMode: shownTouchMode)
    }

    /// Whether the pointer is over the canvas area (not a bar, not the picker).
    func pointerOverCanvas(_ content: Point) -> Bool {
        let (w, _) = sizes()
        guard content.x >= 0, content.y >= 0, content.x < w.0, content.y < w.1 else { return false }
        if let picker = ui.picker, picker.panel.contains(content) { return false }
        return !isOverBars(content)
    }

    /// Whether the cursor feedback to draw differs from what the last frame drew.
    var hasCursorFeedback: Bool { cursorFeedback() != ui.drawnFeedback }

    /// What the current tool shows at the pointer or the hovering pen (nothing off the canvas,
    /// while panning, or before the pointer was seen in the window).
    func cursorFeedback() -> CursorFeedback {
        let held = ui.router
        let over = held.pen.near || glfwGetWindowAttrib(window, GLFW_HOVERED) != 0  // a floating pen moves no pointer
        guard (ui.pointerSeen && over) || held.pointerDown else { return .none }
        let content = cursorPosition()
        guard pointerOverCanvas(content), held.panFrom == nil, !held.spaceHeld else { return .none }
        return editor.cursorFeedback(at: canvasPoint(content), pointerDown: held.pointerDown)
    }

    /// Draws the cursor feedback for the pointer's position into `frame`.
    func drawCursor(into frame: RenderTarget, scene: WindowScene) {
        let feedback = cursorFeedback()
        ui.drawnFeedback = feedback
        let shapes = cursorShapes(feedback, view: scene.canvasView(editor.viewport, barsShown: editor.barsVisible),
                                  cs: scene.contentScale)
        guard !shapes.isEmpty, let g = graphics else { return }
        g.renderer.draw(shapes.flatMap { $0.commands(scale: 1) }, into: frame)
    }

    /// The feedback's shapes in window pixels.
    private func cursorShapes(_ feedback: CursorFeedback, view: ViewTransform, cs: Double) -> [Drawable] {
        switch feedback {
        case .none: return []
        case .ring(let center, let diameter):
            let at = view.apply(center), d = max(diameter * view.scale, 3)
            return ring(Rect(x: at.x - d / 2, y: at.y - d / 2, width: d, height: d), ellipse: true)
        case .outline(let rect):
            return ring(view.apply(rect), ellipse: false)
        case .grabZone(let center, let radius):
            let c = view.apply(center), r = radius * cs
            let zone = Path.ellipse(in: Rect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r))
            return [.path(PathDrawable(path: zone, stroke: WindowApp.cursorBlue, fill: WindowApp.cursorBlue.withOpacity(0.25),
                                       style: StrokeOptions(width: 1.5 * cs)))]
        case .eyedropper(let at, let colour):
            return eyedropperMark(at: view.apply(at), colour: colour, cs: cs)
        case .segment(let path, let color, let width):
            return [.path(PathDrawable(path: path.mapped { view.apply($0) }, stroke: color.withOpacity(0.5), fill: nil,
                                       style: .round(width: max(width * view.scale, 1))))]
        }
    }

    static let cursorBlue = Color(r: 0x1e, g: 0x6f, b: 0xd9)

    /// A one-pixel dark ring inside a one-pixel white one, visible on any colour.
    private func ring(_ r: Rect, ellipse: Bool) -> [Drawable] {
        func line(_ rect: Rect, _ c: Color) -> Drawable {
            .path(PathDrawable(path: ellipse ? .ellipse(in: rect) : .rectangle(rect), stroke: c, fill: nil,
                               style: StrokeOptions(width: 1, cap: .butt, join: .miter)))
        }
        return [line(r.insetBy(-1), Color.white.withOpacity(0.8)), line(r, Color.black.withOpacity(0.75))]
    }

    /// The eyedropper's cursor: crosshairs and a chip of the colour it would take, beside the pointer.
    private func eyedropperMark(at p: Point, colour: Color, cs: Double) -> [Drawable] {
        let s = 9 * cs
        let cross = Path.polyline([Point(p.x - s, p.y), Point(p.x + s, p.y)])
        var both = cross
        both.move(to: Point(p.x, p.y - s)); both.line(to: Point(p.x, p.y + s))
        let chip = Rect(x: p.x + 10 * cs, y: p.y + 10 * cs, width: 22 * cs, height: 22 * cs)
        return [.path(PathDrawable(path: both, stroke: .black, fill: nil, style: StrokeOptions(width: cs, cap: .butt))),
                .path(PathDrawable(path: .rectangle(chip), stroke: .white, fill: colour, style: StrokeOptions(width: 2 * cs, join: .miter))),
                .path(PathDrawable(path: .rectangle(chip.insetBy(-1.5 * cs)), stroke: .black, fill: nil, style: StrokeOptions(width: cs, join: .miter)))]
    }
}
