import Foundation
import XCTest
@testable import ScrawlCore
@testable import ScrawlStorage

/// SVG export of strokes with per-node widths: one filled outline `<path>`, and rsvg-convert's
/// rendering of it against a CPU rasterisation of the exact shape.
///
/// Why a CPU reference rather than Scrawl's PNG: the comparison checks the exporter's outline
/// (tangent lines, arcs, degenerate segments, one orientation for every subpath), so it is made
/// against the shape's definition itself, the union of the node discs and the segment hulls,
/// rasterised by supersampling (16 x 16 samples a pixel). How the GL renderer draws that shape is
/// the tessellator's own test; the renderer-against-rsvg comparison (`DocumentRenderTests`) covers
/// documents the tools make.
final class DocumentSVGWidthsTests: XCTestCase {
    private static let rsvg = "/usr/bin/rsvg-convert"

    /// A stroke with lines, a cubic, a node whose disc holds the next one's, a zero-width node, a
    /// lone dot and a closed subpath.
    static func sampleStroke(stroke: Color) -> PathDrawable {
        var path = Path()
        path.move(to: Point(20, 30))
        path.line(to: Point(70, 40))
        path.cubic(Point(100, 0), Point(130, 110), to: Point(160, 60))
        path.line(to: Point(163, 62))
        path.line(to: Point(180, 100))
        path.move(to: Point(30, 95))
        path.move(to: Point(60, 80))
        path.line(to: Point(100, 85))
        path.line(to: Point(80, 110))
        path.close()
        let widths: [Float] = [4, 18, 10, 26, 0, 14, 3, 9, 6]
        return PathDrawable(path: path, stroke: stroke, fill: nil, style: .round(width: 4), widths: widths)
    }

    func testAVaryingStrokeIsOneFilledOutline() throws {
        let d = Self.sampleStroke(stroke: Color(r: 0, g: 0, b: 255, a: 128))
        let svg = try SVGExporter.svg(Document(canvas: CanvasSpec(width: 200, height: 120), drawables: [.path(d)]))
        let paths = svg.components(separatedBy: "<path ").dropFirst()
        XCTAssertEqual(paths.count, 1, svg)
        let element = try XCTUnwrap(paths.first)
        XCTAssertTrue(element.contains(##"fill="#0000ff" fill-opacity="0.502" fill-rule="nonzero"/>"##), element)
        XCTAssertFalse(element.contains("stroke"), element)
        XCTAssertTrue(element.contains("A"), "arcs of the end discs")
        // With a fill, the fill is its own plain path under the outline.
        var filled = d
        filled.fill = .yellow
        let both = try SVGExporter.svg(Document(drawables: [.path(filled)]))
        XCTAssertEqual(both.components(separatedBy: "<path ").count - 1, 2)
        XCTAssertLessThan(try XCTUnwrap(both.range(of: "#ffff00")).lowerBound, try XCTUnwrap(both.range(of: "#0000ff")).lowerBound)
    }

    /// rsvg-convert of the outline matches the supersampled shape: mean |difference| under 0.75
    /// levels (the tolerance `DocumentRenderTests` uses), no pixel off by more than 24 (edges only:
    /// the two antialias differently; a missing or extra hull or disc, or a subpath the other way
    /// round, leaves a hole or blob hundreds of levels off).
    func testRSVGMatchesTheShape() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.rsvg) else {
            throw XCTSkip("rsvg-convert is missing (make test installs librsvg2-bin)")
        }
        let colour = Color(r: 20, g: 60, b: 200, a: 191)
        let d = Self.sampleStroke(stroke: colour)
        for scale in [1.0, 2.0] {
            let image = try render(d, canvas: CanvasSpec(width: 200, height: 120), scale: scale)
            let reference = Self.rasterise(d, width: image.width, height: image.height, scale: scale)
            var total = 0.0, worst = 0
            for (a, b) in zip(image.pixels, reference) {
                let diff = abs(Int(a) - Int(b))
                total += Double(diff)
                worst = max(worst, diff)
            }
            let mean = total / Double(reference.count)
            XCTAssertLessThan(mean, 0.75, "scale \(scale)")
            XCTAssertLessThanOrEqual(worst, 24, "scale \(scale)")
        }
    }

    /// A translucent U-turn overlaps itself: the overlap is no darker than the rest.
    func testATranslucentStrokeDoesNotDarkenWhereItOverlapsItself() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.rsvg) else {
            throw XCTSkip("rsvg-convert is missing (make test installs librsvg2-bin)")
        }
        var path = Path.polyline([Point(20, 40), Point(150, 40), Point(160, 50), Point(150, 60), Point(20, 62)])
        path.line(to: Point(60, 50))
        let d = PathDrawable(path: path, stroke: Color(r: 0, g: 0, b: 0, a: 128), fill: nil, style: .round(width: 8),
                             widths: [6, 16, 20, 16, 10, 12])
        let image = try render(d, canvas: CanvasSpec(width: 200, height: 100), scale: 1)
        let darkest = stride(from: 0, to: image.pixels.count, by: 4).map { Int(image.pixels[$0]) }.min() ?? 255
        XCTAssertEqual(255 - darkest, 128, accuracy: 2, "the stroke's alpha once, not twice where it overlaps")
    }

    private func render(_ d: PathDrawable, canvas: CanvasSpec, scale: Double) throws -> RasterImage {
        let folder = DocTest.makeTempFolder("scrawl-svg-widths")
        defer { DocTest.remove(folder) }
        let svgPath = folder + "/w.svg", pngPath = folder + "/w.png"
        try Data(SVGExporter.svgData(Document(canvas: canvas, drawables: [.path(d)]))).write(to: URL(fileURLWithPath: svgPath))
        let p = Process()
        p.executableURL = URL(fileURLWithPath: Self.rsvg)
        p.arguments = ["--zoom", JSONWriter.format(scale), "-o", pngPath, svgPath]
        try p.run()
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0)
        return try PNGCodec.read(path: pngPath)
    }

    /// The stroke over a white page, straight "over", coverage by 16 x 16 samples a pixel of the
    /// exact shape (curves flattened to 0.01 points).
    static func rasterise(_ d: PathDrawable, width: Int, height: Int, scale: Double) -> [UInt8] {
        let lines = d.path.flattened(widths: d.widths!, tolerance: 0.01)
        let colour = d.stroke!, alpha = Double(colour.a) / 255, n = 16
        var out = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let centre = Point((Double(x) + 0.5) / scale, (Double(y) + 0.5) / scale)
                // Pixels more than a pixel from the shape, or deep inside it, need no samples.
                let distance = lines.reduce(Double.infinity) { min($0, $1.signedDistance(to: centre)) }
                var coverage: Double
                if distance > 1 / scale { continue } else if distance < -1 / scale { coverage = 1 } else {
                    var inside = 0
                    for j in 0..<n {
                        for i in 0..<n {
                            let p = Point((Double(x) + (Double(i) + 0.5) / Double(n)) / scale,
                                          (Double(y) + (Double(j) + 0.5) / Double(n)) / scale)
                            if lines.contains(where: { $0.signedDistance(to: p) <= 0 }) { inside += 1 }
                        }
                    }
                    coverage = Double(inside) / Double(n * n)
                }
                let a = alpha * coverage, k = (y * width + x) * 4
                for (c, v) in [colour.r, colour.g, colour.b].enumerated() {
                    out[k + c] = UInt8((255 * (1 - a) + Double(v) * a).rounded())
                }
            }
        }
        return out
    }
}
