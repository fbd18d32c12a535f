/// A drawable's alpha scaled as a whole: what a merge down bakes of the upper layer's opacity.
extension Drawable {
    /// Itself with every alpha it has (a path's stroke and fill, a text's colour, a stamp's
    /// opacity) multiplied by `factor` (at least 0), each at most fully opaque: unlike
    /// `withOpacity`, a path keeps its stroke's and fill's alphas apart.
    public func fadedBy(_ factor: Double) -> Drawable {
        let f = factor.isFinite ? max(0, factor) : 1
        func scaled(_ c: Color) -> Color {
            var c = c
            c.a = UInt8(min(255, (Double(c.a) * f).rounded()))
            return c
        }
        switch self {
        case .path(var d):
            d.stroke = d.stroke.map(scaled)
            d.fill = d.fill.map(scaled)
            return .path(d)
        case .stamp(var s):
            s.opacity = min(1, s.opacity * f)
            return .stamp(s)
        case .text(var t):
            t.colour = scaled(t.colour)
            return .text(t)
        }
    }
}
