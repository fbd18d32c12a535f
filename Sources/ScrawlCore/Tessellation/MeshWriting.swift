/// Raw output for the tessellators: vertices and indices written through pointers into a buffer sized
/// beforehand by an upper bound (NanoVG style), then appended to a `Mesh` in one copy, so the hot
/// loops do no `Array` bookkeeping.
///
/// Indices are absolute: the first vertex written gets index `base` (the mesh's vertex count).
/// Indices below `base` name vertices already in the mesh (`existing`), which the orientation check
/// can read too.
///
/// A writer made by `Mesh.writePieces` hands its output on in pieces instead (see `checkpoint`).
struct MeshWriter {
    /// Twice the smallest triangle area kept, in device px² (computed from the stored `Float` positions).
    static let minimumDoubleArea = 2e-5

    private let vertices: UnsafeMutablePointer<Vertex>
    private let indices: UnsafeMutablePointer<UInt32>
    private let existing: UnsafePointer<Vertex>?
    private let vertexCapacity: Int
    private let indexCapacity: Int
    /// Index of the first vertex written here (the mesh's vertex count), and the mesh's index count.
    let base: Int
    let indexBase: Int
    private(set) var vertexCount = 0
    private(set) var indexCount = 0
    /// Something did not fit: the output is incomplete.
    private(set) var overflowed = false
    /// Where finished pieces go, for a writer of `Mesh.writePieces`; nil for one mesh.
    var pieces: MeshPieceSink?

    init(vertices: UnsafeMutableBufferPointer<Vertex>, indices: UnsafeMutableBufferPointer<UInt32>,
         existing: UnsafeBufferPointer<Vertex>, indexBase: Int) {
        self.vertices = vertices.baseAddress!
        self.indices = indices.baseAddress!
        self.existing = existing.baseAddress
        vertexCapacity = vertices.count
        indexCapacity = indices.count
        base = existing.count
        self.indexBase = indexBase
    }

    /// The mesh's counts once this output is appended.
    var totalVertices: Int { base + vertexCount }
    var totalIndices: Int { indexBase + indexCount }

    /// Appends a vertex and returns its index.
    @inline(__always)
    mutating func addVertex(_ p: Point, edge: Double, radius: Float, along: Double, arc: Double,
                            color: UInt32) -> UInt32 {
        add(Vertex(x: Float(p.x), y: Float(p.y), edge: Float(edge), radius: radius, along: Float(along),
                   arc: Float(arc), color: color))
    }

    /// Appends a copy of vertex `i` (same position, bit for bit) with another `edge`.
    @inline(__always)
    mutating func addVertex(copying i: UInt32, edge: Double) -> UInt32 {
        var v = vertex(i)
        v.edge = Float(edge)
        return add(v)
    }

    /// Appends a copy of vertex `i` (same position, bit for bit) with another `along`.
    @inline(__always)
    mutating func addVertex(copying i: UInt32, along: Double) -> UInt32 {
        var v = vertex(i)
        v.along = Float(along)
        return add(v)
    }

    /// Past the bound nothing is written: the vertex index returned names no vertex, so triangles
    /// using it read as degenerate and are dropped, and `Mesh.write` retries with more room.
    @inline(__always)
    private mutating func add(_ v: Vertex) -> UInt32 {
        guard vertexCount < vertexCapacity else {
            overflowed = true
            return UInt32(truncatingIfNeeded: base + vertexCapacity)
        }
        (vertices + vertexCount).initialize(to: v)
        vertexCount += 1
        return UInt32(truncatingIfNeeded: base + vertexCount - 1)
    }

    /// The vertex with absolute index `i` (written here, or already in the mesh).
    @inline(__always)
    func vertex(_ i: UInt32) -> Vertex {
        let k = Int(i) - base
        if k >= 0 { return k < vertexCount ? vertices[k] : Vertex(x: 0, y: 0, color: 0) }
        return existing![Int(i)]
    }

