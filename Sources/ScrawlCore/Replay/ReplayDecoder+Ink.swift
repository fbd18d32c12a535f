/// The `ink` event: `{"ink": {"pressure": 0.75}}` (the sensitivity, 0 to 1), `{"ink": {"speed": true}}`
/// (pressure from speed) or `{"ink": {"stabilizer": 0.6}}` (0 to 0.95); other members are skipped,
/// as in every replay object.
extension ReplayDecoder {
    mutating func decodeInkEvent(_ index: Int) throws(ReplayError) -> InkEvent {
        try expect(.object, .event(index: index, problem: "\"ink\" must be an object"))
        var seen = MemberSet()
        var setting: InkEvent? = nil
        if try beginObject() {
            repeat {
                guard let field = try readMember(InkField.self, &seen) else {
                    try skipValue()
                    continue
                }
                guard setting == nil else {
                    throw .event(index: index, problem: "\"ink\" has more than one of \"pressure\", \"speed\" and \"stabilizer\" (one per event)")
                }
                setting = try decodeInkSetting(field, index)
            } while try nextMember()
        }
        guard let setting else { throw .event(index: index, problem: "\"ink\" needs \"pressure\", \"speed\" or \"stabilizer\"") }
        return setting
    }

    private mutating func decodeInkSetting(_ field: InkField, _ index: Int) throws(ReplayError) -> InkEvent {
        switch field {
        case .speed:
            try expect(.bool, .event(index: index, problem: "\"ink\": \"speed\" must be true or false"))
            return .speedPressure(try readBool())
        case .pressure:
            return .pressure(try decodeInkNumber("pressure", upTo: 1, index))
        case .stabilizer:
            return .stabilizer(try decodeInkNumber("stabilizer", upTo: InkSettings.maxStabilizer, index))
        }
    }

    private mutating func decodeInkNumber(_ name: String, upTo limit: Double, _ index: Int) throws(ReplayError) -> Double {
        let problem = ReplayError.event(index: index, problem: "\"ink\": \"\(name)\" must be a number from 0 to \(JSONWriter.format(limit))")
        try expect(.number, problem)
        let value = try readNumber().doubleValue
        guard value >= 0 && value <= limit else { throw problem }
        return value
    }
}
