/// Scaling drawables about a fixed point (the selection tool's handles).
extension Drawable {
    /// The drawable scaled by `sx`, `sy` about `anchor`; stroke widths scale by the geometric mean
    /// of the factors unless `scalingWidths` is false. A stamp scales its rectangle (never mirrored).
    public func scaled(about anchor: Point, sx: Double, sy: Double, scalingWidths: Bool = true) -> Drawable {
        let map = { (p: Point) in Point(anchor.x + (p.x - anchor.x) * sx, anchor.y + (p.y - anchor.y) * sy) }
        switch self {
        case .path(var d):
            d.path = d.path.mapped(map)
            if scalingWidths { d.style.width *= (abs(sx) * abs(sy)).squareRoot() }
            return .path(d)
        case .stamp(var s):
            s.rect = Rect(corner: map(Point(s.rect.minX, s.rect.minY)), map(Point(s.rect.maxX, s.rect.maxY)))
            return .stamp(s)
        }
    }
}

extension Rect {
    /// The rectangle's four corners, clockwise on screen from the top-left.
    public var corners: [Point] {
        [Point(minX, minY), Point(maxX, minY), Point(maxX, maxY), Point(minX, maxY)]
    }
}
