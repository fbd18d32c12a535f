import Foundation
import ScrawlCore
import ScrawlStorage
import XCTest

/// `scrawl render --view / --fit / --window` and `scrawl export --view / --fit`, through the built binary.
final class RenderRegionTests: CLITestCase {
    /// A replay on a 64 x 48 page: red strokes (width 2, round caps) along each run of points, then `extra`.
    static func replay(strokes: [[(Double, Double)]] = [[(8, 24), (30, 24), (56, 24)]], extra: [String] = []) -> String {
        var events = ["{\"key\": \"1\"}"]
        for stroke in strokes {
            for (i, p) in stroke.enumerated() {
                let phase = i == 0 ? "began" : i == stroke.count - 1 ? "ended" : "moved"
                events.append("{\"touches\": [{\"id\": 0, \"phase\": \"\(phase)\", \"x\": \(p.0), \"y\": \(p.1)}]}")
            }
        }
        events += extra
        return "{\"version\": 1, \"canvas\": {\"width\": 64, \"height\": 48}, \"events\": [\n"
            + events.joined(separator: ",\n") + "\n]}\n"
    }

    /// Renders `in.json` (or `input`) with `options` to `name`; fails the test unless it exits 0.
    func render(_ options: [String], input: String = "in.json", to name: String = "out.png",
                file: StaticString = #filePath, line: UInt = #line) throws -> RasterImage {
        let result = try scrawl(arguments: ["render", input, "-o", name] + options)
        XCTAssertEqual(result.status, 0, "\(options): \(result.summary)", file: file, line: line)
        return try PNGCodec.read(path: path(name))
    }

    static func px(_ image: RasterImage, _ x: Int, _ y: Int) -> [Int] {
        let i = (y * image.width + x) * 4
        return image.pixels[i..<i + 4].map { Int($0) }
    }

    /// Rows `rows` of `image` as RGBA bytes.
    static func rows(_ image: RasterImage, _ rows: Range<Int>) -> [UInt8] {
        Array(image.pixels[rows.lowerBound * image.width * 4..<rows.upperBound * image.width * 4])
    }

    /// The largest difference of one channel between `a` and `b` (Int.max when their sizes differ).
    static func worst(_ a: [UInt8], _ b: [UInt8]) -> Int {
        guard a.count == b.count else { return Int.max }
        return zip(a, b).map { abs(Int($0) - Int($1)) }.max() ?? 0
    }

    /// How many pixels of column `x` are pure red.
    /// Red pixels in column `x`; with `rows`, only those rows (the canvas between the bars, whose
    /// red swatch would otherwise count).
    static func redCount(_ image: RasterImage, x: Int, rows: Range<Int>? = nil) -> Int {
        (rows ?? 0..<image.height).filter { px(image, x, $0) == [255, 0, 0, 255] }.count
    }

    /// `--view X,Y,W,H` writes ceil(W·S) x ceil(H·S) pixels, at scales 1, 2 and 1.5.
    func testViewOutputSizes() throws {
        try write("in.json", Self.replay())
        let cases: [(String, String, Int, Int)] = [("0,0,10.5,20", "1", 11, 20), ("0,0,10.5,20", "2", 21, 40),
                                                   ("3.25,1,30,10.1", "1.5", 45, 16), ("-5,-5,100,7", "1", 100, 7)]
        for (view, scale, w, h) in cases {
            let image = try render(["--view", view, "--scale", scale])
            XCTAssertEqual([image.width, image.height], [w, h], "--view \(view) --scale \(scale)")
        }
    }

    /// A `--view` far from the origin draws a stroke placed there, where it is (Float precision is kept
    /// by tessellating relative to the view's origin).
    func testViewFarFromTheOriginDrawsTheStrokeThere() throws {
        let (x0, y0) = (900_000.0, -900_000.0)
        try write("in.json", Self.replay(strokes: [[(x0 + 8, y0 + 24), (x0 + 30, y0 + 24), (x0 + 56, y0 + 24)]]))
        let image = try render(["--view", "900000,-900000,64,48"])
        XCTAssertEqual([image.width, image.height], [64, 48])
        XCTAssertEqual(Self.px(image, 30, 24), [255, 0, 0, 255], "the stroke's middle")
        XCTAssertEqual(Self.px(image, 30, 10), [255, 255, 255, 255], "background above it")
        XCTAssertEqual(Self.redCount(image, x: 30), 2, "two rows: width 2 at whole-pixel rows 23 and 24")
        let page = try render([], to: "page.png")
        XCTAssertEqual(Self.redCount(page, x: 30), 0, "the page shows nothing of it")
    }

