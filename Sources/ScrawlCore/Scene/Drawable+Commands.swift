/// Turns drawables and live items into tessellated draw commands at a device scale.
extension Drawable {
    /// The commands that draw this drawable at `scale` device pixels per point: fill, then stroke.
    public func commands(scale: Double) -> [DrawCommand] {
        switch self {
        case .path(let d): return d.commands(scale: scale)
        case .stamp(let s): return [s.command(scale: scale)]
        }
    }
}

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
            let mesh = StrokeTessellator.mesh(path, options: style, color: stroke, scale: scale)
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
}

extension StampDrawable {
    /// The image in its device-pixel rectangle.
    public func command(scale: Double) -> DrawCommand {
        .image(image, rect: Rect(minX: rect.minX * scale, minY: rect.minY * scale,
                                 maxX: rect.maxX * scale, maxY: rect.maxY * scale), opacity: opacity)
    }
}

extension LiveItem {
    /// Commands for one live item. Polylines are tessellated whole here; the GL scene renderer grows
    /// them incrementally instead.
    public func commands(scale: Double) -> [DrawCommand] {
        switch self {
        case .polyline(_, let points, let color, let style):
            let mesh = StrokeTessellator.mesh(.polyline(points), options: style, color: color, scale: scale)
            return [.stroke(mesh, blend: color.isOpaque ? .over : .uniformAlpha)]
        case .drawable(let d):
            return d.commands(scale: scale)
        case let .moved(d, offset):
            return d.translated(by: offset).commands(scale: scale)
        case .dashed(let path, let color, let width, let pattern):
            let style = StrokeOptions(width: width, cap: .butt, join: .miter)
            return [.dashed(StrokeTessellator.mesh(path, options: style, color: color, scale: scale),
                            pattern: pattern, scale: scale)]
        }
    }
}
