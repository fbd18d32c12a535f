/// One piece of a fill tessellated piecewise (`FillTessellator.fillPieces`), in drawing order.
public enum FillPiece: Sendable {
    /// Fan triangles, counted into the stencil.
    case fan(Mesh)
    /// Antialiased edge quads, drawn outside and inside the outline (`fringeMesh`); after every fan
    /// piece.
    case fringe(Mesh)
    /// The cover, drawn where the count is not zero; the last piece.
    case cover(Mesh)
}

extension FillTessellator {
    /// The triangles `fillWithFringe` makes, handed to `body` in pieces of at most about
    /// `pieceVertices` vertices: every fan piece, then every fringe piece, then the cover (nothing when
    /// there is nothing to fill). A fan piece holds its subpath's first point and a run of the others,
    /// so the fan's triangles are the same, each in one piece. What this holds at once is the
    /// flattened points (16 bytes each) and one piece, however long the path.
    public static func fillPieces(_ path: Path, color: Color, scale: Double, tolerance: Double = 0.25,
                                  pieceVertices: Int, _ body: (FillPiece) -> Void) {
        guard scale > 0, scale.isFinite else { return }
        let (points, ranges) = StrokeTessellator.flattened(path, tolerance: fillTolerance(tolerance), scale: scale,
                                                            reserving: true)
        let rgba = color.premultipliedRGBA
        let polygons = ranges.filter { $0.count >= 3 }.map { $0.start..<$0.end }
        var bounds: Rect?
        for polygon in polygons {
            guard let added = fanPieces(points, polygon, color: rgba, pieceVertices: pieceVertices, { body(.fan($0)) })
            else { continue }
            bounds = bounds.map { $0.union(added) } ?? added
        }
        guard let bounds, !bounds.isEmpty else { return }
        fringePieces(points, polygons, color: rgba, edgesPerPiece: max(pieceVertices / 4, 1)) { body(.fringe($0)) }
        body(.cover(cover(coverBounds(bounds), color: rgba)))
    }

    /// The fan of one polygon (`addFan`'s triangles `(p0, pi, pi+1)`, degenerate ones left out) in
    /// pieces of the first point and up to `pieceVertices - 1` others; the bounds of the polygon's
    /// points when any triangle was kept, else nil.
    private static func fanPieces(_ points: [Point], _ polygon: Range<Int>, color: UInt32, pieceVertices: Int,
                                  _ body: (Mesh) -> Void) -> Rect? {
        let perPiece = max(pieceVertices - 2, 1)  // triangles, on that many points plus one and p0
        let first = points[polygon.lowerBound]
        var kept = false
        var i = polygon.lowerBound + 1
        while i < polygon.upperBound - 1 {
            let end = min(polygon.upperBound - 1, i + perPiece)  // triangles on points i..<end and the next
            var piece = Mesh()
            piece.write(maxVertices: end - i + 2, maxIndices: 3 * (end - i)) { w in
                _ = w.addVertex(first, edge: 0, radius: 1e6, along: StrokeStyle.farAlong, arc: 0, color: color)
                for p in points[i...end] {
                    _ = w.addVertex(p, edge: 0, radius: 1e6, along: StrokeStyle.farAlong, arc: 0, color: color)
                }
                for k in 0..<UInt32(end - i) { w.addFillTriangle(0, k + 1, k + 2) }
            }
            if !piece.isEmpty { kept = true; body(piece) }
            i = end
        }
        guard kept else { return nil }
        var bounds = Rect(corner: first, first)
        for p in points[polygon] {
            bounds.minX = min(bounds.minX, p.x); bounds.minY = min(bounds.minY, p.y)
            bounds.maxX = max(bounds.maxX, p.x); bounds.maxY = max(bounds.maxY, p.y)
        }
        return bounds
    }
}
