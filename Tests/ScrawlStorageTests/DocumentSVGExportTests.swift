import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest
@testable import ScrawlCore
@testable import ScrawlStorage

/// The SVG text: structure, colours, taps, images stored once, well-formed XML. (How it renders
/// is checked against the GL renderer in ScrawlAppTests.)
final class DocumentSVGExportTests: XCTestCase {
    private func svg(_ drawables: [Drawable], canvas: CanvasSpec = CanvasSpec(width: 200, height: 100)) throws -> String {
        try SVGExporter.svg(Document(canvas: canvas, drawables: drawables))
    }

    func testCanvasAndBackground() throws {
        let text = try svg([], canvas: CanvasSpec(width: 320.5, height: 240, background: Color(r: 255, g: 0, b: 0, a: 128)))
        XCTAssertTrue(text.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" "
                                     + "xmlns:xlink=\"http://www.w3.org/1999/xlink\" version=\"1.1\" width=\"320.5\" height=\"240\" "
                                     + "viewBox=\"0 0 320.5 240\">\n"), text)
        XCTAssertTrue(text.contains(##"<rect x="0" y="0" width="320.5" height="240" fill="#ff0000" fill-opacity="0.502"/>"##), text)
        XCTAssertFalse(text.contains("<defs>"))
    }

    func testPathAttributes() throws {
        let text = try svg([DocTest.path([.move(Point(1, 2)), .line(Point(3, 4)), .quad(control: Point(5, 6), to: Point(7, 8)),
                                          .cubic(c1: Point(9, 10), c2: Point(11, 12), to: Point(13.5, -14)), .close],
                                         stroke: Color(r: 0, g: 0, b: 255, a: 64), fill: Color(r: 0x12, g: 0x34, b: 0x56),
                                         style: StrokeOptions(width: 3, cap: .square, join: .bevel, miterLimit: 0.5))])
        XCTAssertTrue(text.contains(##"<path d="M1 2L3 4Q5 6 7 8C9 10 11 12 13.5 -14Z" fill="#123456" fill-rule="nonzero" "##
                                    + ##"stroke="#0000ff" stroke-opacity="0.251" stroke-width="3" stroke-linecap="square" "##
                                    + ##"stroke-linejoin="bevel" stroke-miterlimit="1"/>"##), text)
    }

    func testNoStrokeNoFill() throws {
        let text = try svg([
            DocTest.path([.move(Point(1, 2)), .line(Point(3, 4))], stroke: .black, fill: nil),
            DocTest.path([.move(Point(1, 2)), .line(Point(3, 4))], stroke: nil, fill: .red),
            DocTest.path([.move(Point(1, 2)), .line(Point(3, 4))], stroke: nil, fill: nil),
            DocTest.path([.move(Point(1, 2)), .line(Point(3, 4))], stroke: .clear, fill: Color(r: 1, g: 1, b: 1, a: 0)),
            DocTest.path([.move(Point(1, 2)), .line(Point(3, 4))], stroke: .black, style: StrokeOptions(width: 0)),
        ])
        let paths = text.components(separatedBy: "\n").filter { $0.hasPrefix("<path") }
        XCTAssertEqual(paths.count, 2, text)
        XCTAssertTrue(paths[0].contains(##"fill="none" stroke="#000000""##), paths[0])
        XCTAssertEqual(paths[1], ##"<path d="M1 2L3 4" fill="#ff0000" fill-rule="nonzero"/>"##)
    }

    /// Taps: a dot for round caps, a square for square caps (as a tiny segment: rsvg draws nothing
    /// for a zero-length one), nothing for butt caps. A segment after `Z` and one with no `M`
    /// start where Scrawl starts them.
    func testTapsAndImplicitStarts() throws {
        XCTAssertEqual(SVGExporter.pathData(Path(elements: [.move(Point(5, 6))]), cap: .round), "M5 6L5 6")
        XCTAssertEqual(SVGExporter.pathData(Path(elements: [.move(Point(5, 6)), .line(Point(5, 6)), .close]), cap: .round), "M5 6L5 6")
        XCTAssertEqual(SVGExporter.pathData(Path(elements: [.move(Point(5, 6))]), cap: .square), "M4.9990234375 6L5.0009765625 6")
        XCTAssertEqual(SVGExporter.pathData(Path(elements: [.move(Point(5, 6)), .move(Point(1, 1)), .line(Point(2, 2))]), cap: .butt),
                       "M1 1L2 2")
        XCTAssertEqual(SVGExporter.pathData(Path(elements: [.move(Point(1, 1)), .move(Point(2, 2)), .line(Point(3, 3))]), cap: .round),
                       "M1 1L1 1M2 2L3 3")
        XCTAssertEqual(SVGExporter.pathData(Path(elements: [.line(Point(5, 5)), .close, .line(Point(7, 9))]), cap: .round),
                       "M0 0L5 5ZM0 0L7 9")
        XCTAssertEqual(SVGExporter.pathData(Path(elements: [.move(Point(1, 1)), .cubic(c1: Point(9, 9), c2: Point(0, 9), to: Point(1, 1))]),
                                            cap: .round), "M1 1C9 9 0 9 1 1", "a loop is not a tap")
        let text = try svg([DocTest.path([.move(Point(50, 50))], stroke: .black, style: StrokeOptions(width: 8, cap: .butt))])
        XCTAssertFalse(text.contains("<path"), "a butt-capped tap draws nothing")
    }

    func testImagesAreEmbeddedOnceAndPlacedByUse() throws {
        let star = DocTest.image(4, 2, seed: 1)
        let text = try svg([
            .stamp(StampDrawable(image: star, center: Point(10, 10))),
            .stamp(StampDrawable(image: star, rect: Rect(minX: 1.5, minY: 2, maxX: 9.5, maxY: 3), opacity: 0.25)),
            .stamp(StampDrawable(image: star, center: Point(10, 10), opacity: 0)),
        ])
        let png = Data(try DocTest.encode(star)).base64EncodedString()
        XCTAssertEqual(text.components(separatedBy: png).count - 1, 2, "once in xlink:href and once in href")
        XCTAssertTrue(text.contains(##"<image id="image0" x="0" y="0" width="4" height="2" preserveAspectRatio="none" "##
                                    + ##"xlink:href="data:image/png;base64,\##(png)" href="data:image/png;base64,\##(png)"/>"##))
        XCTAssertTrue(text.contains(##"<use xlink:href="#image0" href="#image0" transform="translate(8 9)"/>"##), text)
        XCTAssertTrue(text.contains(##"<use xlink:href="#image0" href="#image0" transform="translate(1.5 2) scale(2 0.5)" opacity="0.25"/>"##), text)
        XCTAssertEqual(text.components(separatedBy: "<use").count - 1, 2, "a stamp at opacity 0 draws nothing")
    }

    func testWellFormedXML() throws {
        let text = try svg(DocTest.sampleDrawables())
        final class Counter: NSObject, XMLParserDelegate {
            var elements: [String] = []
            func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                        attributes: [String: String] = [:]) { elements.append(name) }
        }
        let parser = XMLParser(data: Data(text.utf8))
        let counter = Counter()
        parser.delegate = counter
        XCTAssertTrue(parser.parse(), "\(String(describing: parser.parserError))")
        XCTAssertEqual(counter.elements.first, "svg")
        XCTAssertEqual(counter.elements.filter { $0 == "image" }.count, 2)
    }

    func testRefusesCoordinatesADocumentCouldNotHold() {
        XCTAssertThrowsError(try svg([DocTest.path([.move(Point(1, 2e6))])])) { error in
            XCTAssertEqual((error as? DocumentError)?.message(file: "d.scrawl"),
                           "d.scrawl: drawables[0].d[0]: 2000000 is outside -1000000 to 1000000 canvas points")
        }
    }

    func testRefusesNonFiniteNumbers() {
        XCTAssertThrowsError(try svg([DocTest.path([.move(Point(.nan, 1))])])) { error in
            XCTAssertEqual((error as? DocumentError)?.message(file: "d.scrawl"), "d.scrawl: drawables[0].d[0]: NaN is not a finite number")
        }
    }
}
