/// Builds JSON text in the house style (`{"a": 1, "b": [2, 3]}`) with exact, shortest numbers.
///
/// Non-finite Doubles are written as the literals `NaN`, `Infinity` and `-Infinity`, which
/// `JSONReader` reads back (and replay validation then rejects with a clear message).
public struct JSONWriter {
    /// The UTF-8 output so far.
    public private(set) var bytes: [UInt8] = []

    /// An empty writer.
    public init() {}

    /// The output so far as a String.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Appends text verbatim.
    public mutating func raw(_ text: String) { bytes.append(contentsOf: text.utf8) }

    /// Appends a quoted, escaped string.
    public mutating func string(_ s: String) { JSONWriter.appendQuoted(s, to: &bytes) }

    /// Appends a number, shortest form that reads back as the same Double.
    public mutating func number(_ v: Double) { raw(JSONWriter.format(v)) }

    /// Appends a number token.
    public mutating func number(_ n: JSONNumber) { raw(n.description) }

    /// Appends an integer.
    public mutating func integer<T: BinaryInteger>(_ v: T) { raw(String(v)) }

    /// Appends `true` or `false`.
    public mutating func bool(_ b: Bool) { raw(b ? "true" : "false") }

    /// Appends `null`.
    public mutating func null() { raw("null") }

    /// Appends a whole value.
    public mutating func value(_ v: JSONValue) {
        switch v {
        case .null: null()
        case .bool(let b): bool(b)
        case .number(let n): number(n)
        case .string(let s): string(s)
        case .array(let a):
            bytes.append(UInt8(ascii: "["))
            for (i, e) in a.enumerated() {
                if i > 0 { raw(", ") }
                value(e)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let o):
            bytes.append(UInt8(ascii: "{"))
            for (i, member) in o.enumerated() {
                if i > 0 { raw(", ") }
                string(member.key)
                raw(": ")
                value(member.value)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// `s` as a JSON string literal; when `limit` is given, longer strings are cut and end in `…`.
    public static func quoted(_ s: String, limit: Int? = nil) -> String {
        var text = s
        if let limit, s.unicodeScalars.count > limit {
            text = String(String.UnicodeScalarView(s.unicodeScalars.prefix(limit))) + "…"
        }
        var out: [UInt8] = []
        appendQuoted(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// The shortest text that reads back as `v`: integers without `.0`, others as Swift prints them.
    public static func format(_ v: Double) -> String {
        if v.isNaN { return "NaN" }
        if v.isInfinite { return v < 0 ? "-Infinity" : "Infinity" }
        if v == v.rounded(.towardZero) && abs(v) < 9_007_199_254_740_992 && !(v == 0 && v.sign == .minus) {
            return String(Int64(v))
        }
        return v.description
    }

    private static func appendQuoted(_ s: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for c in s.utf8 {
            switch c {
            case UInt8(ascii: "\""): out.append(contentsOf: [0x5C, 0x22])
            case UInt8(ascii: "\\"): out.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: out.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: out.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x09: out.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out.append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(c >> 4)], hex[Int(c & 15)]])
            default: out.append(c)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}

extension JSONValue {
    /// The value as compact JSON text.
    public func encoded() -> String {
        var writer = JSONWriter()
        writer.value(self)
        return writer.text
    }
}
