/// How the selection tool restyles drawables with the colour, width and opacity keys.
enum SelectRestyle {
    /// Whether `action` restyles a selection (colour, width and opacity keys).
    static func isRestyle(_ action: KeyAction) -> Bool {
        switch action {
        case .strokeColor, .fillColor, .stepWidth, .stepOpacity: return true
        default: return false
        }
    }

    /// `d` restyled by `action`; `random` gives the colours of the random swatch, one per drawable.
    /// Stamps only change opacity.
    static func apply(_ action: KeyAction, to d: Drawable, random: inout SplitMix64) -> Drawable {
        switch (d, action) {
        case (.path(var p), .strokeColor(let choice)):
            p.stroke = color(choice, &random).withOpacity(opacity(of: d))
            return .path(p)
        case (.path(var p), .fillColor(let choice)):
            p.fill = choice.map { color($0, &random).withOpacity(opacity(of: d)) }
            return .path(p)
        case (.path(var p), .stepWidth(let delta)):
            p.style.width = DrawingSettings.step(p.style.width, in: DrawingSettings.widths, by: delta)
            return .path(p)
        case (_, .stepOpacity(let delta)):
            return withOpacity(DrawingSettings.step(opacity(of: d), in: DrawingSettings.opacities, by: delta), d)
        default:
            return d
        }
    }

    private static func color(_ choice: ColorChoice, _ random: inout SplitMix64) -> Color {
        choice == .random ? random.nextColor() : choice.fixedColor
    }

    /// A drawable's opacity: its stroke's alpha (else its fill's), a stamp's opacity.
    static func opacity(of d: Drawable) -> Double {
        switch d {
        case .stamp(let s): return s.opacity
        case .path(let p): return Double((p.stroke ?? p.fill)?.a ?? 255) / 255
        }
    }

    /// `d` with its colours' alpha (a stamp's opacity) set to `opacity`.
    static func withOpacity(_ opacity: Double, _ d: Drawable) -> Drawable {
        switch d {
        case .stamp(var s):
            s.opacity = opacity
            return .stamp(s)
        case .path(var p):
            func set(_ c: Color?) -> Color? { c.map { $0.a == 0 ? $0 : Color(r: $0.r, g: $0.g, b: $0.b).withOpacity(opacity) } }
            p.stroke = set(p.stroke)
            p.fill = set(p.fill)
            return .path(p)
        }
    }
}
