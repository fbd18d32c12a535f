import Foundation
import XCTest
@testable import ScrawlCore
@testable import ScrawlStorage

/// Helpers for the document, journal, SVG and XDG tests.
enum DocTest {
    /// The PNG bytes of `image` (its original bytes when it has them), by libpng.
    static func encode(_ image: RasterImage) throws -> [UInt8] { try PNGCodec.encode(image) }

    /// A 1x1 PNG (pixel 1, 2, 3, 4) as base64, for documents written by hand.
    static let onePixelBase64 = Data(try! PNGCodec.encode(rgba: [1, 2, 3, 4], width: 1, height: 1)).base64EncodedString()

    /// A small image whose pixels depend on `seed`.
    static func image(_ w: Int, _ h: Int, seed: UInt8, withPNGData: Bool = false) -> RasterImage {
        let pixels = (0..<(w * h * 4)).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ Int(seed)) }
        let plain = RasterImage(width: w, height: h, pixels: pixels)
        return withPNGData ? RasterImage(width: w, height: h, pixels: pixels, pngData: try! encode(plain)) : plain
    }

    static func path(_ elements: [PathElement], stroke: Color? = .black, fill: Color? = nil,
                     style: StrokeOptions = StrokeOptions()) -> Drawable {
        .path(PathDrawable(path: Path(elements: elements), stroke: stroke, fill: fill, style: style))
    }

    /// Drawables of every kind: all element kinds, alpha colours, no fill, no stroke, stamps sharing
    /// an image, a stamp whose image came from a file, a stamp of zero width, awkward numbers (up to
    /// the coordinate limit).
    static func sampleDrawables() -> [Drawable] {
        let star = image(3, 2, seed: 1)
        let file = image(2, 2, seed: 9, withPNGData: true)
        return [
            path([.move(Point(10, 20)), .line(Point(30.5, 40.25)), .quad(control: Point(50, 0), to: Point(70, 20)),
                  .cubic(c1: Point(80, 30), c2: Point(90, -10), to: Point(100, 20)), .close],
                 stroke: Color(r: 1, g: 2, b: 3, a: 4), fill: Color(r: 250, g: 128, b: 0, a: 128),
                 style: StrokeOptions(width: 3.5, cap: .square, join: .miter, miterLimit: 10)),
            path([.move(Point(0.1, 0.2)), .line(Point(-0.0, 1e-300)), .line(Point(1e6, Double.leastNonzeroMagnitude)), .line(Point(-1e6, 999_999.999_999_999_9))],
                 stroke: .red, fill: nil, style: StrokeOptions(width: 0.3, cap: .butt, join: .bevel, miterLimit: 1.5, tolerance: 0.1)),
            path([.line(Point(5, 5)), .close, .line(Point(7, 9))], stroke: nil, fill: .blue),
            path([.move(Point(50, 50))], stroke: .green, style: .round(width: 12)),
            path([], stroke: nil, fill: nil),
            .stamp(StampDrawable(image: star, center: Point(40.3, 17.7), opacity: 0.75)),
            .stamp(StampDrawable(image: file, rect: Rect(minX: 0.1, minY: 0.2, maxX: 0.3, maxY: 0.7), opacity: 0)),
            .stamp(StampDrawable(image: star, rect: Rect(minX: 100, minY: 100, maxX: 100, maxY: 130), opacity: 1)),
            path([.move(Point(123456.789123456789, -987654.321)), .cubic(c1: Point(1, 2), c2: Point(3, 4), to: Point(5, 6))],
                 stroke: Color(r: 0xab, g: 0xcd, b: 0xef), fill: Color(r: 0, g: 0, b: 0, a: 0)),
        ]
    }

    /// Bit-exact equality of two drawables; stamps compare their images by size and pixels.
    static func same(_ a: Drawable, _ b: Drawable) -> Bool {
        switch (a, b) {
        case (.path(let x), .path(let y)):
            guard x.stroke == y.stroke, x.fill == y.fill, x.blend == y.blend, x.style.cap == y.style.cap, x.style.join == y.style.join,
                  bits(x.style.width) == bits(y.style.width), bits(x.style.miterLimit) == bits(y.style.miterLimit),
                  bits(x.style.tolerance) == bits(y.style.tolerance), x.widths?.map(\.bitPattern) == y.widths?.map(\.bitPattern),
                  x.path.elements.count == y.path.elements.count else { return false }
            return zip(x.path.elements, y.path.elements).allSatisfy { e, f in
                PathCommand(e) == PathCommand(f) && e.points.count == f.points.count
                    && zip(e.points, f.points).allSatisfy { bits($0.x) == bits($1.x) && bits($0.y) == bits($1.y) }
            }
        case (.stamp(let x), .stamp(let y)):
            return bits(x.rect.minX) == bits(y.rect.minX) && bits(x.rect.minY) == bits(y.rect.minY)
                && bits(x.rect.maxX) == bits(y.rect.maxX) && bits(x.rect.maxY) == bits(y.rect.maxY)
                && bits(x.opacity) == bits(y.opacity) && x.image.width == y.image.width
                && x.image.height == y.image.height && x.image.pixels == y.image.pixels
        case (.text(let x), .text(let y)):
            return x.string == y.string && x.family == y.family && bits(x.size) == bits(y.size) && x.colour == y.colour
                && bits(x.position.x) == bits(y.position.x) && bits(x.position.y) == bits(y.position.y)
                && bits(x.box.width) == bits(y.box.width) && bits(x.box.height) == bits(y.box.height)
                && same(.path(x.filledPath), .path(y.filledPath))
        default:
            return false
        }
    }

    static func bits(_ v: Double) -> UInt64 { v.bitPattern }

    static func assertSame(_ a: [Drawable], _ b: [Drawable], _ message: String = "",
                           file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(a.count, b.count, "drawable count \(message)", file: file, line: line)
        for (i, (x, y)) in zip(a, b).enumerated() where !same(x, y) {
            XCTFail("drawable \(i) differs \(message): \(x) vs \(y)", file: file, line: line)
            return
        }
    }

    /// The two lists show the same drawables and undo and redo through the same states.
    static func assertSameHistory(_ a: DisplayList, _ b: DisplayList, _ message: String = "",
                                  file: StaticString = #filePath, line: UInt = #line) {
        assertSame(a.drawables, b.drawables, message, file: file, line: line)
        for direction in ["undo", "redo"] {
            var x = a, y = b
            var steps = 0
            while true {
                let moved = direction == "undo" ? (x.undo(), y.undo()) : (x.redo(), y.redo())
                XCTAssertEqual(moved.0, moved.1, "\(direction) \(steps + 1) possible in one only \(message)", file: file, line: line)
                guard moved.0 && moved.1 else { break }
                steps += 1
                assertSame(x.drawables, y.drawables, "after \(steps) x \(direction) \(message)", file: file, line: line)
            }
        }
    }

    /// A fresh empty folder under the temporary folder.
    static func makeTempFolder(_ name: String = "scrawl-doc") -> String {
        let path = NSTemporaryDirectory() + "\(name)-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func remove(_ path: String) { try? FileManager.default.removeItem(atPath: path) }

    static func write(_ bytes: [UInt8], to path: String) {
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
    }

    static func read(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map { [UInt8]($0) }
    }
}
