import ScrawlCore

/// Variable-width strokes (per-node widths) in SVG: SVG strokes have one width, so such a stroke
/// is written as its outline, filled.
///
/// The shape is the union of the node discs and, per segment, the convex hull of its two end discs
/// (`WidthPolyline`). The outline is one `<path>` with a subpath per segment: the hull's outer
/// tangent line, the arc of the far disc (`A`), the other tangent line, the arc of the near disc
/// back; a segment whose one disc holds the other, or a lone point, is the larger disc as two
/// arcs. Every subpath is convex and runs the same way round (decreasing angle, sweep-flag 0), so
/// with `fill-rule="nonzero"` their union is painted once: a translucent stroke does not darken
/// where its pieces overlap. Curves are flattened within `widthTolerance` points, the widths
/// interpolated along them as the stroke's are.
extension SVGExporter {
    /// How closely curves of variable-width strokes are flattened, in canvas points.
    static let widthTolerance = 0.05

    /// Outline coordinates are written to this many points (1/1000).
    static let outlineGrid = 1000.0

    /// The `<path>` elements of a stroke with per-node widths (and its fill, if any, a plain path
    /// under it), or nil when `p` has none.
    static func widthElements(_ p: PathDrawable, stroke: Color?, fill: Color?, path: String) throws(DocumentError) -> String? {
        guard let stroke, let lines = p.widthLines(tolerance: widthTolerance) else { return nil }
        var out = ""
        if fill != nil {
            var fillOnly = p
            fillOnly.stroke = nil
            fillOnly.blend = .normal
            out += try pathElement(fillOnly, path: path)
        }
        let d = outlineData(lines)
        guard !d.isEmpty else { return out }
        out += "<path d=\"\(d)\"\(paint("fill", stroke)) fill-rule=\"nonzero\""
        if p.blend != .normal { out += " style=\"mix-blend-mode:\(p.blend.rawValue)\"" }
        return out + "/>\n"
    }

    /// The outline's path data: one convex subpath per segment hull or lone disc.
    static func outlineData(_ lines: [WidthPolyline]) -> String {
        var out = ""
        for line in lines {
            if line.segmentCount == 0, let c = line.points.first {
                out += circle(c, line.widths[0] / 2)
                continue
            }
            for i in 0..<line.segmentCount {
                let (c0, r0, c1, r1) = line.segment(i)
                out += hull(c0, r0, c1, r1)
            }
        }
        return out
    }

    /// The convex hull of the discs (`c0`, `r0`) and (`c1`, `r1`) as one closed subpath.
    static func hull(_ c0: Point, _ r0: Double, _ c1: Point, _ r1: Double) -> String {
        let axis = c1 - c0, d = axis.length
        guard r0 > 0 || r1 > 0 else { return "" }  // a hairline: no area
        guard d > abs(r0 - r1), let u = axis.normalized else { return circle(r0 >= r1 ? c0 : c1, max(r0, r1)) }
        // The outer tangents touch each disc at c + r n, where n · u = e.
        let e = (r0 - r1) / d, s = (1 - e * e).squareRoot()
        // Nearly one disc inside the other: the arcs' ends would meet and SVG would drop the arc.
        guard 2 * max(r0, r1) * s > 1 / outlineGrid else { return circle(r0 >= r1 ? c0 : c1, max(r0, r1)) }
        let v = u.perpendicular
        let plus = u * e + v * s, minus = u * e - v * s
        let large1 = e < 0 ? 1 : 0, large0 = e > 0 ? 1 : 0
        var out = "M\(pt(c0 + plus * r0))L\(pt(c1 + plus * r1))"
        out += "A\(n(r1)) \(n(r1)) 0 \(large1) 0 \(pt(c1 + minus * r1))"
        out += "L\(pt(c0 + minus * r0))"
        out += "A\(n(r0)) \(n(r0)) 0 \(large0) 0 \(pt(c0 + plus * r0))Z"
        return out
    }

    /// A disc as a closed subpath of two half-circle arcs, the same way round as the hulls.
    static func circle(_ c: Point, _ r: Double) -> String {
        guard r > 0 else { return "" }
        let a = pt(Point(c.x + r, c.y)), b = pt(Point(c.x - r, c.y)), rr = "\(n(r)) \(n(r))"
        return "M\(a)A\(rr) 0 1 0 \(b)A\(rr) 0 1 0 \(a)Z"
    }

    private static func pt(_ p: Point) -> String { "\(n(p.x)) \(n(p.y))" }

    /// `v` on the outline grid, in its shortest form.
    private static func n(_ v: Double) -> String {
        let q = (v * outlineGrid).rounded() / outlineGrid
        return JSONWriter.format(q == 0 ? 0 : q)
    }
}
