import Foundation
import ScrawlCore
import ScrawlGL
import ScrawlStorage
import XCTest

/// `scrawl export -o F.pdf`: the vector PDF rendered by poppler's `pdftoppm` against the PNG export
/// of the same document, the page the size of the exported region, images embedded once, the
/// highlighter's blend as a PDF blend mode.
final class PDFExportTests: CLITestCase {
    static let pdftoppm = "/usr/bin/pdftoppm"

    override func setUpWithError() throws {
        try super.setUpWithError()
        for tool in [Self.pdftoppm, "/usr/bin/pdfinfo", "/usr/bin/pdfimages"] where !FileManager.default.isExecutableFile(atPath: tool) {
            throw XCTSkip("\(tool) is missing (make test installs poppler-utils)")
        }
    }

    /// The documents compared: those of the replays in DocumentRenderTests (every kind the tools
    /// make, highlights on light and dark pages, pressure ink) and the hand-made one.
    private func documents() throws -> [(String, Document)] {
        var out: [(String, Document)] = []
        for (name, replay) in DocumentReplays.all {
            let editor = Editor(canvas: replay.canvas, seed: replay.seed, stampImage: .defaultStamp)
            for event in replay.events { editor.handle(event) }
            out.append((name, Document(canvas: replay.canvas, drawables: editor.displayList.drawables)))
        }
        out.append(("handmade", DocumentReplays.handmade))
        return out
    }

    /// Poppler's rendering of the PDF at `scale` pixels per point (72 dpi times it), as RGBA.
    private func rasterise(_ pdf: String, scale: Double) throws -> FrameImage {
        let base = pdf + "-\(Int(scale))"
        let status = try run(Self.pdftoppm, ["-r", JSONWriter.format(72 * scale), "-png", "-singlefile", pdf, base])
        XCTAssertEqual(status, 0, "pdftoppm failed on \(pdf)")
        let image = try PNGCodec.read(path: base + ".png")
        return FrameImage(width: image.width, height: image.height, rgba: image.pixels)
    }

    /// The PDF through pdftoppm against the PNG export, for each document at scales 1 and 2.
    ///
    /// Tolerance, as for the SVG through rsvg-convert (`DocumentRenderTests.testSVGMatchesTheRenderer`,
    /// whose reasoning holds here: edges are antialiased differently, interiors and colours agree),
    /// with a looser mean because poppler's rasteriser (Splash) always applies stroke adjustment:
    /// it moves stroke edges that lie on half pixels to whole ones, so axis-aligned edges at scale
    /// 1 are a pixel apart all along.
    ///
    /// Measured here (Mesa llvmpipe, poppler 22.12, cairo 1.16): mean |difference| 0.13 to 1.11
    /// levels of 255 (1.11 for the rectangles of `shapes` at scale 1, the rest at most 0.6);
    /// 0 to 3 unmatched pixels; single edge pixels off by up to 147. The checks:
    /// - mean |difference| under 1.5 levels of 255 over all channels;
    /// - "unmatched" pixels (`PixelDiff.unmatched`: outside the 3x3 neighbourhood's range in the
    ///   other image, widened by 32 levels) under 0.05 % of the page: square-capped taps written as
    ///   the SVG's 2/1024-point segments (which cairo's 1/256-point grid makes zero-length, so they
    ///   vanish) gave 267 and 1,176 unmatched pixels for the hand-made document, and the highlights
    ///   drawn "over" instead of with their blend modes 1,899 to 11,438;
    /// - the highlights' ink under a highlight keeps its colour, and the hand-made document's round
    ///   and square taps are dots while its butt tap draws nothing.
    func testPDFMatchesThePNGExport() throws {
        for (name, document) in try documents() {
            let doc = path(name + ".scrawl"), pdf = path(name + ".pdf")
            try DocumentStore.standard.save(document.drawables, canvas: document.canvas, to: doc)
            let exported = try scrawl("export", doc, "-o", pdf)
            XCTAssertEqual(exported.status, 0, "\(name): \(exported.stderr)")
            for scale in [1.0, 2.0] {
                let png = path("\(name)-\(Int(scale)).png")
                let r = try scrawl("export", doc, "-o", png, "--scale", JSONWriter.format(scale))
                XCTAssertEqual(r.status, 0, "\(name): \(r.stderr)")
                let image = try PNGCodec.read(path: png)
                let frame = FrameImage(width: image.width, height: image.height, rgba: image.pixels)
                let poppler = try rasterise(pdf, scale: scale)
                XCTAssertEqual([poppler.width, poppler.height], [frame.width, frame.height], name)
                let diff = PixelDiff(frame, poppler)
                XCTAssertLessThan(diff.meanAbsolute, 1.5, "\(name) at scale \(scale): \(diff)")
                XCTAssertLessThan(Double(diff.unmatched), 0.0005 * Double(frame.width * frame.height),
                                  "\(name) at scale \(scale): \(diff)")
                checkMarks(name, scale: scale, [("pdf", poppler), ("png", frame)])
            }
        }
    }

