/// What the eraser does to a path: the stroke eraser removes it whole, and so does the partial one
/// unless it is a cuttable stroke (`isCuttableStroke`), which the partial eraser cuts.
extension PathDrawable {
    public func isTouched(byEraserFrom a: Point, to b: Point, radius: Double, mode: EraserMode) -> Bool {
        if mode == .partial, isCuttableStroke { return isCut(sweptFrom: a, to: b, radius: radius) }
        return isHit(sweptFrom: a, to: b, radius: radius)
    }

    public func erased(along sweep: [Point], radius: Double, mode: EraserMode) -> [Drawable] {
        guard mode == .partial, isCuttableStroke else { return [] }
        return pieces(bySweeping: sweep, radius: radius)
    }

    /// The path with its stroke and fill (those it has) in `veil`, blended "over" (a darkening
    /// highlight's veil must still lighten it).
    public func veiled(_ veil: Color) -> Drawable {
        var d = self
        d.stroke = stroke.map { _ in veil }
        d.fill = fill.map { _ in veil }
        d.blend = .normal
        return .path(d)
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
