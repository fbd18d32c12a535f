import Foundation
import ScrawlCore

/// SVG 1.1 of a document: what `scrawl render` draws, as vector graphics.
///
/// - The canvas is `<svg width height viewBox>` with a background `<rect>`: the page, or the
///   rectangle of canvas points given as `viewBox` (`scrawl export --view`/`--fit`). Drawables
///   outside it are kept; viewers clip them.
/// - Each path drawable is one `<path>`: SVG fills a path with open subpaths implicitly closed and
///   strokes it as drawn, exactly Scrawl's rule, so fill and stroke share one element. Colours
///   are `#rrggbb` with `fill-opacity` / `stroke-opacity` for alpha; a translucent stroke is
///   painted once where it crosses itself, as Scrawl paints it.
/// - A zero-length subpath (a tap) is a dot in Scrawl for round and square caps. SVG 1.1 does
///   not stroke a lone `M`, and renderers disagree on zero-length segments with square caps
///   (rsvg draws nothing), so taps are written as `M x y L x y` for round caps and as a
///   horizontal segment 2/1024 points long for square caps (the square then is that much wider),
///   and left out for butt caps, which draw nothing.
/// - A darken or lighten stroke (the highlighter) gets `style="mix-blend-mode:darken"` (or
///   `lighten`), its fill, if any, a plain `<path>` of its own under it. The antialiased edge is
///   blended as SVG blends (coverage mixes the page with the blended colour), the same as Scrawl's
///   over a uniform page and within a level or two elsewhere.
/// - A stroke with per-node widths is its outline, filled (SVGExporter+Widths.swift).
/// - Each distinct image is embedded once as base64 PNG in `<defs>` (`<image>` at its pixel
///   size, with both `xlink:href` for SVG 1.1 and `href` for SVG 2); each stamp is a `<use>`
///   scaled into its rectangle, with its `opacity`.
public enum SVGExporter {
    /// Half the length of the segment that stands for a square-capped tap, in points.
    static let tapHalfLength = 1.0 / 1024

    /// The SVG text of `document`; images without `pngData` are encoded with `PNGCodec`.
    /// Throws for what a document could not hold (non-finite numbers, coordinates beyond
    /// `CanvasSpec.coordinateLimit`, a stamp whose right edge is left of its left or bottom above
    /// its top, a canvas side out of range) and for images that fail to encode.
    public static func svg(_ document: Document, viewBox: SVGViewBox? = nil) throws(DocumentError) -> String {
        let canvas = document.canvas
        try DocumentRules.side(canvas.width, "canvas.width")
        try DocumentRules.side(canvas.height, "canvas.height")
        var table = EmbeddedImageTable()
        var body = ""
        var groups = ExportLayerGroups(document)
        for (i, d) in document.drawables.enumerated() {
            guard let group = groups.svgPrefix(i) else { continue }  // on a hidden layer
            body += group
            switch d {
            case .path(let p):
                body += try pathElement(p, path: "drawables[\(i)]")
            case .stamp(let s):
                let index = try table.index(of: s.image, path: "drawables[\(i)].image")
                body += try useElement(s, index: index, path: "drawables[\(i)]")
            case .text(let t):
                body += try textElement(t, path: "drawables[\(i)]")
            }
        }
        body += groups.svgEnd
        let box = viewBox ?? SVGViewBox(x: 0, y: 0, width: canvas.width, height: canvas.height)
        let x = num(box.x), y = num(box.y), w = num(box.width), h = num(box.height)
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n"
        out += "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" version=\"1.1\" "
        out += "width=\"\(w)\" height=\"\(h)\" viewBox=\"\(x) \(y) \(w) \(h)\">\n"
        out += "<title>Scrawl drawing</title>\n"
        if !table.images.isEmpty {
            out += "<defs>\n"
            for (i, image) in table.images.enumerated() {
                let href = "data:image/png;base64," + table.base64[i]
                out += "<image id=\"image\(i)\" x=\"0\" y=\"0\" width=\"\(image.width)\" height=\"\(image.height)\" "
                out += "preserveAspectRatio=\"none\" xlink:href=\"\(href)\" href=\"\(href)\"/>\n"
            }
            out += "</defs>\n"
        }
        out += "<rect x=\"\(x)\" y=\"\(y)\" width=\"\(w)\" height=\"\(h)\"\(paint("fill", canvas.background))/>\n"
        out += body
        out += "</svg>\n"
        return out
    }

