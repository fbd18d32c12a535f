import CEpoxy
import ScrawlCore

/// Vertex attribute setup for ScrawlCore's 28-byte `Vertex` (see `stroke.vert.glsl`).
enum MeshLayout {
    /// Attribute 0: position (2 floats); 1: edge, radius, along, arc (4 floats); 2: colour (RGBA8, normalized).
    static func configure() {
        precondition(MemoryLayout<Vertex>.stride == Vertex.stride && MemoryLayout<Vertex>.offset(of: \Vertex.color) == 24,
                     "Vertex layout changed: update MeshLayout and stroke.vert.glsl")
        let stride = GLsizei(Vertex.stride)
        epoxy_glEnableVertexAttribArray(0)
        epoxy_glVertexAttribPointer(0, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride, UnsafeRawPointer(bitPattern: 0))
        epoxy_glEnableVertexAttribArray(1)
        epoxy_glVertexAttribPointer(1, 4, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride, UnsafeRawPointer(bitPattern: 8))
        epoxy_glEnableVertexAttribArray(2)
        epoxy_glVertexAttribPointer(2, 4, GLenum(GL_UNSIGNED_BYTE), GLboolean(GL_TRUE), stride, UnsafeRawPointer(bitPattern: 24))
    }
}

/// A vertex array with its own vertex and 32-bit index buffers in ScrawlCore's `Vertex` layout.
/// Needs a current context; deleted on deinit (context current).
final class MeshBuffers {
    let vertexArray: GLuint
    let vertexBuffer: GLuint
    let indexBuffer: GLuint
    /// Allocated sizes, in vertices and indices.
    private(set) var vertexCapacity = 0
    private(set) var indexCapacity = 0
    /// Vertices holding current data: every index drawn is below this (for `glDrawRangeElements`).
    var usedVertices = 0

    init() {
        var names: [GLuint] = [0, 0]
        var array: GLuint = 0
        epoxy_glGenVertexArrays(1, &array)
        epoxy_glGenBuffers(2, &names)
        vertexArray = array; vertexBuffer = names[0]; indexBuffer = names[1]
        epoxy_glBindVertexArray(array)
        epoxy_glBindBuffer(GLenum(GL_ARRAY_BUFFER), vertexBuffer)
        epoxy_glBindBuffer(GLenum(GL_ELEMENT_ARRAY_BUFFER), indexBuffer)
        MeshLayout.configure()
        epoxy_glBindVertexArray(0)
    }

    deinit {
        var names = [vertexBuffer, indexBuffer]
        var array = vertexArray
        epoxy_glDeleteBuffers(2, &names)
        epoxy_glDeleteVertexArrays(1, &array)
    }

    /// Binds the vertex array (and with it the index buffer) and the vertex buffer.
    func bind() {
        epoxy_glBindVertexArray(vertexArray)
        epoxy_glBindBuffer(GLenum(GL_ARRAY_BUFFER), vertexBuffer)
    }

    /// Allocates fresh (orphaned) storage of at least the given sizes, doubling; says which grew
    /// (a grown buffer has lost its contents). The buffers must be bound.
    @discardableResult
    func reserve(vertices: Int, indices: Int, usage: GLenum) -> (vertices: Bool, indices: Bool) {
        var grew = (vertices: false, indices: false)
        if vertices > vertexCapacity {
            vertexCapacity = MeshBuffers.grown(vertexCapacity, to: vertices)
            epoxy_glBufferData(GLenum(GL_ARRAY_BUFFER), vertexCapacity * Vertex.stride, nil, usage)
            grew.vertices = true
        }
        if indices > indexCapacity {
            indexCapacity = MeshBuffers.grown(indexCapacity, to: indices)
            epoxy_glBufferData(GLenum(GL_ELEMENT_ARRAY_BUFFER), indexCapacity * 4, nil, usage)
            grew.indices = true
        }
        return grew
    }

    private static func grown(_ capacity: Int, to needed: Int) -> Int {
        var c = max(capacity, 1024)
        while c < needed { c *= 2 }
        return c
    }

    /// Draws `count` indices starting at index `first` as triangles. The buffers must be bound.
    /// The index range is given to GL so that it need not scan the indices for it.
    /// Large draws are split into pieces of at most `FlushPacer.maxIndices`, each followed by a flush.
    func drawTriangles(first: Int, count: Int) {
        guard count > 0, usedVertices > 0 else { return }
        var at = first
        let end = first + count
        while at < end {
            let n = min(end - at, FlushPacer.room)
            epoxy_glDrawRangeElements(GLenum(GL_TRIANGLES), 0, GLuint(usedVertices - 1), GLsizei(n),
                                      GLenum(GL_UNSIGNED_INT), UnsafeRawPointer(bitPattern: at * 4))
            FlushPacer.drew(indices: n)
            at += n
        }
    }
}

/// The renderer's reusable streaming buffers: each upload writes a batch of meshes, concatenated
/// with rebased 32-bit indices, into invalidated (orphaned) storage mapped with `glMapBufferRange`.
final class MeshStream {
    let buffers = MeshBuffers()

    /// Uploads `meshes` back to back; returns where each mesh's indices start, plus the total at the end.
    /// Leaves the buffers bound.
    func upload(_ meshes: [Mesh]) -> [Int] {
        var vertexCount = 0, indexCount = 0
        var starts: [Int] = [0]
        starts.reserveCapacity(meshes.count + 1)
        for mesh in meshes {
            vertexCount += mesh.vertices.count
            indexCount += mesh.indices.count
            starts.append(indexCount)
        }
        buffers.bind()
        guard indexCount > 0 else { return starts }
        buffers.reserve(vertices: vertexCount, indices: indexCount, usage: GLenum(GL_STREAM_DRAW))
        buffers.usedVertices = vertexCount
        writeVertices(meshes, count: vertexCount)
        writeIndices(meshes, count: indexCount)
        return starts
    }

    private func map(_ target: Int32, bytes: Int) -> UnsafeMutableRawPointer? {
        let access = GLbitfield(GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_BUFFER_BIT)
        return epoxy_glMapBufferRange(GLenum(target), 0, bytes, access)
    }

    private func writeVertices(_ meshes: [Mesh], count: Int) {
        guard let base = map(GL_ARRAY_BUFFER, bytes: count * Vertex.stride) else { return }
        var offset = 0
        for mesh in meshes where !mesh.vertices.isEmpty {
            mesh.vertices.withUnsafeBytes { bytes in
                (base + offset).copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
                offset += bytes.count
            }
        }
        _ = epoxy_glUnmapBuffer(GLenum(GL_ARRAY_BUFFER))
    }

    private func writeIndices(_ meshes: [Mesh], count: Int) {
        guard let raw = map(GL_ELEMENT_ARRAY_BUFFER, bytes: count * 4) else { return }
        let out = raw.bindMemory(to: UInt32.self, capacity: count)
        var at = 0
        var vertexBase: UInt32 = 0
        for mesh in meshes {
            mesh.indices.withUnsafeBufferPointer { indices in
                guard !indices.isEmpty else { return }
                if vertexBase == 0 {
                    (out + at).update(from: indices.baseAddress!, count: indices.count)
                } else {
                    for i in 0..<indices.count { out[at + i] = indices[i] &+ vertexBase }
                }
                at += indices.count
            }
            vertexBase &+= UInt32(mesh.vertices.count)
        }
        _ = epoxy_glUnmapBuffer(GLenum(GL_ELEMENT_ARRAY_BUFFER))
    }
}

