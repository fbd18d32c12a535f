/// Tessellates a live stroke one input point at a time, at O(1) cost per point.
///
/// The mesh is the batch tessellation (`StrokeTessellator`) of the open polyline through `points`,
/// vertex for vertex: the start, then for each interior point the segment before it and its joint,
/// then the last segment and the end cap. It is kept as a frozen prefix plus a tail: the end, and
/// with butt caps the joints within the last half pixel (plus a mitred row's shift), whose `along`
/// ramp and mitring depend on where the stroke ends. On `append` the tail is cut off and re-emitted
/// with the new joint, segment and cap, so the work per point does not grow with the stroke (with
/// butt caps it grows with the number of points in the last pixel or two, which a sane input device
/// keeps at one or two).
public struct IncrementalStroker: Sendable {
    /// The stroke so far, in device pixels.
    public private(set) var mesh = Mesh()
    /// The accepted input points (canvas points), duplicates left out.
    public private(set) var points: [Point] = []

    private let emitter: StrokeEmitter?
    private let scale: Double
    /// Device position and arc position of each accepted point.
    private var knots: [Knot] = []
    /// `dirs[k]`: unit direction of segment `k` (from knot `k` to `k + 1`).
    private var dirs: [Point] = []
    /// `marks[i]`: mesh counts before the piece of interior knot `i` (segment `i − 1` and the joint);
    /// `marks[0]` is unused.
    private var marks: [MeshMark] = []
    /// `rows[i]`: the first row of segment `i`, as the start (`i = 0`) or the joint at knot `i` left it.
    private var rows: [Row] = []
    /// Joints at knots `1..<frozen` will never be emitted differently.
    private var frozen = 1
    /// Mesh counts before the end (the last segment and the end cap), or the dot.
    private var tailMark = MeshMark(vertices: 0, indices: 0)
    /// Room the tail is written in before it is appended to `mesh`.
    private var scratch = MeshScratch()

    /// A live stroke drawn with `options` and `color`, at `scale` device px per canvas point.
    public init(options: StrokeOptions, color: Color, scale: Double) {
        emitter = StrokeStyle(options: options, color: color, scale: scale).map { StrokeEmitter(style: $0) }
        self.scale = scale
    }

    /// Indices at the start of `mesh` that no later `append` changes (nor the vertices they use):
    /// the frozen prefix, which a renderer may draw once and keep.
    public var stableIndexCount: Int {
        let n = knots.count - 1
        guard n >= 1 else { return 0 }
        return frozen < n ? marks[frozen].indices : tailMark.indices
    }

    /// Appends one input point (canvas pts). Returns the first vertex and index that changed;
    /// everything before them is unchanged.
    @discardableResult
    public mutating func append(_ p: Point) -> (firstVertex: Int, firstIndex: Int) {
        let unchanged = (mesh.vertices.count, mesh.indices.count)
        let dp = p * scale
        guard let emitter, StrokeStyle.isUsable(dp) else { return unchanged }
        guard let last = knots.last else {
            points.append(p)
            knots.append(Knot(p: dp, s: 0))
            marks.append(tailMark)
            let bound = emitter.style.bound(points: 1, subpaths: 1, dots: 1)
            mesh.write(maxVertices: bound.vertices, maxIndices: bound.indices) { emitter.dot(at: dp, into: &$0) }
            return (0, 0)
        }
        if StrokeStyle.isDuplicate(dp, of: last.p) { return unchanged }
        points.append(p)
        let (knot, dir) = StrokeEmitter.advance(from: last, to: dp)
        knots.append(knot)
        dirs.append(dir)
        let n = knots.count - 1  // the new knot; interior knots are 1..<n
        let cut: MeshMark
        if n == 1 {
            cut = MeshMark(vertices: 0, indices: 0)
            rows = [Row(plus: 0, minus: 0)]  // written by `emitTail`
        } else {
            marks.append(tailMark)  // knot n − 1 just became interior; its piece starts where the end did
            rows.append(rows[n - 2])  // placeholder, written by `emitTail`
            cut = frozen < n - 1 ? marks[frozen] : tailMark
        }
        let first = n == 1 ? 0 : frozen
        var m = Mesh()
        swap(&m, &mesh)  // so `emitTail` may update the other properties while `m` is written
        m.truncate(vertices: cut.vertices, indices: cut.indices)
        let bound = emitter.style.tailBound(segments: n - max(first, 1) + 1, withStartCap: first == 0)
        var room = MeshScratch()
        swap(&room, &scratch)
        m.write(maxVertices: bound.vertices, maxIndices: bound.indices, scratch: &room) {
            emitTail(from: first, emitter: emitter, into: &$0)
        }
        swap(&m, &mesh)
        swap(&room, &scratch)
        return (cut.vertices, cut.indices)
    }

    /// Emits the start (when `first` is 0), the pieces of interior knots `max(first, 1)…`, and the
    /// end; then advances `frozen`. Depends only on `first` and the knots, so it may run again.
    private mutating func emitTail(from first: Int, emitter: StrokeEmitter, into w: inout MeshWriter) {
        let n = knots.count - 1
        let ramp = emitter.style.cap == .butt ? EndRamp(length: knots[n].s, isActive: true) : .inactive
        if first == 0 { rows[0] = emitter.start(at: knots[0], dir: dirs[0], ramp: ramp, into: &w) }
        for i in max(first, 1)..<n {
            marks[i] = MeshMark(vertices: w.totalVertices, indices: w.totalIndices)
            rows[i] = emitter.joint(after: rows[i - 1], knots[i - 1], knots[i], knots[i + 1],
                                    d0: dirs[i - 1], d1: dirs[i], ramp: ramp, into: &w)
        }
        tailMark = MeshMark(vertices: w.totalVertices, indices: w.totalIndices)
        emitter.end(after: rows[n - 1], knots[n - 1], knots[n], dir: dirs[n - 1], ramp: ramp, into: &w)
        let limit = ramp.frozenLimit
        frozen = max(first, 1)
        while frozen < n {
            let k = knots[frozen]
            let shape = emitter.jointShape(at: k, d0: dirs[frozen - 1], d1: dirs[frozen],
                                           len0: k.s - knots[frozen - 1].s, len1: knots[frozen + 1].s - k.s, ramp: ramp)
            guard k.s + shape.shift <= limit else { break }
            frozen += 1
        }
    }
}

/// Vertex and index counts of a mesh at some moment.
struct MeshMark {
    var vertices: Int
    var indices: Int
}
