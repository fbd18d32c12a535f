import Foundation
import XCTest
@testable import ScrawlCore
@testable import ScrawlStorage

/// Encoding then decoding a document gives back exactly the same drawables.
final class DocumentRoundTripTests: XCTestCase {
    private let canvas = CanvasSpec(width: 640.5, height: 480, background: Color(r: 0x12, g: 0x34, b: 0x56, a: 0x78))

    private func roundTrip(_ document: Document, file: StaticString = #filePath, line: UInt = #line) throws -> Document {
        let bytes = try document.encoded()
        let back = try Document.decode(bytes)
        XCTAssertEqual(back.canvas, document.canvas, file: file, line: line)
        DocTest.assertSame(back.drawables, document.drawables, file: file, line: line)
        XCTAssertEqual(try back.encoded(), bytes, "re-encoding is stable", file: file, line: line)
        return back
    }

    func testEveryKindOfDrawableRoundTrips() throws {
        let back = try roundTrip(Document(canvas: canvas, drawables: DocTest.sampleDrawables()))
        // Negative zero keeps its sign.
        guard case .path(let p) = back.drawables[1], case .line(let q) = Array(p.path.elements)[1] else { return XCTFail("shape") }
        XCTAssertEqual(q.x.sign, .minus)
    }

    func testEmptyDocumentRoundTrips() throws {
        let doc = Document(canvas: CanvasSpec(), drawables: [])
        let text = String(decoding: try doc.encoded(), as: UTF8.self)
        XCTAssertEqual(text, """
            {"format": "scrawl", "version": 1,
            "canvas": {"width": 800, "height": 600, "background": "#ffffff"},
            "images": [],
            "drawables": []}

            """)
        _ = try roundTrip(doc)
    }

    func testTheWrittenShape() throws {
        let doc = Document(canvas: CanvasSpec(width: 100, height: 50), drawables: [
            DocTest.path([.move(Point(1, 2)), .line(Point(3.5, 4)), .close], stroke: .black, fill: nil,
                         style: StrokeOptions(width: 2, cap: .round, join: .round, miterLimit: 4)),
        ])
        let text = String(decoding: try doc.encoded(), as: UTF8.self)
        XCTAssertTrue(text.contains("""
            {"id": 1, "type": "path", "d": [["M", 1, 2], ["L", 3.5, 4], ["Z"]], "stroke": "#000000", "fill": null, \
            "width": 2, "cap": "round", "join": "round", "miterLimit": 4}
            """), text)
    }

    func testSharedImagesAreStoredOnceAndDecodedOnce() throws {
        let star = DocTest.image(4, 4, seed: 3)
        let copy = RasterImage(width: 4, height: 4, pixels: star.pixels)  // same pixels, another object
        let other = DocTest.image(2, 3, seed: 5)
        let stamps: [Drawable] = [
            .stamp(StampDrawable(image: star, center: Point(10, 10))),
            .stamp(StampDrawable(image: other, center: Point(20, 10))),
            .stamp(StampDrawable(image: star, center: Point(30, 10))),
            .stamp(StampDrawable(image: copy, center: Point(40, 10))),
        ]
        let bytes = try Document(canvas: canvas, drawables: stamps).encoded()
        let top = try JSONValue.parse(bytes)
        XCTAssertEqual(top["images"]?.arrayValue?.count, 2, "identical PNG bytes are stored once")
        let back = try Document.decode(bytes)
        DocTest.assertSame(back.drawables, stamps)
        guard case .stamp(let a) = back.drawables[0], case .stamp(let c) = back.drawables[2],
              case .stamp(let d) = back.drawables[3] else { return XCTFail("shape") }
        XCTAssertTrue(a.image === c.image && a.image === d.image, "one image object per stored image (one texture)")
    }

    func testOriginalPNGBytesAreEmbeddedUnchanged() throws {
        // Bytes libpng would never write for these pixels: re-encoding would show.
        let plain = DocTest.image(2, 2, seed: 7)
        let original = RasterImage(width: 2, height: 2, pixels: plain.pixels, pngData: Array("original bytes".utf8))
        let doc = Document(drawables: [.stamp(StampDrawable(image: original, center: Point(5, 5)))])
        let bytes = try doc.encoded()
        let png = try JSONValue.parse(bytes)["images"]?.arrayValue?.first?["png"]?.stringValue
        XCTAssertEqual(png, Data(original.pngData!).base64EncodedString())
    }

