import ScrawlCore

/// The JSON form of canvases and drawables, shared by documents and the autosave journal.
///
/// Encoding checks every number with the same rules decoding applies, so anything that encodes
/// also decodes: a save never writes a file that cannot be opened again.
enum DrawableCoding {
    /// Finds (or assigns) the index of an image in the file's image table.
    typealias ImageIndex = (RasterImage) throws(DocumentError) -> Int

    // MARK: Encoding

    /// `{"width": W, "height": H, "background": "#rrggbb"}`.
    static func encode(_ canvas: CanvasSpec, into w: inout JSONWriter) throws(DocumentError) {
        try DocumentRules.side(canvas.width, "canvas.width")
        try DocumentRules.side(canvas.height, "canvas.height")
        canvas.encode(into: &w)
    }

    /// One drawable as a single line of JSON; `path` names it in errors (`drawables[3]`). With an
    /// `id`, the object starts with `"id": N` (see `DrawableIDs`).
    static func encode(_ drawable: Drawable, path: String, id: UInt64? = nil, imageIndex: ImageIndex,
                       into w: inout JSONWriter) throws(DocumentError) {
        if let id { try DrawableIDs.check(id, path: path) }
        switch drawable {
        case .path(let d): try encode(d, path: path, id: id, into: &w)
        case .stamp(let s): try encode(s, path: path, id: id, imageIndex: imageIndex, into: &w)
        case .text(let t): try encode(t, path: path, id: id, into: &w)
        }
    }

    /// `"id": N,` at the start of a drawable's object.
    private static func writeID(_ id: UInt64?, into w: inout JSONWriter) {
        guard let id else { return }
        w.key("id")
        w.integer(id)
    }

    /// `{"type": "path", "d": [["M", 10, 20], ...], "stroke": ..., "fill": ..., "width": ...}`, plus
    /// `"blend"` for a darken or lighten stroke.
    private static func encode(_ d: PathDrawable, path: String, id: UInt64?, into w: inout JSONWriter) throws(DocumentError) {
        try check(d, path: path)
        let s = d.style
        w.object { w in
            writeID(id, into: &w)
            w.key("type")
            w.string("path")
            w.key("d")
            w.array { w in
                for e in d.path.elements {
                    w.array { w in
                        w.string(PathCommand(e).rawValue)
                        for p in e.points {
                            w.number(p.x)
                            w.number(p.y)
                        }
                    }
                }
            }
            w.key("stroke")
            color(d.stroke, into: &w)
            w.key("fill")
            color(d.fill, into: &w)
            w.key("width")
            w.number(s.width)
            w.key("cap")
            w.string(s.cap.rawValue)
            w.key("join")
            w.string(s.join.rawValue)
            w.key("miterLimit")
            w.number(s.miterLimit)
            if s.tolerance != StrokeOptions().tolerance {
                w.key("tolerance")
                w.number(s.tolerance)
            }
            if d.blend != .normal {  // only highlights: documents without it read as before
                w.key("blend")
                w.string(d.blend.rawValue)
            }
            if let widths = d.widths {  // only pressure ink: documents without it read (and are written) as before
                w.key("widths")
                w.array { w in for v in widths { w.rawValue(Array(formatWidth(v).utf8)) } }
            }
        }
    }

    /// The shortest text that reads back as the same 32-bit `v` (`2.3`, not `2.299999952316284`).
    static func formatWidth(_ v: Float) -> String {
        let d = Double(v)
        return d == d.rounded(.towardZero) && abs(d) < 1e15 ? JSONWriter.format(d) : v.description
    }

    /// The rules a path drawable must meet to read back, in the order the file names its numbers.
    private static func check(_ d: PathDrawable, path: String) throws(DocumentError) {
        for (i, e) in d.path.elements.enumerated() {
            for (k, p) in e.points.enumerated() {
                try DocumentRules.coordinate(p.x, "\(path).d[\(i)][\(1 + 2 * k)]")
                try DocumentRules.coordinate(p.y, "\(path).d[\(i)][\(2 + 2 * k)]")
            }
        }
        try DocumentRules.width(d.style.width, "\(path).width")
        if let widths = d.widths { try DocumentRules.nodeWidths(widths.map(Double.init), of: d.path, path) }
        try DocumentRules.finite(d.style.miterLimit, "\(path).miterLimit")
        try DocumentRules.finite(d.style.tolerance, "\(path).tolerance")
    }

    private static func encode(_ s: StampDrawable, path: String, id: UInt64?, imageIndex: ImageIndex,
                               into w: inout JSONWriter) throws(DocumentError) {
        try DocumentRules.stampRect(s.rect, path)
        try DocumentRules.opacity(s.opacity, "\(path).opacity")
        let index = try imageIndex(s.image)
        w.object { w in
            writeID(id, into: &w)
            w.key("type")
            w.string("image")
            w.key("image")
            w.integer(index)
            for (name, v) in [("left", s.rect.minX), ("top", s.rect.minY), ("right", s.rect.maxX), ("bottom", s.rect.maxY)] {
                w.key(name)
                w.number(v)
            }
            w.key("opacity")
            w.number(s.opacity)
        }
    }

    private static func color(_ c: Color?, into w: inout JSONWriter) {
        if let c { w.string(c.hex) } else { w.null() }
    }

    // MARK: Decoding

