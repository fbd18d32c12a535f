import ScrawlCore

/// The JSON form of text (`{"type": "text", ...}`): its string, font family, size, position and
/// colour, and its glyphs' outlines (`"d"`, as a path's) with its layout box. The outlines draw it,
/// so a document shows its text exactly as it was typed on a system without its font.
extension DrawableCoding {
    static func encode(_ t: TextDrawable, path: String, id: UInt64?, into w: inout JSONWriter) throws(DocumentError) {
        try check(t, path: path)
        w.object { w in
            if let id { w.key("id"); w.integer(id) }
            w.key("type"); w.string("text")
            w.key("text"); w.string(t.string)
            w.key("family"); w.string(t.family)
            w.key("size"); w.number(t.size)
            w.key("x"); w.number(t.position.x)
            w.key("y"); w.number(t.position.y)
            w.key("color"); w.string(t.colour.hex)
            w.key("width"); w.number(t.box.width)
            w.key("height"); w.number(t.box.height)
            w.key("d")
            w.array { w in
                for e in t.outline.elements {
                    w.array { w in
                        w.string(PathCommand(e).rawValue)
                        for p in e.points { w.number(p.x); w.number(p.y) }
                    }
                }
            }
        }
    }

    /// The rules text must meet to read back, in the order the file names its numbers.
    private static func check(_ t: TextDrawable, path: String) throws(DocumentError) {
        try textLength(t.string, "\(path).text")
        try textSize(t.size, "\(path).size")
        try DocumentRules.coordinate(t.position.x, "\(path).x")
        try DocumentRules.coordinate(t.position.y, "\(path).y")
        try DocumentRules.width(t.box.width, "\(path).width")
        try DocumentRules.width(t.box.height, "\(path).height")
        for (i, e) in t.outline.elements.enumerated() {
            for (k, p) in e.points.enumerated() {
                try DocumentRules.coordinate(p.x, "\(path).d[\(i)][\(1 + 2 * k)]")
                try DocumentRules.coordinate(p.y, "\(path).d[\(i)][\(2 + 2 * k)]")
            }
        }
    }

    static func decodeText(_ o: JSONObjectReader) throws(DocumentError) -> TextDrawable {
        let string = try o.string("text")
        try textLength(string, o.at("text"))
        let family = try o.string("family")
        let size = try o.number("size", rule: textSize)
        let position = Point(try o.number("x", rule: DocumentRules.coordinate), try o.number("y", rule: DocumentRules.coordinate))
        guard let colour = try o.color("color") else {
            throw .field(path: o.at("color"), problem: "text needs a colour such as \"#000000\", found null")
        }
        let width = try o.number("width", rule: DocumentRules.width), height = try o.number("height", rule: DocumentRules.width)
        let elements = try o.array("d")
        var list: [PathElement] = []
        list.reserveCapacity(elements.count)
        for (i, e) in elements.enumerated() { list.append(try decodeElement(e, path: "\(o.path).d[\(i)]")) }
        return TextDrawable(string: string, family: family, size: size, position: position, colour: colour,
                            outline: Path(elements: list), box: Rect(x: position.x, y: position.y, width: width, height: height))
    }

    /// A text's size: within `TextDrawable.sizeRange` points.
    static func textSize(_ v: Double, _ path: String) throws(DocumentError) {
        try DocumentRules.finite(v, path)
        let range = TextDrawable.sizeRange
        guard range.contains(v) else {
            throw .field(path: path, problem: "a text size must be \(JSONWriter.format(range.lowerBound)) to "
                         + "\(JSONWriter.format(range.upperBound)) points, found \(JSONWriter.format(v))")
        }
    }

    /// A text's string: at most `TextDrawable.maxCharacters` characters.
    static func textLength(_ s: String, _ path: String) throws(DocumentError) {
        guard s.utf8.count > TextDrawable.maxCharacters, s.count > TextDrawable.maxCharacters else { return }
        throw .field(path: path, problem: "holds \(s.count) characters, more than the \(TextDrawable.maxCharacters) a text may hold")
    }
}
