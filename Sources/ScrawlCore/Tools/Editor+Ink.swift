/// The pressure and stabilizer settings: set by `ink` events and the stabilizer key, shown in the
/// bar for the tools that use them (`InkUse`).
extension Editor {
    /// The ink settings the current tool uses (none for most tools).
    public var inkUse: InkUse { ToolCatalog[tool.kind].ink }

    /// The ink settings the current tool reads now (its record's, the pen's where it keeps none).
    public var currentInk: InkSettings { settings.style(for: styleRecord).ink }

    /// Applies an ink event to the current tool's record (the pen's where it keeps none), clamped
    /// into its range.
    func apply(_ event: InkEvent) {
        switch event {
        case .pressure(let s):
            settings.update(.pressure, for: styleRecord) { $0.pressure = DrawingSettings.clamp(s, [0, 1], fallback: $0.pressure) }
        case .speedPressure(let on):
            settings.update(.speedPressure, for: styleRecord) { $0.speedPressure = on }
        case .stabilizer(let a):
            settings.update(.stabilizer, for: styleRecord) {
                $0.stabilizer = DrawingSettings.clamp(a, [0, InkSettings.maxStabilizer], fallback: $0.stabilizer)
            }
        }
    }

    /// The stabilizer key (`g`): the next of off, 0.3, 0.6, 0.85, wrapping round.
    func stepStabilizer() {
        apply(.stabilizer(InkSettings.next(after: currentInk.stabilizer, in: InkSettings.stabilizerSteps)))
    }

    /// What a click on the bar's pressure label chooses: the next sensitivity (shift: pressure from
    /// speed on or off). Nil where the current tool does not use pressure.
    public func pressureClick(shift: Bool) -> InkEvent? {
        guard inkUse.contains(.pressure) else { return nil }
        let ink = currentInk
        return shift ? .speedPressure(!ink.speedPressure) : .pressure(InkSettings.next(after: ink.pressure, in: InkSettings.pressureSteps))
    }

    /// What the bar shows of the ink settings: nil for a tool that uses none.
    public var shownInk: BarInk? {
        let use = inkUse
        return use.isEmpty ? nil : BarInk(use: use, settings: currentInk)
    }
}

/// The ink settings the bar shows: which the tool uses and their values.
public struct BarInk: Hashable, Sendable {
    public var use: InkUse
    public var settings: InkSettings
    public init(use: InkUse, settings: InkSettings) { self.use = use; self.settings = settings }

    /// "pressure 50%" ("speed 50%" when the mouse's pressure comes from the speed, "pressure off" at 0).
    public var pressureText: String {
        let s = settings.pressure
        guard s > 0 else { return "pressure off" }
        return (settings.speedPressure ? "speed " : "pressure ") + "\(Int((s * 100).rounded()))%"
    }

    /// "steady 0.6", or "steady off".
    public var stabilizerText: String {
        let a = settings.stabilizer
        guard a > 0 else { return "steady off" }
        return "steady " + JSONWriter.format(a)
    }
}
