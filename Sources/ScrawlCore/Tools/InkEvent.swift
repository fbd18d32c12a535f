/// An ink setting chosen where no key exists (a click on the bar's pressure label): it becomes the
/// current tool's (its record's, the pen's where it keeps none). Replays hold it as
/// `{"ink": {"pressure": 0.75}}`, `{"ink": {"speed": true}}` or `{"ink": {"stabilizer": 0.6}}`.
public enum InkEvent: Hashable, Sendable {
    /// The pressure sensitivity, 0...1.
    case pressure(Double)
    /// Pressure from speed for samples without pressure, on or off.
    case speedPressure(Bool)
    /// The stabilizer strength, 0...0.95.
    case stabilizer(Double)
}