    /// The pixels the comparison's tolerance could hide: ink under a highlight, the taps.
    private func checkMarks(_ name: String, scale: Double, _ images: [(String, FrameImage)]) {
        var marks: [(Double, Double, [UInt8])] = []
        if name == "highlights" { marks = [(152.5, 63.5, [255, 0, 0])] }  // red under yellow: min(red, yellow)
        if name == "handmade" {
            marks = [(20, 20, [0, 0, 0]), (50, 20, [0, 0, 0]), (80, 20, [250, 250, 250]), (110, 20, [255, 0, 0]),
                     (54.5, 24.5, [0, 0, 0]), (24.5, 24.5, [250, 250, 250])]
        }
        for (x, y, expected) in marks {
            for (label, image) in images {
                let i = (Int(y * scale) * image.width + Int(x * scale)) * 4
                XCTAssertEqual(Array(image.rgba[i..<(i + 3)]), expected, "\(label) of \(name) at (\(x), \(y)), scale \(scale)")
            }
        }
    }

    /// One page, the size of the exported region in points: the page, `--view`'s rectangle, or
    /// the drawing's bounds with `--fit`'s margin.
    func testThePageIsTheExportedRegion() throws {
        let doc = path("d.scrawl")
        let line = Drawable.path(PathDrawable(path: Path(elements: [.move(Point(-50, 20)), .line(Point(1000, 300))]),
                                              stroke: .black, fill: nil, style: StrokeOptions(width: 4, cap: .butt)))
        try DocumentStore.standard.save([line], canvas: CanvasSpec(width: 640, height: 480), to: doc)
        for (args, size) in [([], "640 x 480"), (["--view", "10,20,300.5,100"], "300.5 x 100"), (["--fit"], "1086 x 316")] {
            let r = try scrawl(arguments: ["export", doc, "-o", path("r.pdf")] + args)
            XCTAssertEqual(r.status, 0, r.stderr)
            let info = try printed("/usr/bin/pdfinfo", [path("r.pdf")])
            XCTAssertTrue(info.contains("Pages:           1"), info)
            XCTAssertTrue(info.contains("Page size:       \(size) pts"), "\(args): \(info)")
        }
        // --view's rectangle is what the page shows: the line crosses it from its left edge.
        let r = try scrawl("export", doc, "-o", path("v.pdf"), "--view", "-60,0,120,60")
        XCTAssertEqual(r.status, 0, r.stderr)
        let page = try rasterise(path("v.pdf"), scale: 1)
        XCTAssertEqual([page.width, page.height], [120, 60])
        XCTAssertEqual(page.pixel(20, 22).0, 0, "the line at canvas (-40, 22.7) is at (20, 22.7) on the page")
        XCTAssertEqual(page.pixel(20, 50).0, 255, "the page's background elsewhere")
    }

    /// A stamp drawn twice is one image in the PDF, at its pixel size, with its alpha as a soft mask.
    func testEachImageIsEmbeddedOnce() throws {
        let image = RasterImage.defaultStamp
        let doc = path("s.scrawl")
        let stamps = [Drawable.stamp(StampDrawable(image: image, center: Point(60, 60))),
                      .stamp(StampDrawable(image: image, rect: Rect(x: 100, y: 20, width: 90, height: 30), opacity: 0.5))]
        try DocumentStore.standard.save(stamps, canvas: CanvasSpec(width: 200, height: 120), to: doc)
        XCTAssertEqual(try scrawl("export", doc, "-o", path("s.pdf")).status, 0)
        // pdfimages -list: page, num, type, width, height, color, comp, bpc, enc, interp, object, ID, …
        let rows = try printed("/usr/bin/pdfimages", ["-list", path("s.pdf")]).split(separator: "\n").dropFirst(2)
            .map { $0.split(separator: " ").map(String.init) }
        let images = rows.filter { $0[2] == "image" }, masks = rows.filter { $0[2] == "smask" }
        XCTAssertEqual(images.count, 2, "the image drawn twice: \(rows)")
        XCTAssertEqual(Set(images.map { $0[10] }).count, 1, "both draws name one object: \(images)")
        XCTAssertEqual(masks.count, 2, "the stamp's transparency is kept: \(rows)")
        XCTAssertTrue(images.allSatisfy { $0[3] == "\(image.width)" && $0[4] == "\(image.height)" }, "at its pixel size: \(images)")
    }

