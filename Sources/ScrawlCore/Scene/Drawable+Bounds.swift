extension StrokeOptions {
    /// How far a stroke can reach beyond its path's control points, in multiples of half its width:
    /// 1 for round caps and joins, √2 for square caps, and the miter limit (clamped to 1…1000, as the
    /// tessellator does) for miter joins. The antialiasing fringe reaches as far in multiples of half
    /// a device pixel.
    public var paintedReachFactor: Double {
        var factor = cap == .square ? 2.0.squareRoot() : 1
        if join == .miter {
            let limit = miterLimit.isNaN ? 1 : min(max(miterLimit, 1), 1000)
            factor = max(factor, limit)
        }
        return factor
    }
}

extension PathDrawable {
    /// A canvas-point rectangle holding everything this drawable paints at any scale, not counting
    /// the antialiasing fringe: the control-point bounds grown by the stroke's reach (nil when the
    /// path is empty).
    public var paintedBounds: Rect? {
        var controlBounds: Rect? = nil
        for p in path.points {
            controlBounds = controlBounds?.union(Rect(minX: p.x, minY: p.y, maxX: p.x, maxY: p.y))
                ?? Rect(minX: p.x, minY: p.y, maxX: p.x, maxY: p.y)
        }
        guard let bounds = controlBounds else { return nil }
        guard stroke != nil, style.width > 0, style.width.isFinite else { return bounds }
        return bounds.insetBy(-style.width / 2 * style.paintedReachFactor)
    }
}

extension StampDrawable {
    /// The stamp's rectangle: everything it paints.
    public var paintedBounds: Rect? { rect }
}

extension Drawable {
    /// A canvas-point rectangle holding everything this drawable paints at any scale, not counting
    /// the renderer's antialiasing fringe; nil when it paints nothing (an empty path).
    public var paintedBounds: Rect? {
        switch self {
        case .path(let d): return d.paintedBounds
        case .stamp(let s): return s.paintedBounds
        }
    }
}

extension DisplayList {
    /// The union of the items' painted bounds, nil when none paints anything.
    public var paintedBounds: Rect? {
        items.reduce(nil as Rect?) { acc, item in
            guard let b = item.drawable.paintedBounds else { return acc }
            return acc?.union(b) ?? b
        }
    }
}
