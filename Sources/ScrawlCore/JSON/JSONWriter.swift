/// Builds JSON text in the house style (`{"a": 1, "b": [2, 3]}`) with exact, shortest numbers.
///
/// Objects and arrays are scopes: `beginObject`/`endObject` and `beginArray`/`endArray` (or the
/// closure forms `object { }` and `array { }`), with `key(_:)` before each member's value. The
/// writer puts the commas and spacing: a value inside an array gets its separator, a key inside an
/// object gets its own; each scope's `Layout` says where line breaks go.
///
/// ```swift
/// var w = JSONWriter()
/// w.object { w in
///     w.key("op"); w.string("add")
///     w.key("ids"); w.array { w in for i in [1, 2] { w.integer(i) } }
/// }
/// // {"op": "add", "ids": [1, 2]}
/// ```
///
/// Non-finite Doubles are written as the literals `NaN`, `Infinity` and `-Infinity`, which
/// `JSONReader` reads back (and replay validation then rejects with a clear message).
public struct JSONWriter: Sendable {
    /// Where a scope breaks lines: text written before its first member, between members (after
    /// the comma), and before its closing bracket.
    public struct Layout: Hashable, Sendable {
        /// Before the first member.
        public var open: String
        /// After each comma.
        public var between: String
        /// Before the closing bracket when the scope has members.
        public var close: String
        /// Before the closing bracket when it has none.
        public var closeEmpty: String

        public init(open: String, between: String, close: String, closeEmpty: String = "") {
            self.open = open; self.between = between; self.close = close; self.closeEmpty = closeEmpty
        }

        /// `[1, 2]`, `{"a": 1, "b": 2}`.
        public static let inline = Layout(open: "", between: " ", close: "")
        /// One member per line, the closing bracket on its own line: `[\n1,\n2\n]`; empty: `[]`.
        public static let lines = Layout(open: "\n", between: "\n", close: "\n")
    }

    /// An open object or array.
    private struct Scope: Sendable {
        var isObject: Bool
        var layout: Layout
        var count = 0
    }

    /// The UTF-8 output so far (since the last `takeBytes()`).
    public private(set) var bytes: [UInt8] = []
    private var scopes: [Scope] = []

    /// An empty writer.
    public init() {}

    /// The output so far as a String.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The output so far, which the writer then forgets; open scopes stay open (for writing a file
    /// a piece at a time).
    public mutating func takeBytes() -> [UInt8] {
        defer { bytes.removeAll(keepingCapacity: true) }
        return bytes
    }

    /// Appends text verbatim: no separator, not counted as a value (a newline after the document).
    public mutating func raw(_ text: String) { bytes.append(contentsOf: text.utf8) }

    /// Appends already encoded JSON as one value (with the separator it needs).
    public mutating func rawValue(_ json: [UInt8]) {
        separateValue()
        bytes.append(contentsOf: json)
    }

    // MARK: Scopes

    /// Opens an object; members are `key(_:)` then a value.
    public mutating func beginObject(_ layout: Layout = .inline) { begin(isObject: true, layout) }

    /// Closes the innermost scope, which must be an object.
    public mutating func endObject() { end(isObject: true) }

    /// Opens an array; each value written is an element.
    public mutating func beginArray(_ layout: Layout = .inline) { begin(isObject: false, layout) }

    /// Closes the innermost scope, which must be an array.
    public mutating func endArray() { end(isObject: false) }

    /// An object whose members `body` writes.
    public mutating func object<E: Error>(_ layout: Layout = .inline,
                                          _ body: (inout JSONWriter) throws(E) -> Void) throws(E) {
        beginObject(layout)
        try body(&self)
        endObject()
    }

    /// An array whose elements `body` writes.
    public mutating func array<E: Error>(_ layout: Layout = .inline,
                                         _ body: (inout JSONWriter) throws(E) -> Void) throws(E) {
        beginArray(layout)
        try body(&self)
        endArray()
    }

    /// Starts the member `name` of the innermost object: the separator, then `"name": `. With
    /// `onNewLine`, the member starts a new line whatever the object's layout.
    public mutating func key(_ name: String, onNewLine: Bool = false) {
        precondition(scopes.last?.isObject == true, "JSONWriter.key(\(name)) outside an object")
        let scope = scopes[scopes.count - 1]
        if scope.count > 0 { bytes.append(UInt8(ascii: ",")) }
        raw(onNewLine ? "\n" : scope.count > 0 ? scope.layout.between : scope.layout.open)
        scopes[scopes.count - 1].count += 1
        JSONWriter.appendQuoted(name, to: &bytes)
        raw(": ")
    }

    private mutating func begin(isObject: Bool, _ layout: Layout) {
        separateValue()
        bytes.append(UInt8(ascii: isObject ? "{" : "["))
        scopes.append(Scope(isObject: isObject, layout: layout))
    }

    private mutating func end(isObject: Bool) {
        guard let scope = scopes.popLast(), scope.isObject == isObject else {
            preconditionFailure("JSONWriter: \(isObject ? "endObject" : "endArray") without its begin")
        }
        raw(scope.count > 0 ? scope.layout.close : scope.layout.closeEmpty)
        bytes.append(UInt8(ascii: isObject ? "}" : "]"))
    }

    /// Before a value: inside an array, the separator (objects put theirs in `key`).
    private mutating func separateValue() {
        guard let scope = scopes.last, !scope.isObject else { return }
        if scope.count > 0 { bytes.append(UInt8(ascii: ",")) }
        raw(scope.count > 0 ? scope.layout.between : scope.layout.open)
        scopes[scopes.count - 1].count += 1
    }

    // MARK: Values

    /// Appends a quoted, escaped string.
    public mutating func string(_ s: String) {
        separateValue()
        JSONWriter.appendQuoted(s, to: &bytes)
    }

    /// Appends a number, shortest form that reads back as the same Double.
    public mutating func number(_ v: Double) { token(JSONWriter.format(v)) }

    /// Appends a number token.
    public mutating func number(_ n: JSONNumber) { token(n.description) }

    /// Appends an integer.
    public mutating func integer<T: BinaryInteger>(_ v: T) { token(String(v)) }

    /// Appends `true` or `false`.
    public mutating func bool(_ b: Bool) { token(b ? "true" : "false") }

    /// Appends `null`.
    public mutating func null() { token("null") }

    /// Appends a whole value, compactly (`{"a": [1, 2]}`).
    public mutating func value(_ v: JSONValue) {
        switch v {
        case .null: null()
        case .bool(let b): bool(b)
        case .number(let n): number(n)
        case .string(let s): string(s)
        case .array(let a):
            array { w in for e in a { w.value(e) } }
        case .object(let o):
            object { w in
                for member in o {
                    w.key(member.key)
                    w.value(member.value)
                }
            }
        }
    }

    private mutating func token(_ text: String) {
        separateValue()
        raw(text)
    }

    // MARK: Text

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
