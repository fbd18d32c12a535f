/// Turns live items into tessellated draw commands at a device scale.
extension LiveItem {
    /// Commands for one live item. Polylines are tessellated whole here; the GL scene renderer grows
    /// them incrementally instead.
    public func commands(scale: Double) -> [DrawCommand] {
        switch self {
        case .polyline(_, let points, let color, let style, let widths):
            let mesh = LiveItem.varyingWidths(widths, style: style).map {
                VariableStrokeTessellator.mesh(.polyline(points), widths: $0, options: style, color: color, scale: scale)
            } ?? StrokeTessellator.mesh(.polyline(points), options: style, color: color, scale: scale)
            return [.stroke(mesh, blend: color.isOpaque ? .over : .uniformAlpha)]
        case .drawable(let d), .mark(let d):
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

extension LiveItem {
    /// A live polyline's widths when it is drawn at variable width: some width differs from the
    /// style's (else it is the constant stroke of `style.width`, as its committed drawable, whose
    /// equal widths are stored as none, is drawn).
    public static func varyingWidths(_ widths: [Float]?, style: StrokeOptions) -> [Float]? {
        guard let widths else { return nil }
        let w = Float(style.width)
        return widths.contains { $0 != w } ? widths : nil
    }
}
