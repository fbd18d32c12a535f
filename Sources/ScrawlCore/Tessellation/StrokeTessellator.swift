/// Tessellates stroked paths into antialiased triangles in device pixels (see `Vertex` for the contract).
///
/// Layout: a "row" is 3 vertices across the stroke at one point (rim `p ± radius·n` with edge
/// ±radius, centre `p` with edge 0), radius = half width + 0.5 px. Each segment is a quad between
/// its two rows, split along the centre line into 4 triangles; consecutive segments share the centre
/// vertex of their common point, so a joined segment adds 5 vertices and 12 indices (the first one
/// of a subpath 6). A butt end's `along` ramp cuts at most 2 segments per subpath (+3 vertices, +4
/// triangles each). Each interior point gets a join fan on the outer side around the shared centre:
/// bevel 1 triangle (no new vertex), miter 2 (1 vertex: the tip), round n (n − 1 vertices) with
/// n = ceil(turn / (2·acos(r / (r + tolerance)))), r the radius (NanoVG's rule); straight-on corners
/// get nothing. Caps: round n triangles and n vertices (n = ceil(π / step)), butt 4 triangles and 3
/// vertices, square 4 and 6. Zero-length subpaths: a disc (round), a 9-vertex square (square) or
/// nothing (butt). Closed subpaths add 2 vertices for the join at their start. Fans share whole
/// edges with the quads (no T-junctions). Inner sides of joins overlap (fine for opaque strokes; the
/// renderer's uniform-alpha mode handles translucent ones).
///
/// Orientation: every stroke triangle has positive signed area in device coordinates (x right,
/// y down), i.e. `(b − a) × (c − a) > 0`: clockwise as seen on screen, and still clockwise in GL's
/// y-up clip space after the usual flip (back faces under the default `glFrontFace(GL_CCW)`: leave
/// culling off or set `GL_CW`). Triangles under `MeshWriter.minimumDoubleArea / 2` px²
/// (from the stored `Float` positions) are dropped, so none is degenerate.
///
/// Strokes thinner than 1 device px are drawn 1 px wide with alpha multiplied by the width (NanoVG).
public enum StrokeTessellator {
    /// Appends the stroke of `path` (canvas points) at `scale` device px per point to `mesh`.
    public static func stroke(_ path: Path, options: StrokeOptions, color: Color, scale: Double,
                              into mesh: inout Mesh) {
        guard let style = StrokeStyle(options: options, color: color, scale: scale) else { return }
        var points: [Point] = []
        var ranges: [SubpathRange] = []
        path.flatten(tolerance: style.tolerance, scale: scale, into: &points, ranges: &ranges)
        for k in ranges.indices { ranges[k].end = compact(&points, ranges[k]) }
        let emitter = StrokeEmitter(style: style)
        let bound = style.bound(points: points.count, subpaths: ranges.count)
        mesh.write(maxVertices: bound.vertices, maxIndices: bound.indices) { w in
            for range in ranges {
                emitter.subpath(points, range.start..<range.end, closed: range.closed, into: &w)
            }
        }
    }

    /// The stroke of `path` (canvas points) at `scale` device px per point, as a new mesh.
    public static func mesh(_ path: Path, options: StrokeOptions, color: Color, scale: Double) -> Mesh {
        var mesh = Mesh()
        stroke(path, options: options, color: color, scale: scale, into: &mesh)
        return mesh
    }

    /// Removes from `points[range]`, in place, points that are unusable or duplicates of the previous
    /// kept one (and, when closed, trailing ones that duplicate the first). Returns the new end.
    static func compact(_ points: inout [Point], _ range: SubpathRange) -> Int {
        var end = range.start
        for i in range.start..<range.end {
            let p = points[i]
            guard StrokeStyle.isUsable(p) else { continue }
            if end > range.start && StrokeStyle.isDuplicate(p, of: points[end - 1]) { continue }
            points[end] = p
            end += 1
        }
        if range.closed {
            while end - range.start > 1 && StrokeStyle.isDuplicate(points[end - 1], of: points[range.start]) {
                end -= 1
            }
        }
        return end
    }
}