    /// The stored position of vertex `i`.
    @inline(__always)
    func position(_ i: UInt32) -> SIMD2<Float> {
        let v = vertex(i)
        return SIMD2(v.x, v.y)
    }

    /// Twice the signed area of triangle `a b c`, from the stored positions (x right, y down).
    @inline(__always)
    func doubleArea(_ a: UInt32, _ b: UInt32, _ c: UInt32) -> Double {
        MeshWriter.doubleArea(position(a), position(b), position(c))
    }

    /// Twice the signed area of the triangle whose vertices are stored at `a b c`.
    @inline(__always)
    static func doubleArea(_ a: SIMD2<Float>, _ b: SIMD2<Float>, _ c: SIMD2<Float>) -> Double {
        let ax = Double(a.x), ay = Double(a.y)
        return (Double(b.x) - ax) * (Double(c.y) - ay) - (Double(b.y) - ay) * (Double(c.x) - ax)
    }

    @inline(__always)
    private mutating func addIndices(_ a: UInt32, _ b: UInt32, _ c: UInt32) {
        guard indexCount + 3 <= indexCapacity else {
            overflowed = true
            return
        }
        (indices + indexCount).initialize(to: a)
        (indices + indexCount + 1).initialize(to: b)
        (indices + indexCount + 2).initialize(to: c)
        indexCount += 3
    }

    /// Appends a stroke triangle with positive signed area (clockwise on a y-down screen);
    /// drops it when its area is below `minimumDoubleArea / 2`.
    @inline(__always)
    mutating func addStrokeTriangle(_ a: UInt32, _ b: UInt32, _ c: UInt32) {
        addStrokeTriangle(a, b, c, doubleArea: doubleArea(a, b, c))
    }

    /// As `addStrokeTriangle(_:_:_:)` for vertices whose stored positions are known (`pa`, `pb`,
    /// `pc`), so none is read back (a read right after the write can stall). Past an overflow it
    /// adds nothing: an index may then name a vertex that was never written.
    @inline(__always)
    mutating func addStrokeTriangle(_ a: UInt32, _ b: UInt32, _ c: UInt32, at pa: SIMD2<Float>, _ pb: SIMD2<Float>,
                                    _ pc: SIMD2<Float>) {
        guard !overflowed else { return }
        addStrokeTriangle(a, b, c, doubleArea: MeshWriter.doubleArea(pa, pb, pc))
    }

    /// The stroke triangle `a b c` of twice the signed area `area2`, oriented, or dropped when degenerate.
    @inline(__always)
    private mutating func addStrokeTriangle(_ a: UInt32, _ b: UInt32, _ c: UInt32, doubleArea area2: Double) {
        if area2 >= MeshWriter.minimumDoubleArea {
            addIndices(a, b, c)
        } else if area2 <= -MeshWriter.minimumDoubleArea {
            addIndices(a, c, b)
        }
    }

    /// Appends a fill triangle as given (its winding counts), unless it is degenerate.
    @inline(__always)
    mutating func addFillTriangle(_ a: UInt32, _ b: UInt32, _ c: UInt32) {
        let area2 = doubleArea(a, b, c)
        if area2 >= MeshWriter.minimumDoubleArea || area2 <= -MeshWriter.minimumDoubleArea {
            addIndices(a, b, c)
        }
    }

    /// Forgets the vertices written from absolute index `i` on (no index may name them).
    mutating func removeVertices(from i: Int) {
        vertexCount = i - base
    }

    /// The written vertices and indices.
    var writtenVertices: UnsafeBufferPointer<Vertex> { UnsafeBufferPointer(start: vertices, count: vertexCount) }
    var writtenIndices: UnsafeBufferPointer<UInt32> { UnsafeBufferPointer(start: indices, count: indexCount) }

