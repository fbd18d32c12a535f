/// A colour's alpha scaled: what a merge down bakes of the upper layer's opacity (`DrawableKind.faded(by:)`).
extension Color {
    /// The colour with its alpha multiplied by `factor` (at least 0), at most fully opaque.
    func alphaScaled(by factor: Double) -> Color {
        var c = self
        c.a = UInt8(min(255, (Double(c.a) * factor).rounded()))
        return c
    }
}
