/// Geometry of the selection tool: the box's handles, lasso enclosure and picking.
enum SelectGeometry {
    /// The eight handles in unit box coordinates: corners and edge midpoints, clockwise from the
    /// top-left (top-left, top, top-right, right, bottom-right, bottom, bottom-left, left).
    static let handleUnits: [(u: Double, v: Double)] = [
        (0, 0), (0.5, 0), (1, 0), (1, 0.5), (1, 1), (0.5, 1), (0, 1), (0, 0.5),
    ]

    /// Where handle `k` of `box` is.
    static func handle(_ k: Int, of box: Rect) -> Point {
        let h = handleUnits[k]
        return Point(box.minX + box.width * h.u, box.minY + box.height * h.v)
    }

    /// The point that stays fixed while handle `k` is dragged: the opposite handle.
    static func anchor(_ k: Int, of box: Rect) -> Point { handle((k + 4) % 8, of: box) }

    /// Whether handle `k` is a corner (scales both axes).
    static func isCorner(_ k: Int) -> Bool { k % 2 == 0 }

    /// The handles a box shows: those that scale an axis along which the box is at least
    /// `minExtent` long (a thin line's box keeps only its end handles, so the line can be grabbed).
    static func handles(of box: Rect, minExtent: Double) -> [Int] {
        (0..<8).filter {
            let h = handleUnits[$0]
            return (h.u == 0.5 || box.width >= minExtent) && (h.v == 0.5 || box.height >= minExtent)
        }
    }

    /// The handle of `handles` within `reach` of `p`, nearest first; nil when none is.
    static func handle(at p: Point, box: Rect, handles: [Int], reach: Double) -> Int? {
        let hits = handles.filter {
            let h = handle($0, of: box)
            return abs(h.x - p.x) <= reach && abs(h.y - p.y) <= reach
        }
        return hits.min { handle($0, of: box).distance(to: p) < handle($1, of: box).distance(to: p) }
    }

    /// Scale factors that move handle `k` of `box` by `delta` with the opposite handle fixed;
    /// `uniform` keeps the aspect ratio (corners only). Factors stay at least 0.01 in size.
    static func scale(handle k: Int, box: Rect, delta: Point, uniform: Bool) -> (sx: Double, sy: Double) {
        let h = handle(k, of: box), a = anchor(k, of: box), u = handleUnits[k]
        func factor(_ from: Double, _ to: Double, _ fixed: Double) -> Double {
            let span = from - fixed
            guard abs(span) > 1e-9 else { return 1 }
            let f = (to - fixed) / span
            return abs(f) < 0.01 ? (f < 0 ? -0.01 : 0.01) : f
        }
        var sx = u.u == 0.5 ? 1 : factor(h.x, h.x + delta.x, a.x)
        var sy = u.v == 0.5 ? 1 : factor(h.y, h.y + delta.y, a.y)
        if uniform && isCorner(k) {
            let s = abs(sx) >= abs(sy) ? sx : sy
            sx = s; sy = s
        }
        return (sx, sy)
    }

    /// The four corners of `r`, clockwise from the top-left: the box selection as a polygon.
    static func corners(of r: Rect) -> [Point] {
        [Point(r.minX, r.minY), Point(r.maxX, r.minY), Point(r.maxX, r.maxY), Point(r.minX, r.maxY)]
    }

    /// Whether `p` lies inside the closed polygon `poly` (even-odd rule).
    static func contains(_ poly: [Point], _ p: Point) -> Bool {
        guard poly.count > 2 else { return false }
        var inside = false
        var j = poly.count - 1
        for i in 0..<poly.count {
            let a = poly[i], b = poly[j]
            if (a.y > p.y) != (b.y > p.y) && p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x {
                inside.toggle()
            }
            j = i
        }
        return inside
    }

    /// Whether the lasso `poly` encloses all of `d` (its `outlinePoints`).
    static func encloses(_ poly: [Point], _ d: Drawable) -> Bool {
        let points = d.outlinePoints
        return !points.isEmpty && points.allSatisfy { contains(poly, $0) }
    }

    /// The union of the painted bounds of `drawables`, nil when none paints.
    static func bounds(_ drawables: [Drawable]) -> Rect? {
        drawables.reduce(nil as Rect?) { acc, d in
            guard let b = d.paintedBounds else { return acc }
            return acc?.union(b) ?? b
        }
    }
}
