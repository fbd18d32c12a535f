import ScrawlCore

/// A layer as documents, snapshots and the journal write it:
/// `{"id": 2, "name": "Ink", "visible": true, "locked": false, "opacity": 0.5}`.
enum LayerCoding {
    /// The layer's members into the object the caller has begun (a document adds `drawables`).
    static func members(_ layer: Layer, into w: inout JSONWriter) {
        w.key("id")
        w.integer(layer.id.value)
        w.key("name")
        w.string(layer.name)
        w.key("visible")
        w.bool(layer.visible)
        w.key("locked")
        w.bool(layer.locked)
        w.key("opacity")
        w.number(layer.opacity)
    }

    /// A table as an array of layer objects, bottom first.
    static func encode(_ table: [Layer], into w: inout JSONWriter) {
        w.array { w in for layer in table { w.object { w in members(layer, into: &w) } } }
    }

    /// One layer object (`path` names it); `visible` and `locked` default to true and false,
    /// `opacity` to 1.
    static func decode(_ value: JSONValue, path: String) throws(DocumentError) -> Layer {
        let o = try JSONObjectReader(value, path: path)
        let id = try o.integer("id")
        guard id >= 1, UInt64(id) <= DisplayList.maxID else {
            throw .field(path: o.at("id"), problem: "must be an integer from 1 to 2^53, found \(id)")
        }
        let name = try o.string("name")
        guard !name.isEmpty, name.count <= Layer.maxNameLength else {
            throw .field(path: o.at("name"), problem: "must be 1 to \(Layer.maxNameLength) characters")
        }
        let opacity = try o.number("opacity", default: 1) { (v, p) throws(DocumentError) in
            try DocumentRules.finite(v, p)
            guard v >= 0 && v <= 1 else { throw .field(path: p, problem: "must be from 0 to 1, found \(JSONWriter.format(v))") }
        }
        return Layer(id: LayerID(UInt64(id)), name: name, visible: try bool(o, "visible", default: true),
                     locked: try bool(o, "locked", default: false), opacity: opacity)
    }

    /// A table (`path` names the array): at least one layer, each id once.
    static func decodeTable(_ values: [JSONValue], path: String) throws(DocumentError) -> [Layer] {
        guard !values.isEmpty else { throw .field(path: path, problem: "must hold at least one layer") }
        var table: [Layer] = []
        for (i, v) in values.enumerated() {
            let layer = try decode(v, path: "\(path)[\(i)]")
            guard !table.contains(where: { $0.id == layer.id }) else {
                throw .field(path: "\(path)[\(i)].id", problem: "duplicate layer id \(layer.id)")
            }
            table.append(layer)
        }
        return table
    }

    private static func bool(_ o: JSONObjectReader, _ key: String, default d: Bool) throws(DocumentError) -> Bool {
        guard let v = o.object[key] else { return d }
        guard case .bool(let b) = v else { throw .field(path: o.at(key), problem: "expected true or false, found \(v.kindName)") }
        return b
    }
}
