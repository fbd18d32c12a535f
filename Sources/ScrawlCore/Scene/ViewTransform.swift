/// A uniform scale followed by a translation, `p · scale + translation`: where canvas points land in a
/// target's device pixels (x right, y down).
///
/// One value says where a part of a frame goes: the canvas at the device scale below the colour bar,
/// each bar at its edge, later a zoomed and panned view. Meshes are tessellated on the CPU in device
/// pixels, so widths and antialiasing are exact, which splits the mapping in two: the scale is
/// applied when tessellating (`commands(scale: view.scale)`), the rest on the GPU
/// (`view.meshTransform(tessellatedAt: view.scale)`, a pure translation). Both come from this value.
public struct ViewTransform: Hashable, Sendable, CustomStringConvertible {
    /// Device pixels per canvas point.
    public var scale: Double
    /// Where canvas point (0, 0) lands, in device pixels.
    public var translation: Point

    /// The transform `p · scale + translation`.
    public init(scale: Double = 1, translation: Point = .zero) {
        self.scale = scale
        self.translation = translation
    }

    /// Scale 1, no translation: coordinates are used as they are.
    public static let identity = ViewTransform()

    public var description: String { "ViewTransform(scale: \(scale), translation: \(translation))" }

    /// The device pixel position of canvas point `p`.
    public func apply(_ p: Point) -> Point {
        Point(p.x * scale + translation.x, p.y * scale + translation.y)
    }

    /// The device pixel rectangle of canvas rectangle `r` (its corners mapped, then ordered).
    public func apply(_ r: Rect) -> Rect {
        Rect(corner: apply(Point(r.minX, r.minY)), apply(Point(r.maxX, r.maxY)))
    }

    /// The canvas point shown at device pixel position `p`: the inverse of `apply` (scale not 0).
    public func canvasPoint(at p: Point) -> Point {
        Point((p.x - translation.x) / scale, (p.y - translation.y) / scale)
    }

    /// This transform followed by `next`: `next.apply(apply(p))` for every `p`.
    public func followed(by next: ViewTransform) -> ViewTransform {
        ViewTransform(scale: scale * next.scale, translation: next.apply(translation))
    }

    /// The same view shifted by `offset` device pixels.
    public func translated(by offset: Point) -> ViewTransform {
        ViewTransform(scale: scale, translation: translation + offset)
    }

    /// The view scaled by `factor` about device pixel `anchor`, which keeps showing the same canvas point.
    public func zoomed(by factor: Double, about anchor: Point) -> ViewTransform {
        ViewTransform(scale: scale * factor, translation: anchor + (translation - anchor) * factor)
    }

    /// What is left for the GPU to apply to meshes tessellated at `tessellationScale` device pixels
    /// per point: the scale `scale / tessellationScale` (exactly 1 when they are equal) and this
    /// translation.
    public func meshTransform(tessellatedAt tessellationScale: Double) -> ViewTransform {
        ViewTransform(scale: scale == tessellationScale ? 1 : scale / tessellationScale, translation: translation)
    }
}