    /// The canvas object at `path` (width and height required, background default white).
    static func decodeCanvas(_ value: JSONValue, path: String) throws(DocumentError) -> CanvasSpec {
        let o = try JSONObjectReader(value, path: path)
        var canvas = CanvasSpec()
        canvas.width = try o.number("width", rule: DocumentRules.side)
        canvas.height = try o.number("height", rule: DocumentRules.side)
        canvas.background = try o.color("background") ?? .white
        return canvas
    }

    /// Gives the image numbered `index` in the file's table; `path` names the reference in errors.
    typealias ImageLookup = (_ index: Int, _ path: String) throws(DocumentError) -> RasterImage

    /// The drawable at `path`; `image` resolves image numbers (and decodes them on first use).
    static func decodeDrawable(_ value: JSONValue, path: String, image: ImageLookup) throws(DocumentError) -> Drawable {
        let o = try JSONObjectReader(value, path: path)
        let type = try o.string("type")
        switch type {
        case "path": return .path(try decodePath(o))
        case "image": return .stamp(try decodeStamp(o, image: image))
        case "text": return .text(try decodeText(o))
        default:
            throw .field(path: "\(path).type", problem: "unknown drawable type \(JSONWriter.quoted(type, limit: 40)) "
                         + "(this build knows \"path\", \"image\" and \"text\")")
        }
    }

    private static func decodePath(_ o: JSONObjectReader) throws(DocumentError) -> PathDrawable {
        let elements = try o.array("d")
        var path = Path()
        var list: [PathElement] = []
        list.reserveCapacity(elements.count)
        for (i, e) in elements.enumerated() {
            list.append(try decodeElement(e, path: "\(o.path).d[\(i)]"))
        }
        path = Path(elements: list)
        let defaults = StrokeOptions()
        var style = StrokeOptions()
        style.width = try o.number("width", default: defaults.width, rule: DocumentRules.width)
        style.cap = try o.keyword("cap", default: defaults.cap)
        style.join = try o.keyword("join", default: defaults.join)
        style.miterLimit = try o.number("miterLimit", default: defaults.miterLimit, rule: DocumentRules.finite)
        // Raised to the floor, so a file cannot ask for millions of points per curve.
        style.tolerance = max(try o.number("tolerance", default: defaults.tolerance, rule: DocumentRules.finite),
                              FlatteningBudget.minFileTolerance)
        return PathDrawable(path: path, stroke: try o.color("stroke"), fill: try o.color("fill"), style: style,
                            blend: try o.keyword("blend", default: InkBlend.normal), widths: try decodeWidths(o, path: path))
    }

    /// The optional `widths` member: one width per node of `path`, each within `DocumentRules.nodeWidth`.
    private static func decodeWidths(_ o: JSONObjectReader, path: Path) throws(DocumentError) -> [Float]? {
        guard let value = o.object["widths"] else { return nil }
        guard let list = value.arrayValue else {
            throw .field(path: o.at("widths"), problem: "expected an array of widths, found \(value.kindName)")
        }
        var widths: [Double] = []
        widths.reserveCapacity(list.count)
        for (i, v) in list.enumerated() {
            guard let n = v.numberValue else {
                throw .field(path: "\(o.at("widths"))[\(i)]", problem: "expected a number, found \(v.kindName)")
            }
            widths.append(n.doubleValue)
        }
        try DocumentRules.nodeWidths(widths, of: path, o.path)
        return widths.map { Float($0) }
    }

    static func decodeElement(_ value: JSONValue, path: String) throws(DocumentError) -> PathElement {
        guard let parts = value.arrayValue, let first = parts.first else {
            throw .field(path: path, problem: "expected an array such as [\"L\", x, y], found \(value.kindName)")
        }
        guard let name = first.stringValue, let command = PathCommand(rawValue: name) else {
            let found = first.stringValue.map { JSONWriter.quoted($0, limit: 20) } ?? first.kindName
            throw .field(path: "\(path)[0]", problem: "expected \"M\", \"L\", \"Q\", \"C\" or \"Z\", found \(found)")
        }
        guard parts.count == 1 + command.numberCount else {
            throw .field(path: path, problem: "\"\(name)\" takes \(command.numberCount) numbers, found \(parts.count - 1)")
        }
        var v: [Double] = []
        for i in 1..<parts.count {
            guard let n = parts[i].numberValue else {
                throw .field(path: "\(path)[\(i)]", problem: "expected a number, found \(parts[i].kindName)")
            }
            try DocumentRules.coordinate(n.doubleValue, "\(path)[\(i)]")
            v.append(n.doubleValue)
        }
        switch command {
        case .move: return .move(Point(v[0], v[1]))
        case .line: return .line(Point(v[0], v[1]))
        case .quad: return .quad(control: Point(v[0], v[1]), to: Point(v[2], v[3]))
        case .cubic: return .cubic(c1: Point(v[0], v[1]), c2: Point(v[2], v[3]), to: Point(v[4], v[5]))
        case .close: return .close
        }
    }

    private static func decodeStamp(_ o: JSONObjectReader, image: ImageLookup) throws(DocumentError) -> StampDrawable {
        let index = try o.integer("image")
        let rect = Rect(minX: try o.number("left", rule: DocumentRules.coordinate), minY: try o.number("top", rule: DocumentRules.coordinate),
                        maxX: try o.number("right", rule: DocumentRules.coordinate), maxY: try o.number("bottom", rule: DocumentRules.coordinate))
        try DocumentRules.stampRect(rect, o.path)
        let opacity = try o.number("opacity", default: 1, rule: DocumentRules.opacity)
        // Last, so nothing is decoded for a stamp that is refused anyway.
        return StampDrawable(image: try image(index, o.at("image")), rect: rect, opacity: opacity)
    }
}
