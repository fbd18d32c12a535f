/// Where a piecewise tessellation (`Mesh.writePieces`) hands its finished pieces.
struct MeshPieceSink {
    /// A piece is handed on at the first checkpoint where it holds this many vertices or indices.
    let vertexLimit: Int
    let indexLimit: Int
    let emit: (Mesh) -> Void
}

extension Mesh {
    /// Runs `body` on a writer whose output goes to `emit` in pieces instead of into one mesh: a
    /// piece is handed on at the first `MeshWriter.checkpoint` where it holds `limit` vertices (or
    /// three times as many indices), and the last one when `body` returns. Each piece is a mesh of
    /// its own (indices from 0). `room` bounds what the body writes between two checkpoints (one
    /// step of an emitter, with the caps and joins around it); the writer's room is that above the
    /// limit, so memory does not grow with the output. A piece that outgrows it is counted in
    /// `boundOverflowCount`, as a whole mesh's bound is.
    static func writePieces(limit: Int, room: (vertices: Int, indices: Int), emit: (Mesh) -> Void,
                            _ body: (inout MeshWriter) -> Void) {
        let limit = max(limit, 1)
        withoutActuallyEscaping(emit) { emit in
            withUnsafeTemporaryAllocation(of: Vertex.self, capacity: limit + room.vertices + 3) { vbuf in
                withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 3 * limit + room.indices) { ibuf in
                    let none = UnsafeBufferPointer<Vertex>(start: nil, count: 0)
                    var w = MeshWriter(vertices: vbuf, indices: ibuf, existing: none, indexBase: 0)
                    w.pieces = MeshPieceSink(vertexLimit: limit, indexLimit: 3 * limit, emit: emit)
                    body(&w)
                    w.flushPiece()
                }
            }
        }
    }
}

/// When a path drawable is tessellated in pieces while it is drawn (`DrawCommand.strokePieces`,
/// `.fillPieces`) instead of into whole meshes held until then.
public enum PiecewiseTessellation {
    /// Flattened points (at the drawing's scale) above which a path's fill and stroke are drawn in
    /// pieces: a whole mesh of this many points takes about 5 MB (up to about 80 MB with a round
    /// join at every point of a very wide stroke).
    public static let threshold = 1 << 16
    /// Vertices in one piece (about 2 MB with its indices).
    public static let pieceVertices = 1 << 16
}
