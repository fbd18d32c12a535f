import ScrawlCore

/// The members of one JSON object, read with typed, path-naming errors.
struct JSONObjectReader {
    let object: JSONObject
    let path: String

    init(_ value: JSONValue, path: String) throws(DocumentError) {
        guard let o = value.objectValue else { throw .field(path: path, problem: "expected an object, found \(value.kindName)") }
        self.object = o
        self.path = path
    }

    func at(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    func required(_ key: String) throws(DocumentError) -> JSONValue {
        guard let v = object[key] else {
            throw .field(path: at(key), problem: "missing")
        }
        return v
    }

    func number(_ key: String, default d: Double? = nil, rule: DocumentRules.Rule) throws(DocumentError) -> Double {
        guard let v = object[key] else {
            if let d { return d }
            _ = try required(key)
            return 0
        }
        guard let n = v.numberValue else { throw .field(path: at(key), problem: "expected a number, found \(v.kindName)") }
        try rule(n.doubleValue, at(key))
        return n.doubleValue
    }

    func integer(_ key: String) throws(DocumentError) -> Int {
        let v = try required(key)
        guard let n = v.numberValue else { throw .field(path: at(key), problem: "expected an integer, found \(v.kindName)") }
        guard let i = n.int64Value, let int = Int(exactly: i) else {
            throw .field(path: at(key), problem: "expected an integer, found \(n)")
        }
        return int
    }

    func string(_ key: String) throws(DocumentError) -> String {
        let v = try required(key)
        guard let s = v.stringValue else { throw .field(path: at(key), problem: "expected a string, found \(v.kindName)") }
        return s
    }

    func array(_ key: String) throws(DocumentError) -> [JSONValue] {
        let v = try required(key)
        guard let a = v.arrayValue else { throw .field(path: at(key), problem: "expected an array, found \(v.kindName)") }
        return a
    }

    /// A `#rrggbb` / `#rrggbbaa` colour, or nil for null or a missing member.
    func color(_ key: String) throws(DocumentError) -> Color? {
        guard let v = object[key] else { return nil }
        if case .null = v { return nil }
        guard let s = v.stringValue else {
            throw .field(path: at(key), problem: "expected a colour \"#rrggbb\" or \"#rrggbbaa\" or null, found \(v.kindName)")
        }
        guard let c = Color(hex: s) else {
            throw .field(path: at(key), problem: "expected a colour \"#rrggbb\" or \"#rrggbbaa\", found \(JSONWriter.quoted(s, limit: 40))")
        }
        return c
    }

    /// One of a keyword enum's raw values.
    func keyword<K: RawRepresentable & CaseIterable>(_ key: String, default d: K) throws(DocumentError) -> K
    where K.RawValue == String {
        guard let v = object[key] else { return d }
        let names = K.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        guard let s = v.stringValue else { throw .field(path: at(key), problem: "expected one of \(names), found \(v.kindName)") }
        guard let k = K(rawValue: s) else {
            throw .field(path: at(key), problem: "expected one of \(names), found \(JSONWriter.quoted(s, limit: 40))")
        }
        return k
    }
}
