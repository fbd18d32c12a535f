/// Pressure simulated from the speed of the hand, as perfect-freehand simulates it, for samples
/// without pressure (the mouse): slower is wider. It reads only the distance from the previous
/// sample (never a clock), so a replay draws the same every time.
///
/// With `sp = min(1, d / w)` (the step `d` against the tool width `w`) the pressure moves towards
/// `1 − sp` by the fraction `sp × 0.275` of the way: short steps (slow) pull it up, long ones
/// (fast) down, and it never jumps. It starts at 0.5, the pressure of the first sample.
public struct PressureFromSpeed: Hashable, Sendable {
    /// How quickly the simulated pressure follows the speed (perfect-freehand's rate).
    public static let rate = 0.275
    /// The pressure of the latest sample.
    public private(set) var pressure = InkSettings.neutralPressure

    public init() {}

    /// The pressure of a sample `distance` from the previous one, for a tool `width` wide.
    public mutating func next(distance: Double, width: Double) -> Double {
        let sp = width > 0 && distance.isFinite ? min(1, max(0, distance / width)) : 1
        let target = 1 - sp
        pressure = min(1, max(0, pressure + (target - pressure) * sp * Self.rate))
        return pressure
    }
}

/// The stabilizer (streamline) of strength `a`: each sample kept is `q_i = q_{i−1} + (1 − a)(p_i − q_{i−1})`
/// (its pressure smoothed with the same factor), starting at the first input sample. At `a = 0`
/// every sample is kept as it comes.
public struct Stabilizer: Hashable, Sendable {
    public let strength: Double
    public private(set) var point: Point
    public private(set) var pressure: Double

    public init(strength: Double, start: Point, pressure: Double) {
        self.strength = strength; self.point = start; self.pressure = pressure
    }

    /// The next sample kept for input sample `p` of pressure `pressure`.
    public mutating func next(_ p: Point, pressure input: Double) -> (point: Point, pressure: Double) {
        guard strength > 0 else { point = p; pressure = input; return (p, input) }
        let k = 1 - strength
        point = Point(point.x + k * (p.x - point.x), point.y + k * (p.y - point.y))
        pressure += k * (input - pressure)
        return (point, pressure)
    }
}
