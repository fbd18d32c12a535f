/// Tessellates stroked paths into antialiased triangles in device pixels (see `Vertex` for the contract).
///
/// Layout: every segment is a quad of 4 vertices (rows at `p ± radius·n`, edge ±radius), with
/// 2 more vertices per cut where a butt end's `along` ramp begins (at most 2 per subpath). Each
/// interior vertex gets a join fan on the outer side: bevel 1 vertex, miter 2, round 1 + (n − 1) with
/// n = ceil(turn / (2·acos(r / (r + tolerance)))), r = half width + 0.5 px; straight-on corners get
/// nothing. Caps: round `capSegments + 2` vertices, butt and square 4. A zero-length subpath is a disc
/// (round), a square (square: 6 vertices) or nothing (butt). Closed subpaths add a 2-vertex row for
/// the join at their start. Inner sides of joins overlap (fine for opaque strokes; the renderer's
/// uniform-alpha mode handles translucent ones).
///
/// Orientation: every stroke triangle has positive signed area in device coordinates (x right,
/// y down), i.e. `(b − a) × (c − a) > 0`: clockwise as seen on screen. Triangles under
/// `Mesh.minimumDoubleArea / 2` px² are dropped, so none is degenerate.
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
        let emitter = StrokeEmitter(style: style)
        reserve(points: points.count, subpaths: ranges.count, style: style, in: &mesh)
        for range in ranges {
            let end = compact(&points, range)
            emitter.subpath(points, range.start..<end, closed: range.closed, into: &mesh)
        }
    }

    /// The stroke of `path` (canvas points) at `scale` device px per point, as a new mesh.
    public static func mesh(_ path: Path, options: StrokeOptions, color: Color, scale: Double) -> Mesh {
        var mesh = Mesh()
        stroke(path, options: options, color: color, scale: scale, into: &mesh)
        return mesh
    }

    /// Reserves room for a typical stroke (smooth corners); arrays still grow if a stroke needs more.
    private static func reserve(points: Int, subpaths: Int, style: StrokeStyle, in mesh: inout Mesh) {
        let capVertices = style.cap == .round ? style.capSegments + 2 : 4
        mesh.reserve(vertices: points * 6 + subpaths * (2 * capVertices + 4),
                     indices: points * 12 + subpaths * (6 * capVertices + 12))
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
