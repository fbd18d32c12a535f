import CGLFW
import Foundation
import ScrawlCore

/// Zoom and pan: the view is the editor's `Viewport`, changed only through recorded `view` events,
/// so a recording replays the same views (`scrawl render --window`). The wheel, the middle button
/// and space-drag reach it through the input router.
extension WindowApp {
    /// Canvas points one wheel notch pans, in window points.
    static let wheelStep = 48.0

    /// The first view: the page's top-left corner at the canvas area's, at 100 % (or at `--scale`),
    /// zoomed out if needed so the whole page fits.
    func startView() {
        viewStarted = true
        let area = canvasAreaSize
        let fitsAt = min(area.width / editor.canvas.width, area.height / editor.canvas.height)
        let zoom = userScale.map { $0 / contentScale } ?? min(1, fitsAt)
        setView(Viewport(origin: .zero, zoom: zoom.isFinite && zoom > 0 ? zoom : 1))
    }

    /// Shows `view`, its origin snapped to whole device pixels (so tiles land pixel for pixel and a
    /// recording renders the same pixels); records it when it differs from the current one.
    func setView(_ view: Viewport) {
        let v = snapped(view)
        guard v != editor.viewport else { return }
        apply(.view(v))
    }

    /// `view` with its origin on whole device pixels, within the canvas limit.
    func snapped(_ view: Viewport) -> Viewport {
        let s = view.zoom * contentScale
        var v = view
        let limit = CanvasSpec.coordinateLimit
        v.origin = Point(min(max((v.origin.x * s).rounded() / s, -limit), limit),
                         min(max((v.origin.y * s).rounded() / s, -limit), limit))
        return v
    }

    /// The centre of the canvas area, in canvas-area window points.
    var areaCentre: Point {
        let a = canvasAreaSize
        return Point(a.width / 2, a.height / 2)
    }

    /// Zooms by `steps` wheel notches (or key presses) about `anchor` (canvas-area window points).
    /// The zoom lands exactly on powers of 2^(1/4), so 100 % is always reachable.
    func zoom(steps: Double, about anchor: Point) {
        let v = editor.viewport
        let level = (log2(v.zoom) * 4 + steps)
        let snapped = abs(level - level.rounded()) < 1e-6 ? level.rounded() : level
        setView(v.zoomed(to: pow(2, snapped / 4), aboutWindow: anchor))
    }

    /// Performs a window-level zoom action.
    func zoomAction(_ action: KeyAction.WindowAction) {
        switch action {
        case .zoomIn: zoom(steps: 1, about: areaCentre)
        case .zoomOut: zoom(steps: -1, about: areaCentre)
        case .zoomToActualSize: setView(editor.viewport.zoomed(to: 1, aboutWindow: areaCentre))
        case .zoomToFit:
            let rect = editor.displayList.paintedBounds ?? Rect(x: 0, y: 0, width: editor.canvas.width, height: editor.canvas.height)
            let a = canvasAreaSize
            setView(Viewport.fitting(rect, width: a.width, height: a.height, margin: 16))
        default: break
        }
    }

    /// The scroll wheel: pans (shift: sideways), or zooms about `anchor` (the pointer, in
    /// canvas-area window points) with ctrl.
    func scrolled(dx: Double, dy: Double, anchor: Point) {
        let ctrl = glfwGetKey(window, GLFW_KEY_LEFT_CONTROL) == GLFW_PRESS || glfwGetKey(window, GLFW_KEY_RIGHT_CONTROL) == GLFW_PRESS
        let shift = glfwGetKey(window, GLFW_KEY_LEFT_SHIFT) == GLFW_PRESS || glfwGetKey(window, GLFW_KEY_RIGHT_SHIFT) == GLFW_PRESS
        if ctrl {
            if dy != 0 { zoom(steps: dy, about: anchor) }
            return
        }
        let d = shift && dx == 0 ? Point(dy, 0) : Point(dx, dy)
        setView(editor.viewport.panned(byWindow: d * WindowApp.wheelStep))
    }

    /// A step of a finger gesture (*touch navigates*; canvas-area window points): zooms by `scale`
    /// about `from`, then pans `from` to `to`. Steps build on the unsnapped view of the steps
    /// before (while nothing else changed the view), so snapping to device pixels never drifts.
    func touchGesture(from: Point, to: Point, scale: Double) {
        var base = editor.viewport
        if let g = ui.gestureView, snapped(g) == base { base = g }
        let next = base.zoomed(by: scale, aboutWindow: from).panned(byWindow: to - from)
        ui.gestureView = next
        setView(next)
    }

    /// A hand while panning or ready to pan (space held), else the arrow.
    func updateCursor() {
        if handCursor == nil { handCursor = glfwCreateStandardCursor(GLFW_HAND_CURSOR) }
        glfwSetCursor(window, ui.router.spaceHeld || ui.router.panFrom != nil ? handCursor : nil)
    }
}
