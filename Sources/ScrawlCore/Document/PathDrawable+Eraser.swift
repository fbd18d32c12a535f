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
        guard let stroke, stroke.a > 0, maxWidth > 0, (fill?.a ?? 0) == 0 else { return false }
        return path.flattened(tolerance: PathDrawable.hitTolerance).contains { !$0.closed }
    }

    /// Whether the partial eraser's disc swept from `a` to `b` changes this cuttable stroke: it
    /// covers part of an open subpath's centre line, or touches a closed subpath's painted body.
    func isCut(sweptFrom a: Point, to b: Point, radius: Double) -> Bool {
        if let lines = widthLines(tolerance: PathDrawable.hitTolerance) {
            return lines.contains { line in
                line.closed ? line.distance(toSegment: a, b) <= radius : line.polyline.distance(toSegment: a, b) < radius
            }
        }
        return path.flattened(tolerance: PathDrawable.hitTolerance).contains { line in
            let d = line.distance(toSegment: a, b)
            return line.closed ? d <= radius + style.width / 2 : d < radius
        }
    }

    /// The pieces left after the disc of `radius` swept along `sweep`: each open subpath's parts
    /// outside it as separate strokes with this style; closed subpaths it does not touch are kept
    /// whole (flattened), touched ones removed. With per-node widths each piece keeps the widths
    /// at its points, interpolated along the segment where it was cut.
    func pieces(bySweeping sweep: [Point], radius: Double) -> [Drawable] {
        if let lines = widthLines(tolerance: PathDrawable.hitTolerance) { return pieces(of: lines, bySweeping: sweep, radius: radius) }
        var out: [Drawable] = []
        for line in path.flattened(tolerance: PathDrawable.hitTolerance) {
            if line.closed {
                guard line.sweepDistance(sweep) > radius + style.width / 2 else { continue }
                out.append(piece(line.points, closed: true, widths: nil))
            } else {
                for piece in line.cut(bySweeping: sweep, radius: radius) { out.append(self.piece(piece.points, closed: false, widths: nil)) }
            }
        }
        return out
    }

    private func pieces(of lines: [WidthPolyline], bySweeping sweep: [Point], radius: Double) -> [Drawable] {
        var out: [Drawable] = []
        for line in lines {
            if line.closed {
                guard line.sweepDistance(sweep) > radius else { continue }
                out.append(piece(line.points, closed: true, widths: line.widths))
            } else {
                for (cut, widths) in line.polyline.cut(bySweeping: sweep, radius: radius, widths: line.widths) {
                    out.append(piece(cut.points, closed: false, widths: widths))
                }
            }
        }
        return out
    }

    /// A polyline piece of this stroke, in its style, with `widths` at its points when given.
    private func piece(_ points: [Point], closed: Bool, widths: [Double]?) -> Drawable {
        var p = Path.polyline(points)
        if closed { p.close() }
        return .path(PathDrawable(path: p, stroke: stroke, fill: fill, style: style, blend: blend,
                                  widths: widths.map { $0.map { Float($0) } }))
    }
}