    /// For a writer of `Mesh.writePieces`: once the piece written so far holds the sink's limit of
    /// vertices or indices, hands it on and starts the next one with copies of `row`'s vertices, which
    /// `row` then names. Called where the emitters keep nothing else of the mesh (after a joint), so
    /// every triangle lands in exactly one piece, made of the same vertices. Does nothing otherwise.
    @inline(__always)
    mutating func checkpoint(_ row: inout Row) {
        guard let sink = pieces, vertexCount >= sink.vertexLimit || indexCount >= sink.indexLimit else { return }
        let plus = vertex(row.plus), minus = vertex(row.minus)
        let centre = row.hasCentre ? vertex(row.centre) : nil
        flushPiece()
        row.plus = add(plus)
        row.centre = centre.map { add($0) } ?? Row.noCentre
        row.minus = add(minus)
    }

    /// As `checkpoint(_:)` where nothing of the mesh is kept (between subpaths).
    mutating func checkpoint() {
        guard let sink = pieces, vertexCount >= sink.vertexLimit || indexCount >= sink.indexLimit else { return }
        flushPiece()
    }

    /// Hands the piece written so far (if it has a triangle) to the sink and starts an empty one.
    /// A piece that overflowed its room is counted as a bound too small (its triangles past the room
    /// are lost), as `Mesh.write` counts one.
    mutating func flushPiece() {
        guard let sink = pieces else { return }
        if overflowed { BoundOverflowCounter.shared.increment() }
        if indexCount > 0 { sink.emit(Mesh(vertices: Array(writtenVertices), indices: Array(writtenIndices))) }
        vertexCount = 0
        indexCount = 0
        overflowed = false
    }
}

extension Mesh {
    /// How many times, in this process, a tessellator's upper bound on its output proved too small
    /// (each time the output was written again with twice the room). A wrong bound is an internal
    /// bug that costs only time, so it is counted rather than fatal; the tessellation and GL tests
    /// assert that the count stays zero, in the release builds CI tests too.
    public static var boundOverflowCount: Int { BoundOverflowCounter.shared.value }

    /// Lets `body` write at most `maxVertices` vertices and `maxIndices` indices through a
    /// `MeshWriter`, then appends what it wrote. Should the bounds prove too small, `body` runs again
    /// with twice the room (so it must not depend on a previous run) and `boundOverflowCount` grows;
    /// debug builds also stop at an assertion.
    mutating func write(maxVertices: Int, maxIndices: Int, _ body: (inout MeshWriter) -> Void) {
        var room = (max(maxVertices, 1), max(maxIndices, 3))
        while !tryWrite(maxVertices: room.0, maxIndices: room.1, body) {
            Mesh.boundTooSmall()
            room = (room.0 * 2, room.1 * 2)
        }
    }

    /// Counts a bound that proved too small (and stops debug builds there).
    private static func boundTooSmall() {
        BoundOverflowCounter.shared.increment()
        assertionFailure("MeshWriter: bound too small")
    }

    /// As `write(maxVertices:maxIndices:_:)`, but writing into `scratch` (grown as needed and kept
    /// for the next call) instead of a temporary allocation.
    mutating func write(maxVertices: Int, maxIndices: Int, scratch: inout MeshScratch,
                        _ body: (inout MeshWriter) -> Void) {
        var room = (max(maxVertices, 1), max(maxIndices, 3))
        while true {
            scratch.grow(vertices: room.0, indices: room.1)
            let done = scratch.vertices.withUnsafeMutableBufferPointer { vbuf in
                scratch.indices.withUnsafeMutableBufferPointer { ibuf in tryWrite(vbuf, ibuf, body) }
            }
            if done { return }
            Mesh.boundTooSmall()
            room = (room.0 * 2, room.1 * 2)
        }
    }

