/// A colour-bar choice: a fixed colour, or QuartzFun's random colour picked anew at each touch.
public enum ColorChoice: Hashable, Sendable {
    case fixed(Color)
    case random

    /// One swatch of the colour bar: its choice and name; its key comes from the key table.
    public struct Swatch: Hashable, Sendable {
        public let choice: ColorChoice
        public let name: String
        /// The digit key that makes it the stroke colour (shift+digit: the fill).
        public var key: String { KeyTable.chord(for: .strokeColor(choice))?.key ?? "" }
    }

    /// The colour bar in order.
    public static let bar: [Swatch] = [
        Swatch(choice: .fixed(.black), name: "black"), Swatch(choice: .fixed(.red), name: "red"),
        Swatch(choice: .fixed(.blue), name: "blue"), Swatch(choice: .fixed(.yellow), name: "yellow"),
        Swatch(choice: .fixed(.green), name: "green"), Swatch(choice: .random, name: "random"),
        Swatch(choice: .fixed(.lightGray), name: "light gray"), Swatch(choice: .fixed(.white), name: "white"),
    ]

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
