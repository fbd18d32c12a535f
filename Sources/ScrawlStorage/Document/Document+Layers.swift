import ScrawlCore

/// Documents with layers (version 3): instead of `drawables`, a `layers` array, bottom first, each
/// layer with its members (`LayerCoding`) and its drawables in order:
///
/// ```json
/// "layers": [
/// {"id": 1, "name": "Layer 1", "visible": true, "locked": false, "opacity": 1, "drawables": [
/// {"id": 1, "type": "path", ...}]},
/// {"id": 2, "name": "Ink", "visible": true, "locked": false, "opacity": 0.5, "drawables": [
/// ]}
/// ]
/// ```
///
/// A drawing with one plain layer (`Layer.initial`) is written as before layers, so older builds
/// read it; a document without `layers` reads as that one layer.
extension Document {
    /// Whether the document needs the `layers` form: more than one layer, or one that is not plain.
    var isLayered: Bool { layers != [.initial] || items.contains { $0.layer != .first } }

    /// The layers with their drawables, bottom first (items of an unknown layer join the top one).
    public var layersWithDrawables: [(layer: Layer, drawables: [Drawable])] {
        let table = layers.isEmpty ? [.initial] : layers
        var byLayer: [LayerID: [Drawable]] = [:]
        let known = Set(table.map(\.id))
        for item in items { byLayer[known.contains(item.layer) ? item.layer : table[table.count - 1].id, default: []].append(item.drawable) }
        return table.map { ($0, byLayer[$0.id] ?? []) }
    }

    /// Writes the `layers` member: each layer with the encoded drawable `lines` of its items.
    func writeLayers(_ lines: [[UInt8]], into w: inout JSONWriter) throws(DocumentError) {
        let positions = Dictionary(uniqueKeysWithValues: layers.enumerated().map { ($0.element.id, $0.offset) })
        var perLayer = [[[UInt8]]](repeating: [], count: layers.count)
        var last = 0
        for (i, item) in items.enumerated() {
            guard let p = positions[item.layer], p >= last else {
                throw .field(path: "drawables[\(i)]", problem: "its layer \(item.layer) is not one of the document's, in order")
            }
            last = p
            perLayer[p].append(lines[i])
        }
        w.key("layers", onNewLine: true)
        w.array(.lines) { w in
            for (layer, lines) in zip(layers, perLayer) {
                w.object { w in
                    LayerCoding.members(layer, into: &w)
                    w.key("drawables")
                    w.array(.lines) { w in for line in lines { w.rawValue(line) } }
                }
            }
        }
    }

    /// The `layers` member: the table and the items, each drawable with its layer.
    static func decodeLayers(_ value: JSONValue, images: inout LazyImageDecoder) throws(DocumentError)
        -> (layers: [Layer], items: [DisplayItem]) {
        guard let list = value.arrayValue else { throw .field(path: "layers", problem: "expected an array, found \(value.kindName)") }
        let table = try LayerCoding.decodeTable(list, path: "layers")
        var drawables: [Drawable] = [], ids: [UInt64?] = [], owners: [LayerID] = []
        for (l, layerValue) in list.enumerated() {
            let values = try JSONObjectReader(layerValue, path: "layers[\(l)]").array("drawables")
            for (i, d) in values.enumerated() {
                let path = "layers[\(l)].drawables[\(i)]"
                drawables.append(try DrawableCoding.decodeDrawable(d, path: path) { (index, path) throws(DocumentError) -> RasterImage in
                    try images.image(index, referencedAt: path)
                })
                ids.append(try DrawableIDs.decode(d, path: path))
                owners.append(table[l].id)
            }
        }
        let numbered = try DrawableIDs.items(drawables, ids: ids)
        let items = zip(numbered, owners).map { DisplayItem(id: $0.id, drawable: $0.drawable, layer: $1) }
        return (table, items)
    }
}
