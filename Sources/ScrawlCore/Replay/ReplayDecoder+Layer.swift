/// The `layer` event: one layer operation on the current layer (see `LayerEvent`):
/// `{"layer": {"add": "Sky"}}` (or `{"add": null}` for "Layer n"), `{"delete": true}`,
/// `{"move": 1}` (up; -1 down), `{"select": 0}` (the layer at that position, 0 the bottom),
/// `{"rename": "Ink"}`, `{"visible": false}`, `{"locked": true}`, `{"opacity": 0.5}`,
/// `{"mergeDown": true}`, `{"moveSelection": -1}`; other members are skipped.
extension ReplayDecoder {
    /// The members of a `layer` event's object.
    enum LayerField: Int, ReplayField {
        case add, delete, move, current, rename, visible, locked, opacity, mergeDown, moveSelection

        static let names = ["add", "delete", "move", "select", "rename", "visible", "locked", "opacity", "mergeDown", "moveSelection"]

        static func match(_ k: UnsafeBufferPointer<UInt8>) -> LayerField? {
            if same(k, "add") { return .add }
            if same(k, "delete") { return .delete }
            if same(k, "move") { return .move }
            if same(k, "select") { return .current }
            if same(k, "rename") { return .rename }
            if same(k, "visible") { return .visible }
            if same(k, "locked") { return .locked }
            if same(k, "opacity") { return .opacity }
            if same(k, "mergeDown") { return .mergeDown }
            if same(k, "moveSelection") { return .moveSelection }
            return nil
        }

        var name: String { LayerField.names[rawValue] }
    }

    mutating func decodeLayerEvent(_ index: Int) throws(ReplayError) -> LayerEvent {
        try expect(.object, .event(index: index, problem: "\"layer\" must be an object"))
        var seen = MemberSet()
        var op: LayerEvent? = nil
        if try beginObject() {
            repeat {
                guard let field = try readMember(LayerField.self, &seen) else {
                    try skipValue()
                    continue
                }
                guard op == nil else { throw .event(index: index, problem: "\"layer\" has more than one operation (one per event)") }
                op = try decodeLayerOperation(field, index)
            } while try nextMember()
        }
        guard let op else {
            throw .event(index: index, problem: "\"layer\" needs one of " + LayerField.names.map { "\"\($0)\"" }.joined(separator: ", "))
        }
        return op
    }

    private mutating func decodeLayerOperation(_ field: LayerField, _ index: Int) throws(ReplayError) -> LayerEvent {
        switch field {
        case .add:
            if reader.peekKind() == .null {
                try skipValue()
                return .add(name: nil)
            }
            return .add(name: try decodeLayerName(field, index))
        case .rename: return .rename(try decodeLayerName(field, index))
        case .delete: try decodeLayerTrue(field, index); return .delete
        case .mergeDown: try decodeLayerTrue(field, index); return .mergeDown
        case .visible: return .visible(try decodeLayerBool(field, index))
        case .locked: return .locked(try decodeLayerBool(field, index))
        case .move: return .move(try decodeLayerStep(field, index))
        case .moveSelection: return .moveSelection(try decodeLayerStep(field, index))
        case .current:
            let problem = ReplayError.event(index: index, problem: "\"layer\": \"select\" must be a layer's position (an integer from 0, the bottom)")
            try expect(.number, problem)
            guard let p = try readNumber().int64Value, p >= 0, p < 1 << 20 else { throw problem }
            return .makeCurrent(Int(p))
        case .opacity:
            let problem = ReplayError.event(index: index, problem: "\"layer\": \"opacity\" must be a number from 0 to 1")
            try expect(.number, problem)
            let o = try readNumber().doubleValue
            guard o >= 0 && o <= 1 else { throw problem }
            return .opacity(o)
        }
    }

    private mutating func decodeLayerName(_ field: LayerField, _ index: Int) throws(ReplayError) -> String {
        let problem = ReplayError.event(index: index, problem: "\"layer\": \"\(field.name)\" must be a name (1 to \(Layer.maxNameLength) characters)")
        try expect(.string, problem)
        try readString()
        let name = String(decoding: text, as: UTF8.self)
        guard DisplayList.cut(name) != nil, name.count <= Layer.maxNameLength else { throw problem }
        return name
    }

    private mutating func decodeLayerBool(_ field: LayerField, _ index: Int) throws(ReplayError) -> Bool {
        try expect(.bool, .event(index: index, problem: "\"layer\": \"\(field.name)\" must be true or false"))
        return try readBool()
    }

    private mutating func decodeLayerTrue(_ field: LayerField, _ index: Int) throws(ReplayError) {
        let problem = ReplayError.event(index: index, problem: "\"layer\": \"\(field.name)\" must be true")
        try expect(.bool, problem)
        guard try readBool() else { throw problem }
    }

    private mutating func decodeLayerStep(_ field: LayerField, _ index: Int) throws(ReplayError) -> Int {
        let problem = ReplayError.event(index: index, problem: "\"layer\": \"\(field.name)\" must be 1 (up) or -1 (down)")
        try expect(.number, problem)
        guard let d = try readNumber().int64Value, d == 1 || d == -1 else { throw problem }
        return Int(d)
    }
}

extension ReplayEncoding {
    /// A layer operation's object, as `ReplayDecoder+Layer` reads it.
    static func layer(_ op: LayerEvent, into w: inout JSONWriter) {
        w.object { w in
            switch op {
            case .add(let name?): w.key("add"); w.string(name)
            case .add(nil): w.key("add"); w.null()
            case .delete: w.key("delete"); w.bool(true)
            case .move(let d): w.key("move"); w.integer(d)
            case .makeCurrent(let p): w.key("select"); w.integer(p)
            case .rename(let name): w.key("rename"); w.string(name)
            case .visible(let v): w.key("visible"); w.bool(v)
            case .locked(let l): w.key("locked"); w.bool(l)
            case .opacity(let o): w.key("opacity"); w.number(o)
            case .mergeDown: w.key("mergeDown"); w.bool(true)
            case .moveSelection(let d): w.key("moveSelection"); w.integer(d)
            }
        }
    }
}
