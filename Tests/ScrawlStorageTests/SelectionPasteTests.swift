import Foundation
import XCTest
@testable import ScrawlCore
@testable import ScrawlStorage

/// Pasting selection text as the window and `scrawl render` do (`SelectionClipboard.paste` as the
/// editor's decoder): a broken but marked selection says what is wrong, pasted images with the
/// same bytes are one image, and pasted images count against the pixel budget with the drawing's.
final class SelectionPasteTests: XCTestCase {
    private func editor(_ drawables: [Drawable] = []) -> Editor {
        let e = Editor(canvas: CanvasSpec(width: 200, height: 100), seed: 1, stampImage: .defaultStamp, drawables: drawables)
        e.selectionDecoder = SelectionClipboard.paste
        return e
    }

    /// The first bytes of a PNG whose header says `width` x `height` (the rest is missing).
    private func pngHeader(_ width: UInt32, _ height: UInt32) -> [UInt8] {
        func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)] }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be(13) + Array("IHDR".utf8) + be(width) + be(height)
            + [8, 6, 0, 0, 0] + be(0)
    }

    /// Selection text with one stamp of the image `png`.
    private func selection(png: [UInt8]) -> String {
        #"{"scrawlSelection": 1, "format": "scrawl", "version": 1, "canvas": {"width": 10, "height": 20}, "images": [{"png": ""#
            + Data(png).base64EncodedString()
            + #""}], "drawables": [{"type": "image", "image": 0, "left": 0, "top": 0, "right": 4, "bottom": 4}]}"#
    }

    private func stamp(_ image: RasterImage) -> Drawable { .stamp(StampDrawable(image: image, center: Point(50, 50))) }

    func testABrokenMarkedSelectionSaysWhatIsWrong() throws {
        let good = SelectionClipboard.encode([DocTest.path([.move(Point(1, 2)), .line(Point(5, 6))])])
        for (text, expected) in [(String(good.dropLast(5)), "the document is truncated"),
                                 (good.replacingOccurrences(of: #""d": [["M""#, with: #""d": [["Q""#), #"drawables[0].d[0]"#)] {
            let e = editor()
            e.select(.select)  // a failed paste chooses no tool; the selection tool's title shows why
            let problem = try XCTUnwrap(e.pasteSelection(text: text, decoder: e.selectionDecoder))
            XCTAssertTrue(problem.contains(expected), problem)
            XCTAssertFalse(problem.contains("not a Scrawl selection"), problem)
            XCTAssertEqual(e.selection?.lastPasteProblem, problem, "the title shows it")
            XCTAssertTrue(e.displayList.isEmpty)
        }
        let e = editor()
        let other = try XCTUnwrap(e.pasteSelection(text: "hello", decoder: e.selectionDecoder))
        XCTAssertTrue(other.contains("not a Scrawl selection"), "other text is still just not a selection: \(other)")
    }

    func testAnOversizedImageSaysItsSizeAndTheBudget() throws {
        let e = editor()
        let problem = try XCTUnwrap(e.pasteSelection(text: selection(png: pngHeader(50_000, 50_000)), decoder: e.selectionDecoder))
        XCTAssertTrue(problem.contains("50000x50000"), problem)
        XCTAssertTrue(problem.contains("\(Document.maxImagePixels)"), problem)
        XCTAssertTrue(e.displayList.isEmpty)
    }

    func testPastesOfOneImageShareIt() throws {
        let image = DocTest.image(64, 48, seed: 3, withPNGData: true)
        let text = SelectionClipboard.encode([stamp(image)])
        let e = editor()
        for _ in 0..<5 { XCTAssertNil(e.pasteSelection(text: text, decoder: e.selectionDecoder)) }
        XCTAssertEqual(e.displayList.count, 5)
        XCTAssertEqual(e.displayList.images.count, 1, "five pastes, one decoded image")
        let drawn = editor([stamp(image)])
        XCTAssertNil(drawn.pasteSelection(text: text, decoder: drawn.selectionDecoder))
        XCTAssertTrue(drawn.displayList.images.count == 1 && drawn.displayList.images[0] === image,
                      "a paste of an image the drawing holds is that image")
    }

    /// A 7200x7200 image fits the budget alone, but not beside a drawing holding a 4096x4096 one
    /// (or holding it only in its undo history).
    func testPastedImagesCountAgainstTheDrawingsBudget() throws {
        let big = RasterImage(width: 4096, height: 4096, pixels: [UInt8](repeating: 255, count: 4096 * 4096 * 4))
        let text = selection(png: pngHeader(7200, 7200))
        let alone = editor()
        let fits = try XCTUnwrap(alone.pasteSelection(text: text, decoder: alone.selectionDecoder))
        XCTAssertFalse(fits.contains("\(Document.maxImagePixels)"), "alone it is within the budget (the fake PNG then fails): \(fits)")
        let e = editor([stamp(big)])
        e.clear()
        let problem = try XCTUnwrap(e.pasteSelection(text: text, decoder: e.selectionDecoder))
        XCTAssertTrue(problem.contains("7200x7200"), problem)
        XCTAssertTrue(problem.contains("\(7200 * 7200 + 4096 * 4096) pixels"), problem)
        XCTAssertTrue(problem.contains("\(Document.maxImagePixels)"), problem)
    }
}
