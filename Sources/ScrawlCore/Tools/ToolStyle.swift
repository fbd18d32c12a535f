/// How a tool draws: its colours, width and opacity (rnote's per-pen config, Xournal++'s per-tool
/// settings). The settings keep one per `StyleRecord`; the tool table says which record each tool
/// reads. Options that only some tools use (pressure sensitivity, pressure from speed, stabilizer
/// strength: `InkUse` says which tools) are members too, each with a field in `Fields` so that a
/// record can say it keeps it.
public struct ToolStyle: Hashable, Sendable {
    public var stroke: ColorChoice
    /// nil is "no fill".
    public var fill: ColorChoice?
    /// In points.
    public var width: Double
    /// Opacity of new drawables, 0.25...1.
    public var opacity: Double
    /// Pressure sensitivity `s`, 0...1: a sample of pressure `p` is `width × (1 − s + 2 s p)` wide
    /// (0: pressure does not change the width).
    public var pressure: Double
    /// Samples without pressure (the mouse) take one from the speed (`PressureFromSpeed`).
    public var speedPressure: Bool
    /// Stabilizer (streamline) strength `a`, 0...0.95; 0 keeps the samples as they come.
    public var stabilizer: Double

    public init(stroke: ColorChoice, fill: ColorChoice?, width: Double, opacity: Double,
                pressure: Double = InkSettings.defaultPressure, speedPressure: Bool = false, stabilizer: Double = 0) {
        self.stroke = stroke; self.fill = fill; self.width = width; self.opacity = opacity
        self.pressure = pressure; self.speedPressure = speedPressure; self.stabilizer = stabilizer
    }

    /// The members a record keeps of its own.
    public struct Fields: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let stroke = Fields(rawValue: 1)
        public static let fill = Fields(rawValue: 2)
        public static let width = Fields(rawValue: 4)
        public static let opacity = Fields(rawValue: 8)
        public static let pressure = Fields(rawValue: 16)
        public static let speedPressure = Fields(rawValue: 32)
        public static let stabilizer = Fields(rawValue: 64)
        public static let all: Fields = [.stroke, .fill, .width, .opacity, .pressure, .speedPressure, .stabilizer]
    }

    /// The style the pen's tools draw a touch in: the opacity folded into both colours (random
    /// colours already drawn, so `stroke` and `fill` are fixed here).
    public var touchStyle: TouchStyle {
        TouchStyle(stroke: stroke.fixedColor.withOpacity(opacity), fill: fill?.fixedColor.withOpacity(opacity),
                   width: width, opacity: opacity)
    }

    /// The width as the title shows it: "2", "2.5".
    public var widthText: String { width == width.rounded() ? String(Int(width)) : String(width) }

    /// The title's words for the pen's style: "stroke black, fill none, width 2, opacity 100%".
    public var penStatusText: String {
        "stroke \(stroke.name), fill \(fill?.name ?? "none"), width \(widthText), opacity \(Int((opacity * 100).rounded()))%"
    }

    /// The width `delta` places along `DrawingSettings.widths`, stopping at the ends.
    public mutating func stepWidth(_ delta: Int, through steps: [Double] = DrawingSettings.widths) {
        width = DrawingSettings.step(width, in: steps, by: delta)
    }
    /// The opacity `delta` places along `DrawingSettings.opacities`, stopping at the ends.
    public mutating func stepOpacity(_ delta: Int) {
        opacity = DrawingSettings.step(opacity, in: DrawingSettings.opacities, by: delta)
    }

    /// The pressure and stabilizer settings (a touch keeps those its tool uses: `InkUse`).
    public var ink: InkSettings {
        InkSettings(pressure: pressure, speedPressure: speedPressure, stabilizer: stabilizer)
    }

    /// The width and opacity within what the keys reach, the sensitivity within 0...1 and the
    /// stabilizer within 0...0.95; those of `fallback` where not finite.
    public func clamped(fallback: ToolStyle, widths: [Double] = DrawingSettings.widths) -> ToolStyle {
        var s = self
        s.width = DrawingSettings.clamp(width, widths, fallback: fallback.width)
        s.opacity = DrawingSettings.clamp(opacity, DrawingSettings.opacities, fallback: fallback.opacity)
        s.pressure = DrawingSettings.clamp(pressure, [0, 1], fallback: fallback.pressure)
        s.stabilizer = DrawingSettings.clamp(stabilizer, [0, InkSettings.maxStabilizer], fallback: fallback.stabilizer)
        return s
    }
}

/// One of the style records the settings keep, one per kind of tool that has a style of its own
/// (`DrawingSettings` declares them with their defaults). The tools that draw ink in the colour
/// bar's colours share the pen's; a record that does not keep a member reads (and the keys set)
/// the pen's instead.
public struct StyleRecord: Hashable, Sendable {
    /// Its name in the settings file (`"tools": {"pen": …}`).
    public let name: String
    /// The members the record keeps of its own.
    public let fields: ToolStyle.Fields
    /// The widths `[` `]` step its width through (a text's sizes for the Text tool's).
    public let widthSteps: [Double]

    public init(name: String, fields: ToolStyle.Fields, widthSteps: [Double] = DrawingSettings.widths) {
        self.name = name; self.fields = fields; self.widthSteps = widthSteps
    }
}
