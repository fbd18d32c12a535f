extension JSONReader {
    /// Reads a string value into `out` as decoded UTF-8 (escapes resolved, `out` replaced).
    public mutating func readString(into out: inout [UInt8]) throws(JSONError) {
        if let raw = try readStringRaw(decodingInto: &out) {
            out.removeAll(keepingCapacity: true)
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[raw]))
        }
    }

    /// Reads a string value without copying when possible: returns the byte range of its contents
    /// in `bytes` when it has no escapes; otherwise decodes it into `scratch` (replacing its
    /// contents) and returns nil.
    @inline(__always)
    public mutating func readStringRaw(decodingInto scratch: inout [UInt8]) throws(JSONError) -> Range<Int>? {
        try scanString(decodingInto: &scratch)
    }

    /// Reads a string value.
    public mutating func readString() throws(JSONError) -> String {
        var decoded: [UInt8] = []
        if let raw = try readStringRaw(decodingInto: &decoded) {
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[raw]), as: UTF8.self)
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    /// See `readStringRaw(decodingInto:)`; `out` is only touched when there are escapes.
    @inline(__always)
    private mutating func scanString(decodingInto out: inout [UInt8]) throws(JSONError) -> Range<Int>? {
        guard let c = skipWhitespace() else { throw endOfInput() }
        guard c == UInt8(ascii: "\"") else { throw unexpected(c, expecting: "a string") }
        offset += 1
        var start = offset
        var escaped = false
        while true {
            guard offset < bytes.count else { throw endOfInput() }
            let c = bytes[offset]
            if c == UInt8(ascii: "\"") {
                offset += 1
                if !escaped { return start..<(offset - 1) }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<(offset - 1)]))
                return nil
            }
            if c == UInt8(ascii: "\\") {
                if !escaped { out.removeAll(keepingCapacity: true) }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<offset]))
                try readEscape(into: &out)
                escaped = true
                start = offset
            } else if c < 0x20 {
                throw error("unescaped control character in a string")
            } else if c < 0x80 {
                offset += 1
            } else {
                try skipUTF8Scalar()
            }
        }
    }

    /// Decodes one backslash escape at `offset` onto `out`.
    @inline(never)
    private mutating func readEscape(into out: inout [UInt8]) throws(JSONError) {
        let start = offset
        offset += 1
        guard offset < bytes.count else { throw endOfInput() }
        let c = bytes[offset]
        offset += 1
        switch c {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(c)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "u"): JSONReader.appendUTF8(try readUnicodeEscape(start: start), to: &out)
        default: throw error("invalid escape '\\\(Character(Unicode.Scalar(c)))'", at: start)
        }
    }

    /// Reads the hex digits of `\uXXXX` (already past the `u`), joining a surrogate pair.
    private mutating func readUnicodeEscape(start: Int) throws(JSONError) -> UInt32 {
        let first = try readHex4()
        if first >= 0xDC00 && first <= 0xDFFF { throw error("unpaired surrogate in \\u escape", at: start) }
        guard first >= 0xD800 && first <= 0xDBFF else { return first }
        for expected in [UInt8(ascii: "\\"), UInt8(ascii: "u")] {
            guard offset < bytes.count else { throw endOfInput() }
            guard bytes[offset] == expected else { throw error("unpaired surrogate in \\u escape", at: start) }
            offset += 1
        }
        let second = try readHex4()
        guard second >= 0xDC00 && second <= 0xDFFF else {
            throw error("unpaired surrogate in \\u escape", at: start)
        }
        return 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
    }

    private mutating func readHex4() throws(JSONError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard offset < bytes.count else { throw endOfInput() }
            guard let v = JSONReader.hexValue(bytes[offset]) else { throw error("invalid \\u escape") }
            value = value << 4 | UInt32(v)
            offset += 1
        }
        return value
    }

    /// The value of a hex digit (either case); nil for any other byte.
    public static func hexValue(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return c - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    static func appendUTF8(_ scalar: UInt32, to out: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            out.append(UInt8(scalar))
        case 0x80..<0x800:
            out.append(UInt8(0xC0 | scalar >> 6))
            out.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            out.append(UInt8(0xE0 | scalar >> 12))
            out.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            out.append(UInt8(0x80 | scalar & 0x3F))
        default:
            out.append(UInt8(0xF0 | scalar >> 18))
            out.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            out.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            out.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    /// Steps over one well-formed multi-byte UTF-8 scalar (no overlongs, surrogates or > U+10FFFF).
    @inline(never)
    private mutating func skipUTF8Scalar() throws(JSONError) {
        let lead = bytes[offset]
        let length: Int
        var low: UInt8 = 0x80, high: UInt8 = 0xBF  // bounds of the second byte
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: throw error("invalid UTF-8 in a string")
        }
        for i in 1..<length {
            guard offset + i < bytes.count else { throw endOfInput() }
            let c = bytes[offset + i]
            let ok = i == 1 ? (c >= low && c <= high) : (c & 0xC0 == 0x80)
            guard ok else { throw error("invalid UTF-8 in a string") }
        }
        offset += length
    }
}
