/// The antialiased edge of a stencil fill (after NanoVG's fill fringe, made two-sided).
extension FillTessellator {
    /// One quad per outline edge of each closed polygon (device px), straddling the edge by half a
    /// pixel on each side and extended half a pixel past both ends to close the corners. `edge` is
    /// the signed distance from the outline's edge and `radius` 0.5. The renderer draws the quads
    /// outside and then inside the outline (`Renderer.drawFringe`), each pixel once: where the
    /// fill's stencil count is zero (the pixel's centre is outside, d = |edge| from the edge) with
    /// coverage 0.5 - d, then where it is not (inside) with 0.5 + d, the area of the pixel on the
    /// outline's side of a straight edge across it; the cover pass then
    /// paints the inside pixels no quad reached. Triangles are positively oriented.
    static func fringeMesh(_ points: [Point], _ polygons: [Range<Int>], color: UInt32) -> Mesh {
        var whole = Mesh()
        let edgeCount = polygons.reduce(0) { $0 + $1.count }
        fringePieces(points, polygons, color: color, edgesPerPiece: max(edgeCount, 1)) { whole = $0 }
        return whole
    }

    /// The quads of `fringeMesh`, in the same order, handed to `body` in meshes of at most
    /// `edgesPerPiece` edges (4 vertices each).
    static func fringePieces(_ points: [Point], _ polygons: [Range<Int>], color: UInt32, edgesPerPiece: Int,
                             _ body: (Mesh) -> Void) {
        var left = polygons.reduce(0) { $0 + $1.count }
        let perPiece = max(edgesPerPiece, 1)
        var mesh = Mesh(), edges = 0
        for polygon in polygons {
            for i in polygon {
                if edges == 0 { mesh.reserve(vertices: 4 * min(left, perPiece), indices: 6 * min(left, perPiece)) }
                let a = points[i], b = points[i + 1 < polygon.upperBound ? i + 1 : polygon.lowerBound]
                addEdgeQuad(from: a, to: b, color: color, into: &mesh)
                edges += 1
                left -= 1
                if edges == perPiece {
                    if !mesh.isEmpty { body(mesh) }
                    mesh = Mesh()
                    edges = 0
                }
            }
        }
        if !mesh.isEmpty { body(mesh) }
    }

    private static func addEdgeQuad(from a: Point, to b: Point, color: UInt32, into mesh: inout Mesh) {
        guard let d = (b - a).normalized else { return }
        let n = d.perpendicular * 0.5, e = d * 0.5
        let base = UInt32(mesh.vertices.count)
        let corners = [(a - e + n, 0.5), (b + e + n, 0.5), (b + e - n, -0.5), (a - e - n, -0.5)]
        for (p, edge) in corners {
            mesh.vertices.append(Vertex(x: Float(p.x), y: Float(p.y), edge: Float(edge), radius: 0.5, color: color))
        }
        // (b−a)×n > 0 when n is the +90° perpendicular in y-down axes, so 0,1,2 is positive.
        mesh.indices += [base, base + 1, base + 2, base, base + 2, base + 3]
    }
}
