/// What a touch's ink does with pressure and how it is stabilized: the settings `ToolStyle` keeps
/// (`pressure`, `speedPressure`, `stabilizer`), as a touch keeps them from its `began` on.
public struct InkSettings: Hashable, Sendable {
    /// Pressure sensitivity `s`, 0...1 (0: constant width).
    public var pressure: Double
    /// Samples without pressure take one from the speed.
    public var speedPressure: Bool
    /// Streamline strength `a`, 0...0.95 (0: off).
    public var stabilizer: Double

    /// Off: constant width, no stabilizer (what tools that do not use them keep).
    public init(pressure: Double = 0, speedPressure: Bool = false, stabilizer: Double = 0) {
        self.pressure = pressure; self.speedPressure = speedPressure; self.stabilizer = stabilizer
    }

    /// The default sensitivity: half pressure is the nominal width, full pressure 1.5 times it.
    public static let defaultPressure = 0.5
    /// The strongest stabilizer.
    public static let maxStabilizer = 0.95
    /// The stabilizer strengths the key (`g`) and the bar step through, wrapping round.
    public static let stabilizerSteps: [Double] = [0, 0.3, 0.6, 0.85]
    /// The sensitivities a click on the bar's pressure label steps through, wrapping round.
    public static let pressureSteps: [Double] = [0, 0.25, 0.5, 0.75, 1]
    /// The pressure of a sample without one (the mouse).
    public static let neutralPressure = 0.5

    /// Only what `use` says the tool uses; the rest off.
    public func masked(by use: InkUse) -> InkSettings {
        InkSettings(pressure: use.contains(.pressure) ? pressure : 0,
                    speedPressure: use.contains(.pressure) && speedPressure,
                    stabilizer: use.contains(.stabilizer) ? stabilizer : 0)
    }

    /// The width of a sample of pressure `p` (0...1) for a tool width `w`: `w × (1 − s + 2 s p)`.
    public func width(_ w: Double, pressure p: Double) -> Double {
        let s = pressure
        return w * (1 - s + 2 * s * min(max(p, 0), 1))
    }

    /// The step after `value` in `steps`, wrapping round past the last (a value between steps goes
    /// to the first step above it).
    public static func next(after value: Double, in steps: [Double]) -> Double {
        steps.first { $0 > value + 1e-9 } ?? steps[0]
    }
}

/// Which of the ink settings a tool uses (`ToolCatalog`): the Pencil, the Smooth brush and the
/// Arrow's shaft take widths from pressure; those and the Highlighter have a stabilizer.
public struct InkUse: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let pressure = InkUse(rawValue: 1)
    public static let stabilizer = InkUse(rawValue: 2)
}
