/// Tessellates a live stroke one input point at a time, at O(1) cost per point.
///
/// The mesh is the batch tessellation (`StrokeTessellator`) of the open polyline through `points`,
/// vertex for vertex. It is kept as a frozen prefix plus a tail: the end cap, and with butt caps the
/// segments within the last half pixel (whose `along` ramp depends on where the stroke ends). On
/// `append` the tail is cut off and re-emitted with the new join, segment and cap, so the work per
/// point does not grow with the stroke (with butt caps it grows with the number of points in the last
/// half pixel, which a sane input device keeps at one or two).
public struct IncrementalStroker: Sendable {
    /// The stroke so far, in device pixels.
    public private(set) var mesh = Mesh()
    /// The accepted input points (canvas points), duplicates left out.
    public private(set) var points: [Point] = []

    private let emitter: StrokeEmitter?
    private let scale: Double
    /// Device position and arc position of each accepted point.
    private var knots: [Knot] = []
    /// `marks[k]`: mesh counts before segment `k` (its join, or the start cap for `k = 0`).
    private var marks: [MeshMark] = []
    /// `ends[k]`: direction and end row of segment `k`.
    private var ends: [SegmentEnd] = []
    /// Segments `0..<frozen` will never be emitted differently.
    private var frozen = 0
    /// Mesh counts before the end cap (or the dot).
    private var tailMark = MeshMark(vertices: 0, indices: 0)
    /// Room the tail is written in before it is appended to `mesh`.
    private var scratch = MeshScratch()

    /// A live stroke drawn with `options` and `color`, at `scale` device px per canvas point.
    public init(options: StrokeOptions, color: Color, scale: Double) {
        emitter = StrokeStyle(options: options, color: color, scale: scale).map { StrokeEmitter(style: $0) }
        self.scale = scale
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
            let bound = emitter.style.bound(points: 1, subpaths: 1)
            mesh.write(maxVertices: bound.vertices, maxIndices: bound.indices) { emitter.dot(at: dp, into: &$0) }
            return (0, 0)
        }
        if StrokeStyle.isDuplicate(dp, of: last.p) { return unchanged }
        points.append(p)
        let (knot, dir) = StrokeEmitter.advance(from: last, to: dp)
        knots.append(knot)
        ends.append(SegmentEnd(dir: dir, row: Row(plus: 0, centre: 0, minus: 0)))  // filled in by `emitTail`
        marks.append(tailMark)
        let cut = frozen < ends.count - 1 ? marks[frozen] : tailMark
        var m = Mesh()
        swap(&m, &mesh)  // so `emitTail` may update the other properties while `m` is written
        m.truncate(vertices: cut.vertices, indices: cut.indices)
        let first = frozen
        let bound = emitter.style.tailBound(segments: ends.count - first, withStartCap: first == 0)
        var room = MeshScratch()
        swap(&room, &scratch)
        m.write(maxVertices: bound.vertices, maxIndices: bound.indices, scratch: &room) {
            emitTail(from: first, emitter: emitter, into: &$0)
        }
        swap(&m, &mesh)
        swap(&room, &scratch)
        return (cut.vertices, cut.indices)
    }

    /// Emits segments `first…` and the end cap, and advances `frozen`.
    private mutating func emitTail(from first: Int, emitter: StrokeEmitter, into w: inout MeshWriter) {
        let ramp = emitter.style.cap == .butt ? EndRamp(length: knots[knots.count - 1].s, isActive: true) : .inactive
        for k in first..<ends.count {
            let a = knots[k], b = knots[k + 1], d = ends[k].dir
            marks[k] = MeshMark(vertices: w.totalVertices, indices: w.totalIndices)
            let previous: SegmentEnd? = k > 0 ? ends[k - 1] : nil
            ends[k] = emitter.segment(from: a, to: b, dir: d, previous: previous, startCap: true, ramp: ramp, into: &w)
        }
        tailMark = MeshMark(vertices: w.totalVertices, indices: w.totalIndices)
        let end = ends[ends.count - 1]
        emitter.cap(at: knots[knots.count - 1], row: end.row, dir: end.dir, arcSign: 1, into: &w)
        let limit = ramp.frozenLimit
        frozen = first
        while frozen < ends.count && knots[frozen + 1].s <= limit { frozen += 1 }
    }
}

/// Vertex and index counts of a mesh at some moment.
struct MeshMark {
    var vertices: Int
    var indices: Int
}
