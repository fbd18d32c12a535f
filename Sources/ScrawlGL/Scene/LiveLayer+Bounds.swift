import ScrawlCore

extension LiveLayer {
    /// The pixels of `target` that `items` (after `update`) may reach drawn through `view`, grown by
    /// two pixels for their fringe; nil when there are none or one is a dragged selection's
    /// (`.moved`), which this does not bound.
    public func pixelBounds(_ items: [LiveItem], view: ViewTransform, in target: RenderTarget) -> PixelRect? {
        var r: Rect?
        func add(_ b: Rect?, _ transform: ViewTransform) {
            guard let b else { return }
            let t = transform.apply(b)
            r = r?.union(t) ?? t
        }
        for item in items {
            switch item {
            case .polyline(let id, let points, _, let style, let widths):
                if let live = polylines[id] {
                    add(live.bounds, meshTransform(view))
                } else if let box = Rect.bounding(points) {
                    add(box.insetBy(-max(style.width, Double(widths?.max() ?? 0)) / 2 * style.paintedReachFactor), view)
                }
            case .drawable(let d), .mark(let d): add(d.paintedBounds, view)
            case .dashed(let path, _, let width, _): add(Rect.bounding(path.points)?.insetBy(-width), view)
            case .moved: return nil
            }
        }
        guard let r, r.minX.isFinite, r.minY.isFinite, r.maxX.isFinite, r.maxY.isFinite else { return nil }
        return renderer.pixelRect(r.insetBy(-2), transform: ViewTransform(scale: 1), in: target)
    }
}
