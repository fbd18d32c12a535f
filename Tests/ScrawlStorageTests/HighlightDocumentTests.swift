import Foundation
import XCTest
@testable import ScrawlCore
@testable import ScrawlStorage

/// Darken and lighten strokes (the highlighter) in documents, selections, the journal and SVG:
/// `"blend"` is written only when not normal, so documents without highlights read and write as
/// before, and a blend this build does not know is refused with a one-line message.
final class HighlightDocumentTests: XCTestCase {
    private let line: [PathElement] = [.move(Point(1, 2)), .line(Point(30, 4))]

    private func highlight(_ blend: InkBlend, fill: Color? = nil) -> Drawable {
        .path(PathDrawable(path: Path(elements: line), stroke: Color(r: 0xff, g: 0xeb, b: 0x3b), fill: fill,
                           style: .round(width: 16), blend: blend))
    }

    func testBlendRoundTripsAndIsWrittenOnlyWhenNotNormal() throws {
        let drawables = [highlight(.darken), highlight(.lighten), highlight(.normal)]
        let doc = Document(canvas: CanvasSpec(width: 100, height: 50), drawables: drawables)
        let bytes = try doc.encoded()
        let text = String(decoding: bytes, as: UTF8.self)
        XCTAssertTrue(text.contains(#""width": 16, "cap": "round", "join": "round", "miterLimit": 4, "blend": "darken"}"#), text)
        XCTAssertTrue(text.contains(#""blend": "lighten"}"#), text)
        XCTAssertEqual(text.components(separatedBy: "\"blend\"").count, 3, "normal writes no blend: \(text)")
        let back = try Document.decode(bytes)
        DocTest.assertSame(back.drawables, drawables)
        XCTAssertEqual(back.drawables, drawables)
        XCTAssertEqual(try back.encoded(), bytes)
    }

    func testDocumentsWithoutBlendReadAsNormalAndAnUnknownOneIsRefused() throws {
        let head = #"{"format": "scrawl", "version": 1, "canvas": {"width": 10, "height": 20}, "images": [], "drawables": ["#
        let old = try Document.decode(Array((head + ##"{"type": "path", "d": [["M", 1, 2]], "stroke": "#000000"}]}"##).utf8))
        guard case .path(let p)? = old.drawables.first else { return XCTFail() }
        XCTAssertEqual(p.blend, .normal)
        let explicit = try Document.decode(Array((head + #"{"type": "path", "d": [["M", 1, 2]], "blend": "normal"}]}"#).utf8))
        guard case .path(let q)? = explicit.drawables.first else { return XCTFail() }
        XCTAssertEqual(q.blend, .normal)
        for (value, found) in [(#""multiply""#, #"found "multiply""#), ("3", "found a number")] {
            XCTAssertThrowsError(try Document.decode(Array((head + #"{"type": "path", "d": [["M", 1, 2]], "blend": "# + value + "}]}").utf8))) { error in
                let m = (error as? DocumentError)?.message(file: "d.scrawl") ?? "\(error)"
                XCTAssertEqual(m, #"d.scrawl: drawables[0].blend: expected one of "normal", "darken", "lighten", "# + found)
            }
        }
    }

    func testSelectionClipboardKeepsTheBlend() throws {
        let drawables = [highlight(.darken), highlight(.lighten)]
        XCTAssertEqual(try SelectionClipboard.decode(SelectionClipboard.encode(drawables)), drawables)
    }

    func testTheJournalKeepsTheBlend() throws {
        let folder = DocTest.makeTempFolder("scrawl-highlight-journal")
        defer { DocTest.remove(folder) }
        var list = DisplayList()
        let journal = try Journal(directory: folder, canvas: CanvasSpec(width: 100, height: 50), displayList: list)
        list.add(highlight(.darken))
        journal.sync(with: list)
        list.add(highlight(.lighten))
        journal.sync(with: list)
        journal.waitForBackgroundWork()
        journal.close()
        let recovered = try XCTUnwrap(Journal.recover(directory: folder))
        XCTAssertEqual(recovered.drawables, [highlight(.darken), highlight(.lighten)])
        recovered.discard()
    }

    /// The stroke gets `mix-blend-mode`; a fill, painted over as always, is a plain path of its own under it.
    func testSVGWritesTheBlendModeOnTheStrokeOnly() throws {
        let text = try SVGExporter.svg(Document(canvas: CanvasSpec(width: 100, height: 50),
                                                drawables: [highlight(.darken), highlight(.lighten, fill: .blue), highlight(.normal)]))
        let paths = text.components(separatedBy: "\n").filter { $0.hasPrefix("<path") }
        XCTAssertEqual(paths, [
            ##"<path d="M1 2L30 4" fill="none" stroke="#ffeb3b" stroke-width="16" stroke-linecap="round" stroke-linejoin="round" stroke-miterlimit="4" style="mix-blend-mode:darken"/>"##,
            ##"<path d="M1 2L30 4" fill="#0000ff" fill-rule="nonzero"/>"##,
            ##"<path d="M1 2L30 4" fill="none" stroke="#ffeb3b" stroke-width="16" stroke-linecap="round" stroke-linejoin="round" stroke-miterlimit="4" style="mix-blend-mode:lighten"/>"##,
            ##"<path d="M1 2L30 4" fill="none" stroke="#ffeb3b" stroke-width="16" stroke-linecap="round" stroke-linejoin="round" stroke-miterlimit="4"/>"##,
        ], text)
    }
}
