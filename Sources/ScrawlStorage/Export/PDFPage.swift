import CCairo
import ScrawlCore

/// The bytes cairo's PDF surface writes, gathered in memory (the file is written atomically after).
final class PDFSink {
    var bytes: [UInt8] = []
}

/// One PDF page being drawn: cairo's PDF surface writing into a `PDFSink`, its drawing context
/// with canvas points as user space, and the image surfaces made so far (one per distinct image,
/// so that each is embedded once).
final class PDFPage {
    let surface: OpaquePointer
    let cr: OpaquePointer
    private let sink: Unmanaged<PDFSink>
    private var images: [ObjectIdentifier: OpaquePointer] = [:]
    private var closed = false

    /// A page of `box.width` x `box.height` points showing the canvas rectangle `box`.
    init(box: SVGViewBox, sink: PDFSink) throws {
        self.sink = Unmanaged.passRetained(sink)
        let write: cairo_write_func_t = { closure, data, length in
            guard let closure else { return CAIRO_STATUS_WRITE_ERROR }
            let sink = Unmanaged<PDFSink>.fromOpaque(closure).takeUnretainedValue()
            if let data, length > 0 { sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length))) }
            return CAIRO_STATUS_SUCCESS
        }
        guard let surface = cairo_pdf_surface_create_for_stream(write, self.sink.toOpaque(), box.width, box.height) else {
            self.sink.release()
            throw PDFExportError(description: "cairo could not make a PDF surface")
        }
        self.surface = surface
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, "Scrawl drawing")
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "Scrawl")
        cr = cairo_create(surface)
        cairo_translate(cr, -box.x, -box.y)
        if let problem = PDFPage.problem(cairo_surface_status(surface)) ?? PDFPage.problem(cairo_status(cr)) {
            close()
            throw PDFExportError(description: "cairo could not start the PDF: \(problem)")
        }
    }

    deinit { close() }

    /// Ends the page and the document; throws when cairo reports a failure on the way.
    func finish() throws {
        cairo_show_page(cr)
        let drawing = PDFPage.problem(cairo_status(cr))
        cairo_surface_finish(surface)
        if let problem = drawing ?? PDFPage.problem(cairo_surface_status(surface)) {
            throw PDFExportError(description: "cairo could not write the PDF: \(problem)")
        }
    }

    /// Releases cairo's objects (once).
    func close() {
        guard !closed else { return }
        closed = true
        cairo_destroy(cr)
        for image in images.values { cairo_surface_destroy(image) }
        images = [:]
        cairo_surface_destroy(surface)
        sink.release()
    }

    /// The colour as cairo's source (sRGB channels and alpha, 0…1).
    func setSource(_ c: Color) {
        cairo_set_source_rgba(cr, Double(c.r) / 255, Double(c.g) / 255, Double(c.b) / 255, Double(c.a) / 255)
    }

    /// Runs `draw` with `blend` as cairo's operator (DARKEN and LIGHTEN are the PDF's blend modes).
    func withBlend(_ blend: InkBlend, _ draw: () -> Void) {
        switch blend {
        case .normal: draw(); return
        case .darken: cairo_set_operator(cr, CAIRO_OPERATOR_DARKEN)
        case .lighten: cairo_set_operator(cr, CAIRO_OPERATOR_LIGHTEN)
        }
        draw()
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
    }

    /// The cairo image surface of `image`, made at its first use: premultiplied ARGB, or RGB when
    /// every pixel is opaque (no soft mask is written then).
    func surface(for image: RasterImage, path: String) throws(DocumentError) -> OpaquePointer {
        let key = ObjectIdentifier(image)
        if let made = images[key] { return made }
        let opaque = stride(from: 3, to: image.pixels.count, by: 4).allSatisfy { image.pixels[$0] == 255 }
        let format = opaque ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32
        guard let made = cairo_image_surface_create(format, Int32(image.width), Int32(image.height)) else {
            throw .image(path: path, reason: "cairo could not hold the image")
        }
        if let problem = PDFPage.problem(cairo_surface_status(made)) {
            cairo_surface_destroy(made)
            throw .image(path: path, reason: "cairo could not hold the \(image.width)x\(image.height) image (\(problem))")
        }
        PDFPage.copy(image, into: made)
        images[key] = made
        return made
    }

    /// Straight RGBA rows into cairo's native-endian premultiplied 0xAARRGGBB words.
    private static func copy(_ image: RasterImage, into surface: OpaquePointer) {
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let base = cairo_image_surface_get_data(surface) else { return }
        image.pixels.withUnsafeBufferPointer { px in
            for y in 0..<image.height {
                let row = UnsafeMutableRawPointer(base + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<image.width {
                    let i = (y * image.width + x) * 4
                    let a = UInt32(px[i + 3])
                    func pm(_ v: UInt8) -> UInt32 { (UInt32(v) * a + 127) / 255 }
                    row[x] = a << 24 | pm(px[i]) << 16 | pm(px[i + 1]) << 8 | pm(px[i + 2])
                }
            }
        }
        cairo_surface_mark_dirty(surface)
    }

    /// Cairo's words for a failed status, nil for success.
    static func problem(_ status: cairo_status_t) -> String? {
        guard status != CAIRO_STATUS_SUCCESS else { return nil }
        return cairo_status_to_string(status).map { String(cString: $0) } ?? "cairo status \(status.rawValue)"
    }
}
