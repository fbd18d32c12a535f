/// Tessellates stroked paths into antialiased triangles in device pixels (see `Vertex` for the contract).
///
/// Layout: a "row" is the vertices across the stroke at one point: two rim vertices `p ± radius·n`
/// with edge ±radius (radius = half width + 0.5 px), plus a centre `p` with edge 0 where a join or
/// cap fans around the point. Each segment is a quad between its two rows: 2 triangles between
/// rim-only rows (edge is affine across a segment, so that is exact), 3 when one row has a centre,
/// 4 when both have. An interior point whose turn is small enough that a miter stays within the
/// tolerance of the join's shape (round: the turn is at most one round-join step, 2·acos(r / (r +
/// tolerance)); bevel: the tip is within tolerance of the bevel; miter: within the miter limit, where
/// it is exact) gets a single mitred rim row shared by both segments, rims at `p ± (n0 + n1)·r /
/// (1 + cos turn)`, when those stay within 45% of either segment and, with butt caps, at least half a
/// pixel from the ends: a smoothly drawn stroke costs 2 vertices and 2 triangles per point. Any
/// other interior point gets a row across each segment around a shared centre and a fan on the
/// outer side: bevel 1 triangle (no new vertex), miter 2 (1 vertex: the tip), round n (n − 1
/// vertices) with n = ceil(turn / (2·acos(r / (r + tolerance)))), r the radius (NanoVG's rule);
/// straight-on corners get nothing. A butt end's `along` ramp cuts at most 2 segments per subpath
/// (+2 vertices, +2 triangles each). Caps: round n triangles and n vertices (n = ceil(π / step)) on
/// an end row with a centre, butt 2 triangles and 2 vertices, square 2 and 4. Zero-length subpaths:
/// a disc (round), a 6-vertex square (square) or nothing (butt). Fans share whole edges with the
/// quads (no T-junctions). Inner sides of joins overlap (fine for opaque strokes; the renderer's
/// uniform-alpha mode handles translucent ones).
///
/// Orientation: every stroke triangle has positive signed area in device coordinates (x right,
/// y down), i.e. `(b − a) × (c − a) > 0`: clockwise as seen on screen, and still clockwise in GL's
/// y-up clip space after the usual flip (back faces under the default `glFrontFace(GL_CCW)`: leave
/// culling off or set `GL_CW`). Triangles under `MeshWriter.minimumDoubleArea / 2` px²
/// (from the stored `Float` positions) are dropped, so none is degenerate.
///
/// Strokes thinner than 1 device px are drawn 1 px wide with alpha multiplied by the width, which
/// keeps their area (ink) right; NanoVG instead multiplies alpha by the width squared.
public enum StrokeTessellator {
    /// Appends the stroke of `path` (canvas points) at `scale` device px per point to `mesh`.
    public static func stroke(_ path: Path, options: StrokeOptions, color: Color, scale: Double,
                              into mesh: inout Mesh) {
        guard let style = StrokeStyle(options: options, color: color, scale: scale) else { return }
        let (points, ranges) = flattened(path, tolerance: style.tolerance, scale: scale)
        let emitter = StrokeEmitter(style: style)
        let dots = ranges.reduce(0) { $0 + ($1.end - $1.start == 1 ? 1 : 0) }
        let bound = style.bound(points: points.count, subpaths: ranges.count, dots: dots)
        mesh.write(maxVertices: bound.vertices, maxIndices: bound.indices) { w in
            for range in ranges {
                emitter.subpath(points, range.start..<range.end, closed: range.closed, into: &w)
            }
        }
    }

    /// The stroke `stroke` makes, handed to `body` in pieces of about `pieceVertices` vertices
    /// instead of one mesh: the same triangles in the same order, each in exactly one piece (a piece
    /// starts with copies of the vertices across the stroke where it takes over). What this holds at
    /// once is the flattened points (16 bytes each) and one piece, however long the path.
    public static func strokePieces(_ path: Path, options: StrokeOptions, color: Color, scale: Double,
                                    pieceVertices: Int, _ body: (Mesh) -> Void) {
        guard let style = StrokeStyle(options: options, color: color, scale: scale) else { return }
        let (points, ranges) = flattened(path, tolerance: style.tolerance, scale: scale, reserving: true)
        let emitter = StrokeEmitter(style: style)
        let room = style.bound(points: 4, subpaths: 2, dots: 1)
        Mesh.writePieces(limit: pieceVertices, room: room, emit: body) { w in
            for range in ranges {
                emitter.subpath(points, range.start..<range.end, closed: range.closed, into: &w)
                w.checkpoint()
            }
        }
    }

    /// `path` flattened within `tolerance` device px at `scale`, each subpath compacted; with
    /// `reserving`, the points' room is reserved from the flattener's own count first, so a long path
    /// takes no more than its points (not the twice as many an array grown by doubling may hold).
    static func flattened(_ path: Path, tolerance: Double, scale: Double,
                          reserving: Bool = false) -> (points: [Point], ranges: [SubpathRange]) {
        var points: [Point] = []
        var ranges: [SubpathRange] = []
        if reserving { points.reserveCapacity(path.flattenedPointEstimate(tolerance: tolerance, scale: scale)) }
        path.flatten(tolerance: tolerance, scale: scale, into: &points, ranges: &ranges)
        for k in ranges.indices { ranges[k].end = compact(&points, ranges[k]) }
        return (points, ranges)
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
