import ScrawlCore
@testable import ScrawlGL
import ScrawlText
import XCTest

final class TextRenderingTests: GLTestCase {
    /// Runs of columns (x ranges) in rows `rows` where any pixel's red channel differs from the
    /// background `background` by more than 8.
    private func inkRuns(_ pixels: Pixels, rows: Range<Int>, background: UInt8) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        var start: Int?
        for x in 0...pixels.width {
            let ink = x < pixels.width && rows.contains { abs(Int(pixels.red(x, $0)) - Int(background)) > 8 }
            if ink, start == nil { start = x }
            if !ink, let s = start { runs.append(s..<x); start = nil }
        }
        return runs
    }

    /// "Il1" at `pixelSize` (the 13 px size at content scale `pixelSize / 13`), drawn in `ink` over
    /// `paper`: every glyph's inked columns start and end where the layout puts its box, successive
    /// boxes are FreeType's advances (plus kerning) apart, and the stem of "I" has a column at full
    /// intensity (a crisp stem, not a blurred one).
    private func checkIl1(pixelSize: Double, ink: Color, paper: Color, file: StaticString = #filePath, line: UInt = #line) throws {
        try withRenderer { renderer in
            let text = try XCTUnwrap(TextRenderer.make(renderer: renderer), "no font", file: file, line: line)
            let target = try RenderTarget(width: 64 * Int(pixelSize / 13), height: 48 * Int(pixelSize / 13))
            renderer.clear(target, to: paper)
            let origin = Point(5, (pixelSize * 2).rounded())
            text.draw("Il1", at: origin, pixelSize: pixelSize, color: ink, into: target)
            let pixels = Pixels(renderer, target)
            let placed = text.layout("Il1", pixelSize: pixelSize)
            XCTAssertEqual(placed.count, 3, file: file, line: line)
            let font = try XCTUnwrap(text.font(pixelSize: pixelSize))

            let top = Int(origin.y + placed.map(\.box.minY).min()!), bottom = Int(origin.y + placed.map(\.box.maxY).max()!)
            let runs = inkRuns(pixels, rows: top..<bottom, background: paper.r)
            XCTAssertEqual(runs.count, 3, "one ink run per glyph: \(runs)", file: file, line: line)
            guard runs.count == 3 else { return }
            for (run, glyph) in zip(runs, placed) {
                XCTAssertEqual(Double(run.lowerBound), origin.x + glyph.box.minX, accuracy: 1,
                               "\(glyph.scalar) starts where the layout says", file: file, line: line)
                XCTAssertEqual(Double(run.upperBound), origin.x + glyph.box.maxX, accuracy: 1,
                               "\(glyph.scalar) ends where the layout says", file: file, line: line)
            }
            for k in 1..<3 {
                let bitmaps = try [placed[k - 1], placed[k]].map { try XCTUnwrap(font.glyph(index: $0.glyphIndex)) }
                XCTAssertEqual(placed[k - 1].advance, bitmaps[0].advance, file: file, line: line)
                let expected = bitmaps[0].advance + placed[k].kerning + Double(bitmaps[1].bearingX - bitmaps[0].bearingX)
                XCTAssertEqual(Double(runs[k].lowerBound - runs[k - 1].lowerBound), expected, accuracy: 1,
                               "box of \(placed[k].scalar) is FreeType's advance after \(placed[k - 1].scalar)",
                               file: file, line: line)
            }

            // The stem of "I": some column is at full intensity through the middle of the letter.
            let box = placed[0].box
            let middle = Int(origin.y + (box.minY + box.maxY) / 2)
            let full: (UInt8) -> Bool = ink.r > paper.r ? { $0 >= 250 } : { $0 <= 5 }
            let crisp = runs[0].filter { x in (middle - 1...middle + 1).allSatisfy { full(pixels.red(x, $0)) } }
            XCTAssertFalse(crisp.isEmpty, "stem of I at \(pixelSize) px has a full-intensity column: "
                           + "\(runs[0].map { pixels.red($0, middle) })", file: file, line: line)
        }
    }

    func testIl1IsPlacedAndSharpAtScale1WhiteOnBlack() throws {
        try checkIl1(pixelSize: 13, ink: .white, paper: .black)
    }

    func testIl1IsPlacedAndSharpAtScale2WhiteOnBlack() throws {
        try checkIl1(pixelSize: 26, ink: .white, paper: .black)
    }

    func testIl1IsPlacedAndSharpAtScale1BlackOnWhite() throws {
        try checkIl1(pixelSize: 13, ink: .black, paper: .white)
    }

    func testIl1IsPlacedAndSharpAtScale2BlackOnWhite() throws {
        try checkIl1(pixelSize: 26, ink: .black, paper: .white)
    }

    func testMeasureMatchesLayoutAndEmptyStringIsZeroWide() throws {
        try withRenderer { renderer in
            let text = try XCTUnwrap(TextRenderer.make(renderer: renderer))
            XCTAssertEqual(text.measure("", pixelSize: 13).width, 0)
            let placed = text.layout("Hello, Scrawl", pixelSize: 13)
            let last = try XCTUnwrap(placed.last)
            XCTAssertEqual(text.measure("Hello, Scrawl", pixelSize: 13).width, last.origin.x + last.advance)
            XCTAssertGreaterThan(text.measure("Hello, Scrawl", pixelSize: 26).width,
                                 text.measure("Hello, Scrawl", pixelSize: 13).width * 1.8)
        }
    }

    func testTranslucentColourIsCoverageTimesPremultipliedColour() throws {
        try withRenderer { renderer in
            let text = try XCTUnwrap(TextRenderer.make(renderer: renderer))
            let target = try RenderTarget(width: 40, height: 30)
            text.draw("I", at: Point(5, 24), pixelSize: 26, color: Color(r: 255, g: 0, b: 0, a: 128), into: target)
            let pixels = Pixels(renderer, target)
            let alphas = (0..<40).map { pixels.alpha($0, 14) }
            XCTAssertTrue(alphas.contains { abs(Int($0) - 128) <= 1 }, "\(alphas)")
            XCTAssertTrue(alphas.allSatisfy { $0 <= 129 }, "\(alphas)")
            let solid = try XCTUnwrap((0..<40).first { abs(Int(pixels.alpha($0, 14)) - 128) <= 1 })
            assertPixel(pixels[solid, 14], [255, 0, 0, 128], tolerance: 2)
        }
    }

    func testMissingFontGivesNoRendererAndOneMessage() throws {
        try withRenderer { renderer in
            XCTAssertNil(TextRenderer.make(renderer: renderer, fontPath: "/nonexistent/no-font.ttf"))
            XCTAssertNil(TextRenderer.make(renderer: renderer, fontPath: nil))
            XCTAssertEqual(TextRenderer.noFontReports, 1, "said once on standard error")
            XCTAssertEqual(TextRenderer.noFontMessage, "scrawl: no font found; text in the window is off")
        }
    }

    func testAtlasKeepsSizesApartAndRefillsWhenFull() throws {
        try withRenderer { _ in
            let path = try XCTUnwrap(FontLocator.sansSerif())
            let small = try Font(path: path, pixelSize: 13), large = try Font(path: path, pixelSize: 40)
            GLCheck.drain()  // ShaderTests can leave a GL_INVALID_VALUE queued
            let atlas = GlyphAtlas(size: 64)
            XCTAssertNoThrow(try GLCheck.check("GlyphAtlas(size: 64)"))
            let a13 = try XCTUnwrap(atlas.entry(glyphIndex: small.glyphIndex("A"), font: small))
            let a40 = try XCTUnwrap(atlas.entry(glyphIndex: large.glyphIndex("A"), font: large))
            XCTAssertNoThrow(try GLCheck.check("GlyphAtlas.entry"))
            XCTAssertNotEqual(a13, a40)
            XCTAssertGreaterThan(a40.height, a13.height * 2)
            XCTAssertEqual(atlas.entry(glyphIndex: small.glyphIndex("A"), font: small), a13, "cached")
            var flushes = 0
            for scalar in "BCDEFGHJKLMNOP".unicodeScalars {
                XCTAssertNotNil(atlas.entry(glyphIndex: large.glyphIndex(scalar), font: large) { flushes += 1 })
            }
            XCTAssertGreaterThan(atlas.resetCount, 0)
            XCTAssertEqual(flushes, atlas.resetCount, "flushed before every refill")
            XCTAssertNoThrow(try GLCheck.check("GlyphAtlas.entry"))
        }
    }
}

final class TextShaderTests: GLTestCase {
    func testTextShadersCompileAndLink() throws {
        try withRenderer { _ in
            XCTAssertNotNil(ShaderLibrary.source(named: "text.frag.glsl"))
            XCTAssertNoThrow(try Shader(named: "text.frag.glsl"))
            XCTAssertNoThrow(try ShaderProgram(.text))
            XCTAssertTrue(ProgramSpec.all.contains(.text))
        }
    }
}
