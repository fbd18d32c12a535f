/// A colour-bar choice: a fixed colour, or QuartzFun's random colour picked anew at each touch.
public enum ColorChoice: Hashable, Sendable {
    case fixed(Color)
    case random

    /// The colour bar in order, with the digit key of each swatch.
    public static let bar: [(key: String, choice: ColorChoice, name: String)] = [
        ("0", .fixed(.black), "black"), ("1", .fixed(.red), "red"), ("2", .fixed(.blue), "blue"),
        ("3", .fixed(.yellow), "yellow"), ("4", .fixed(.green), "green"), ("5", .random, "random"),
        ("6", .fixed(.lightGray), "light gray"), ("7", .fixed(.white), "white"),
    ]

    /// The bar's choice for a digit key, or nil.
    public static func forDigit(_ key: String) -> ColorChoice? { bar.first { $0.key == key }?.choice }

    /// The colour of a fixed choice; black for `random` (which tools resolve per touch).
    public var fixedColor: Color {
        if case .fixed(let c) = self { return c }
        return .black
    }

    /// The swatch's name ("red", "random"), or the hex code of a colour not on the bar.
    public var name: String {
        if let entry = ColorChoice.bar.first(where: { $0.choice == self }) { return entry.name }
        if case .fixed(let c) = self { return c.hex }
        return "random"
    }
}

/// The current drawing state the tools read (Dudel's tool delegate): colours, width, opacity.
public struct DrawingSettings: Hashable, Sendable {
    public var stroke: ColorChoice = .fixed(.black)
    /// nil is "no fill".
    public var fill: ColorChoice? = .fixed(.lightGray)
    public var width: Double = 2
    /// Opacity of new drawables, 0.25...1.
    public var opacity: Double = 1

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
    public mutating func stepOpacity(_ delta: Int) { opacity = Self.step(opacity, in: Self.opacities, by: delta) }
}

/// The colours and width a touch keeps from its `began` on.
public struct TouchStyle: Hashable, Sendable {
    /// Stroke colour with the opacity folded in.
    public var stroke: Color
    /// Fill colour with the opacity folded in, or nil for no fill.
    public var fill: Color?
    public var width: Double
    public var opacity: Double
}
