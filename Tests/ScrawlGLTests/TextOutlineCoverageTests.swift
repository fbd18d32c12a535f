import ScrawlCore
@testable import ScrawlGL
import ScrawlText
import XCTest

/// Text on the canvas is its glyphs' outlines (FreeType's curves) filled like any shape: its
/// coverage must match FreeType's own rendering (`FT_Render_Glyph`, unhinted) of the same text at
/// the same pen positions, holes ("o", "A", "e", "g") included.
final class TextOutlineCoverageTests: GLTestCase {
    struct Comparison {
        var ours: [UInt8], reference: [UInt8]
        /// Σ|ours − reference| / Σ reference.
        var relativeDifference: Double {
            let diff = zip(ours, reference).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
            return Double(diff) / Double(max(reference.reduce(0) { $0 + Int($1) }, 1))
        }
        /// Σ max(reference − ours, 0) / Σ reference: ink FreeType has that the fill lacks.
        var underCoverage: Double {
            let diff = zip(ours, reference).reduce(0) { $0 + max(Int($1.1) - Int($1.0), 0) }
            return Double(diff) / Double(max(reference.reduce(0) { $0 + Int($1) }, 1))
        }
        /// (Σ ours − Σ reference) / Σ reference: the fill's ink against FreeType's, bolder when
        /// positive.
        var netDifference: Double {
            let ours = self.ours.reduce(0) { $0 + Int($1) }, reference = self.reference.reduce(0) { $0 + Int($1) }
            return Double(ours - reference) / Double(max(reference, 1))
        }
        /// Pixels FreeType leaves empty with all eight neighbours empty (inside holes and between
        /// letters) that the fill covers by more than 8/255.
        func strayInEmpty(width: Int) -> Int { mismatches(width: width, where: 0) { $0 > 8 } }
        /// Pixels FreeType covers fully with all neighbours full that the fill leaves under 247/255.
        func missingInFull(width: Int) -> Int { mismatches(width: width, where: 255) { $0 < 247 } }

        private func mismatches(width: Int, where value: UInt8, _ wrong: (UInt8) -> Bool) -> Int {
            let height = reference.count / width
            var count = 0
            for y in 1..<(height - 1) {
                for x in 1..<(width - 1) {
                    let all = (-1...1).allSatisfy { dy in (-1...1).allSatisfy { dx in reference[(y + dy) * width + x + dx] == value } }
                    if all, wrong(ours[y * width + x]) { count += 1 }
                }
            }
            return count
        }
    }

    private func compare(_ text: String, pixelSize: Double, width: Int, height: Int) throws -> Comparison {
        let path = try XCTUnwrap(FontLocator.sansSerif(), "no sans-serif font")
        let outliner = try FontOutliner(path: path)
        let font = try OutlineFont(path: path)
        let shaped = outliner.shape([text], size: pixelSize, family: outliner.defaultFamily)
        let position = Point(6.3, 4.6)
        let outline = shaped.outline.mapped { Point($0.x + position.x, $0.y + position.y) }
        let baseline = Point(position.x, position.y + shaped.ascent)
        let reference = try XCTUnwrap(font.referenceCoverage(text, pixelSize: pixelSize, origin: baseline, width: width, height: height))
        var ours: [UInt8] = []
        try withRenderer { renderer in
            let target = try RenderTarget(width: width, height: height)
            renderer.clear(target, to: .clear)
            let fill = Drawable.path(PathDrawable(path: outline, stroke: nil, fill: .black, style: StrokeOptions(width: 0)))
            renderer.draw(fill.commands(scale: 1), into: target)
            let px = renderer.readPixels(target)
            ours = stride(from: 3, to: px.count, by: 4).map { px[$0] }
        }
        let c = Comparison(ours: ours, reference: reference)
        print("text coverage \(text) at \(pixelSize) px: difference \(c.relativeDifference), missing \(c.underCoverage), net \(c.netDifference)")
        return c
    }

    /// At 40 px: within 5 % summed difference (3.4 % measured; the old fill, fringe outside only,
    /// was a quarter pixel bolder along every edge, 10 %), the same ink within 1 %, no stray ink in
    /// the holes or between letters, and full coverage inside the stems.
    func testLargeWordMatchesFreeTypesRendering() throws {
        let c = try compare("Scrawl: Aoe gh 08%", pixelSize: 40, width: 420, height: 60)
        XCTAssertLessThan(c.relativeDifference, 0.05, "summed coverage difference")
        XCTAssertLessThan(abs(c.netDifference), 0.01, "the fill's ink against FreeType's")
        XCTAssertLessThan(c.underCoverage, 0.03, "ink FreeType has that the fill lacks")
        XCTAssertEqual(c.strayInEmpty(width: 420), 0, "ink in a hole or between letters")
        XCTAssertEqual(c.missingInFull(width: 420), 0, "a gap inside a glyph")
        XCTAssertGreaterThan(c.reference.filter { $0 == 255 }.count, 1000, "the reference has solid stems")
    }

    /// At 13 px (UI size) most of every glyph is edge, and corners and stems about a pixel wide
    /// are where the fringe's one-edge area is inexact: under 18 % summed difference (14 %
    /// measured; the old fill's, 37 %), the same ink within 3 %.
    func testSmallWordMatchesFreeTypesRendering() throws {
        let c = try compare("Aoe gh 08", pixelSize: 13, width: 90, height: 24)
        XCTAssertLessThan(c.relativeDifference, 0.18, "summed coverage difference")
        XCTAssertLessThan(abs(c.netDifference), 0.03, "the fill's ink against FreeType's")
        XCTAssertEqual(c.strayInEmpty(width: 90), 0)
    }
}
