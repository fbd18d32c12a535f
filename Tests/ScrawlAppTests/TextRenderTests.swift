import Foundation
import ScrawlCore
import ScrawlGL
import ScrawlStorage
import XCTest

/// Text through `scrawl render`: a replay that types text renders it in the system's sans-serif,
/// saves it, and its SVG (outline paths) through rsvg-convert matches Scrawl's own picture: by the
/// other documents' standard (`DocumentRenderTests.testSVGMatchesTheRenderer`) where the two
/// rasterisers agree, and within the fill's known antialiasing bias along the glyphs' edges.
final class TextRenderTests: CLITestCase {
    static let replay = """
        {"version": 1, "canvas": {"width": 360, "height": 160},
         "events": [
          {"key": "t"}, {"key": "]"}, {"key": "1"},
          {"touches": [{"id": 0, "phase": "began", "x": 20, "y": 50}]},
          {"touches": [{"id": 0, "phase": "ended", "x": 20, "y": 50}]},
          {"key": "p"}, {"text": "Scrawl: Aoe gh"}, {"key": "enter"}, {"text": "ünï ✓ αβ"},
          {"key": "left"}, {"key": "backspace"}, {"key": "end"}, {"text": "!"}, {"key": "escape"},
          {"key": "2"}, {"key": "shift+["},
          {"touches": [{"id": 0, "phase": "began", "x": 40, "y": 140}]},
          {"touches": [{"id": 0, "phase": "ended", "x": 40, "y": 140}]},
          {"text": "translucent"}, {"key": "v"}, {"key": "escape"}
         ]}
        """

    func testATypedReplayRendersSavesAndExportsItsText() throws {
        try write("typed.json", Self.replay)
        let result = try scrawl("render", "typed.json", "-o", "typed.png", "--save", "typed.scrawl")
        XCTAssertEqual(result.status, 0, result.stderr)
        let document = try Document.decode(Array(try Data(contentsOf: URL(fileURLWithPath: path("typed.scrawl")))))
        let texts = document.drawables.compactMap { $0.kind(as: TextDrawable.self) }
        XCTAssertEqual(texts.map(\.string), ["Scrawl: Aoe gh\nünï ✓ β!", "translucent"],
                       "p and v typed nothing, left then backspace took the α, end then !")
        XCTAssertEqual(texts.map(\.size), [32, 32], "one ] from 24")
        XCTAssertEqual(texts.map(\.colour), [.red, Color.blue.withOpacity(0.75)])
        let png = try PNGCodec.read(path: path("typed.png"))
        // Ink inside the first text's box, red; none below both.
        var red = 0
        for y in Int(texts[0].box.minY)..<Int(texts[0].box.maxY) {
            for x in Int(texts[0].box.minX)..<Int(texts[0].box.maxX) {
                let i = (y * png.width + x) * 4
                if png.pixels[i] > 200, png.pixels[i + 1] < 60 { red += 1 }
            }
        }
        XCTAssertGreaterThan(red, 800, "the first text is drawn in red")

        let rsvg = "/usr/bin/rsvg-convert"
        guard FileManager.default.isExecutableFile(atPath: rsvg) else { throw XCTSkip("rsvg-convert is missing") }
        try Data(try SVGExporter.svgData(document)).write(to: URL(fileURLWithPath: path("typed.svg")))
        let convert = Process()
        convert.executableURL = URL(fileURLWithPath: rsvg)
        convert.arguments = ["-o", path("svg.png"), path("typed.svg")]
        try convert.run()
        convert.waitUntilExit()
        XCTAssertEqual(convert.terminationStatus, 0)
        let svg = try PNGCodec.read(path: path("svg.png"))
        let mine = FrameImage(width: png.width, height: png.height, rgba: png.pixels)
        let cairo = FrameImage(width: svg.width, height: svg.height, rgba: svg.pixels)
        let diff = PixelDiff(mine, cairo)
        // The tolerance. The SVG holds the same outline that Scrawl fills (the text's `filledPath`,
        // written as any filled path is), so every difference is the two rasterisers'. Text is
        // nearly all edge, and there they differ in one known way: Scrawl's fill (stencil then
        // cover, `FillTessellator.fringeMesh`) covers a pixel whose centre is inside the outline
        // fully and adds its half-pixel fringe outside only, so it is bolder than cairo's exact
        // area coverage by up to a quarter pixel along every edge (a pixel centred d inside an
        // edge gets 1 where cairo gives 0.5 + d). Measured with `scrawl export` and rsvg-convert:
        // this text and the same outlines as plain filled paths give the same picture, mean 0.91
        // and 0.15 px more ink per pixel of outline; 40 filled discs, no text, 1.02 and 0.21 px;
        // the same discs stroked 0.17 and 0.00 px (a stroke's coverage ramp is exact). At scales
        // 2 and 4 the text's excess stays 0.14 and 0.12 px per device pixel of outline (a
        // geometric error would grow with the scale). Written flattened as Scrawl flattens, the
        // mean is 0.87; grown by a quarter point, 1.2; moved half a pixel, 2.4. So the per-image
        // mean, 0.75 for documents of strokes, measures how much edge a picture has, not whether
        // the export is right; these checks state the other documents' standard where the
        // rasterisers agree and bound the known difference where they do not:
        // - no unmatched pixel beyond the other documents' 0.05 % (a missing or extra glyph);
        // - away from edges (3x3 neighbourhoods of one colour in both: the page, as these glyphs'
        //   stems are about 3 px wide), the other documents' 0.75: ink where there is none, or a
        //   page of another colour (measured 0);
        // - each text's ink, Scrawl's minus cairo's, per pixel of its outline's length, between 0
        //   and the fringe's quarter pixel (measured 0.15 for both): a glyph thinner than its
        //   outline, bolder than the fill's known bias, or at another opacity, fails (the
        //   translucent text written with fill-opacity 0.6 instead of 0.749 measures 0.40).
        XCTAssertLessThan(Double(diff.unmatched), 0.0005 * Double(png.width * png.height), "\(diff)")
        let away = TextInk.meanAwayFromEdges(mine, cairo)
        XCTAssertGreaterThan(away.pixels, png.width * png.height / 2)
        XCTAssertLessThan(away.mean, 0.75, "away from edges, \(away.pixels) pixels; \(diff)")
        for t in texts {
            let rect = try XCTUnwrap(t.paintedBounds).insetBy(-2)
            let page = document.canvas.background
            let excess = TextInk.coveredArea(mine, colour: t.colour, page: page, in: rect)
                - TextInk.coveredArea(cairo, colour: t.colour, page: page, in: rect)
            let perPixel = excess / TextInk.outlineLength(t.outline)
            XCTAssertGreaterThan(perPixel, 0, "\(t.string): Scrawl's ink is not thinner than the outline")
            XCTAssertLessThan(perPixel, 0.25, "\(t.string): at most the fill fringe's quarter pixel bolder")
        }
    }

    func testABadTextEventIsRefusedWithAMessage() throws {
        try write("bad.json", #"{"version": 1, "events": [{"text": 5}]}"#)
        let result = try scrawl("render", "bad.json", "-o", "bad.png")
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.stderr.contains("\"text\" must be a string"), result.stderr)
    }
}
