/// A JSON object: members in document order with unique keys and fast lookup.
/// Equality compares members in order.
public struct JSONObject: Hashable, Sendable, RandomAccessCollection {
    /// The keys in document order.
    public private(set) var keys: [String] = []
    /// The values, parallel to `keys`.
    public private(set) var values: [JSONValue] = []
    /// Key -> position, built once the object grows past `linearLimit` members.
    private var index: [String: Int]? = nil
    private static let linearLimit = 12

    /// An empty object.
    public init() {}

    /// An object from members in order; a repeated key keeps its first position and last value.
    public init(_ members: [(String, JSONValue)]) {
        for (k, v) in members { self[k] = v }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { keys.count }
    /// The member at position `i`.
    public subscript(position: Int) -> (key: String, value: JSONValue) { (keys[position], values[position]) }

    /// The position of `key`, if present.
    public func position(of key: String) -> Int? {
        if let index { return index[key] }
        return keys.firstIndex(of: key)
    }

    /// The value for `key`; setting nil removes the member, setting a new key appends it.
    public subscript(key: String) -> JSONValue? {
        get { position(of: key).map { values[$0] } }
        set {
            if let i = position(of: key) {
                if let newValue { values[i] = newValue } else { remove(at: i) }
            } else if let newValue {
                append(key, newValue)
            }
        }
    }

    /// Appends a member; returns false (changing nothing) when the key is already present.
    @discardableResult
    public mutating func appendIfAbsent(_ key: String, _ value: JSONValue) -> Bool {
        if position(of: key) != nil { return false }
        append(key, value)
        return true
    }

    private mutating func append(_ key: String, _ value: JSONValue) {
        index?[key] = keys.count
        keys.append(key)
        values.append(value)
        if index == nil && keys.count > JSONObject.linearLimit { rebuildIndex() }
    }

    private mutating func remove(at i: Int) {
        keys.remove(at: i)
        values.remove(at: i)
        if index != nil { rebuildIndex() }
    }

    private mutating func rebuildIndex() {
        var d = [String: Int](minimumCapacity: keys.count)
        for (i, k) in keys.enumerated() { d[k] = i }
        index = d
    }

    public static func == (a: JSONObject, b: JSONObject) -> Bool { a.keys == b.keys && a.values == b.values }
    public func hash(into h: inout Hasher) {
        h.combine(keys)
        h.combine(values)
    }
}
