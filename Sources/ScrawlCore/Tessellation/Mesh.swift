/// One vertex of every mesh the renderer draws, in device pixels.
///
/// Coverage (antialiasing) is analytic: the fragment shader computes
/// `clamp(radius - abs(edge), 0, 1) * clamp(along, 0, 1)`, where `edge` is the signed distance from the
/// stroke's centre line and `radius` the half width plus half a pixel, both in device pixels and
/// interpolated linearly across each triangle, and `along` ramps from 0 to 1 over the last pixel of a
/// butt or square end (it is ≥ 1 everywhere else). Fill triangles use edge 0 and a large radius.
/// Round dots under 8 device px are unit quads on the pixel grid with edge 0 and the pixel's
/// coverage as `radius` (`PixelDot`); other round dots and caps fan inside a circumscribed `RoundRim`.
/// `arc` is the distance along the path in canvas points, for the dash shader.
/// `color` is premultiplied RGBA8, red in the lowest byte.
public struct Vertex: Hashable, Sendable {
    public var x: Float
    public var y: Float
    public var edge: Float
    public var radius: Float
    public var along: Float
    public var arc: Float
    public var color: UInt32

    public init(x: Float, y: Float, edge: Float = 0, radius: Float = 1e6, along: Float = 1e6,
                arc: Float = 0, color: UInt32) {
        self.x = x; self.y = y; self.edge = edge; self.radius = radius
        self.along = along; self.arc = arc; self.color = color
    }

    /// Byte stride of the vertex in GL buffers (seven 4-byte fields).
    public static let stride = 28
}

/// Indexed triangles: every three indices are one triangle.
public struct Mesh: Sendable {
    public var vertices: [Vertex] = []
    public var indices: [UInt32] = []

    public init() {}
    public init(vertices: [Vertex], indices: [UInt32]) { self.vertices = vertices; self.indices = indices }

    public var isEmpty: Bool { indices.isEmpty }
    public var triangleCount: Int { indices.count / 3 }

    /// Appends `other`, offsetting its indices.
    public mutating func append(_ other: Mesh) {
        let base = UInt32(vertices.count)
        reserve(vertices: other.vertices.count, indices: other.indices.count)
        vertices += other.vertices
        for i in other.indices { indices.append(i + base) }
    }

    /// Makes room for `v` more vertices and `i` more indices. Grows geometrically, so calling it before
    /// every append stays amortised O(1) (a plain `reserveCapacity(count + n)` would copy every time).
    public mutating func reserve(vertices v: Int, indices i: Int) {
        let nv = vertices.count + v, ni = indices.count + i
        if nv > vertices.capacity { vertices.reserveCapacity(Swift.max(nv, vertices.capacity * 2)) }
        if ni > indices.capacity { indices.reserveCapacity(Swift.max(ni, indices.capacity * 2)) }
    }

    public mutating func removeAll(keepingCapacity: Bool = true) {
        vertices.removeAll(keepingCapacity: keepingCapacity)
        indices.removeAll(keepingCapacity: keepingCapacity)
    }
}
