import CCairo
import ScrawlCore

/// A document as a one-page vector PDF, drawn through cairo's PDF surface.
///
/// - The page is the exported rectangle of canvas points (the page, or `scrawl export --view` /
///   `--fit`'s), one PDF point per canvas point, its top-left corner at the rectangle's. The page's
///   background fills it unless `transparent`; drawables outside it are kept, clipped by the page.
/// - Each path drawable is a vector path: its fill (nonzero, open subpaths closed) and then its
///   stroke (width, caps, joins and miter limit as the tessellator draws them), colours in sRGB
///   with their alpha. A translucent stroke is painted once where it crosses itself, as Scrawl
///   paints it (a PDF stroke is one shape). Quadratic curves become the equal cubics.
/// - Taps (zero-length subpaths) are dots for round and square caps as in the SVG export
///   (`SVGExporter.pathData`): a round cap strokes the lone point, a square cap a horizontal
///   segment `2 * tapHalfLength` long (PDF, like SVG, strokes a degenerate subpath only with round
///   caps; cairo keeps coordinates in 1/256 points, so the segment is 4 of those); butt caps draw
///   nothing.
/// - The highlighter's darken and lighten strokes are drawn with cairo's DARKEN and LIGHTEN
///   operators, which the PDF holds as the `/Darken` and `/Lighten` blend modes; a fill under such
///   a stroke is drawn "over", as Scrawl draws it.
/// - A stroke with per-node widths is its outline, filled (PDFExporter+Widths.swift).
/// - Each distinct image is embedded once (one cairo surface, one image XObject, lossless), its
///   alpha as a soft mask; each stamp draws it scaled into its rectangle at its opacity.
public enum PDFExporter {
    /// Half the length of the segment that stands for a square-capped tap, in points.
    static let tapHalfLength = 1.0 / 128

    /// The PDF of `document`: the page, or `viewBox`'s rectangle; `transparent` leaves the page's
    /// background out. Throws `DocumentError` for what a document could not hold (as
    /// `SVGExporter.svg` does) and `PDFExportError` when cairo fails.
    public static func pdfData(_ document: Document, viewBox: SVGViewBox? = nil, transparent: Bool = false) throws -> [UInt8] {
        let canvas = document.canvas
        try DocumentRules.side(canvas.width, "canvas.width")
        try DocumentRules.side(canvas.height, "canvas.height")
        let box = viewBox ?? SVGViewBox(x: 0, y: 0, width: canvas.width, height: canvas.height)
        let sink = PDFSink()
        let page = try PDFPage(box: box, sink: sink)
        defer { page.close() }
        if !transparent, canvas.background.a > 0 {
            cairo_rectangle(page.cr, box.x, box.y, box.width, box.height)
            page.setSource(canvas.background)
            cairo_fill(page.cr)
        }
        var groups = ExportLayerGroups(document)
        for (i, d) in document.drawables.enumerated() {
            guard let t = groups.enter(i) else { continue }  // on a hidden layer
            if let closed = t.close { endGroup(closed, on: page) }
            if t.open != nil { cairo_push_group(page.cr) }
            switch d {
            case .path(let p): try drawPath(p, on: page, path: "drawables[\(i)]")
            case .stamp(let s): try drawStamp(s, on: page, path: "drawables[\(i)]")
            case .text(let t): try drawPath(t.filledPath, on: page, path: "drawables[\(i)]")
            }
        }
        if let last = groups.open { endGroup(last, on: page) }
        try page.finish()
        return sink.bytes
    }

    /// Paints the group of `layer` (pushed when its first drawable came) at the layer's opacity.
    private static func endGroup(_ layer: Layer, on page: PDFPage) {
        cairo_pop_group_to_source(page.cr)
        cairo_paint_with_alpha(page.cr, layer.opacity)
    }

    /// Writes the PDF to `path` atomically (`AtomicFile`): on failure the previous file is intact.
    /// Throws `DocumentError` or `PDFExportError` as `pdfData` does, `SaveError` when the file
    /// cannot be written.
    public static func write(_ document: Document, viewBox: SVGViewBox? = nil, transparent: Bool = false,
                             to path: String) throws {
        let bytes = try pdfData(document, viewBox: viewBox, transparent: transparent)
        try AtomicFile.write(bytes, to: path)
    }

