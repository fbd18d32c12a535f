import ScrawlCore
import ScrawlText
import XCTest

/// The canvas's text shaper: outlines of fontconfig's sans-serif, a fallback for a missing family,
/// bounded answers for odd input, and a clear error for a missing font file.
final class FontOutlinerTests: XCTestCase {
    private func outliner() throws -> FontOutliner {
        try FontOutliner(path: try XCTUnwrap(FontLocator.sansSerif()), fallbacks: FontLocator.sansSerifFallbacks())
    }

    func testOutlinesHaveCurvesAndCaretStopsPerCharacter() throws {
        let o = try outliner()
        let shaped = o.shape(["Aoe", "", "g"], size: 20, family: o.defaultFamily)
        XCTAssertEqual(shaped.carets.map(\.count), [4, 1, 2], "a stop before each character and after the last")
        XCTAssertTrue(shaped.carets[0] == shaped.carets[0].sorted() && shaped.carets[0][0] == 0)
        XCTAssertTrue(shaped.outline.verbs.contains(.quad) || shaped.outline.verbs.contains(.cubic), "curves, not flattened")
        XCTAssertEqual(shaped.family, o.defaultFamily)
        XCTAssertGreaterThan(shaped.lineHeight, 20)
        let bounds = try XCTUnwrap(Rect.bounding(shaped.outline.points))
        XCTAssertGreaterThan(bounds.maxY, 2 * shaped.lineHeight, "the third line's g lies below two lines")
    }

    func testAMissingFamilyFallsBackToTheDefault() throws {
        let o = try outliner()
        let shaped = o.shape(["x"], size: 12, family: "No Such Family 9")
        XCTAssertEqual(shaped.family, o.defaultFamily, "laid out in the default, and says so")
        XCTAssertFalse(shaped.outline.isEmpty)
    }

    func testOddCharactersGiveABoundedAnswer() throws {
        let o = try outliner()
        let odd = "\u{0}\u{7}\r\t e\u{301}\u{302} مرحبا 日本 👩‍👩‍👧 \u{FEFF}\u{10FFFF}\u{E000}"
        let shaped = o.shape([odd, String(repeating: "W", count: 2000)], size: 2000, family: o.defaultFamily)
        XCTAssertTrue(shaped.outline.isFinite)
        XCTAssertEqual(shaped.carets[0].count, odd.count + 1)
        XCTAssertTrue(shaped.carets.allSatisfy { $0.allSatisfy(\.isFinite) })
        let notdef = o.shape(["日"], size: 10, family: o.defaultFamily)
        XCTAssertFalse(notdef.outline.isEmpty, "a character no font has shows as the missing-glyph box")
    }

    func testAMissingFontFileIsAClearError() {
        XCTAssertThrowsError(try FontOutliner(path: "/nonexistent/font.ttf")) { error in
            XCTAssertEqual(error as? TextError, .noFont(path: "/nonexistent/font.ttf"))
            XCTAssertEqual("\(error)", "no font at /nonexistent/font.ttf")
        }
    }
}
