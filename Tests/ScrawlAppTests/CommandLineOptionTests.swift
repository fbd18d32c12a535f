import Foundation
import XCTest
import ScrawlCore
import ScrawlStorage

/// The command line: unknown commands and options are named with a pointer to the
/// right `--help`, `--` ends the options, each command has `--help`, and `export` writes PNG.
final class CommandLineOptionTests: CLITestCase {
    func testUnknownOptionsAndCommandsAreNamedWithAPointerToHelp() throws {
        let window = try scrawl("--bogus")
        XCTAssertEqual(window.status, 2, window.summary)
        XCTAssertEqual(window.stderr, "scrawl: unknown option --bogus\nTry 'scrawl --help' for more information.\n")
        let render = try scrawl("render", "--bogus", "in.json", "-o", "x.png")
        XCTAssertEqual(render.status, 2, render.summary)
        XCTAssertEqual(render.stderr, "scrawl: unknown option --bogus\nTry 'scrawl render --help' for more information.\n")
        let export = try scrawl("export", "in.scrawl", "-o", "x.png", "--frobnicate")
        XCTAssertTrue(export.stderr.contains("--frobnicate") && export.stderr.contains("scrawl export --help"), export.summary)
        let command = try scrawl("rendr", "in.json")
        XCTAssertEqual(command.status, 2, command.summary)
        XCTAssertTrue(command.stderr.contains("at most one document") || command.stderr.contains("unknown command"), command.summary)
        let single = try scrawl("rendr")
        XCTAssertEqual(single.status, 2, single.summary)
        XCTAssertEqual(single.stderr, "scrawl: unknown command 'rendr' (and no such file)\nTry 'scrawl --help' for more information.\n")
    }

    /// After `--` a name starting with `-` is a file: here a new document, so the start gets as far
    /// as looking for a display.
    func testDoubleDashEndsTheOptions() throws {
        let result = try scrawl(arguments: ["--", "-odd.scrawl"], environment: ["DISPLAY": nil, "WAYLAND_DISPLAY": nil])
        XCTAssertEqual(result.status, 1, result.summary)
        XCTAssertTrue(result.stderr.contains("no display"), result.summary)
        let help = try scrawl("render", "--", "--help")
        XCTAssertEqual(help.status, 2, "after -- it is an input, not the help: \(help.summary)")
    }

    func testEachCommandHasItsOwnHelp() throws {
        for (command, fragments, absent) in [("render", ["scrawl render INPUT", "--frames", "--window"], ["--transparent", "bench:"]),
                                             ("export", ["scrawl export FILE.scrawl", "--transparent", "--fit"], ["--frames"]),
                                             ("bench", ["scrawl bench", "--quick"], ["--frames"])] {
            for flag in ["--help", "-h"] {
                let result = try scrawl(command, flag)
                XCTAssertEqual(result.status, 0, "\(command) \(flag): \(result.summary)")
                for f in fragments { XCTAssertTrue(result.stdout.contains(f), "\(command) \(flag) lacks \(f): \(result.stdout)") }
                for f in absent { XCTAssertFalse(result.stdout.contains(f), "\(command) \(flag) shows \(f): \(result.stdout)") }
                XCTAssertFalse(result.stdout.contains("KEYS:"), "the keys are in scrawl --help only")
            }
        }
        let top = try scrawl("--help")
        XCTAssertTrue(top.stdout.contains("scrawl export FILE.scrawl -o OUT.svg|OUT.pdf|OUT.png"), top.stdout)
    }

    func testExportWritesAPNGAtAScaleWithATransparentBackground() throws {
        let doc = path("d.scrawl")
        let red = Drawable.path(PathDrawable(path: .rectangle(Rect(x: 10, y: 10, width: 20, height: 10)),
                                             stroke: nil, fill: .red, style: StrokeOptions()))
        // A half-transparent dark red: straight alpha in the PNG keeps its red at 100, where
        // unpremultiplying twice would give about 199.
        let halfRed = Drawable.path(PathDrawable(path: .rectangle(Rect(x: 36, y: 10, width: 10, height: 10)),
                                                 stroke: nil, fill: Color(r: 100, g: 0, b: 0, a: 128), style: StrokeOptions()))
        try DocumentStore.standard.save([red, halfRed], canvas: CanvasSpec(width: 50, height: 40, background: .blue), to: doc)
        let plain = try scrawl("export", doc, "-o", path("a.png"))
        XCTAssertEqual(plain.status, 0, plain.summary)
        let a = try PNGCodec.read(path: path("a.png"))
        XCTAssertEqual([a.width, a.height], [50, 40])
        XCTAssertEqual(Array(a.pixels[0..<4]), [0, 0, 255, 255], "the page's background")

        let scaled = try scrawl("export", doc, "-o", path("b.png"), "--scale", "2", "--transparent")
        XCTAssertEqual(scaled.status, 0, scaled.summary)
        let b = try PNGCodec.read(path: path("b.png"))
        XCTAssertEqual([b.width, b.height], [100, 80])
        XCTAssertEqual(b.pixels[3], 0, "no background with --transparent")
        let inside = (30 * 100 + 40) * 4
        XCTAssertEqual(Array(b.pixels[inside..<inside + 4]), [255, 0, 0, 255], "the drawing is opaque")
        let half = (30 * 100 + 82) * 4
        XCTAssertEqual(Double(b.pixels[half]), 100, accuracy: 2, "straight alpha, unpremultiplied once")
        XCTAssertEqual(Double(b.pixels[half + 3]), 128, accuracy: 1, "half transparent")

        let fit = try scrawl("export", doc, "-o", path("c.png"), "--fit")
        XCTAssertEqual(fit.status, 0, fit.summary)
        let c = try PNGCodec.read(path: path("c.png"))
        XCTAssertEqual([c.width, c.height], [68, 42], "the drawing's 36 x 10 bounds plus 16 points each side")

        let svgScale = try scrawl("export", doc, "-o", path("d.svg"), "--scale", "2")
        XCTAssertEqual(svgScale.status, 2, svgScale.summary)
        XCTAssertTrue(svgScale.stderr.contains("PNG exports only"), svgScale.summary)
        let txt = try scrawl("export", doc, "-o", path("d.txt"))
        XCTAssertEqual(txt.status, 2, txt.summary)
        XCTAssertTrue(txt.stderr.contains("OUT.svg, OUT.pdf or OUT.png"), txt.summary)
    }
}
