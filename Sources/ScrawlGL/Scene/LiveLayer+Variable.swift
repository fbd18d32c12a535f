import ScrawlCore

/// A live polyline's incremental stroker: the constant-width one while the stroke's widths are
/// none or all the style's width, the variable-width one (`VariableIncrementalStroker`) from the
/// first point whose width differs, re-stroking the points so far once then. Either way the mesh
/// is what the committed drawable's tessellator makes of the same points.
struct LiveStroker {
    private(set) var constant: IncrementalStroker
    private(set) var variable: VariableIncrementalStroker?
    let style: StrokeOptions
    let color: Color
    let scale: Double

    init(options: StrokeOptions, color: Color, scale: Double) {
        constant = IncrementalStroker(options: options, color: color, scale: scale)
        style = options
        self.color = color
        self.scale = scale
    }

    var mesh: Mesh { variable?.mesh ?? constant.mesh }

    /// Whether `widths` make this constant-width stroker's stroke a variable-width one.
    func becomesVariable(with widths: [Float]?) -> Bool {
        variable == nil && constant.mesh.indices.count > 0 && LiveItem.varyingWidths(widths, style: style) != nil
    }

    var stableIndexCount: Int { variable?.stableIndexCount ?? constant.stableIndexCount }

    /// Appends points `from…` of `points` (with `widths`, one per point when given), each moved by
    /// `−origin`. Returns the first vertex and index that changed.
    mutating func append(_ points: [Point], widths: [Float]?, from first: Int, origin: Point) -> (firstVertex: Int, firstIndex: Int) {
        var firstVertex = Int.max, firstIndex = Int.max
        var start = first
        if variable == nil, LiveItem.varyingWidths(widths, style: style) != nil {
            // (A stroker with points already is replaced by `LiveLayer.update` instead.)
            variable = VariableIncrementalStroker(options: style, color: color, scale: scale)
            constant = IncrementalStroker(options: style, color: color, scale: scale)
            start = 0
            firstVertex = 0; firstIndex = 0
        }
        for i in start..<points.count {
            let p = origin == .zero ? points[i] : points[i] - origin
            let change: (firstVertex: Int, firstIndex: Int)
            if variable != nil {
                let w = widths.flatMap { i < $0.count ? $0[i] : nil } ?? Float(style.width)
                change = variable!.append(p, width: w)
            } else {
                change = constant.append(p)
            }
            firstVertex = min(firstVertex, change.firstVertex)
            firstIndex = min(firstIndex, change.firstIndex)
        }
        return (firstVertex, firstIndex)
    }
}
