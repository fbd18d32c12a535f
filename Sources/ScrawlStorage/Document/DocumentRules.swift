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

    /// A node's width (`PathDrawable.widths`): a width, at most `maxNodeWidth` (it is kept as a
    /// 32-bit float).
    static func nodeWidth(_ v: Double, _ path: String) throws(DocumentError) {
        try width(v, path)
        guard v <= maxNodeWidth else {
            throw .field(path: path, problem: "must be at most \(JSONWriter.format(maxNodeWidth)) points, found \(JSONWriter.format(v))")
        }
    }

    /// The widest a node's width may be: the canvas limit (1e6 points).
    static let maxNodeWidth = CanvasSpec.coordinateLimit

    /// A path's node widths: one per node of `path` (`PathDrawable.nodeCount`), each a `nodeWidth`.
    /// `at` names the drawable (`drawables[3]`).
    static func nodeWidths(_ widths: [Double], of path: Path, _ at: String) throws(DocumentError) {
        let nodes = PathDrawable.nodeCount(of: path)
        guard widths.count == nodes else {
            throw .field(path: "\(at).widths", problem: "holds \(widths.count) width\(widths.count == 1 ? "" : "s"), "
                         + "expected one per node of \"d\" (each \"M\", \"L\", \"Q\" and \"C\"): \(nodes)")
        }
        for (i, w) in widths.enumerated() { try nodeWidth(w, "\(at).widths[\(i)]") }
    }

    /// An opacity: 0 to 1.
    static func opacity(_ v: Double, _ path: String) throws(DocumentError) {
        try finite(v, path)
        guard v >= 0 && v <= 1 else { throw .field(path: path, problem: "must be 0 to 1, found \(JSONWriter.format(v))") }
    }
}
