import ScrawlCore

/// Layers in the journal: a snapshot's `layers` (the table now) and `itemLayers` (`[[id, layer],
/// ...]` for every item, shown or only in a step, that is not on layer 1), a step's `layers`
/// member (`{"before": [...], "after": [...]}`, the table before and after a layer operation),
/// and an `edit` record's inserted items as `[index, drawable, layer]` when not on layer 1.
/// Journals written before layers have none of these and read as one layer.
enum JournalLayers {
    /// A step's layer change as its `layers` member, when it has one.
    static func writeChange(_ change: LayerTableChange?, into w: inout JSONWriter) {
        guard let change else { return }
        w.key("layers")
        w.object { w in
            w.key("before")
            LayerCoding.encode(change.before, into: &w)
            w.key("after")
            LayerCoding.encode(change.after, into: &w)
        }
    }

    /// The `layers` member of a step object, or nil when it has none.
    static func decodeChange(_ step: JSONValue, path: String) throws(DocumentError) -> LayerTableChange? {
        guard let value = step.objectValue?["layers"] else { return nil }
        let o = try JSONObjectReader(value, path: "\(path).layers")
        return LayerTableChange(before: try LayerCoding.decodeTable(o.array("before"), path: o.at("before")),
                                after: try LayerCoding.decodeTable(o.array("after"), path: o.at("after")))
    }

    /// A snapshot's `layers` and `itemLayers` members for `history` (none for one plain layer).
    static func writeSnapshot(_ history: DisplayList.History, into w: inout JSONWriter) {
        let placed = history.allItems.filter { $0.layer != .first }
        guard history.layers != [.initial] || !placed.isEmpty else { return }
        w.key("layers", onNewLine: true)
        LayerCoding.encode(history.layers, into: &w)
        w.key("itemLayers", onNewLine: true)
        w.array { w in
            for item in placed {
                w.array { w in
                    w.integer(item.id)
                    w.integer(item.layer.value)
                }
            }
        }
    }

    /// A snapshot's table (one plain layer without `layers`).
    static func table(_ top: JSONObject) throws(DocumentError) -> [Layer] {
        guard let value = top["layers"] else { return [.initial] }
        guard let list = value.arrayValue else { throw .field(path: "layers", problem: "expected an array, found \(value.kindName)") }
        return try LayerCoding.decodeTable(list, path: "layers")
    }

    /// A snapshot's `itemLayers` as a map from id to layer (empty without it).
    static func itemLayers(_ top: JSONObject) throws(DocumentError) -> [UInt64: LayerID] {
        guard let value = top["itemLayers"] else { return [:] }
        guard let list = value.arrayValue else { throw .field(path: "itemLayers", problem: "expected an array") }
        var out: [UInt64: LayerID] = [:]
        for (i, v) in list.enumerated() {
            guard let pair = v.arrayValue, pair.count == 2, let id = pair[0].numberValue?.uint64Value,
                  let layer = pair[1].numberValue?.uint64Value, layer >= 1 else {
                throw .field(path: "itemLayers[\(i)]", problem: "expected [id, layer]")
            }
            out[id] = LayerID(layer)
        }
        return out
    }

    /// `item` on the layer `layers` names for its id (layer 1 when none).
    static func placed(_ item: DisplayItem, _ layers: [UInt64: LayerID]) -> DisplayItem {
        guard let layer = layers[item.id], layer != item.layer else { return item }
        return DisplayItem(id: item.id, drawable: item.drawable, layer: layer)
    }
}
