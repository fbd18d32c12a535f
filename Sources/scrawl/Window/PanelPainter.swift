import ScrawlCore
import ScrawlGL

/// Flat fills and one-pixel frames for the window's panels (the colour picker, the layers panel),
/// in window points mapped to the frame's device pixels at content scale `cs`.
struct PanelPainter {
    let renderer: Renderer
    let frame: RenderTarget
    let cs: Double

    /// `rect`'s device pixels, edges rounded, at least one pixel each way.
    func px(_ rect: Rect) -> PixelRect {
        let x0 = (rect.minX * cs).rounded(), y0 = (rect.minY * cs).rounded()
        return PixelRect(x: Int(x0), y: Int(y0), width: max(1, Int((rect.maxX * cs).rounded() - x0)),
                         height: max(1, Int((rect.maxY * cs).rounded() - y0)))
    }

    func fill(_ rect: Rect, _ c: Color) { renderer.clear(frame, to: c, in: px(rect)) }

    /// A one-point frame just outside `rect`.
    func frameRect(_ rect: Rect, _ c: Color) {
        for side in [Rect(x: rect.minX - 1, y: rect.minY - 1, width: rect.width + 2, height: 1),
                     Rect(x: rect.minX - 1, y: rect.maxY, width: rect.width + 2, height: 1),
                     Rect(x: rect.minX - 1, y: rect.minY, width: 1, height: rect.height),
                     Rect(x: rect.maxX, y: rect.minY, width: 1, height: rect.height)] { fill(side, c) }
    }
}
