import ScrawlCore

/// What the vector exporters (SVG, PDF) check of a drawable before writing it: the numbers a
/// document could not hold are refused with the drawable's path (`drawables[3].d[0]`), as the
/// document coding refuses them.
enum ExportChecks {
    /// A path's coordinates, its width and its node widths.
    static func path(_ p: PathDrawable, _ at: String) throws(DocumentError) {
        for (i, e) in p.path.elements.enumerated() {
            for q in e.points { try DocumentRules.coordinate(q.x, "\(at).d[\(i)]"); try DocumentRules.coordinate(q.y, "\(at).d[\(i)]") }
        }
        try DocumentRules.width(p.style.width, "\(at).width")
        if let widths = p.widths { try DocumentRules.nodeWidths(widths.map(Double.init), of: p.path, at) }
    }

    /// A stamp's rectangle and opacity.
    static func stamp(_ s: StampDrawable, _ at: String) throws(DocumentError) {
        try DocumentRules.stampRect(s.rect, at)
        try DocumentRules.opacity(s.opacity, "\(at).opacity")
    }

    /// The stroke colour a path paints with (nil when it has none, a transparent one, or no width).
    static func paintedStroke(_ p: PathDrawable) -> Color? {
        (p.stroke.map { $0.a > 0 } ?? false) && p.maxWidth > 0 ? p.stroke : nil
    }

    /// The fill colour a path paints with (nil when it has none or a transparent one).
    static func paintedFill(_ p: PathDrawable) -> Color? {
        (p.fill.map { $0.a > 0 } ?? false) ? p.fill : nil
    }

    /// The miter limit as the tessellator clamps it (1…1000; NaN is 1).
    static func miterLimit(_ style: StrokeOptions) -> Double {
        style.miterLimit.isNaN ? 1 : min(max(style.miterLimit, 1), 1000)
    }
}