    func testRandomDrawablesRoundTripBitExactly() throws {
        var g = SplitMix64(seed: 42)
        func number() -> Double {
            switch g.next() % 4 {
            case 0: return Double(Int(g.next() % 2001) - 1000)
            case 1: return Double(g.next() % 100_000) / 64
            default:
                var v: Double
                repeat { v = Double(bitPattern: g.next()) } while !v.isFinite
                return v
            }
        }
        /// A coordinate: like `number()`, within the coordinate limit.
        func coordinate() -> Double {
            var v: Double
            repeat { v = number() } while abs(v) > 1e6
            return v
        }
        func point() -> Point { Point(coordinate(), coordinate()) }
        let images = (0..<3).map { DocTest.image(1 + $0, 2, seed: UInt8($0)) }
        for round in 0..<20 {
            var drawables: [Drawable] = []
            for _ in 0..<30 {
                if g.next() % 5 == 0 {
                    let r = Rect(corner: point(), point())
                    drawables.append(.stamp(StampDrawable(image: images[Int(g.next() % 3)], rect: r,
                                                          opacity: Double(g.next() % 1001) / 1000)))
                    continue
                }
                var elements: [PathElement] = []
                for _ in 0..<Int(g.next() % 12) {
                    switch g.next() % 5 {
                    case 0: elements.append(.move(point()))
                    case 1: elements.append(.line(point()))
                    case 2: elements.append(.quad(control: point(), to: point()))
                    case 3: elements.append(.cubic(c1: point(), c2: point(), to: point()))
                    default: elements.append(.close)
                    }
                }
                func color() -> Color? {
                    g.next() % 3 == 0 ? nil : Color(r: UInt8(g.next() & 255), g: UInt8(g.next() & 255),
                                                     b: UInt8(g.next() & 255), a: UInt8(g.next() & 255))
                }
                let style = StrokeOptions(width: abs(number()), cap: LineCap.allCases[Int(g.next() % 3)],
                                          join: LineJoin.allCases[Int(g.next() % 3)], miterLimit: number(),
                                          // Files may not ask for less than the floor (raised on read,
                                          // see DocumentToleranceTests): only tolerances above it round-trip.
                                          tolerance: g.next() % 2 == 0 ? 0.25
                                              : max(abs(number()), FlatteningBudget.minFileTolerance))
                drawables.append(DocTest.path(elements, stroke: color(), fill: color(), style: style))
            }
            let c = CanvasSpec(width: 1 + Double(g.next() % 1_000_000) / 64, height: 1e-3 + Double(g.next() % 1000) / 3,
                               background: .white)
            let bytes = try Document(canvas: c, drawables: drawables).encoded()
            let back = try Document.decode(bytes)
            DocTest.assertSame(back.drawables, drawables, "round \(round)")
            XCTAssertEqual(DocTest.bits(back.canvas.width), DocTest.bits(c.width))
        }
    }

    func testEncodingRefusesWhatCouldNotBeReadBack() {
        let cases: [(Drawable, String)] = [
            (DocTest.path([.move(Point(1, .nan))]), "drawables[0].d[0][2]: NaN is not a finite number"),
            (DocTest.path([.move(Point(1, 1)), .cubic(c1: Point(0, 0), c2: Point(.infinity, 0), to: Point(1, 1))]),
             "drawables[0].d[1][3]: Infinity is not a finite number"),
            (DocTest.path([], style: StrokeOptions(width: -1)), "drawables[0].width: must not be negative, found -1"),
            (DocTest.path([.move(Point(1, 1)), .line(Point(3, -1.5e6))]),
             "drawables[0].d[1][2]: -1500000 is outside -1000000 to 1000000 canvas points"),
            (.stamp(StampDrawable(image: DocTest.image(1, 1, seed: 0), center: Point(1e6, 0))),
             "drawables[0].right: 1000000.5 is outside -1000000 to 1000000 canvas points"),
            (.stamp(StampDrawable(image: DocTest.image(1, 1, seed: 0), center: .zero, opacity: 2)),
             "drawables[0].opacity: must be 0 to 1, found 2"),
        ]
        for (d, message) in cases {
            XCTAssertThrowsError(try Document(drawables: [d]).encoded()) { error in
                XCTAssertEqual((error as? DocumentError)?.message(file: "x.scrawl"), "x.scrawl: " + message)
            }
        }
        // Wider than PNGCodec.maxSide: libpng is never asked, the codec refuses it.
        let broken = Document(drawables: [.stamp(StampDrawable(image: DocTest.image(40_000, 1, seed: 0), center: .zero))])
        XCTAssertThrowsError(try broken.encoded()) { error in
            XCTAssertEqual((error as? DocumentError)?.message(file: "x.scrawl"),
                           "x.scrawl: drawables[0].image: cannot encode the 40000x1 image as PNG: "
                           + "PNG encode: 160000 bytes do not make a 40000x1 RGBA image")
        }
    }

    func testDefaultsForOptionalMembers() throws {
        let text = #"""
            {"format": "scrawl", "version": 1, "canvas": {"width": 10, "height": 20},
             "images": [{"png": "\#(DocTest.onePixelBase64)"}],
             "drawables": [{"type": "path", "d": [["M", 1, 2]]}, {"type": "image", "image": 0, "left": 0, "top": 0, "right": 1, "bottom": 1}],
             "futureMember": {"ignored": true}}
            """#
        let doc = try Document.decode(Array(text.utf8))
        XCTAssertEqual(doc.canvas, CanvasSpec(width: 10, height: 20, background: .white))
        guard case .path(let p) = doc.drawables[0], case .stamp(let s) = doc.drawables[1] else { return XCTFail("shape") }
        XCTAssertNil(p.stroke)
        XCTAssertNil(p.fill)
        XCTAssertEqual(p.style, StrokeOptions())
        XCTAssertEqual(s.opacity, 1)
        XCTAssertEqual(s.image.pixels, [1, 2, 3, 4])
    }

    func testLoadAndSaveThroughFiles() throws {
        let folder = DocTest.makeTempFolder()
        defer { DocTest.remove(folder) }
        let path = folder + "/a.scrawl"
        let doc = Document(canvas: canvas, drawables: DocTest.sampleDrawables())
        try doc.save(to: path)
        let back = try Document.load(path: path)
        DocTest.assertSame(back.drawables, doc.drawables)
        let store = DocumentStore()
        try store.save(Array(doc.drawables.prefix(2)), canvas: canvas, to: path)
        DocTest.assertSame(try store.open(path).drawables, Array(doc.drawables.prefix(2)))
    }
}
