import Foundation
import ScrawlCore
import ScrawlGL
import ScrawlStorage
import XCTest

/// Text through `scrawl render`: a replay that types text renders it in the system's sans-serif,
/// saves it, and its SVG (outline paths) through rsvg-convert matches Scrawl's own picture: by the
/// other documents' standard (`DocumentRenderTests.testSVGMatchesTheRenderer`), and its ink along
/// the glyphs' edges is cairo's.
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
        // The tolerance: the other documents' (`DocumentRenderTests.testSVGMatchesTheRenderer`).
        // The SVG holds the same outline that Scrawl fills (the text's `filledPath`, written as any
        // filled path is), so every difference is the two rasterisers'. Text is nearly all edge,
        // where they differ most: Scrawl's fill fringe gives a pixel the area on the outline's side
        // of the nearest edge (0.5 ± d, `FillTessellator.fringeMesh`), cairo the exact area under
        // the curves, so corners and stems thinner than a pixel differ a little either way.
        // - mean |difference| under 0.75 and no unmatched pixel beyond 0.05 % (a missing or extra
        //   glyph);
        // - each text's ink, Scrawl's minus cairo's, per pixel of its outline's length, within
        //   0.05 px: a bolder or thinner fill, or another opacity, fails (half a pixel's fringe
        //   outside only, the old fill, measured 0.15; the translucent text written with
        //   fill-opacity 0.6 instead of 0.749, 0.40).
        print("text SVG: \(diff)")
        XCTAssertLessThan(diff.meanAbsolute, 0.75, "\(diff)")
        XCTAssertLessThan(Double(diff.unmatched), 0.0005 * Double(png.width * png.height), "\(diff)")
        for t in texts {
            let rect = try XCTUnwrap(t.paintedBounds).insetBy(-2)
            let page = document.canvas.background
            let excess = TextInk.coveredArea(mine, colour: t.colour, page: page, in: rect)
                - TextInk.coveredArea(cairo, colour: t.colour, page: page, in: rect)
            let perPixel = excess / TextInk.outlineLength(t.outline)
            print("text SVG: \(t.string) ink per outline pixel \(perPixel)")
            XCTAssertLessThan(abs(perPixel), 0.05, "\(t.string): Scrawl's ink matches cairo's along the outline")
        }
    }

    func testABadTextEventIsRefusedWithAMessage() throws {
        try write("bad.json", #"{"version": 1, "events": [{"text": 5}]}"#)
        let result = try scrawl("render", "bad.json", "-o", "bad.png")
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.stderr.contains("\"text\" must be a string"), result.stderr)
    }
}
