import CCairo
import Foundation
import ScrawlCore

/// Variable-width strokes (per-node widths) in PDF: the outline the SVG export writes
/// (SVGExporter+Widths.swift), as cairo arcs and lines. One subpath per segment, the convex hull
/// of its two end discs, or the larger disc when one holds the other; every subpath runs the same
/// way round (decreasing angle), so the nonzero fill paints their union once.
extension PDFExporter {
    /// Adds the outline of `lines` to cairo's current path (cleared first).
    static func addOutline(_ lines: [WidthPolyline], to cr: OpaquePointer) {
        cairo_new_path(cr)
        for line in lines {
            if line.segmentCount == 0, let c = line.points.first {
                addCircle(c, line.widths[0] / 2, to: cr)
                continue
            }
            for i in 0..<line.segmentCount {
                let (c0, r0, c1, r1) = line.segment(i)
                addHull(c0, r0, c1, r1, to: cr)
            }
        }
    }

    /// The convex hull of the discs (`c0`, `r0`) and (`c1`, `r1`) as one closed subpath.
    static func addHull(_ c0: Point, _ r0: Double, _ c1: Point, _ r1: Double, to cr: OpaquePointer) {
        let axis = c1 - c0, d = axis.length
        guard r0 > 0 || r1 > 0 else { return }  // a hairline: no area
        guard d > abs(r0 - r1), let u = axis.normalized else { return addCircle(r0 >= r1 ? c0 : c1, max(r0, r1), to: cr) }
        let e = (r0 - r1) / d, s = (1 - e * e).squareRoot()
        guard 2 * max(r0, r1) * s > 1 / SVGExporter.outlineGrid else { return addCircle(r0 >= r1 ? c0 : c1, max(r0, r1), to: cr) }
        let v = u.perpendicular
        let plus = u * e + v * s, minus = u * e - v * s
        let a = atan2(plus.y, plus.x), b = atan2(minus.y, minus.x)
        let start = c0 + plus * r0
        cairo_move_to(cr, start.x, start.y)
        let far = c1 + plus * r1
        cairo_line_to(cr, far.x, far.y)
        cairo_arc_negative(cr, c1.x, c1.y, r1, a, b)
        let back = c0 + minus * r0
        cairo_line_to(cr, back.x, back.y)
        cairo_arc_negative(cr, c0.x, c0.y, r0, b, a)
        cairo_close_path(cr)
    }

    /// A disc as a closed subpath, the same way round as the hulls.
    static func addCircle(_ c: Point, _ r: Double, to cr: OpaquePointer) {
        guard r > 0 else { return }
        cairo_new_sub_path(cr)
        cairo_arc_negative(cr, c.x, c.y, r, 0, -2 * Double.pi)
        cairo_close_path(cr)
    }
}
