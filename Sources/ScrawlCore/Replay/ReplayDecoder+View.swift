extension ReplayDecoder {
    /// The parts of a `view` event read so far.
    private struct ViewFields {
        var x: Double?
        var y: Double?
        var zoom: Double?
    }

    /// Decodes `{"x": X, "y": Y, "zoom": Z}`: the origin within `CanvasSpec.coordinateLimit` of 0 and
    /// the zoom within `Viewport.minZoom...maxZoom` (out of range is an error, not a clamp).
    mutating func decodeView(_ index: Int) throws(ReplayError) -> Viewport {
        try expect(.object, .event(index: index, problem: "\"view\" must be an object"))
        var seen = MemberSet()
        var f = ViewFields()
        if try beginObject() {
            repeat {
                switch try readMember(ViewField.self, &seen) {
                case .x: f.x = try decodeViewCoordinate("x", index)
                case .y: f.y = try decodeViewCoordinate("y", index)
                case .zoom: f.zoom = try decodeZoom(index)
                case nil: try skipValue()
                }
            } while try nextMember()
        }
        guard let x = f.x else { throw Self.viewProblem(index, "x", "is missing") }
        guard let y = f.y else { throw Self.viewProblem(index, "y", "is missing") }
        guard let zoom = f.zoom else { throw Self.viewProblem(index, "zoom", "is missing") }
        return Viewport(origin: Point(x, y), zoom: zoom)
    }

    private static func viewProblem(_ index: Int, _ field: String, _ problem: String) -> ReplayError {
        .event(index: index, problem: "view: \"\(field)\" \(problem)")
    }

    private mutating func viewNumber(_ name: String, _ index: Int) throws(ReplayError) -> Double {
        try expect(.number, Self.viewProblem(index, name, "must be a number"))
        let value = try readNumber().doubleValue
        guard value.isFinite else { throw Self.viewProblem(index, name, "is not a finite number") }
        return value
    }

    private mutating func decodeViewCoordinate(_ name: String, _ index: Int) throws(ReplayError) -> Double {
        let value = try viewNumber(name, index)
        guard abs(value) <= CanvasSpec.coordinateLimit else {
            throw Self.viewProblem(index, name, "is out of range (more than 1000000 from 0)")
        }
        return value
    }

    private mutating func decodeZoom(_ index: Int) throws(ReplayError) -> Double {
        let value = try viewNumber("zoom", index)
        guard Viewport.minZoom <= value && value <= Viewport.maxZoom else {
            throw Self.viewProblem(index, "zoom", "is out of range (0.03125 to 64)")
        }
        return value
    }
}