    /// The SVG as UTF-8 bytes.
    public static func svgData(_ document: Document, viewBox: SVGViewBox? = nil) throws(DocumentError) -> [UInt8] {
        Array(try svg(document, viewBox: viewBox).utf8)
    }

    /// Writes the SVG to `path` atomically (`AtomicFile`): on failure the previous file is intact.
    /// Throws `DocumentError` when the document cannot be written as SVG, `SaveError` when the file
    /// cannot be written.
    public static func write(_ document: Document, viewBox: SVGViewBox? = nil, to path: String) throws {
        let bytes = try svgData(document, viewBox: viewBox)
        try AtomicFile.write(bytes, to: path)
    }

    // MARK: Elements

    static func pathElement(_ p: PathDrawable, path: String) throws(DocumentError) -> String {
        try ExportChecks.path(p, path)
        let style = p.style
        let stroke = ExportChecks.paintedStroke(p), fill = ExportChecks.paintedFill(p)
        guard stroke != nil || fill != nil else { return "" }
        if let outline = try widthElements(p, stroke: stroke, fill: fill, path: path) { return outline }
        let d = pathData(p.path, cap: stroke == nil ? .butt : style.cap)
        guard !d.isEmpty else { return "" }
        if p.blend != .normal, let stroke {
            // The blend is the stroke's alone: a fill under it is its own, plain element.
            var fillOnly = p
            fillOnly.stroke = nil
            fillOnly.blend = .normal
            let under = fill == nil ? "" : try pathElement(fillOnly, path: path)
            var plain = p
            plain.fill = nil
            plain.blend = .normal
            let element = try pathElement(plain, path: path)
            guard element.hasSuffix("/>\n"), stroke.a > 0 else { return under }
            return under + String(element.dropLast(3)) + " style=\"mix-blend-mode:\(p.blend.rawValue)\"/>\n"
        }
        var s = "<path d=\"\(d)\""
        if let fill { s += paint("fill", fill) + " fill-rule=\"nonzero\"" } else { s += " fill=\"none\"" }
        if let stroke {
            let limit = ExportChecks.miterLimit(style)
            s += paint("stroke", stroke)
            s += " stroke-width=\"\(num(style.width))\" stroke-linecap=\"\(style.cap.rawValue)\""
            s += " stroke-linejoin=\"\(style.join.rawValue)\" stroke-miterlimit=\"\(num(limit))\""
        }
        return s + "/>\n"
    }

    /// Text as its glyphs' outlines (exact, and no font needed to show it), in a group titled with its string.
    static func textElement(_ t: TextDrawable, path: String) throws(DocumentError) -> String {
        let fill = try pathElement(t.filledPath, path: path)
        guard !fill.isEmpty else { return "" }
        return "<g><title>\(escaped(t.string))</title>\n" + fill + "</g>\n"
    }

    /// `s` with `&`, `<`, `>` and `"` escaped, and the characters XML 1.0 cannot hold dropped.
    static func escaped(_ s: String) -> String {
        var out = ""
        for u in s.unicodeScalars {
            switch u {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\t", "\n", "\r": out.unicodeScalars.append(u)
            default:
                let v = u.value
                if v >= 0x20 && v != 0xFFFE && v != 0xFFFF { out.unicodeScalars.append(u) }
            }
        }
        return out
    }

