/// One restyle the selection's colour, width and opacity keys ask of each selected drawable
/// (`DrawableKind.restyled`): each kind takes what it has and ignores the rest.
public enum Restyle: Hashable, Sendable {
    /// A stroke colour, drawn at the drawable's opacity.
    case stroke(ColorChoice)
    /// A fill colour at the drawable's opacity, or no fill.
    case fill(ColorChoice?)
    /// The next (or previous) width of `DrawingSettings.widths`.
    case width(step: Int)
    /// The next (or previous) opacity of `DrawingSettings.opacities`.
    case opacity(step: Int)

    /// The restyle a key asks for; nil for keys that do not restyle a selection.
    public init?(_ action: KeyAction) {
        switch action {
        case .strokeColor(let choice): self = .stroke(choice)
        case .fillColor(let choice): self = .fill(choice)
        case .stepWidth(let delta): self = .width(step: delta)
        case .stepOpacity(let delta): self = .opacity(step: delta)
        default: return nil
        }
    }

    /// The colour `choice` stands for: the random swatch's next colour from `random`, else its own.
    static func color(_ choice: ColorChoice, _ random: inout SplitMix64) -> Color {
        choice == .random ? random.nextColor() : choice.fixedColor
    }

    /// `width` moved `step` places along `DrawingSettings.widths`.
    static func width(_ width: Double, stepped step: Int) -> Double {
        DrawingSettings.step(width, in: DrawingSettings.widths, by: step)
    }

    /// `opacity` moved `step` places along `DrawingSettings.opacities`.
    static func opacity(_ opacity: Double, stepped step: Int) -> Double {
        DrawingSettings.step(opacity, in: DrawingSettings.opacities, by: step)
    }
}
