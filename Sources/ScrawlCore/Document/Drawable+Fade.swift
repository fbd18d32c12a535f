/// A drawable's alpha scaled as a whole: what a merge down bakes of the upper layer's opacity.
extension Drawable {
    /// Itself with every alpha it has (a path's stroke and fill, a text's colour, a stamp's
    /// opacity) multiplied by `factor` (at least 0; not finite: 1), each at most fully opaque:
    /// unlike `withOpacity`, a path keeps its stroke's and fill's alphas apart.
    public func fadedBy(_ factor: Double) -> Drawable {
        faded(by: factor.isFinite ? max(0, factor) : 1)
    }
}

extension Color {
    /// The colour with its alpha multiplied by `factor` (at least 0), at most fully opaque.
    func alphaScaled(by factor: Double) -> Color {
        var c = self
        c.a = UInt8(min(255, (Double(c.a) * factor).rounded()))
        return c
    }
}
