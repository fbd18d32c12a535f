import Foundation

/// What part of the unbounded canvas the window shows: the canvas point at the canvas area's
/// top-left corner and the zoom (window points per canvas point).
///
/// Window points are screen points before the monitor's content scale; `deviceTransform` adds that
/// scale to get device pixels.
public struct Viewport: Hashable, Sendable {
    /// The canvas point at the top-left corner of the canvas area.
    public var origin: Point
    /// Window points per canvas point; 1 is 100 %.
    public var zoom: Double

    /// The smallest zoom, 1/32 (3.1 %).
    public static let minZoom = 1.0 / 32
    /// The largest zoom, 64 (6400 %).
    public static let maxZoom = 64.0
    /// The zoom factor of one wheel notch or ctrl+= / ctrl+-: 2^(1/4).
    public static let zoomStep = pow(2, 0.25)

    /// A viewport with `zoom` clamped into `minZoom...maxZoom` (NaN or infinite zoom becomes 1).
    public init(origin: Point = .zero, zoom: Double = 1) {
        self.origin = origin
        self.zoom = Viewport.clampedZoom(zoom)
    }

    /// `zoom` clamped into `minZoom...maxZoom`; NaN and infinities give 1.
    public static func clampedZoom(_ zoom: Double) -> Double {
        guard zoom.isFinite else { return 1 }
        return min(max(zoom, minZoom), maxZoom)
    }

    /// The canvas point shown at window point `p` (relative to the canvas area's top-left).
    public func canvasPoint(atWindow p: Point) -> Point { origin + p / zoom }

    /// The window point (relative to the canvas area's top-left) where canvas point `c` is shown.
    public func windowPoint(of c: Point) -> Point { (c - origin) * zoom }

    /// The viewport zoomed by `factor` (result clamped), keeping the canvas point under `p` still.
    public func zoomed(by factor: Double, aboutWindow p: Point) -> Viewport {
        zoomed(to: zoom * factor, aboutWindow: p)
    }

    /// The viewport at `zoom` (clamped), keeping the canvas point under window point `p` still.
    public func zoomed(to zoom: Double, aboutWindow p: Point) -> Viewport {
        let anchor = canvasPoint(atWindow: p)
        let z = Viewport.clampedZoom(zoom)
        return Viewport(origin: anchor - p / z, zoom: z)
    }

    /// The viewport panned so the content follows a pointer moved by `d` window points.
    public func panned(byWindow d: Point) -> Viewport { Viewport(origin: origin - d / zoom, zoom: zoom) }

    /// The canvas rectangle shown by a canvas area of `width` × `height` window points.
    public func visibleRect(width: Double, height: Double) -> Rect {
        Rect(x: origin.x, y: origin.y, width: width / zoom, height: height / zoom)
    }

    /// The largest (clamped) zoom at which `rect` with `margin` window points on each side fits a
    /// canvas area of `width` × `height` window points, centred; zoom 1 for a zero-size `rect`.
    public static func fitting(_ rect: Rect, width: Double, height: Double, margin: Double = 16) -> Viewport {
        let c = rect.center
        guard c.isFinite else { return Viewport() }
        let availW = max(width - 2 * margin, 1), availH = max(height - 2 * margin, 1)
        var zoom = 1.0
        if rect.width > 0 || rect.height > 0 {
            let zx = rect.width > 0 ? availW / rect.width : Double.infinity
            let zy = rect.height > 0 ? availH / rect.height : Double.infinity
            zoom = clampedZoom(min(zx, zy))
        }
        return Viewport(origin: Point(c.x - width / 2 / zoom, c.y - height / 2 / zoom), zoom: zoom)
    }

    /// Canvas points to device pixels of a frame whose canvas area starts at `offset` device pixels,
    /// on a monitor with `contentScale` device pixels per window point.
    public func deviceTransform(contentScale: Double, offset: Point = .zero) -> ViewTransform {
        let scale = zoom * contentScale
        return ViewTransform(scale: scale, translation: offset - origin * scale)
    }

    /// The zoom as text: whole percent from 10 % ("100%", "141%"), one decimal below ("3.1%").
    public var zoomPercentText: String {
        let percent = zoom * 100
        if percent >= 9.95 { return "\(Int(percent.rounded()))%" }
        let tenths = Int((percent * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)%"
    }
}
