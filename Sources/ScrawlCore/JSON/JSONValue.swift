/// A JSON number as written: an exact integer when it has no fraction or exponent, else a Double.
public enum JSONNumber: Hashable, Sendable, CustomStringConvertible {
    /// An integer token that fits in Int64.
    case int(Int64)
    /// An integer token above Int64.max that fits in UInt64.
    case uint(UInt64)
    /// Any other number (with a fraction or exponent, or too large for 64 bits); may be non-finite
    /// for `1e999` or the literals `NaN`, `Infinity`, `-Infinity`.
    case double(Double)

    /// The value as a Double (rounded for integers beyond 2^53).
    public var doubleValue: Double {
        switch self {
        case .int(let v): return Double(v)
        case .uint(let v): return Double(v)
        case .double(let v): return v
        }
    }

    /// The exact value when the token was an integer that fits in Int64.
    public var int64Value: Int64? {
        if case .int(let v) = self { return v }
        return nil
    }

    /// The exact value when the token was a non-negative integer that fits in UInt64.
    public var uint64Value: UInt64? {
        switch self {
        case .int(let v): return v >= 0 ? UInt64(v) : nil
        case .uint(let v): return v
        case .double: return nil
        }
    }

    /// The number as JSON text (round-trips exactly).
    public var description: String {
        switch self {
        case .int(let v): return String(v)
        case .uint(let v): return String(v)
        case .double(let v): return JSONWriter.format(v)
        }
    }
}

/// A parsed JSON value.
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// The string, when this is a string.
    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// The number, when this is a number.
    public var numberValue: JSONNumber? {
        if case .number(let n) = self { return n }
        return nil
    }

    /// The elements, when this is an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let a) = self { return a }
        return nil
    }

    /// The object, when this is an object.
    public var objectValue: JSONObject? {
        if case .object(let o) = self { return o }
        return nil
    }

    /// The member named `key`, when this is an object that has one.
    public subscript(key: String) -> JSONValue? {
        objectValue?[key]
    }

    /// A short name of the value's type for messages: "an object", "a string", ...
    public var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