    // MARK: Drawables

    static func drawPath(_ p: PathDrawable, on page: PDFPage, path: String) throws(DocumentError) {
        try ExportChecks.path(p, path)
        let stroke = ExportChecks.paintedStroke(p), fill = ExportChecks.paintedFill(p)
        let cr = page.cr
        if let fill {
            addPath(p.path, cap: .butt, to: cr)
            page.setSource(fill)
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
            cairo_fill(cr)
        }
        guard let stroke else { return }
        page.withBlend(p.blend) {
            if let lines = p.widthLines(tolerance: SVGExporter.widthTolerance) {
                addOutline(lines, to: cr)
                page.setSource(stroke)
                cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
                cairo_fill(cr)
                return
            }
            let style = p.style
            addPath(p.path, cap: style.cap, to: cr)
            page.setSource(stroke)
            cairo_set_line_width(cr, style.width)
            cairo_set_line_cap(cr, cairoCap(style.cap))
            cairo_set_line_join(cr, cairoJoin(style.join))
            cairo_set_miter_limit(cr, ExportChecks.miterLimit(style))
            cairo_stroke(cr)
        }
    }

    static func drawStamp(_ s: StampDrawable, on page: PDFPage, path: String) throws {
        try ExportChecks.stamp(s, path)
        guard s.opacity > 0, s.rect.width > 0, s.rect.height > 0 else { return }
        let image = try page.surface(for: s.image, path: "\(path).image")
        let cr = page.cr
        cairo_save(cr)
        cairo_rectangle(cr, s.rect.minX, s.rect.minY, s.rect.width, s.rect.height)
        cairo_clip(cr)
        cairo_translate(cr, s.rect.minX, s.rect.minY)
        cairo_scale(cr, s.rect.width / Double(s.image.width), s.rect.height / Double(s.image.height))
        cairo_set_source_surface(cr, image, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)  // interpolated, as Scrawl draws it
        if s.opacity < 1 { cairo_paint_with_alpha(cr, s.opacity) } else { cairo_paint(cr) }
        cairo_restore(cr)
    }

    // MARK: Paths

    /// Adds `path` to cairo's current path (cleared first), taps rewritten for `cap` as in SVG.
    static func addPath(_ path: Path, cap: LineCap, to cr: OpaquePointer) {
        cairo_new_path(cr)
        for sub in SVGExporter.subpaths(path) {
            if sub.isTap {
                let p = sub.start, h = tapHalfLength
                switch cap {
                case .butt: continue
                case .round: cairo_move_to(cr, p.x, p.y); cairo_line_to(cr, p.x, p.y)
                case .square: cairo_move_to(cr, p.x - h, p.y); cairo_line_to(cr, p.x + h, p.y)
                }
                continue
            }
            cairo_move_to(cr, sub.start.x, sub.start.y)
            var current = sub.start
            for e in sub.elements {
                switch e {
                case .move: break
                case .line(let q): cairo_line_to(cr, q.x, q.y)
                case .quad(let c, let q):
                    // The cubic equal to the quadratic: controls two thirds of the way to its control.
                    let c1 = current + (c - current) * (2.0 / 3), c2 = q + (c - q) * (2.0 / 3)
                    cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, q.x, q.y)
                case .cubic(let c1, let c2, let q): cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, q.x, q.y)
                case .close: cairo_close_path(cr)
                }
                current = e == .close ? sub.start : (e.endPoint ?? current)
            }
        }
    }

    static func cairoCap(_ cap: LineCap) -> cairo_line_cap_t {
        switch cap {
        case .butt: return CAIRO_LINE_CAP_BUTT
        case .round: return CAIRO_LINE_CAP_ROUND
        case .square: return CAIRO_LINE_CAP_SQUARE
        }
    }

    static func cairoJoin(_ join: LineJoin) -> cairo_line_join_t {
        switch join {
        case .miter: return CAIRO_LINE_JOIN_MITER
        case .round: return CAIRO_LINE_JOIN_ROUND
        case .bevel: return CAIRO_LINE_JOIN_BEVEL
        }
    }
}

/// Why cairo could not make the PDF (its status, in its words).
public struct PDFExportError: Error, CustomStringConvertible, Sendable {
    public var description: String
}
