/// Triangles for a stencil-then-cover nonzero fill on the GPU.
public enum FillTessellator {
    /// The fan and cover meshes for filling `path` (canvas points) at `scale` device px per point, or
    /// nil when there is nothing to fill.
    ///
    /// `fan`: for each flattened subpath (open ones implicitly closed, as Core Graphics fills), the
    /// triangles `(p0, pi, pi+1)` in path order, winding kept (both orientations occur); degenerate
    /// ones are left out as they count nothing. `cover`: two positively oriented triangles covering
    /// the fan's bounds grown by 1 px (`coverBounds`). All vertices have edge 0 and a large radius;
    /// `tolerance` is in device px.
    public static func fill(_ path: Path, color: Color, scale: Double,
                            tolerance: Double = 0.25) -> (fan: Mesh, cover: Mesh)? {
        fillWithFringe(path, color: color, scale: scale, tolerance: tolerance, fringe: false).map { ($0.fan, $0.cover) }
    }

    /// As `fill`, plus `fringe`: the antialiased edge, drawn before the cover outside the outline,
    /// then inside it; see `fringeMesh`.
    public static func fillWithFringe(_ path: Path, color: Color, scale: Double, tolerance: Double = 0.25,
                                      fringe: Bool = true) -> (fan: Mesh, cover: Mesh, fringe: Mesh)? {
        guard scale > 0, scale.isFinite else { return nil }
        let (points, ranges) = StrokeTessellator.flattened(path, tolerance: fillTolerance(tolerance), scale: scale)
        let rgba = color.premultipliedRGBA
        var fan = Mesh()
        var bounds: Rect?
        fan.write(maxVertices: points.count, maxIndices: 3 * points.count) { w in
            bounds = nil
            for range in ranges where range.count >= 3 {
                guard let added = addFan(points, range.start..<range.end, color: rgba, to: &w) else { continue }
                bounds = bounds.map { $0.union(added) } ?? added
            }
        }
        guard let bounds, !fan.isEmpty, !bounds.isEmpty else { return nil }
        let edges = fringe ? fringeMesh(points, ranges.filter { $0.count >= 3 }.map { $0.start..<$0.end }, color: rgba) : Mesh()
        return (fan, cover(coverBounds(bounds), color: rgba), edges)
    }

    /// The flattening tolerance (device px) a fill uses for `tolerance`: at least 0.01, 0.25 for
    /// nonsense.
    static func fillTolerance(_ tolerance: Double) -> Double {
        tolerance.isFinite && tolerance > 0 ? max(tolerance, 0.01) : 0.25
    }

    /// Appends the fan of one subpath; returns the bounds of its points when it added any triangle.
    private static func addFan(_ points: [Point], _ range: Range<Int>, color: UInt32,
                               to w: inout MeshWriter) -> Rect? {
        let first = w.totalVertices
        let indicesBefore = w.indexCount
        var bounds = Rect(corner: points[range.lowerBound], points[range.lowerBound])
        for i in range {
            let p = points[i]
            bounds.minX = min(bounds.minX, p.x); bounds.minY = min(bounds.minY, p.y)
            bounds.maxX = max(bounds.maxX, p.x); bounds.maxY = max(bounds.maxY, p.y)
            _ = w.addVertex(p, edge: 0, radius: 1e6, along: StrokeStyle.farAlong, arc: 0, color: color)
        }
        let p0 = UInt32(first)
        for i in (first + 1)..<(first + range.count - 1) {
            w.addFillTriangle(p0, UInt32(i), UInt32(i + 1))
        }
        if w.indexCount == indicesBefore {
            w.removeVertices(from: first)
            return nil
        }
        return bounds
    }

    /// The cover's rectangle for a fan with `bounds`: grown by 1 px so that it holds every fringe quad
    /// (they reach at most half a pixel's diagonal, 0.71 px, past the outline's points). Its pass
    /// clears the stencil marks the fringe passes leave, and paints only where the count is not zero.
    static func coverBounds(_ bounds: Rect) -> Rect { bounds.insetBy(-1) }

    /// Two triangles covering `r` (device px), positively oriented (clockwise on a y-down screen).
    static func cover(_ r: Rect, color: UInt32) -> Mesh {
        let corners = [Point(r.minX, r.minY), Point(r.maxX, r.minY), Point(r.maxX, r.maxY), Point(r.minX, r.maxY)]
        let vertices = corners.map {
            Vertex(x: Float($0.x), y: Float($0.y), edge: 0, radius: 1e6, along: 1e6, arc: 0, color: color)
        }
        return Mesh(vertices: vertices, indices: [0, 1, 2, 0, 2, 3])
    }
}