    /// The highlighter's darken and lighten are the PDF's blend modes (not pixels): a document of
    /// paths alone holds no image, and its graphics states name `/Darken` (light page) and
    /// `/Lighten` (dark page).
    func testHighlightsAreBlendModes() throws {
        for (name, mode) in [("highlights", "/Darken"), ("darkHighlights", "/Lighten")] {
            let document = try XCTUnwrap(try documents().first { $0.0 == name }?.1)
            let bytes = try PDFExporter.pdfData(document)
            XCTAssertNotNil(String(decoding: bytes, as: UTF8.self).range(of: "/BM \(mode)"), "\(name) names \(mode)")
            try Data(bytes).write(to: URL(fileURLWithPath: path(name + ".pdf")))
            let list = try printed("/usr/bin/pdfimages", ["-list", path(name + ".pdf")]).split(separator: "\n")
            XCTAssertEqual(list.count, 2, "no image, only the listing's header: \(list)")
        }
    }

    /// `--transparent` leaves the page's background out (poppler's cairo renderer keeps alpha).
    func testTransparentLeavesTheBackgroundOut() throws {
        let pdftocairo = "/usr/bin/pdftocairo"
        guard FileManager.default.isExecutableFile(atPath: pdftocairo) else { throw XCTSkip("pdftocairo is missing") }
        let doc = path("t.scrawl")
        let dot = Drawable.path(PathDrawable(path: .rectangle(Rect(x: 10, y: 10, width: 20, height: 20)), stroke: nil,
                                             fill: .red, style: StrokeOptions()))
        try DocumentStore.standard.save([dot], canvas: CanvasSpec(width: 100, height: 50, background: Color(r: 0, g: 0, b: 255)), to: doc)
        for (args, corner) in [([String](), [0, 0, 255, 255]), (["--transparent"], [0, 0, 0, 0])] {
            XCTAssertEqual(try scrawl(arguments: ["export", doc, "-o", path("t.pdf")] + args).status, 0)
            XCTAssertEqual(try run(pdftocairo, ["-png", "-transp", "-singlefile", "-r", "72", path("t.pdf"), path("t")]), 0)
            let image = try PNGCodec.read(path: path("t.png"))
            XCTAssertEqual(Array(image.pixels[0..<4]), corner.map(UInt8.init), "\(args): the page's corner")
            let i = (20 * image.width + 20) * 4
            XCTAssertEqual(Array(image.pixels[i..<(i + 4)]), [255, 0, 0, 255], "\(args): the square")
        }
    }

    /// PDF takes `--transparent` but not `--scale`; the message for another name lists PDF.
    func testOptionsThatPDFRefuses() throws {
        let doc = path("o.scrawl")
        try DocumentStore.standard.save([], canvas: CanvasSpec(), to: doc)
        let scaled = try scrawl("export", doc, "-o", path("o.pdf"), "--scale", "2")
        XCTAssertEqual(scaled.status, 2)
        XCTAssertTrue(scaled.stderr.contains("--scale applies to PNG exports only"), scaled.stderr)
        let other = try scrawl("export", doc, "-o", path("o.eps"))
        XCTAssertEqual(other.status, 2)
        XCTAssertTrue(other.stderr.contains("OUT.svg, OUT.pdf or OUT.png"), other.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("o.pdf")))
        let blocker = path("blocker")
        XCTAssertTrue(FileManager.default.createFile(atPath: blocker, contents: Data("file".utf8)))
        let unwritable = try scrawl("export", doc, "-o", blocker + "/out.pdf")
        XCTAssertEqual(unwritable.status, 1)
        XCTAssertTrue(unwritable.stderr.hasPrefix("scrawl: \(blocker)/out.pdf: cannot save: Not a directory"), unwritable.stderr)
        let upper = try scrawl("export", doc, "-o", path("O.PDF"))
        XCTAssertEqual(upper.status, 0, upper.stderr)
        XCTAssertEqual(Array(try XCTUnwrap(FileManager.default.contents(atPath: path("O.PDF"))).prefix(5)), Array("%PDF-".utf8))
    }

    private func run(_ tool: String, _ arguments: [String], output: URL? = nil) throws -> Int32 {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: tool)
        p.arguments = arguments
        if let output {
            FileManager.default.createFile(atPath: output.path, contents: nil)
            p.standardOutput = try FileHandle(forWritingTo: output)
        } else {
            p.standardOutput = FileHandle.nullDevice
        }
        try p.run()
        p.waitUntilExit()
        return p.terminationStatus
    }

    /// What a poppler tool prints for `pdf`.
    private func printed(_ tool: String, _ arguments: [String]) throws -> String {
        let out = dir.appendingPathComponent("tool-\(UUID().uuidString).txt")
        XCTAssertEqual(try run(tool, arguments, output: out), 0, "\(tool) \(arguments)")
        return (try? String(contentsOf: out, encoding: .utf8)) ?? ""
    }
}
