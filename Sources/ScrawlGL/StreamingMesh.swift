import CEpoxy
import ScrawlCore

/// GPU copy of a mesh that grows at its end (the live stroke), updated in place with `glBufferSubData`.
///
/// `update` uploads only the vertices from `firstVertex` and the indices from `firstIndex` on, so the
/// cost of a pointer `moved` event depends on how much of the mesh changed, not on its size. Storage
/// grows by doubling, and then the whole mesh is uploaded once. Needs a current context; the GL
/// objects are deleted on deinit (context current).
public final class StreamingMesh {
    let buffers: MeshBuffers
    /// Vertices and indices on the GPU (those of the last `update`).
    public private(set) var vertexCount = 0
    public private(set) var indexCount = 0

    /// Creates empty buffers; throws `GLError.noCurrentContext` without a current context.
    public init() throws {
        try GLCheck.requireContext()
        buffers = MeshBuffers()
    }

    /// Makes the GPU copy equal `mesh`, given that its vertices before `firstVertex` and its indices
    /// before `firstIndex` are unchanged since the last update (values past the old counts are clamped).
    public func update(_ mesh: Mesh, firstVertex: Int, firstIndex: Int) {
        buffers.bind()
        let grew = buffers.reserve(vertices: mesh.vertices.count, indices: mesh.indices.count,
                                   usage: GLenum(GL_DYNAMIC_DRAW))
        let v0 = grew.vertices ? 0 : max(0, min(firstVertex, vertexCount))
        let i0 = grew.indices ? 0 : max(0, min(firstIndex, indexCount))
        StreamingMesh.subData(GL_ARRAY_BUFFER, mesh.vertices, from: v0, stride: Vertex.stride)
        StreamingMesh.subData(GL_ELEMENT_ARRAY_BUFFER, mesh.indices, from: i0, stride: 4)
        vertexCount = mesh.vertices.count
        indexCount = mesh.indices.count
        buffers.usedVertices = vertexCount
    }

    /// Uploads the whole of `mesh`.
    public func update(_ mesh: Mesh) { update(mesh, firstVertex: 0, firstIndex: 0) }

    /// Forgets the contents (keeps the storage); the next update uploads everything.
    public func removeAll() { vertexCount = 0; indexCount = 0; buffers.usedVertices = 0 }

    private static func subData<T>(_ target: Int32, _ values: [T], from first: Int, stride: Int) {
        guard first < values.count else { return }
        values.withUnsafeBytes { bytes in
            epoxy_glBufferSubData(GLenum(target), first * stride, (values.count - first) * stride,
                                  bytes.baseAddress! + first * stride)
        }
    }
}
