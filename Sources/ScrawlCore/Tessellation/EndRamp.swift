/// The `along` attribute of an open butt-capped subpath: it ramps 0→1 over the last device pixel
/// at each end, centred on the geometric end, so coverage is exactly 0.5 there.
///
/// With `s` the arc position in device px (0 at the start, `length` at the end; the cap extension
/// half a pixel beyond either end), along(s) = min(s, length − s) + 0.5 wherever that is below 1, and
/// `StrokeStyle.farAlong` elsewhere. It is piecewise linear with kinks only at `boundaries` (where it
/// reaches 1, or the middle of a stroke shorter than 1 px), so segments are cut there and linear
/// interpolation across each piece is exact. Round and square caps need no ramp in the body.
struct EndRamp {
    /// Arc length of the subpath in device px.
    let length: Double
    let isActive: Bool

    static let inactive = EndRamp(length: 0, isActive: false)

    init(length: Double, isActive: Bool) { self.length = length; self.isActive = isActive }

    /// `along` at arc position `s` (device px).
    @inline(__always)
    func along(at s: Double) -> Double {
        guard isActive else { return StrokeStyle.farAlong }
        let f = min(s, length - s) + 0.5
        return f <= 1 ? f : StrokeStyle.farAlong
    }

    /// `along` on the cut at boundary `b`: exactly where the ramp meets 1 (or the short stroke's peak).
    @inline(__always)
    func boundaryAlong(_ b: Double) -> Double { min(min(b, length - b) + 0.5, 1) }

    /// Arc positions where a segment must be cut so `along` stays linear on each piece, ascending.
    var boundaries: (Double, Double) {
        length >= 1 ? (0.5, length - 0.5) : (length / 2, length / 2)
    }

    /// Segments ending at or before this arc position never change when the subpath grows longer.
    var frozenLimit: Double {
        guard isActive else { return .infinity }
        return max(length - 0.5, length / 2) - 1e-6
    }
}
