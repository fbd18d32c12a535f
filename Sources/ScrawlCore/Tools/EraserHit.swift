import Foundation

/// What the eraser asks of drawables: swept hit tests, cutting open strokes, dimmed copies.
extension Drawable {
    /// Distance from the segment `a`–`b` to the painted geometry (0 when it touches or crosses it):
    /// the disc swept along the segment touches the drawable when this is at most its radius.
    public func paintedDistance(toSegment a: Point, _ b: Point) -> Double {
        switch self {
        case .stamp(let s): return s.rect.distance(toSegment: a, b)
        case .path(let d): return d.paintedDistance(toSegment: a, b)
        }
    }

    /// Whether the disc of `radius` swept from `a` to `b` touches what this drawable paints.
    public func isHit(sweptFrom a: Point, to b: Point, radius: Double) -> Bool {
        guard let bounds = paintedBounds else { return false }
        let sweep = Rect(corner: a, b).insetBy(-radius)
        guard sweep.minX <= bounds.maxX, bounds.minX <= sweep.maxX,
              sweep.minY <= bounds.maxY, bounds.minY <= sweep.maxY else { return false }
        return paintedDistance(toSegment: a, b) <= radius
    }

    /// Drawn over the drawable, dims it to 30 %: its painted shape in the page background at 70 %
    /// opacity (a stamp's rectangle filled so).
    public func veiled(by background: Color) -> Drawable {
        let veil = Color(r: background.r, g: background.g, b: background.b, a: UInt8((Double(background.a) * 0.7).rounded()))
        switch self {
        case .stamp(let s):
            return .path(PathDrawable(path: .rectangle(s.rect), stroke: nil, fill: veil, style: StrokeOptions(width: 0)))
        case .path(var d):
            d.stroke = d.stroke.map { _ in veil }
            d.fill = d.fill.map { _ in veil }
            d.blend = .normal  // a darkening highlight's veil must still lighten it
            return .path(d)
        }
    }
}

extension PathDrawable {
    /// Distance from the segment `a`–`b` to the stroke body or the fill, whichever is nearer.
    public func paintedDistance(toSegment a: Point, _ b: Point) -> Double {
        let lines = path.flattened(tolerance: PathDrawable.hitTolerance)
        let filled = fill.map { $0.a > 0 } ?? false
        if filled, Polyline.windingNumber(lines, at: a) != 0 { return 0 }
        let centre = lines.reduce(Double.infinity) { min($0, $1.distance(toSegment: a, b, closedForFill: filled)) }
        var best = Double.infinity
        if let stroke, stroke.a > 0, style.width > 0 { best = min(best, max(0, centre - style.width / 2)) }
        if filled { best = min(best, centre) }
        return best
    }

    /// Whether the partial eraser cuts this drawable: a visible stroke, no visible fill, and at
    /// least one open subpath. Others (closed shapes, fills) are erased whole.
    public var isCuttableStroke: Bool {
        guard let stroke, stroke.a > 0, style.width > 0, (fill?.a ?? 0) == 0 else { return false }
        return path.flattened(tolerance: PathDrawable.hitTolerance).contains { !$0.closed }
    }

    /// Whether the partial eraser's disc swept from `a` to `b` changes this cuttable stroke: it
    /// covers part of an open subpath's centre line, or touches a closed subpath's painted body.
    func isCut(sweptFrom a: Point, to b: Point, radius: Double) -> Bool {
        path.flattened(tolerance: PathDrawable.hitTolerance).contains { line in
            let d = line.distance(toSegment: a, b)
            return line.closed ? d <= radius + style.width / 2 : d < radius
        }
    }

    /// The pieces left after the disc of `radius` swept along `sweep`: each open subpath's parts
    /// outside it as separate strokes with this style; closed subpaths it does not touch are kept
    /// whole (flattened), touched ones removed.
    func pieces(bySweeping sweep: [Point], radius: Double) -> [Drawable] {
        var out: [Drawable] = []
        for line in path.flattened(tolerance: PathDrawable.hitTolerance) {
            if line.closed {
                guard line.sweepDistance(sweep) > radius + style.width / 2 else { continue }
                var p = Path.polyline(line.points)
                p.close()
                out.append(.path(PathDrawable(path: p, stroke: stroke, fill: fill, style: style, blend: blend)))
            } else {
                for piece in line.cut(bySweeping: sweep, radius: radius) {
                    out.append(.path(PathDrawable(path: .polyline(piece.points), stroke: stroke, fill: fill,
                                                  style: style, blend: blend)))
                }
            }
        }
        return out
    }
}

extension Polyline {
    /// Distance from the swept centre path to this polyline.
    func sweepDistance(_ sweep: [Point]) -> Double {
        guard sweep.count > 1 else { return sweep.first.map { distance(to: $0) } ?? .infinity }
        var best = Double.infinity
        for i in 1..<sweep.count { best = min(best, distance(toSegment: sweep[i - 1], sweep[i])) }
        return best
    }
}

extension Rect {
    /// Distance from the segment `a`–`b` to the rectangle (0 when it enters it).
    public func distance(toSegment a: Point, _ b: Point) -> Double {
        if containsClosed(a) || containsClosed(b) { return 0 }
        let corners = [Point(minX, minY), Point(maxX, minY), Point(maxX, maxY), Point(minX, maxY)]
        var best = min(distance(to: a), distance(to: b))
        for i in 0..<4 { best = min(best, Point.segmentDistance(a, b, corners[i], corners[(i + 1) % 4])) }
        return best
    }
}
