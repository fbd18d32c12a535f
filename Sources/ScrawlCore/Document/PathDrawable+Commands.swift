/// Drawing a path: its fill and stroke tessellated at a device scale, in pieces when it is long.
extension PathDrawable {
    /// Fill (nonzero, stencil-then-cover) then stroke; translucent strokes blend with uniform alpha,
    /// darken and lighten strokes with their own blend. A path that flattens to many points
    /// (`drawsInPieces`) gives commands that tessellate it in pieces while they are drawn.
    public func commands(scale: Double) -> [DrawCommand] {
        var out: [DrawCommand] = []
        let hasFill = fill.map { $0.a > 0 } ?? false
        let hasStroke = (stroke.map { $0.a > 0 } ?? false) && style.width > 0
        guard hasFill || hasStroke else { return out }
        if drawsInPieces(scale: scale) {
            if let fill, hasFill { out.append(.fillPieces(FillPieces(path: path, color: fill, scale: scale, tolerance: style.tolerance))) }
            if let stroke, hasStroke { out.append(.strokePieces(strokePieces(color: stroke, scale: scale), blend: strokeBlend)) }
            return out
        }
        if let fill, hasFill, let f = FillTessellator.fillWithFringe(path, color: fill, scale: scale, tolerance: style.tolerance) {
            out.append(.fill(fan: f.fan, cover: f.cover, fringe: f.fringe))
        }
        if let stroke, hasStroke {
            let mesh = variableWidths.map {
                VariableStrokeTessellator.mesh(path, widths: $0, options: style, color: stroke, scale: scale)
            } ?? StrokeTessellator.mesh(path, options: style, color: stroke, scale: scale)
            if !mesh.isEmpty { out.append(.stroke(mesh, blend: strokeBlend)) }
        }
        return out
    }

    /// The stroke's blend: its ink blend, else "over" when the colour is opaque, uniform alpha when not.
    public var strokeBlend: StrokeBlend {
        switch blend {
        case .darken: return .darken
        case .lighten: return .lighten
        case .normal: return stroke?.isOpaque ?? true ? .over : .uniformAlpha
        }
    }

    /// Whether this drawable's fill and stroke are drawn in pieces at `scale`: its path flattens to
    /// more than `PiecewiseTessellation.threshold` points there.
    public func drawsInPieces(scale: Double) -> Bool {
        let tolerance = FillTessellator.fillTolerance(style.tolerance)
        return path.flattenedPointEstimate(tolerance: tolerance, scale: scale) > PiecewiseTessellation.threshold
    }

    /// The stroke as pieces at `scale`; its bounds are the painted bounds in device pixels, grown by
    /// two pixels for the antialiasing fringe and the 1-pixel minimum width.
    func strokePieces(color: Color, scale: Double) -> StrokePieces {
        let widths = variableWidths
        var canvas = paintedBounds
        if widths != nil, let b = canvas {
            // The widest node may be wider than the style's width.
            let extra = max(maxWidth - style.width, 0) / 2 * style.paintedReachFactor
            canvas = b.insetBy(-extra)
        }
        let bounds = canvas.map {
            Rect(minX: $0.minX * scale, minY: $0.minY * scale, maxX: $0.maxX * scale, maxY: $0.maxY * scale).insetBy(-2)
        }
        return StrokePieces(path: path, options: style, color: color, scale: scale, bounds: bounds, widths: widths)
    }

    /// The widths the stroke is tessellated with when they vary (and are valid); nil when it is
    /// drawn at the constant `style.width`, by the constant stroker, exactly as before widths.
    var variableWidths: [Float]? {
        hasVaryingWidth && widthsAreValid ? widths : nil
    }

    /// The fill's and the stroke's flattened points (each counted when it is visible), with the
    /// tolerances the tessellators use.
    public func flattenedPointEstimate(scale: Double) -> Int {
        let tol = style.tolerance.isFinite && style.tolerance > 0 ? max(style.tolerance, 0.01) : 0.25
        let once = path.flattenedPointEstimate(tolerance: tol, scale: scale)
        var uses = 0
        if let fill, fill.a > 0 { uses += 1 }
        if let stroke, stroke.a > 0, style.width > 0 { uses += 1 }
        return once * uses
    }
}
