import Foundation

/// The colour picker's state and layout (window points): a saturation/value square, a hue strip, an
/// opacity strip, a `#rrggbb` field that takes typed hex, and a stroke/fill switch. The window draws
/// it and feeds it the pointer and typed characters; a chosen colour becomes a `ColorEvent`.
public struct ColorPicker: Hashable, Sendable {
    /// Which colour the picker sets.
    public var forFill: Bool
    /// Hue, saturation, value and opacity, each 0...1.
    public var hue: Double, saturation: Double, value: Double, alpha: Double
    /// The hex field as typed: `#` and up to six hex digits.
    public var hexText: String
    /// The panel's top-left corner in window points.
    public var origin: Point
    /// The character of the key that opened the picker (`c`): the window gets it as typed text
    /// right after the key, and it must not reach the field.
    public var openingCharacter: Character?

    /// The parts a click can land on.
    public enum Part: Hashable, Sendable { case square, hue, alpha, hexField, target, noFill, panel }

    /// The panel's size in points.
    public static let size = (width: 236.0, height: 236.0)

    /// A picker showing `color`, for the stroke or the fill, its panel at `origin`.
    public init(color: Color, forFill: Bool, origin: Point) {
        self.forFill = forFill
        self.origin = origin
        hue = 0; saturation = 0; value = 0; alpha = 1; hexText = ""
        set(color)
    }

    /// Shows `color` (hue kept where the colour has none, i.e. greys).
    public mutating func set(_ color: Color) {
        let r = Double(color.r) / 255, g = Double(color.g) / 255, b = Double(color.b) / 255
        let mx = max(r, g, b), mn = min(r, g, b), d = mx - mn
        value = mx
        saturation = mx > 0 ? d / mx : 0
        if d > 0 {
            var h: Double
            if mx == r { h = (g - b) / d } else if mx == g { h = 2 + (b - r) / d } else { h = 4 + (r - g) / d }
            h /= 6
            hue = h < 0 ? h + 1 : h
        }
        alpha = Double(color.a) / 255
        hexText = Self.hex6(self.color)
    }

    /// The colour shown: hue, saturation and value at the opacity.
    public var color: Color { Self.rgb(hue: hue, saturation: saturation, value: value).withOpacity(alpha) }

    /// An opaque colour from hue, saturation and value (0...1 each).
    public static func rgb(hue: Double, saturation: Double, value: Double) -> Color {
        let h = (hue - hue.rounded(.down)) * 6, s = min(max(saturation, 0), 1), v = min(max(value, 0), 1)
        let i = Int(h.rounded(.down)) % 6, f = h - h.rounded(.down)
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        let (r, g, b): (Double, Double, Double)
        switch i {
        case 0: (r, g, b) = (v, t, p)
        case 1: (r, g, b) = (q, v, p)
        case 2: (r, g, b) = (p, v, t)
        case 3: (r, g, b) = (p, q, v)
        case 4: (r, g, b) = (t, p, v)
        default: (r, g, b) = (v, p, q)
        }
        func byte(_ x: Double) -> UInt8 { UInt8((x * 255).rounded()) }
        return Color(r: byte(r), g: byte(g), b: byte(b))
    }

    /// `#rrggbb` of a colour (its opacity left out).
    public static func hex6(_ c: Color) -> String { Color(r: c.r, g: c.g, b: c.b).hex }

    /// The event that applies the shown colour.
    public var event: ColorEvent { forFill ? .fill(color) : .stroke(color) }

    // MARK: Layout

    public var panel: Rect { Rect(x: origin.x, y: origin.y, width: Self.size.width, height: Self.size.height) }
    /// The switch between stroke and fill, with its label.
    public var targetRect: Rect { Rect(x: origin.x + 10, y: origin.y + 8, width: 216, height: 20) }
    public var squareRect: Rect { Rect(x: origin.x + 10, y: origin.y + 34, width: 160, height: 160) }
    public var hueRect: Rect { Rect(x: origin.x + 180, y: origin.y + 34, width: 20, height: 160) }
    public var alphaRect: Rect { Rect(x: origin.x + 208, y: origin.y + 34, width: 18, height: 160) }
    public var previewRect: Rect { Rect(x: origin.x + 10, y: origin.y + 202, width: 40, height: 24) }
    public var hexRect: Rect { Rect(x: origin.x + 58, y: origin.y + 202, width: 96, height: 24) }
    /// "No fill", shown while the picker sets the fill.
    public var noFillRect: Rect { Rect(x: origin.x + 162, y: origin.y + 202, width: 64, height: 24) }

    /// What a window point lands on (nil outside the panel).
    public func hit(_ p: Point) -> Part? {
        guard panel.contains(p) else { return nil }
        if squareRect.insetBy(-4).contains(p) { return .square }
        if hueRect.insetBy(-3).contains(p) { return .hue }
        if alphaRect.insetBy(-3).contains(p) { return .alpha }
        if hexRect.contains(p) { return .hexField }
        if targetRect.contains(p) { return .target }
        if forFill && noFillRect.contains(p) { return .noFill }
        return .panel
    }

    /// Moves the square's, the hue's or the opacity's marker to the pointer (clamped to the part).
    public mutating func drag(_ part: Part, to p: Point) {
        func unit(_ v: Double, _ lo: Double, _ len: Double) -> Double { min(max((v - lo) / len, 0), 1) }
        switch part {
        case .square:
            saturation = unit(p.x, squareRect.minX, squareRect.width)
            value = 1 - unit(p.y, squareRect.minY, squareRect.height)
        case .hue: hue = min(unit(p.y, hueRect.minY, hueRect.height), 0.999)
        case .alpha: alpha = 1 - unit(p.y, alphaRect.minY, alphaRect.height)
        default: return
        }
        hexText = Self.hex6(color)
    }

    /// Types one character into the hex field: hex digits (up to six) and a leading `#`. When six
    /// digits are there the colour follows them; returns whether the field changed.
    public mutating func type(_ ch: Character) -> Bool {
        if let opening = openingCharacter {
            openingCharacter = nil
            if ch == opening { return false }
        }
        var digits = hexText.hasPrefix("#") ? String(hexText.dropFirst()) : hexText
        if ch == "#" {
            guard digits.isEmpty || digits.count == 6 else { return false }
            hexText = "#"
            return true
        }
        guard ch.isHexDigit, ch.isASCII else { return false }
        if digits.count >= 6 { digits = "" }  // typing over a complete code starts a new one
        digits.append(ch.lowercased())
        hexText = "#" + digits
        if digits.count == 6, let c = Color(hex: hexText) {
            let a = alpha
            set(c)
            alpha = a
        }
        return true
    }

    /// Deletes the field's last digit.
    public mutating func backspace() {
        if hexText.count > 1 { hexText.removeLast() }
    }

    /// The field holds a complete `#rrggbb` that is the colour shown.
    public var hexIsComplete: Bool { Color(hex: hexText) != nil }
}
