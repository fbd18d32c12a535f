/// Tessellates a live variable-width stroke one input point at a time, at O(1) cost per point.
///
/// The mesh is `VariableStrokeTessellator`'s of the open polyline through the points with their
/// widths, vertex for vertex: the emitter's piece of each knot depends only on that knot, its two
/// neighbours and whether it is the last (`VariableStrokeEmitter.step`), so each `append` cuts off
/// the pieces of the last two knots and emits them again with the new one. A point on the last
/// one (a pen pressing harder in place) widens it, as the batch tessellator merges duplicates.
public struct VariableIncrementalStroker: Sendable {
    /// The stroke so far, in device pixels.
    public private(set) var mesh = Mesh()
    /// Accepted input points (duplicates merged).
    public private(set) var pointCount = 0

    private let style: VariableStrokeStyle?
    private let scale: Double
    private var knots: [VariableKnot] = []
    /// `marks[j]`, `states[j]`: the mesh counts and the emitter's state before knot `j`'s piece.
    private var marks: [MeshMark] = []
    private var states: [VariableStrokeEmitter.State] = []
    private var scratch = MeshScratch()

    /// A live stroke drawn with `options` (its tolerance) and `color`, at `scale` device px per point.
    public init(options: StrokeOptions, color: Color, scale: Double) {
        style = VariableStrokeStyle(options: options, color: color, scale: scale, maxWidth: 0)
        self.scale = scale
    }

    /// Indices at the start of `mesh` that no later `append` changes: all but the last two pieces.
    public var stableIndexCount: Int {
        let n = knots.count - 1
        guard n >= 1 else { return 0 }
        return marks[n - 1].indices
    }

    /// Appends one input point (canvas pts) with its width (canvas pts). Returns the first vertex
    /// and index that changed; everything before them is unchanged.
    @discardableResult
    public mutating func append(_ p: Point, width: Float) -> (firstVertex: Int, firstIndex: Int) {
        let unchanged = (mesh.vertices.count, mesh.indices.count)
        guard let style else { return unchanged }
        let count = knots.count
        let w = width.isFinite && width >= 0 ? Double(width) : 0
        guard KnotBuilder.append(p * scale, width: w, style: style, to: &knots, from: 0) else { return unchanged }
        if knots.count > count { pointCount += 1 }
        let n = knots.count - 1
        let first = max(n - 1, 0)
        let cut = first < marks.count ? marks[first] : MeshMark(vertices: mesh.vertices.count, indices: mesh.indices.count)
        let startState = first < states.count ? states[first] : VariableStrokeEmitter.State()
        if first < marks.count { marks.removeSubrange(first...); states.removeSubrange(first...) }
        var radius = 0.0
        for j in max(first - 1, 0)...n { radius = max(radius, knots[j].r) }
        let bound = style.bound(points: n - first + 2, radius: radius)
        let emitter = VariableStrokeEmitter(style: style)
        let all = knots
        var newMarks: [MeshMark] = [], newStates: [VariableStrokeEmitter.State] = []
        var m = Mesh(), room = MeshScratch()
        swap(&m, &mesh)
        swap(&room, &scratch)
        m.truncate(vertices: cut.vertices, indices: cut.indices)
        m.write(maxVertices: bound.vertices, maxIndices: bound.indices, scratch: &room) { w in
            var state = startState
            newMarks.removeAll(); newStates.removeAll()  // the body may run again
            for j in first...n {
                newMarks.append(MeshMark(vertices: w.totalVertices, indices: w.totalIndices))
                newStates.append(state)
                emitter.step(all, j, upTo: n + 1, state: &state, into: &w)
            }
        }
        swap(&m, &mesh)
        swap(&room, &scratch)
        marks += newMarks
        states += newStates
        return (cut.vertices, cut.indices)
    }
}
