/// A strict pull reader over UTF-8 JSON bytes (RFC 8259) that reports errors with line and column.
///
/// The reader borrows `bytes`: use it only inside the `withUnsafeBufferPointer` call that made
/// the pointer. Containers are walked with `beginObject`/`readKey`/`nextMember` and
/// `beginArray`/`nextElement`; nesting deeper than `maxDepth` is an error. As the only extension,
/// the literals `NaN`, `Infinity` and `-Infinity` are read as numbers (so callers can reject them
/// with a clear message). A leading UTF-8 byte order mark is skipped.
public struct JSONReader {
    /// The default nesting limit.
    public static let defaultMaxDepth = 64
    /// The largest accepted `maxDepth` (keeps recursive readers far from the stack limit).
    public static let depthCeiling = 1024

    /// The input.
    public let bytes: UnsafeBufferPointer<UInt8>
    /// The maximum nesting of arrays and objects.
    public let maxDepth: Int
    /// The byte offset of the next unread byte.
    public internal(set) var offset: Int = 0
    /// How many containers are open.
    public internal(set) var depth: Int = 0

    /// The kinds of value the next token can start.
    public enum Kind: Sendable, Hashable {
        case object, array, string, number, bool, null
    }

    /// A saved position, to re-read a value with `reset(to:)`.
    public struct Mark: Sendable, Hashable {
        let offset: Int
        let depth: Int
    }

    /// A reader at the start of `bytes`.
    public init(_ bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int = JSONReader.defaultMaxDepth) {
        self.bytes = bytes
        self.maxDepth = min(max(maxDepth, 1), JSONReader.depthCeiling)
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { offset = 3 }
    }

    /// The current position.
    public var mark: Mark { Mark(offset: offset, depth: depth) }

    /// Returns to a position saved with `mark`.
    public mutating func reset(to mark: Mark) {
        offset = mark.offset
        depth = mark.depth
    }

    /// Skips whitespace; returns the next byte (not consumed), or nil at the end of input.
    @inline(__always)
    mutating func skipWhitespace() -> UInt8? {
        while offset < bytes.count {
            let c = bytes[offset]
            guard c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 else { return c }
            offset += 1
        }
        return nil
    }

    /// The kind of the next value, after whitespace; throws at the end of input or on a stray byte.
    @inline(__always)
    public mutating func peek() throws(JSONError) -> Kind {
        if let kind = peekKind() { return kind }
        guard let c = skipWhitespace() else { throw endOfInput() }
        throw unexpected(c, expecting: "a value")
    }

