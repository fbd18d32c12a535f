/// The current drawing state the tools read (Dudel's tool delegate): colours, width, opacity.
public struct DrawingSettings: Hashable, Sendable {
    public var stroke: ColorChoice = .fixed(.black)
    /// nil is "no fill".
    public var fill: ColorChoice? = .fixed(.lightGray)
    public var width: Double = 2
    /// Opacity of new drawables, 0.25...1.
    public var opacity: Double = 1
    /// The highlighter's own colour (the stroke colour keys set it while the highlighter is the
    /// tool); always drawn opaque, darkening (or on a dark page lightening) what is under it.
    public var highlighterColor: ColorChoice = .fixed(DrawingSettings.highlighterYellow)
    /// The highlighter's own width in points (`[` and `]` step it while the highlighter is the tool).
    public var highlighterWidth: Double = 16

    /// The highlighter's default colour, #ffeb3b.
    public static let highlighterYellow = Color(r: 0xff, g: 0xeb, b: 0x3b)

    public init() {}

    /// Stroke widths that `[` and `]` step through.
    public static let widths: [Double] = [1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64]
    /// Opacities that `shift+[` and `shift+]` step through.
    public static let opacities: [Double] = [0.25, 0.5, 0.75, 1]

    /// Steps `value` through `steps` by `delta` places, stopping at the ends.
    static func step(_ value: Double, in steps: [Double], by delta: Int) -> Double {
        let nearest = steps.indices.min { abs(steps[$0] - value) < abs(steps[$1] - value) } ?? 0
        return steps[min(max(nearest + delta, 0), steps.count - 1)]
    }

    public mutating func stepWidth(_ delta: Int) { width = Self.step(width, in: Self.widths, by: delta) }
    public mutating func stepHighlighterWidth(_ delta: Int) {
        highlighterWidth = Self.step(highlighterWidth, in: Self.widths, by: delta)
    }
    public mutating func stepOpacity(_ delta: Int) { opacity = Self.step(opacity, in: Self.opacities, by: delta) }
}