    /// `--fit` on strokes outside the page contains them all with the 16-point margin; frames use the
    /// same rectangle; an empty replay gives the page.
    func testFitContainsStrokesOutsideThePage() throws {
        try write("in.json", Self.replay(strokes: [[(-200, -100), (-175, -100), (-150, -100)], [(300, 400), (325, 400), (350, 400)]],
                                         extra: ["{\"frame\": \"end\"}"]))
        let image = try render(["--fit", "--frames", "frames"])
        // Painted bounds: x -201...351, y -101...401 (half the width 2 around the points), plus 16 a side.
        XCTAssertEqual([image.width, image.height], [552 + 32, 502 + 32])
        let (ox, oy) = (-217, -117)
        for (x, y) in [(-200, -100), (-175, -100), (-151, -100), (301, 400), (325, 400), (349, 400)] {
            XCTAssertEqual(Self.px(image, x - ox, y - oy - 1), [255, 0, 0, 255], "stroke at (\(x), \(y))")
        }
        XCTAssertEqual(Self.px(image, 0, 0), [255, 255, 255, 255], "the margin is background")
        let frame = try PNGCodec.read(path: path("frames/end.png"))
        XCTAssertEqual(frame.pixels, image.pixels, "the frame at the end shows the same rectangle")

        try write("empty.json", "{\"version\": 1, \"canvas\": {\"width\": 64, \"height\": 48}, \"events\": []}")
        let empty = try render(["--fit"], input: "empty.json", to: "empty.png")
        XCTAssertEqual([empty.width, empty.height], [64, 48], "an empty drawing gives the page")
    }

    /// `--window WxH` is W·S x H·S pixels with the bars, the same bars `--toolbar` draws for a page of
    /// the same width, within 2 levels per channel: the window draws the bars over its composed canvas,
    /// the page render draws them first, so a few antialiased swatch edges round one level apart.
    func testWindowSizeAndBars() throws {
        try write("in.json", Self.replay())
        for (scale, factor) in [("1", 1), ("2", 2)] {
            let window = try render(["--window", "64x200", "--scale", scale], to: "w\(scale).png")
            XCTAssertEqual([window.width, window.height], [64 * factor, 200 * factor])
            let toolbar = try render(["--toolbar", "--scale", scale], to: "t\(scale).png")
            let bar = 44 * factor
            XCTAssertLessThanOrEqual(Self.worst(Self.rows(window, 0..<bar), Self.rows(toolbar, 0..<bar)), 2,
                                     "colour bar, scale \(scale)")
            XCTAssertLessThanOrEqual(Self.worst(Self.rows(window, window.height - bar..<window.height),
                                                Self.rows(toolbar, toolbar.height - bar..<toolbar.height)), 2,
                                     "shape bar, scale \(scale)")
            XCTAssertEqual(Self.px(window, 30 * factor, bar + 24 * factor), [255, 0, 0, 255], "the stroke below the colour bar")
        }
    }

    /// A view event at zoom 2 makes `--window` show the stroke twice as wide; frames follow the view
    /// current at their event.
    func testWindowHonoursTheViewEvent() throws {
        let extra = ["{\"frame\": \"before\"}", "{\"view\": {\"x\": 0, \"y\": 0, \"zoom\": 2}}", "{\"frame\": \"after\"}"]
        try write("in.json", Self.replay(extra: extra))
        let image = try render(["--window", "200x300", "--frames", "frames"])
        let canvasRows = 44..<(300 - 44)
        XCTAssertEqual(Self.redCount(image, x: 60, rows: canvasRows), 4, "width 2 at zoom 2: four rows")
        XCTAssertEqual(Self.px(image, 60, 44 + 47), [255, 0, 0, 255], "y 24 at zoom 2, below the 44-point bar")
        let before = try PNGCodec.read(path: path("frames/before.png"))
        let after = try PNGCodec.read(path: path("frames/after.png"))
        XCTAssertEqual(Self.redCount(before, x: 30, rows: canvasRows), 2, "zoom 1 before the view event")
        XCTAssertEqual(after.pixels, image.pixels)
    }

    /// `--view` of the page rectangle matches the default render within 2 levels per channel: it is
    /// the same drawing, but its target is sized differently (half a pixel more, in points) and
    /// tessellated relative to the view's origin, so antialiased edges may round differently.
    func testViewOfThePageMatchesTheDefault() throws {
        try write("in.json", Self.replay(strokes: [[(8, 24), (30, 10), (56, 40)], [(5, 5), (60, 44)]]))
        for scale in ["1", "2"] {
            let page = try render(["--scale", scale], to: "page.png")
            let view = try render(["--view", "0,0,64,48", "--scale", scale], to: "view.png")
            XCTAssertEqual([view.width, view.height], [page.width, page.height])
            XCTAssertLessThanOrEqual(Self.worst(page.pixels, view.pixels), 2, "scale \(scale)")
        }
    }