    /// The kind of the next value, after whitespace; nil at the end of input or on a stray byte.
    @inline(__always)
    public mutating func peekKind() -> Kind? {
        guard let c = skipWhitespace() else { return nil }
        switch c {
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "N"), UInt8(ascii: "I"):
            return .number
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
        case UInt8(ascii: "n"): return .null
        default: return nil
        }
    }

    /// Throws unless only whitespace remains.
    public mutating func finish() throws(JSONError) {
        guard let c = skipWhitespace() else { return }
        throw error("unexpected \(JSONReader.describe(c)) after the end of the JSON value")
    }

    // MARK: Containers

    /// Consumes `{`; returns false (having consumed the `}`) when the object is empty.
    public mutating func beginObject() throws(JSONError) -> Bool {
        try open(UInt8(ascii: "{"), close: UInt8(ascii: "}"), name: "'{'")
    }

    /// Consumes `[`; returns false (having consumed the `]`) when the array is empty.
    public mutating func beginArray() throws(JSONError) -> Bool {
        try open(UInt8(ascii: "["), close: UInt8(ascii: "]"), name: "'['")
    }

    @inline(__always)
    private mutating func open(_ byte: UInt8, close: UInt8, name: String) throws(JSONError) -> Bool {
        guard let c = skipWhitespace() else { throw endOfInput() }
        guard c == byte else { throw unexpected(c, expecting: name) }
        guard depth < maxDepth else { throw error("nesting deeper than \(maxDepth) levels") }
        offset += 1
        depth += 1
        if skipWhitespace() == close {
            offset += 1
            depth -= 1
            return false
        }
        return true
    }

    /// After a member's value: consumes `,` and returns true, or consumes `}` and returns false.
    public mutating func nextMember() throws(JSONError) -> Bool {
        try next(close: UInt8(ascii: "}"), message: "expected ',' or '}'")
    }

    /// After an element: consumes `,` and returns true, or consumes `]` and returns false.
    public mutating func nextElement() throws(JSONError) -> Bool {
        try next(close: UInt8(ascii: "]"), message: "expected ',' or ']'")
    }

    @inline(__always)
    private mutating func next(close: UInt8, message: String) throws(JSONError) -> Bool {
        guard let c = skipWhitespace() else { throw endOfInput() }
        offset += 1
        if c == UInt8(ascii: ",") { return true }
        if c == close {
            depth -= 1
            return false
        }
        offset -= 1
        throw error(message)
    }

    /// Reads a member key and the `:` after it into `key` (decoded UTF-8).
    public mutating func readKey(into key: inout [UInt8]) throws(JSONError) {
        guard let c = skipWhitespace() else { throw endOfInput() }
        guard c == UInt8(ascii: "\"") else { throw unexpected(c, expecting: "a string key") }
        try readString(into: &key)
        try expectColon()
    }

    /// Reads a member key and the `:` after it like `readStringRaw(decodingInto:)`: the raw byte
    /// range when the key has no escapes, else nil with the key decoded into `scratch`.
    @inline(__always)
    public mutating func readKeyRaw(decodingInto scratch: inout [UInt8]) throws(JSONError) -> Range<Int>? {
        guard let c = skipWhitespace() else { throw endOfInput() }
        guard c == UInt8(ascii: "\"") else { throw unexpected(c, expecting: "a string key") }
        let raw = try readStringRaw(decodingInto: &scratch)
        try expectColon()
        return raw
    }

    /// Reads a member key and the `:` after it.
    public mutating func readKey() throws(JSONError) -> String {
        guard let c = skipWhitespace() else { throw endOfInput() }
        guard c == UInt8(ascii: "\"") else { throw unexpected(c, expecting: "a string key") }
        let key = try readString()
        try expectColon()
        return key
    }

    @inline(__always)
    private mutating func expectColon() throws(JSONError) {
        guard let c = skipWhitespace() else { throw endOfInput() }
        guard c == UInt8(ascii: ":") else { throw error("expected ':'") }
        offset += 1
    }

    // MARK: Literals

    /// Reads `true` or `false`.
    public mutating func readBool() throws(JSONError) -> Bool {
        guard let c = skipWhitespace() else { throw endOfInput() }
        if c == UInt8(ascii: "t") {
            try literal("true")
            return true
        }
        guard c == UInt8(ascii: "f") else { throw unexpected(c, expecting: "true or false") }
        try literal("false")
        return false
    }

    /// Reads `null`.
    public mutating func readNull() throws(JSONError) {
        guard let c = skipWhitespace() else { throw endOfInput() }
        guard c == UInt8(ascii: "n") else { throw unexpected(c, expecting: "null") }
        try literal("null")
    }

    /// Consumes exactly `word`, which must not be followed by a letter or digit.
    mutating func literal(_ word: StaticString) throws(JSONError) {
        let start = offset
        let count = word.utf8CodeUnitCount
        var i = 0
        while i < count {
            guard offset < bytes.count else { throw endOfInput() }
            guard bytes[offset] == word.utf8Start[i] else { throw error("invalid literal", at: start) }
            offset += 1
            i += 1
        }
        if offset < bytes.count && JSONReader.isWordByte(bytes[offset]) {
            throw error("invalid literal", at: start)
        }
    }

    static func isWordByte(_ c: UInt8) -> Bool {
        (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z"))
            || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) || c == UInt8(ascii: "_")
    }

    // MARK: Errors

    /// An error with `message` at byte `at` (default: the current offset).
    public func error(_ message: String, at: Int? = nil) -> JSONError {
        let at = at ?? offset
        let (line, column) = JSONError.position(of: at, in: bytes)
        return JSONError(line: line, column: column, message: message, offset: at)
    }

    /// The error for input that ends in the middle of a value.
    func endOfInput() -> JSONError {
        var e = error("unexpected end of input", at: bytes.count)
        e.isEndOfInput = true
        return e
    }

    func unexpected(_ c: UInt8, expecting what: String) -> JSONError {
        error("expected \(what), found \(JSONReader.describe(c))")
    }

    /// `'x'` for a printable ASCII byte, else `byte 0xNN`.
    static func describe(_ c: UInt8) -> String {
        if c >= 0x21 && c < 0x7F { return "'\(Character(Unicode.Scalar(c)))'" }
        let hex = String(c, radix: 16)
        return "byte 0x" + (hex.count == 1 ? "0" + hex : hex)
    }
}
