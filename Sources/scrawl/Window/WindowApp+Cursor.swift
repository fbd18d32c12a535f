import CGLFW
import Foundation
import ScrawlCore
import ScrawlGL

/// Cursor feedback over the canvas, drawn into the frame over the scene (never into the document):
/// a ring the size of the current width for the tools that draw lines, the stamp's outline for the
/// Image tool, the Follow handle's grab zone when the pointer is in it, and the eyedropper's colour.
extension WindowApp {
    /// The bars' state beyond the editor: the button under the pointer, mirror mode, recording.
    var barStatus: BarStatus {
        BarStatus(hover: ui.hover?.hit, mirror: ui.mirror, recording: session.isRecording)
    }

    /// Whether the pointer is over the canvas area (not a bar, not the picker).
    func pointerOverCanvas(_ content: Point) -> Bool {
        let (w, _) = sizes()
        guard content.x >= 0, content.y >= 0, content.x < w.0, content.y < w.1 else { return false }
        if let picker = ui.picker, picker.panel.contains(content) { return false }
        return !isOverBars(content)
    }

    /// Whether the pointer's position shows on the canvas (a ring, an outline, a grab zone, the eyedropper).
    var hasCursorFeedback: Bool {
        let k = editor.tool.kind
        return editor.eyedropperArmed || WindowApp.ringTools.contains(k) || k == .stamp || k == .follow
    }

    /// Tools whose cursor is a ring of the stroke width.
    static let ringTools: Set<ToolKind> = [.pencil, .smooth, .arrow, .line, .highlighter]

    /// Draws the cursor feedback for the pointer's position into `frame`.
    func drawCursor(into frame: RenderTarget, scene: WindowScene) {
        let held = ui.router
        guard (ui.pointerSeen && glfwGetWindowAttrib(window, GLFW_HOVERED) != 0) || held.pointerDown else { return }
        let content = cursorPosition()
        guard pointerOverCanvas(content), held.panFrom == nil, !held.spaceHeld else { return }
        let view = scene.canvasView(editor.viewport, barsShown: editor.barsVisible)
        let canvas = canvasPoint(content)
        let at = view.apply(canvas)
        var shapes: [Drawable] = []
        if editor.eyedropperArmed {
            shapes += eyedropperMark(at: at, colour: editor.colour(at: canvas), cs: scene.contentScale)
        } else if WindowApp.ringTools.contains(editor.tool.kind) {
            let w = editor.tool.kind == .highlighter ? editor.settings.highlighterWidth : editor.settings.width
            let d = max(w * view.scale, 3)
            shapes += ring(Rect(x: at.x - d / 2, y: at.y - d / 2, width: d, height: d), ellipse: true)
        } else if editor.tool.kind == .stamp {
            shapes += ring(view.apply(StampDrawable(image: editor.stampImage, center: canvas).rect), ellipse: false)
        } else if let follow = editor.tool as? FollowTool, let h = follow.handle, !held.pointerDown {
            let reach = FollowTool.grabDistance * editor.screenPointSize
            if h.distance(to: canvas) <= reach {
                let c = view.apply(h), r = FollowTool.grabDistance * scene.contentScale
                let zone = Path.ellipse(in: Rect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r))
                shapes.append(.path(PathDrawable(path: zone, stroke: WindowApp.cursorBlue, fill: WindowApp.cursorBlue.withOpacity(0.25),
                                                 style: StrokeOptions(width: 1.5 * scene.contentScale))))
            }
        }
        guard !shapes.isEmpty, let g = graphics else { return }
        g.renderer.draw(shapes.flatMap { $0.commands(scale: 1) }, into: frame)
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
