import Foundation
import XCTest
@testable import ScrawlCore
@testable import ScrawlStorage

/// Layers in SVG: one `<g>` per shown layer with its opacity (hidden layers left out), which
/// rsvg-convert composites as a group, as Scrawl does; a one-layer drawing has no `<g>`.
final class LayerExportTests: XCTestCase {
    private static let rsvg = "/usr/bin/rsvg-convert"
    private let canvas = CanvasSpec(width: 200, height: 100)

    private func line(_ a: Point, _ b: Point) -> Drawable {
        DocTest.path([.move(a), .line(b)], stroke: .black, style: .round(width: 16))
    }

    /// Crossing strokes on a 50 % layer, a stroke on a hidden layer above.
    private func document() -> Document {
        var list = DisplayList()
        list.append([line(Point(20, 50), Point(180, 50)), line(Point(100, 10), Point(100, 90))])
        list.updateLayer(.first) { $0.opacity = 0.5; $0.name = "Ink & <wash>" }
        let top = list.addLayer(above: .first, name: "Notes")!
        list.append([line(Point(20, 20), Point(180, 20))], to: top)
        list.updateLayer(top) { $0.visible = false }
        return Document(canvas: canvas, items: list.items, layers: list.layers)
    }

    func testEachShownLayerIsOneGroupWithItsOpacity() throws {
        let svg = try SVGExporter.svg(document())
        XCTAssertTrue(svg.contains(#"<g id="layer-1" opacity="0.5"><title>Ink &amp; &lt;wash&gt;</title>"#), svg)
        XCTAssertEqual(svg.components(separatedBy: "<g ").count - 1, 1, "the hidden layer is left out")
        XCTAssertEqual(svg.components(separatedBy: "<path ").count - 1, 2)
        XCTAssertFalse(try SVGExporter.svg(Document(canvas: canvas, drawables: [line(Point(1, 1), Point(9, 9))])).contains("<g"))
    }

    func testRsvgCompositesTheLayerAsOneShape() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.rsvg) else { throw XCTSkip("rsvg-convert is missing") }
        let folder = DocTest.makeTempFolder("scrawl-layer-svg")
        defer { DocTest.remove(folder) }
        let svgPath = folder + "/d.svg", pngPath = folder + "/d.png"
        try SVGExporter.write(document(), to: svgPath)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: Self.rsvg)
        p.arguments = ["-o", pngPath, svgPath]
        try p.run()
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0)
        let image = try PNGCodec.read(path: pngPath)
        func red(_ x: Int, _ y: Int) -> Int { Int(image.pixels[(y * image.width + x) * 4]) }
        XCTAssertEqual(red(100, 50), red(60, 50), "the overlap is as light as one stroke")
        XCTAssertEqual(red(60, 50), 127, accuracy: 1)
        XCTAssertEqual(red(60, 20), 255, "the hidden layer's stroke is not drawn")
    }
}