    private static func useElement(_ s: StampDrawable, index: Int, path: String) throws(DocumentError) -> String {
        try ExportChecks.stamp(s, path)
        guard s.opacity > 0, s.rect.width != 0, s.rect.height != 0 else { return "" }
        let sx = s.rect.width / Double(s.image.width), sy = s.rect.height / Double(s.image.height)
        var t = "translate(\(num(s.rect.minX)) \(num(s.rect.minY)))"
        if sx != 1 || sy != 1 { t += " scale(\(num(sx)) \(num(sy)))" }
        var out = "<use xlink:href=\"#image\(index)\" href=\"#image\(index)\" transform=\"\(t)\""
        if s.opacity < 1 { out += " opacity=\"\(num(s.opacity))\"" }
        return out + "/>\n"
    }

    /// ` NAME="#rrggbb"` plus ` NAME-opacity="a"` when not opaque.
    static func paint(_ name: String, _ c: Color) -> String {
        var opaque = c
        opaque.a = 255
        var s = " \(name)=\"\(opaque.hex)\""
        if !c.isOpaque { s += " \(name)-opacity=\"\(num((Double(c.a) / 255 * 10_000).rounded() / 10_000))\"" }
        return s
    }

    // MARK: Path data

    /// SVG path data for `path`, with taps rewritten for `cap` (see the type's notes).
    static func pathData(_ path: Path, cap: LineCap) -> String {
        var out = ""
        for sub in subpaths(path) {
            if sub.isTap {
                switch cap {
                case .butt: continue
                case .round: out += "M\(num(sub.start.x)) \(num(sub.start.y))L\(num(sub.start.x)) \(num(sub.start.y))"
                case .square:
                    let y = num(sub.start.y)
                    out += "M\(num(sub.start.x - tapHalfLength)) \(y)L\(num(sub.start.x + tapHalfLength)) \(y)"
                }
                continue
            }
            out += "M\(num(sub.start.x)) \(num(sub.start.y))"
            for e in sub.elements {
                switch e {
                case .move: break
                case .line(let p): out += "L\(pt(p))"
                case .quad(let c, let p): out += "Q\(pt(c)) \(pt(p))"
                case .cubic(let c1, let c2, let p): out += "C\(pt(c1)) \(pt(c2)) \(pt(p))"
                case .close: out += "Z"
                }
            }
        }
        return out
    }

    /// One subpath: where it starts and its drawing elements (a `close` at most at the end).
    struct Subpath {
        var start: Point
        var elements: [PathElement] = []
        /// Every point it names is its start: Scrawl strokes it as a dot.
        var isTap: Bool { elements.allSatisfy { $0.points.allSatisfy { $0 == start } } }
    }

    /// The subpaths as the flattener sees them: a `move` starts one; a segment with none open
    /// starts one at the current point (the origin at first, the closed subpath's start after a `close`).
    static func subpaths(_ path: Path) -> [Subpath] {
        var out: [Subpath] = []
        var open: Subpath?
        var current = Point.zero
        for e in path.elements {
            switch e {
            case .move(let p):
                if let o = open { out.append(o) }
                open = Subpath(start: p)
                current = p
            case .close:
                guard var o = open else { continue }
                o.elements.append(.close)
                out.append(o)
                open = nil
                current = o.start
            default:
                if open == nil { open = Subpath(start: current) }
                open!.elements.append(e)
                current = e.endPoint ?? current
            }
        }
        if let o = open { out.append(o) }
        return out
    }

    private static func pt(_ p: Point) -> String { "\(num(p.x)) \(num(p.y))" }

    /// The shortest text that reads back as `v` (JSON's number form, which SVG also accepts).
    private static func num(_ v: Double) -> String { JSONWriter.format(v == 0 ? 0 : v) }
}

/// The rectangle of canvas points an SVG shows (its `viewBox`, `width` and `height`), kept as the
/// four numbers given so they are written back exactly.
public struct SVGViewBox: Hashable, Sendable {
    public var x: Double, y: Double, width: Double, height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
}