    /// View events never change the page `render` writes by default.
    func testViewEventsDoNotChangeThePage() throws {
        try write("plain.json", Self.replay())
        try write("viewed.json", Self.replay(extra: ["{\"view\": {\"x\": 500, \"y\": -30, \"zoom\": 4}}"]))
        let plain = try render([], input: "plain.json", to: "plain.png")
        let viewed = try render([], input: "viewed.json", to: "viewed.png")
        XCTAssertEqual([viewed.width, viewed.height], [64, 48])
        XCTAssertEqual(plain.pixels, viewed.pixels)
    }

    /// Bad region options exit 2 with a message naming the option (usage errors add the hint to
    /// `--help` on a second line; limit errors are one line).
    func testRegionErrorsExitTwoNamingTheOption() throws {
        try write("in.json", Self.replay())
        try write("huge.json", Self.replay(strokes: [[(-900_000, 0), (900_000, 0)]]))
        let cases: [([String], [String])] = [
            (["--view", "1,2,3"], ["--view", "four numbers"]),
            (["--view", "a,b,c,d"], ["--view", "four numbers"]),
            (["--view", "1,2,3,4,5"], ["--view", "four numbers"]),
            (["--view", "0,0,nan,1"], ["--view", "finite"]),
            (["--view", "0,0,1,inf"], ["--view", "finite"]),
            (["--view", "0,0,0,5"], ["--view", "greater than 0"]),
            (["--view", "0,0,5,-1"], ["--view", "greater than 0"]),
            (["--view", "999999,0,10,10"], ["--view", "1000000"]),
            (["--view", "0,-1000001,10,10"], ["--view", "1000000"]),
            (["--view", "0,0,20000,10"], ["--view", "20000x10", "16384"]),
            (["--view", "0,0,8200,8200"], ["--view", "8200x8200", "67108864"]),
            (["--view", "0,0,10000,10", "--scale", "2"], ["--view", "20000x20", "scale 2"]),
            (["--window", "64"], ["--window", "WxH"]),
            (["--window", "64x-5"], ["--window", "WxH"]),
            (["--window", "0x200"], ["--window", "too small"]),
            (["--window", "64x88"], ["--window", "too small", "88"]),
            (["--window", "20000x200"], ["--window", "20000x200", "16384"]),
            (["--view", "0,0,1,1", "--fit"], ["--view and --fit"]),
            (["--fit", "--window", "64x200"], ["--fit and --window"]),
            (["--view", "0,0,1,1", "--window", "64x200"], ["--view and --window"]),
            (["--toolbar", "--view", "0,0,1,1"], ["--toolbar", "--view"]),
            (["--toolbar", "--fit"], ["--toolbar", "--fit"]),
            (["--toolbar", "--window", "64x200"], ["--toolbar", "--window"]),
        ]
        for (options, fragments) in cases {
            let result = try scrawl(arguments: ["render", "in.json", "-o", "out.png"] + options)
            XCTAssertEqual(result.status, 2, "\(options): \(result.summary)")
            for f in fragments { XCTAssertTrue(result.stderr.contains(f), "\(options) lacks \(f): \(result.summary)") }
        }
        let fit = try scrawl("render", "huge.json", "-o", "out.png", "--fit")
        XCTAssertEqual(fit.status, 2, fit.summary)
        XCTAssertTrue(fit.stderrIsOneLine && fit.stderr.contains("--fit") && fit.stderr.contains("16384"), fit.summary)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("out.png")), "nothing written on error")
    }

    /// `export --view` and `--fit` set the SVG's width, height and viewBox (and the background) to that
    /// rectangle and keep every drawable; `render` of the document takes them too; `--window` is
    /// render's only.
    func testExportAndDocumentRenderTakeViewAndFit() throws {
        try write("in.json", Self.replay(strokes: [[(8, 24), (30, 24), (56, 24)], [(500, 24), (520, 24)]]))
        XCTAssertEqual(try scrawl("render", "in.json", "-o", "x.png", "--save", "d.scrawl").status, 0)
        let plain = try export(["d.scrawl"])
        XCTAssertTrue(plain.contains("width=\"64\" height=\"48\" viewBox=\"0 0 64 48\""), plain)
        let view = try export(["d.scrawl", "--view", "900000,-20.5,30.25,40"])
        XCTAssertTrue(view.contains("width=\"30.25\" height=\"40\" viewBox=\"900000 -20.5 30.25 40\""), view)
        XCTAssertTrue(view.contains("<rect x=\"900000\" y=\"-20.5\" width=\"30.25\" height=\"40\""), view)
        XCTAssertEqual(view.components(separatedBy: "<path").count - 1, 2, "both strokes kept")
        let fit = try export(["d.scrawl", "--fit"])
        // Bounds x 7...521, y 23...25, plus 16 a side.
        XCTAssertTrue(fit.contains("width=\"546\" height=\"34\" viewBox=\"-9 7 546 34\""), fit)
        let rendered = try render(["--fit"], input: "d.scrawl", to: "fit.png")
        XCTAssertEqual([rendered.width, rendered.height], [546, 34])
        XCTAssertEqual(Self.px(rendered, 510 + 9, 24 - 7), [255, 0, 0, 255], "the stroke off the page")
        let viewed = try render(["--view", "490,0,40,48", "--scale", "2"], input: "d.scrawl", to: "view.png")
        XCTAssertEqual([viewed.width, viewed.height], [80, 96])
        XCTAssertEqual(Self.px(viewed, 40, 48), [255, 0, 0, 255])

        try write("none.json", "{\"version\": 1, \"events\": []}")
        XCTAssertEqual(try scrawl("render", "none.json", "-o", "z.png", "--save", "none.scrawl").status, 0)
        XCTAssertTrue(try export(["none.scrawl", "--fit"]).contains("viewBox=\"0 0 800 600\""), "empty: the page")

        let window = try scrawl("export", "d.scrawl", "-o", "w.svg", "--window", "64x200")
        XCTAssertEqual(window.status, 2, window.summary)
        XCTAssertTrue(window.stderr.contains("--window"), window.summary)
        let bad = try scrawl("export", "d.scrawl", "-o", "w.svg", "--view", "0,0,0,1")
        XCTAssertEqual(bad.status, 2, bad.summary)
        XCTAssertTrue(bad.stderr.contains("--view"), bad.summary)
        let both = try scrawl("export", "d.scrawl", "-o", "w.svg", "--view", "0,0,1,1", "--fit")
        XCTAssertEqual(both.status, 2, both.summary)
        XCTAssertTrue(both.stderr.contains("--view and --fit"), both.summary)
    }

    /// `export --fit` frames its SVG by the rectangle `render --fit` would render at scale 1, with the
    /// same bound: a drawing 1e300 points wide is refused (exit 2, the same one line) rather than
    /// written with a 1e300 viewBox; SVG and PNG exports and `render` say the same.
    func testExportFitIsBoundedAsRenderIs() throws {
        let stroke = "{\"type\": \"path\", \"d\": [[\"M\", 10, 10], [\"L\", 20, 20]], \"stroke\": \"#000000\", \"fill\": null, "
        try write("wide.scrawl", "{\"format\": \"scrawl\", \"version\": 1, \"canvas\": {\"width\": 64, \"height\": 48}, "
                  + "\"drawables\": [\(stroke)\"width\": 1e300}]}")
        let svg = try scrawl("export", "wide.scrawl", "-o", "wide.svg", "--fit")
        XCTAssertEqual(svg.status, 2, svg.summary)
        XCTAssertTrue(svg.stderrIsOneLine && svg.stderr.hasPrefix("scrawl: wide.scrawl: --fit: ") && svg.stderr.contains("16384"),
                      svg.summary)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("wide.svg")), "nothing written")
        let png = try scrawl("export", "wide.scrawl", "-o", "wide.png", "--fit")
        let rendered = try scrawl("render", "wide.scrawl", "-o", "wide.png", "--fit")
        XCTAssertEqual([png.status, rendered.status], [2, 2])
        XCTAssertEqual(svg.stderr, png.stderr)
        XCTAssertEqual(svg.stderr, rendered.stderr)

        // Within the bound the SVG frames what render does, however far from the page.
        try write("far.scrawl", "{\"format\": \"scrawl\", \"version\": 1, \"canvas\": {\"width\": 64, \"height\": 48}, "
                  + "\"drawables\": [\(stroke)\"width\": 2000}]}")
        XCTAssertTrue(try export(["far.scrawl", "--fit"]).contains("width=\"2042\" height=\"2042\" viewBox=\"-1006 -1006 2042 2042\""))
        XCTAssertEqual(try render(["--fit"], input: "far.scrawl", to: "far.png").width, 2042)
    }

    /// Runs `scrawl export ARGS -o out.svg` and returns the SVG text.
    func export(_ args: [String], file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let result = try scrawl(arguments: ["export"] + args + ["-o", "out.svg"])
        XCTAssertEqual(result.status, 0, result.summary, file: file, line: line)
        return try String(contentsOfFile: path("out.svg"), encoding: .utf8)
    }
}