    private mutating func tryWrite(maxVertices: Int, maxIndices: Int, _ body: (inout MeshWriter) -> Void) -> Bool {
        withUnsafeTemporaryAllocation(of: Vertex.self, capacity: maxVertices) { vbuf in
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: maxIndices) { ibuf in
                tryWrite(vbuf, ibuf, body)
            }
        }
    }

    /// Runs `body` on a writer over the given buffers; appends its output unless it overflowed.
    private mutating func tryWrite(_ vbuf: UnsafeMutableBufferPointer<Vertex>, _ ibuf: UnsafeMutableBufferPointer<UInt32>,
                                   _ body: (inout MeshWriter) -> Void) -> Bool {
        let indexBase = indices.count
        let w = vertices.withUnsafeBufferPointer { existing in
            var w = MeshWriter(vertices: vbuf, indices: ibuf, existing: existing, indexBase: indexBase)
            body(&w)
            return w
        }
        guard !w.overflowed else { return false }
        reserve(vertices: w.vertexCount, indices: w.indexCount)
        vertices.append(contentsOf: w.writtenVertices)
        indices.append(contentsOf: w.writtenIndices)
        return true
    }

    /// Drops every vertex and index from the given counts on (keeping capacity).
    mutating func truncate(vertices v: Int, indices i: Int) {
        if v < vertices.count { vertices.removeLast(vertices.count - v) }
        if i < indices.count { indices.removeLast(indices.count - i) }
    }
}

/// Reusable room for a `MeshWriter` (a value: copies share it until one writes).
struct MeshScratch {
    var vertices: [Vertex] = []
    var indices: [UInt32] = []

    /// Makes the buffers at least this long.
    mutating func grow(vertices v: Int, indices i: Int) {
        if vertices.count < v { vertices += repeatElement(Vertex(x: 0, y: 0, color: 0), count: v - vertices.count) }
        if indices.count < i { indices += repeatElement(0, count: i - indices.count) }
    }
}

extension MeshWriter {
    /// The triangles between consecutive rows of a stroke: 2, 3 when one has a centre (fanned from
    /// it), 4 when both have (split along the centre line).
    @inline(__always)
    mutating func addQuad(_ a: Row, _ b: Row) {
        switch (a.hasCentre, b.hasCentre) {
        case (false, false):
            addStrokeTriangle(a.plus, a.minus, b.minus)
            addStrokeTriangle(a.plus, b.minus, b.plus)
        case (true, false):
            addStrokeTriangle(a.centre, a.minus, b.minus)
            addStrokeTriangle(a.centre, b.minus, b.plus)
            addStrokeTriangle(a.centre, b.plus, a.plus)
        case (false, true):
            addStrokeTriangle(b.centre, b.plus, a.plus)
            addStrokeTriangle(b.centre, a.plus, a.minus)
            addStrokeTriangle(b.centre, a.minus, b.minus)
        case (true, true):
            addStrokeTriangle(a.plus, a.centre, b.plus)
            addStrokeTriangle(b.plus, a.centre, b.centre)
            addStrokeTriangle(a.centre, a.minus, b.centre)
            addStrokeTriangle(b.centre, a.minus, b.minus)
        }
    }

    /// `addQuad` between two rows without centres whose rims' stored positions are known (`pa`,
    /// `pb`): the same triangles, with nothing read back.
    @inline(__always)
    mutating func addQuad(_ a: Row, _ b: Row, at pa: RowPositions, _ pb: RowPositions) {
        assert(!a.hasCentre && !b.hasCentre)
        addStrokeTriangle(a.plus, a.minus, b.minus, at: pa.plus, pa.minus, pb.minus)
        addStrokeTriangle(a.plus, b.minus, b.plus, at: pa.plus, pb.minus, pb.plus)
    }

    /// The stored positions of `row`'s rims.
    @inline(__always)
    func positions(_ row: Row) -> RowPositions {
        RowPositions(plus: position(row.plus), minus: position(row.minus))
    }
}

/// The stored (`Float`) positions of a row's two rim vertices, as `MeshWriter.addVertex` stores them.
struct RowPositions {
    var plus: SIMD2<Float>
    var minus: SIMD2<Float>

    init(plus: SIMD2<Float>, minus: SIMD2<Float>) { self.plus = plus; self.minus = minus }

    @inline(__always)
    init(_ plus: Point, _ minus: Point) {
        self.plus = SIMD2(Float(plus.x), Float(plus.y))
        self.minus = SIMD2(Float(minus.x), Float(minus.y))
    }
}
