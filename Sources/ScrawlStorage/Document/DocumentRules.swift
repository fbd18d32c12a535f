import ScrawlCore

/// The number rules documents enforce, used by both encoding and decoding.
enum DocumentRules {
    typealias Rule = (Double, String) throws(DocumentError) -> Void

    static func finite(_ v: Double, _ path: String) throws(DocumentError) {
        guard v.isFinite else { throw .field(path: path, problem: "\(JSONWriter.format(v)) is not a finite number") }
    }

    /// A path coordinate or a stamp edge: within ±`CanvasSpec.coordinateLimit` canvas points.
    static func coordinate(_ v: Double, _ path: String) throws(DocumentError) {
        try finite(v, path)
        let limit = JSONWriter.format(CanvasSpec.coordinateLimit)
        guard abs(v) <= CanvasSpec.coordinateLimit else {
            throw .field(path: path, problem: "\(JSONWriter.format(v)) is outside -\(limit) to \(limit) canvas points")
        }
    }

    /// A stamp's rectangle (`path` names the stamp): coordinates, right not left of left, bottom
    /// not above top.
    static func stampRect(_ r: Rect, _ path: String) throws(DocumentError) {
        for (name, v) in [("left", r.minX), ("top", r.minY), ("right", r.maxX), ("bottom", r.maxY)] {
            try coordinate(v, "\(path).\(name)")
        }
        guard r.maxX >= r.minX else {
            throw .field(path: "\(path).right", problem: "must not be less than left (\(JSONWriter.format(r.minX))), "
                         + "found \(JSONWriter.format(r.maxX))")
        }
        guard r.maxY >= r.minY else {
            throw .field(path: "\(path).bottom", problem: "must not be less than top (\(JSONWriter.format(r.minY))), "
                         + "found \(JSONWriter.format(r.maxY))")
        }
    }

    /// A canvas side: the rule replays share (`CanvasSpec.sideProblem`).
    static func side(_ v: Double, _ path: String) throws(DocumentError) {
        try finite(v, path)
        if let problem = CanvasSpec.sideProblem(v) { throw .field(path: path, problem: problem) }
    }

    /// A stroke width: finite and not negative.
    static func width(_ v: Double, _ path: String) throws(DocumentError) {
        try finite(v, path)
        guard v >= 0 else { throw .field(path: path, problem: "must not be negative, found \(JSONWriter.format(v))") }
    }

    /// An opacity: 0 to 1.
    static func opacity(_ v: Double, _ path: String) throws(DocumentError) {
        try finite(v, path)
        guard v >= 0 && v <= 1 else { throw .field(path: path, problem: "must be 0 to 1, found \(JSONWriter.format(v))") }
    }
}
