/// Low-level vertex and triangle output shared by the tessellators.
extension Mesh {
    /// Twice the smallest triangle area kept, in device px² (computed from the stored `Float` positions).
    static let minimumDoubleArea = 2e-5

    /// Appends a vertex and returns its index.
    @inline(__always)
    mutating func addVertex(_ p: Point, edge: Double, radius: Float, along: Double, arc: Double,
                            color: UInt32) -> UInt32 {
        let index = UInt32(truncatingIfNeeded: vertices.count)
        vertices.append(Vertex(x: Float(p.x), y: Float(p.y), edge: Float(edge), radius: radius,
                               along: Float(along), arc: Float(arc), color: color))
        return index
    }

    /// Appends a copy of vertex `i` (same position, bit for bit) with another `edge`, and returns its index.
    @inline(__always)
    mutating func addVertex(copying i: UInt32, edge: Double) -> UInt32 {
        var v = vertices[Int(i)]
        v.edge = Float(edge)
        vertices.append(v)
        return UInt32(truncatingIfNeeded: vertices.count - 1)
    }

    /// Appends a copy of vertex `i` (same position, bit for bit) with another `along`, and returns its index.
    @inline(__always)
    mutating func addVertex(copying i: UInt32, along: Double) -> UInt32 {
        var v = vertices[Int(i)]
        v.along = Float(along)
        vertices.append(v)
        return UInt32(truncatingIfNeeded: vertices.count - 1)
    }

    /// Twice the signed area of triangle `a b c`, from the stored positions (x right, y down).
    @inline(__always)
    func doubleArea(_ a: UInt32, _ b: UInt32, _ c: UInt32) -> Double {
        let va = vertices[Int(a)], vb = vertices[Int(b)], vc = vertices[Int(c)]
        let ax = Double(va.x), ay = Double(va.y)
        return (Double(vb.x) - ax) * (Double(vc.y) - ay) - (Double(vb.y) - ay) * (Double(vc.x) - ax)
    }

    /// Appends a stroke triangle with positive signed area (clockwise on a y-down screen);
    /// drops it when its area is below `minimumDoubleArea / 2`.
    @inline(__always)
    mutating func addStrokeTriangle(_ a: UInt32, _ b: UInt32, _ c: UInt32) {
        let area2 = doubleArea(a, b, c)
        if area2 >= Mesh.minimumDoubleArea {
            indices.append(a); indices.append(b); indices.append(c)
        } else if area2 <= -Mesh.minimumDoubleArea {
            indices.append(a); indices.append(c); indices.append(b)
        }
    }

    /// Appends a fill triangle as given (its winding counts), unless it is degenerate.
    @inline(__always)
    mutating func addFillTriangle(_ a: UInt32, _ b: UInt32, _ c: UInt32) {
        let area2 = doubleArea(a, b, c)
        if area2 >= Mesh.minimumDoubleArea || area2 <= -Mesh.minimumDoubleArea {
            indices.append(a); indices.append(b); indices.append(c)
        }
    }

    /// Drops every vertex and index from the given counts on (keeping capacity).
    mutating func truncate(vertices v: Int, indices i: Int) {
        vertices.removeSubrange(v...)
        indices.removeSubrange(i...)
    }
}
