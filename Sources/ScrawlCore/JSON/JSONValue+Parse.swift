extension JSONValue {
    /// Parses one JSON document, nesting limited to `JSONReader.defaultMaxDepth` (64) levels.
    public static func parse(_ bytes: [UInt8]) throws(JSONError) -> JSONValue {
        try parse(bytes, maxDepth: JSONReader.defaultMaxDepth)
    }

    /// Parses one JSON document with a nesting limit (clamped to 1...1024).
    public static func parse(_ bytes: [UInt8], maxDepth: Int) throws(JSONError) -> JSONValue {
        try bytes.withUnsafeBufferPointer { (buffer) throws(JSONError) -> JSONValue in
            var reader = JSONReader(buffer, maxDepth: maxDepth)
            let value = try reader.readValue()
            try reader.finish()
            return value
        }
    }

    /// Parses one JSON document whose top-level object members are built only when `keep` says
    /// so; the others are skipped (their syntax and duplicate keys checked as strictly) without
    /// being built, so megabytes of unknown members cost a scan, not a tree. A top level that is
    /// not an object is parsed whole.
    public static func parse(_ bytes: [UInt8], keepingTopLevel keep: (String) -> Bool) throws(JSONError) -> JSONValue {
        try bytes.withUnsafeBufferPointer { (buffer) throws(JSONError) -> JSONValue in
            var reader = JSONReader(buffer)
            guard reader.peekKind() == .object else {
                let value = try reader.readValue()
                try reader.finish()
                return value
            }
            let value = JSONValue.object(try reader.readObject(keeping: keep))
            try reader.finish()
            return value
        }
    }

    /// Parses one JSON document from text.
    public static func parse(_ text: String) throws(JSONError) -> JSONValue {
        try parse(Array(text.utf8))
    }
}

extension JSONReader {
    /// Reads the next value as a tree; duplicate keys are an error.
    public mutating func readValue() throws(JSONError) -> JSONValue {
        switch try peek() {
        case .object: return .object(try readObject())
        case .array: return .array(try readArray())
        case .string: return .string(try readString())
        case .number: return .number(try readNumber())
        case .bool: return .bool(try readBool())
        case .null:
            try readNull()
            return .null
        }
    }

    private mutating func readObject() throws(JSONError) -> JSONObject {
        var object = JSONObject()
        guard try beginObject() else { return object }
        repeat {
            _ = skipWhitespace()
            let keyOffset = offset
            let key = try readKey()
            if object.position(of: key) != nil { throw duplicateKey(key, at: keyOffset) }
            object.appendIfAbsent(key, try readValue())
        } while try nextMember()
        return object
    }

    /// Reads an object, building only the members `keep` names and skipping the others.
    mutating func readObject(keeping keep: (String) -> Bool) throws(JSONError) -> JSONObject {
        var object = JSONObject()
        guard try beginObject() else { return object }
        var keys = JSONKeySet()
        repeat {
            _ = skipWhitespace()
            let keyOffset = offset
            let key = try readKey()
            guard keys.insert(Array(key.utf8)) else { throw duplicateKey(key, at: keyOffset) }
            if keep(key) { object.appendIfAbsent(key, try readValue()) } else { try skipValue() }
        } while try nextMember()
        return object
    }

    private mutating func readArray() throws(JSONError) -> [JSONValue] {
        var array: [JSONValue] = []
        guard try beginArray() else { return array }
        repeat { array.append(try readValue()) } while try nextElement()
        return array
    }

    /// Skips the next value, checking its syntax as strictly as `readValue` does.
    public mutating func skipValue() throws(JSONError) {
        switch try peek() {
        case .object: try skipObject()
        case .array:
            guard try beginArray() else { return }
            repeat { try skipValue() } while try nextElement()
        case .string:
            var decoded: [UInt8] = []
            _ = try readStringRaw(decodingInto: &decoded)
        case .number: _ = try readNumber()
        case .bool: _ = try readBool()
        case .null: try readNull()
        }
    }

    private mutating func skipObject() throws(JSONError) {
        guard try beginObject() else { return }
        var keys = JSONKeySet()
        var key: [UInt8] = []
        repeat {
            _ = skipWhitespace()
            let keyOffset = offset
            try readKey(into: &key)
            guard keys.insert(key) else { throw duplicateKey(key, at: keyOffset) }
            try skipValue()
        } while try nextMember()
    }

    /// The error for a key that appears twice in one object.
    public func duplicateKey(_ key: [UInt8], at keyOffset: Int) -> JSONError {
        duplicateKey(String(decoding: key, as: UTF8.self), at: keyOffset)
    }

    /// The error for a key that appears twice in one object.
    public func duplicateKey(_ key: String, at keyOffset: Int) -> JSONError {
        error("duplicate key \(JSONWriter.quoted(key, limit: 40))", at: keyOffset)
    }
}

/// A set of raw object keys, linear while small.
public struct JSONKeySet {
    private var list: [[UInt8]] = []
    private var set: Set<[UInt8]>? = nil

    /// An empty set.
    public init() {}

    /// Adds `key`; returns false when it was already present.
    public mutating func insert(_ key: [UInt8]) -> Bool {
        if set != nil { return set?.insert(key).inserted ?? false }
        if list.contains(key) { return false }
        list.append(key)
        if list.count > 12 {
            set = Set(list)
            list = []
        }
        return true
    }
}
