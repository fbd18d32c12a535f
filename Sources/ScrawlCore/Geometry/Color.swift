/// An sRGB-encoded colour with straight (non-premultiplied) 8-bit alpha.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    public var r: UInt8, g: UInt8, b: UInt8, a: UInt8

    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }

    public static let black = Color(r: 0, g: 0, b: 0)
    public static let white = Color(r: 255, g: 255, b: 255)
    public static let red = Color(r: 255, g: 0, b: 0)
    public static let blue = Color(r: 0, g: 0, b: 255)
    public static let yellow = Color(r: 255, g: 255, b: 0)
    public static let green = Color(r: 0, g: 255, b: 0)
    public static let lightGray = Color(r: 0xaa, g: 0xaa, b: 0xaa)
    public static let clear = Color(r: 0, g: 0, b: 0, a: 0)

    /// Parses `#rrggbb` or `#rrggbbaa` (case-insensitive); nil for anything else.
    public init?(hex: String) {
        let bytes = Array(hex.utf8)
        guard bytes.first == UInt8(ascii: "#"), bytes.count == 7 || bytes.count == 9 else { return nil }
        var values: [UInt8] = []
        var i = 1
        while i < bytes.count {
            guard let hi = Color.nibble(bytes[i]), let lo = Color.nibble(bytes[i + 1]) else { return nil }
            values.append(hi << 4 | lo)
            i += 2
        }
        self.init(r: values[0], g: values[1], b: values[2], a: values.count == 4 ? values[3] : 255)
    }

    private static func nibble(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return c - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// `#rrggbb`, or `#rrggbbaa` when not opaque.
    public var hex: String {
        func h(_ v: UInt8) -> String { let s = String(v, radix: 16); return s.count == 1 ? "0" + s : s }
        return "#" + h(r) + h(g) + h(b) + (a == 255 ? "" : h(a))
    }
    /// `#rrggbbaa`, alpha included even when opaque (replays' and settings' canonical spelling).
    public var hex8: String { a == 255 ? hex + "ff" : hex }
    public var description: String { hex }
    public var isOpaque: Bool { a == 255 }

    /// The same colour with its alpha multiplied by `opacity` (0...1), rounded.
    public func withOpacity(_ opacity: Double) -> Color {
        var c = self
        c.a = UInt8((Double(a) * min(max(opacity, 0), 1)).rounded())
        return c
    }

    /// Premultiplied RGBA8 packed little-endian (r in the lowest byte), as the vertex format stores it.
    public var premultipliedRGBA: UInt32 {
        func pm(_ v: UInt8) -> UInt32 { UInt32((UInt32(v) * UInt32(a) + 127) / 255) }
        return pm(r) | pm(g) << 8 | pm(b) << 16 | UInt32(a) << 24
    }
}
