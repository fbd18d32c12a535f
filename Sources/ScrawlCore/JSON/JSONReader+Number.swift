/// Exactly representable powers of ten for the fast Double path.
private let exactPowersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
]

/// The digits of a number token, gathered while scanning it.
private struct NumberScan {
    var negative = false
    /// The leading significant digits, as many as fit in UInt64 (exact).
    var mantissa: UInt64 = 0
    /// True when non-zero digits that did not fit were dropped.
    var truncated = false
    /// The power of ten to apply to `mantissa` (before the written exponent).
    var scale = 0
    var isInteger = true

    @inline(__always)
    mutating func addDigit(_ d: UInt64, fractional: Bool) {
        if mantissa < UInt64.max / 10 || (mantissa == UInt64.max / 10 && d <= UInt64.max % 10) {
            mantissa = mantissa * 10 + d
            if fractional { scale -= 1 }
        } else {
            if d != 0 { truncated = true }
            if !fractional { scale += 1 }
        }
    }
}

extension JSONReader {
    /// Reads a number: integers exactly, others as correctly rounded Doubles.
    /// Also accepts `NaN`, `Infinity` and `-Infinity` (as non-finite Doubles).
    public mutating func readNumber() throws(JSONError) -> JSONNumber {
        guard let first = skipWhitespace() else { throw endOfInput() }
        let start = offset
        var scan = NumberScan()
        if first == UInt8(ascii: "-") {
            scan.negative = true
            offset += 1
            guard offset < bytes.count else { throw endOfInput() }
        }
        let lead = bytes[offset]
        if lead == UInt8(ascii: "I") || lead == UInt8(ascii: "N") {
            return .double(try readNonFiniteLiteral(negative: scan.negative))
        }
        try scanInteger(&scan)
        var exponent = 0
        if offset < bytes.count {
            if bytes[offset] == UInt8(ascii: ".") { try scanFraction(&scan) }
            if offset < bytes.count && (bytes[offset] | 0x20) == UInt8(ascii: "e") { exponent = try scanExponent(&scan) }
            if offset < bytes.count && (JSONReader.isWordByte(bytes[offset]) || bytes[offset] == UInt8(ascii: ".")) {
                throw error("invalid number", at: start)
            }
        }
        return makeNumber(scan, exponent: exponent, start: start)
    }

    /// `NaN`, `Infinity` or `-Infinity` at `offset`.
    @inline(never)
    private mutating func readNonFiniteLiteral(negative: Bool) throws(JSONError) -> Double {
        if bytes[offset] == UInt8(ascii: "I") {
            try literal("Infinity")
            return negative ? -Double.infinity : Double.infinity
        }
        guard !negative else { throw unexpected(bytes[offset], expecting: "a digit") }
        try literal("NaN")
        return Double.nan
    }

    @inline(__always)
    private mutating func scanInteger(_ scan: inout NumberScan) throws(JSONError) {
        let c = bytes[offset]
        guard c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") else { throw unexpected(c, expecting: "a digit") }
        offset += 1
        if c == UInt8(ascii: "0") { return }
        scan.addDigit(UInt64(c &- UInt8(ascii: "0")), fractional: false)
        scanDigits(&scan, fractional: false)
    }

    @inline(__always)
    private mutating func scanDigits(_ scan: inout NumberScan, fractional: Bool) {
        while offset < bytes.count {
            let d = bytes[offset] &- UInt8(ascii: "0")
            guard d < 10 else { return }
            scan.addDigit(UInt64(d), fractional: fractional)
            offset += 1
        }
    }

    @inline(__always)
    private mutating func scanFraction(_ scan: inout NumberScan) throws(JSONError) {
        scan.isInteger = false
        offset += 1
        try requireDigit()
        scanDigits(&scan, fractional: true)
    }

    /// The written exponent after an `e` (saturated far beyond any Double's range).
    private mutating func scanExponent(_ scan: inout NumberScan) throws(JSONError) -> Int {
        scan.isInteger = false
        offset += 1
        var negative = false
        if offset < bytes.count && (bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-")) {
            negative = bytes[offset] == UInt8(ascii: "-")
            offset += 1
        }
        try requireDigit()
        var value = 0
        while offset < bytes.count {
            let d = bytes[offset] &- UInt8(ascii: "0")
            guard d < 10 else { break }
            value = min(value * 10 + Int(d), 1_000_000)
            offset += 1
        }
        return negative ? -value : value
    }

    @inline(__always)
    private mutating func requireDigit() throws(JSONError) {
        guard offset < bytes.count else { throw endOfInput() }
        let c = bytes[offset]
        guard c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") else { throw unexpected(c, expecting: "a digit") }
    }

    @inline(__always)
    private func makeNumber(_ scan: NumberScan, exponent: Int, start: Int) -> JSONNumber {
        if scan.isInteger && scan.scale == 0 {
            if !scan.negative {
                return scan.mantissa <= UInt64(Int64.max) ? .int(Int64(scan.mantissa)) : .uint(scan.mantissa)
            }
            if scan.mantissa <= UInt64(Int64.max) { return .int(-Int64(scan.mantissa)) }
            if scan.mantissa == UInt64(Int64.max) + 1 { return .int(Int64.min) }
        }
        let power = scan.scale + exponent
        if !scan.truncated && scan.mantissa <= 1 << 53 && power >= -22 && power <= 22 {
            var value = Double(scan.mantissa)
            value = power >= 0 ? value * exactPowersOfTen[power] : value / exactPowersOfTen[-power]
            return .double(scan.negative ? -value : value)
        }
        if scan.mantissa == 0 { return .double(scan.negative ? -0.0 : 0.0) }
        return .double(slowDouble(start..<offset))
    }

    /// Correctly rounded conversion of a validated number token (via the C-locale strtod).
    @inline(never)
    private func slowDouble(_ range: Range<Int>) -> Double {
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        return Double(text) ?? .nan
    }
}
