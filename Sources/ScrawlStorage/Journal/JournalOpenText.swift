import ScrawlCore

/// The `text` and `text-end` records: the text being typed, not yet committed (`OpenText`), as
/// small records without glyphs, so a kill -9 while typing loses at most the last second of it.
///
/// `{"op": "text", "text": S, "caret": C, "x": X, "y": Y, "family": F, "size": Z, "color": "#rrggbbaa",
/// "layer": L, "replaces": ID}` holds the whole string (`replaces` only for a text edited again);
/// a record after it in the same generation may hold only what changed since the one before:
/// `"at": P, "cut": N, "insert": S` instead of `"text"` (the previous string with its Unicode
/// scalars `P..<P+N` replaced by `S`), so the journal grows with what is typed, not with its
/// square. `{"op": "text-end"}` ends the edit without a change (an escape on an empty or
/// unchanged text); any change of the drawing (add, edit, undo, redo, clear) ends it too, so a
/// commit needs no record of its own. Recovery brings the last one back as a committed text.
enum JournalOpenText {
    /// The most Unicode scalars a string may hold: four per character of `TextDrawable.maxCharacters`.
    static let maxScalars = 4 * TextDrawable.maxCharacters

    // MARK: Encoding

    /// The record for `text`: only what changed since `previous` when given (the record before it
    /// in this generation), else the whole string.
    static func record(_ text: OpenText, after previous: OpenText?) -> [UInt8] {
        var w = JSONWriter()
        w.object { w in
            w.key("op"); w.string("text")
            if let previous {
                let (at, cut, insert) = change(from: Array(previous.string.unicodeScalars), to: Array(text.string.unicodeScalars))
                w.key("at"); w.integer(at)
                w.key("cut"); w.integer(cut)
                w.key("insert"); w.string(insert)
            } else {
                w.key("text"); w.string(text.string)
            }
            w.key("caret"); w.integer(text.caret)
            w.key("x"); w.number(text.position.x)
            w.key("y"); w.number(text.position.y)
            w.key("family"); w.string(text.family)
            w.key("size"); w.number(text.size)
            w.key("color"); w.string(text.colour.hex8)
            w.key("layer"); w.integer(text.layer.value)
            if let id = text.replacing { w.key("replaces"); w.integer(id) }
        }
        return w.bytes
    }

    /// `{"op": "text-end"}`.
    static var end: [UInt8] { JournalFormat.op("text-end") }

    /// The common prefix and suffix of `old` and `new` kept, the rest of `old` cut and of `new` inserted.
    static func change(from old: [Unicode.Scalar], to new: [Unicode.Scalar]) -> (at: Int, cut: Int, insert: String) {
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] {
            suffix += 1
        }
        var insert = String.UnicodeScalarView()
        insert.append(contentsOf: new[prefix..<(new.count - suffix)])
        return (prefix, old.count - prefix - suffix, String(insert))
    }

    // MARK: Decoding

    /// The open text as replay keeps it: the record's fields and its string as scalars (the base
    /// of the next record's change; the string is made once, at the end, `text`).
    struct State {
        var fields: OpenText
        var scalars: [Unicode.Scalar]

        /// The open text with its string.
        var text: OpenText {
            var t = fields
            t.string = String(String.UnicodeScalarView(scalars))
            return t
        }
    }

    /// The state after the `text` record `value`, `previous` being the state before it (nil: none
    /// in this generation since the last change of the drawing). Throws on anything out of range:
    /// a change without a previous text or outside it, a string longer than a text may be (in
    /// scalars: the characters are cut to `TextDrawable.maxCharacters` when it is laid out), a
    /// size, coordinate, colour, caret, layer or id that does not fit.
    static func decode(_ value: JSONValue, after previous: State?) throws(DocumentError) -> State {
        let o = try JSONObjectReader(value, path: "text")
        let scalars = try string(o, after: previous)
        let caret = try o.integer("caret")
        guard caret >= 0, caret <= scalars.count else { throw .field(path: o.at("caret"), problem: "is outside the text") }
        let position = Point(try o.number("x", rule: DocumentRules.coordinate), try o.number("y", rule: DocumentRules.coordinate))
        let family = try o.string("family")
        guard family.utf8.count <= 1000 else { throw .field(path: o.at("family"), problem: "is longer than 1000 bytes") }
        let size = try o.number("size", rule: DrawableCoding.textSize)
        guard let colour = try o.color("color") else { throw .field(path: o.at("color"), problem: "missing") }
        let layer = try id(o, "layer")
        guard let layer, layer >= 1 else { throw .field(path: o.at("layer"), problem: "expected a layer id from 1") }
        let fields = OpenText(string: "", caret: caret, position: position, family: family, size: size, colour: colour,
                              layer: LayerID(layer), replacing: try id(o, "replaces"))
        return State(fields: fields, scalars: scalars)
    }

    /// The record's string: its `text`, or `previous`'s with `at`, `cut` and `insert` applied.
    private static func string(_ o: JSONObjectReader, after previous: State?) throws(DocumentError) -> [Unicode.Scalar] {
        if o.object["text"] != nil {
            let s = Array(try o.string("text").unicodeScalars)
            guard s.count <= maxScalars else { throw .field(path: o.at("text"), problem: "is longer than a text may be") }
            return s
        }
        guard let previous else { throw .field(path: o.at("at"), problem: "changes a text no record before it holds") }
        let at = try o.integer("at"), cut = try o.integer("cut")
        let insert = Array(try o.string("insert").unicodeScalars)
        var scalars = previous.scalars
        guard at >= 0, cut >= 0, at <= scalars.count, cut <= scalars.count - at else {
            throw .field(path: o.at("cut"), problem: "is outside the text it changes (\(scalars.count) scalars)")
        }
        guard insert.count <= maxScalars, scalars.count - cut + insert.count <= maxScalars else {
            throw .field(path: o.at("insert"), problem: "makes the text longer than a text may be")
        }
        scalars.replaceSubrange(at..<(at + cut), with: insert)
        return scalars
    }

    /// An optional non-negative integer id (nil when missing).
    private static func id(_ o: JSONObjectReader, _ key: String) throws(DocumentError) -> UInt64? {
        guard let v = o.object[key] else { return nil }
        guard let n = v.numberValue?.uint64Value else { throw .field(path: o.at(key), problem: "expected an id, found \(v.kindName)") }
        return n
    }
}
