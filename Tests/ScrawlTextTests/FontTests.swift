import ScrawlCore
import ScrawlText
import XCTest

final class FontTests: XCTestCase {
    private func sansFont(_ size: Double = 13) throws -> Font {
        let path = try XCTUnwrap(FontLocator.sansSerif(), "no sans-serif font on this machine (install fonts-dejavu-core)")
        return try Font(path: path, pixelSize: size)
    }

    func testSansSerifFontIsFound() throws {
        let path = try XCTUnwrap(FontLocator.sansSerif())
        XCTAssertTrue(FileManager.default.isReadableFile(atPath: path), path)
        let font = try Font(path: path, pixelSize: 13)
        XCTAssertFalse(font.familyName.isEmpty)
        XCTAssertGreaterThan(font.ascender, 0)
        XCTAssertLessThan(font.descender, 0)
        XCTAssertGreaterThanOrEqual(font.lineHeight, font.pixelSize)
    }

    func testDejaVuFallbackPathExists() {
        // fonts-dejavu-core is the font every machine has (Makefile's APT_PACKAGES).
        XCTAssertTrue(FileManager.default.isReadableFile(atPath: FontLocator.dejaVuSansPath))
    }

    func testGlyphBitmapHasCoverageAndAdvance() throws {
        let font = try sansFont()
        let glyph = try XCTUnwrap(font.glyph(for: Character("H")))
        XCTAssertGreaterThan(glyph.width, 0)
        XCTAssertGreaterThan(glyph.height, 0)
        XCTAssertEqual(glyph.coverage.count, glyph.width * glyph.height)
        XCTAssertEqual(glyph.coverage.max(), 255)
        XCTAssertGreaterThan(glyph.advance, 0)
        XCTAssertEqual(glyph.advance, font.advance(index: glyph.glyphIndex))
        let space = try XCTUnwrap(font.glyph(for: Unicode.Scalar(" ")))
        XCTAssertEqual(space.coverage.count, 0)
        XCTAssertGreaterThan(space.advance, 0)
    }

    func testStemsAreWholePixelsAtEverySize() throws {
        // Sizes of 9 to 13 pt at content scales 1, 1.5, 2 and 3: the vertical stem of "I" and "l" has
        // a column at full coverage through its middle (hinted onto the pixel grid, not blurred).
        for size in [9.0, 11, 13, 13.5, 16.5, 19.5, 22, 26, 27, 33, 39] {
            let font = try sansFont(size)
            for character in "Il" {
                let glyph = try XCTUnwrap(font.glyph(for: character))
                let middle = glyph.height / 2
                let row = glyph.coverage[middle * glyph.width..<(middle + 1) * glyph.width]
                XCTAssertEqual(row.max(), 255, "\(character) at \(size) px: \(Array(row))")
            }
        }
    }

    func testLayoutAdvancesAreFreeTypesAdvancesPlusKerning() throws {
        let font = try sansFont()
        let text = "Hello, Scrawl"
        let placed = TextLayout.layout(text, font: font)
        XCTAssertEqual(placed.count, text.count)
        var pen = 0.0
        var previous: Unicode.Scalar?
        for (glyph, scalar) in zip(placed, text.unicodeScalars) {
            XCTAssertEqual(glyph.scalar, scalar)
            let kerning = previous.map { font.kerning($0, scalar) } ?? 0
            XCTAssertEqual(glyph.kerning, kerning)
            pen += kerning
            XCTAssertEqual(glyph.origin.x, pen, accuracy: 1e-9, "\(scalar)")
            XCTAssertEqual(glyph.origin.y, 0)
            let bitmap = try XCTUnwrap(font.glyph(for: scalar))
            XCTAssertEqual(glyph.advance, bitmap.advance)
            XCTAssertEqual(glyph.box.minX, pen + Double(bitmap.bearingX))
            XCTAssertEqual(glyph.box.minY, -Double(bitmap.bearingY))
            XCTAssertEqual(glyph.box.width, Double(bitmap.width))
            pen += bitmap.advance
            previous = scalar
        }
        XCTAssertEqual(TextLayout.measure(text, font: font).width, pen, accuracy: 1e-9)
        XCTAssertEqual(TextLayout.measure(text, font: font).height, font.lineHeight)
    }

    func testKerningOfAVIsApplied() throws {
        let font = try sansFont(26)
        guard font.hasKerning else { throw XCTSkip("\(font.familyName) has no kerning FreeType applies") }
        let kerning = font.kerning(Unicode.Scalar("A"), Unicode.Scalar("V"))
        XCTAssertLessThan(kerning, 0, "A and V move closer")
        let placed = TextLayout.layout("AV", font: font)
        let a = try XCTUnwrap(font.glyph(for: Character("A")))
        XCTAssertEqual(placed[1].kerning, kerning)
        XCTAssertEqual(placed[1].origin.x, a.advance + kerning)
        XCTAssertEqual(TextLayout.measure("AV", font: font).width,
                       a.advance + kerning + (font.glyph(for: Character("V"))?.advance ?? 0))
    }

    func testLineBreaks() throws {
        let font = try sansFont()
        let placed = TextLayout.layout("ab\ncd", font: font)
        XCTAssertEqual(placed.map(\.scalar), ["a", "b", "c", "d"])
        XCTAssertEqual(placed[2].origin, Point(0, font.lineHeight))
        XCTAssertEqual(placed[3].origin.y, font.lineHeight)
        let size = TextLayout.measure("ab\ncd", font: font)
        XCTAssertEqual(size.height, 2 * font.lineHeight)
        XCTAssertEqual(size.width, max(placed[1].origin.x + placed[1].advance, placed[3].origin.x + placed[3].advance))
    }

    func testEmptyStringMeasuresZero() throws {
        let font = try sansFont()
        XCTAssertEqual(TextLayout.measure("", font: font).width, 0)
        XCTAssertEqual(TextLayout.measure("", font: font).height, 0)
        XCTAssertTrue(TextLayout.layout("", font: font).isEmpty)
    }

    func testMissingFontPathThrowsTypedError() {
        let path = "/nonexistent/scrawl-no-such-font.ttf"
        XCTAssertThrowsError(try Font(path: path, pixelSize: 13)) { error in
            XCTAssertEqual(error as? TextError, .noFont(path: path))
        }
        do {
            _ = try Font(path: path, pixelSize: 13)
        } catch {
            // Typed throws: `error` is a TextError here, no cast needed.
            XCTAssertEqual(error, TextError.noFont(path: path))
            XCTAssertTrue(error.description.contains(path))
        }
    }

    func testNonFontFileIsAFreeTypeError() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("scrawl-not-a-font-\(getpid()).ttf")
        try Data("not a font".utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        XCTAssertThrowsError(try Font(path: url.path, pixelSize: 13)) { error in
            guard case .freetype(let call, let code)? = error as? TextError else { return XCTFail("\(error)") }
            XCTAssertEqual(call, "FT_New_Face")
            XCTAssertNotEqual(code, 0)
        }
    }
}
