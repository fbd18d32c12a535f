import ScrawlCore

/// Layers in exports. SVG: a document with layers writes each shown layer's drawables in one
/// `<g id="layer-N" opacity="o">` with the layer's name as its `<title>`, bottom first, so a viewer
/// composites each layer as a group at its opacity, as Scrawl does; PDF: each layer is a cairo
/// group painted at its opacity. Hidden layers are left out of both (an export shows what the
/// window shows). A drawing with one plain layer has no groups, as before layers.
struct ExportLayerGroups {
    private let items: [DisplayItem]
    private let layers: [LayerID: Layer]
    private let layered: Bool
    /// The layer whose group is open.
    private(set) var open: Layer?

    /// What to do before the drawable at `i`: close the open group, open another.
    struct Transition {
        var close: Layer?
        var open: Layer?
    }

    init(_ document: Document) {
        items = document.items
        layers = Dictionary(document.layers.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        layered = document.isLayered
    }

    /// The groups to close and open before drawable `i`; nil when its layer is hidden (the
    /// drawable is left out).
    mutating func enter(_ i: Int) -> Transition? {
        guard layered else { return Transition() }
        let id = items[i].layer
        let layer = layers[id] ?? Layer(id: id, name: "Layer \(id)")
        guard layer.visible else { return nil }
        guard open?.id != id else { return Transition() }
        defer { open = layer }
        return Transition(close: open, open: layer)
    }

    /// What goes before drawable `i`'s SVG element (nil: leave it out).
    mutating func svgPrefix(_ i: Int) -> String? {
        guard let t = enter(i) else { return nil }
        var out = t.close == nil ? "" : "</g>\n"
        if let l = t.open {
            out += "<g id=\"layer-\(l.id)\" opacity=\"\(JSONWriter.format(l.opacity))\"><title>\(Self.escaped(l.name))</title>\n"
        }
        return out
    }

    /// The end of the SVG group left open, if any.
    var svgEnd: String { open == nil ? "" : "</g>\n" }

    /// `text` with XML's special characters as entities.
    static func escaped(_ text: String) -> String {
        var out = ""
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(c)
            }
        }
        return out
    }
}
