/// The `color` event: `{"color": {"stroke": "#rrggbb[aa]"}}`, `{"color": {"fill": "#rrggbb[aa]"}}`
/// or `{"color": {"fill": null}}`; other members are skipped, as in every replay object.
extension ReplayDecoder {
    mutating func decodeColorEvent(_ index: Int) throws(ReplayError) -> ColorEvent {
        try expect(.object, .event(index: index, problem: "\"color\" must be an object"))
        var seen = MemberSet()
        var choice: ColorEvent? = nil
        if try beginObject() {
            repeat {
                guard let field = try readMember(ColorField.self, &seen) else {
                    try skipValue()
                    continue
                }
                guard choice == nil else {
                    throw .event(index: index, problem: "\"color\" has both \"stroke\" and \"fill\" (one per event)")
                }
                choice = try decodeColorChoice(field, index)
            } while try nextMember()
        }
        guard let choice else { throw .event(index: index, problem: "\"color\" needs \"stroke\" or \"fill\"") }
        return choice
    }

    private mutating func decodeColorChoice(_ field: ColorField, _ index: Int) throws(ReplayError) -> ColorEvent {
        let name = field == .stroke ? "stroke" : "fill"
        if field == .fill, reader.peekKind() == .null {
            try skipValue()
            return .fill(nil)
        }
        let kinds = field == .fill ? "a #rrggbb or #rrggbbaa colour or null" : "a #rrggbb or #rrggbbaa colour"
        try expect(.string, .event(index: index, problem: "\"color\": \"\(name)\" must be \(kinds)"))
        try readString()
        let hex = String(decoding: text, as: UTF8.self)
        guard let color = Color(hex: hex) else {
            throw .event(index: index, problem: "\"color\": \"\(name)\" must be \(kinds), not "
                + JSONWriter.quoted(hex, limit: 40))
        }
        return field == .stroke ? .stroke(color) : .fill(color)
    }
}
