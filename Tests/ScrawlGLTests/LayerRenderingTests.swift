import ScrawlCore
@testable import ScrawlGL
import XCTest
import ScrawlWorkload

/// Layers in the canvas cache: a layer at 100 % draws exactly as no layers, a translucent layer is
/// composited as a group (overlaps give the pixels of one shape), hidden layers are left out, and
/// changing a layer's visibility or opacity in a cache gives the pixels of a fresh picture.
final class LayerRenderingTests: GLTestCase {
    private let canvas = CanvasSpec(width: 160, height: 100)

    private func line(_ a: Point, _ b: Point, width: Double = 12) -> Drawable {
        .path(PathDrawable(path: .polyline([a, a.lerp(b, 0.5), b]), stroke: .black, fill: nil, style: .round(width: width)))
    }

    private func picture(_ list: DisplayList, _ renderer: Renderer, in scene: SceneView? = nil) throws -> [UInt8] {
        let scene = try scene ?? SceneView(renderer: renderer, canvas: canvas, scale: 1)
        return renderer.readPixels(try XCTUnwrap(scene.canvasTarget(list, hidden: [])))
    }

    /// Drawables spread over three layers at 100 % give the bytes of the same drawables in one.
    func testLayersAtFullOpacityDrawExactlyAsOneLayer() throws {
        try withRenderer { renderer in
            let drawables = (0..<9).map { i in line(Point(10 + Double(i) * 15, 10), Point(150 - Double(i) * 12, 90), width: 3 + Double(i)) }
            var layered = DisplayList()
            layered.append(Array(drawables[0..<3]))
            let b = layered.addLayer(above: .first)!
            layered.append(Array(drawables[3..<6]), to: b)
            let c = layered.addLayer(above: b)!
            layered.append(Array(drawables[6..<9]), to: c)
            XCTAssertEqual(layered.drawables, drawables)
            XCTAssertEqual(try picture(layered, renderer), try picture(DisplayList(drawables: drawables), renderer))
        }
    }

    /// Two overlapping opaque strokes on a layer at 50 %: every pixel is the flat picture's half
    /// blended with the page, so the overlap is no darker than either stroke.
    func testATranslucentLayerIsCompositedAsOneShape() throws {
        try withRenderer { renderer in
            let drawables = [line(Point(20, 50), Point(140, 50)), line(Point(80, 10), Point(80, 90))]
            var list = DisplayList(drawables: drawables)
            list.updateLayer(.first) { $0.opacity = 0.5 }
            let half = try picture(list, renderer), flat = try picture(DisplayList(drawables: drawables), renderer)
            var worst = 0
            for i in stride(from: 0, to: flat.count, by: 4) {
                for c in 0..<3 {
                    let expected = (255 + Int(flat[i + c])) / 2  // black at coverage a over white, at 50 %
                    worst = max(worst, abs(Int(half[i + c]) - expected))
                }
            }
            XCTAssertLessThanOrEqual(worst, 1)
            let at = { (x: Int, y: Int) in Int(half[(y * 160 + x) * 4]) }
            XCTAssertEqual(at(80, 50), at(40, 50), "the overlap is as light as one stroke")
            XCTAssertEqual(at(40, 50), 127, accuracy: 1)
        }
    }

    /// The highlighter (darken) on a layer at 50 %: it darkens what its layer holds and, where the
    /// layer is empty, shows its colour, composited at half: half the flat picture over the page.
    func testTheHighlighterShowsOnATranslucentLayer() throws {
        try withRenderer { renderer in
            let yellow = Color(r: 255, g: 235, b: 59)
            let marker = Drawable.path(PathDrawable(path: .polyline([Point(20, 50), Point(80, 50), Point(140, 50)]), stroke: yellow,
                                                    fill: nil, style: .round(width: 16), blend: .darken))
            let drawables = [line(Point(80, 10), Point(80, 90), width: 4), marker]
            var list = DisplayList(drawables: drawables)
            list.updateLayer(.first) { $0.opacity = 0.5 }
            let half = try picture(list, renderer), flat = try picture(DisplayList(drawables: drawables), renderer)
            var worst = 0
            for i in stride(from: 0, to: flat.count, by: 4) {
                for c in 0..<3 { worst = max(worst, abs(Int(half[i + c]) - (255 + Int(flat[i + c])) / 2)) }
            }
            XCTAssertLessThanOrEqual(worst, 1)
            XCTAssertEqual(Int(half[(50 * 160 + 40) * 4 + 2]), (255 + 59) / 2, accuracy: 1, "the marker shows where its layer is empty")
        }
    }

    /// Hiding, showing and fading a layer in a cache that drew it already gives the pixels of a
    /// fresh picture each time; a hidden layer is not drawn.
    func testVisibilityAndOpacityChangesMatchAFreshPicture() throws {
        try withRenderer { renderer in
            let scene = try SceneView(renderer: renderer, canvas: canvas, scale: 1)
            var list = DisplayList()
            list.append([line(Point(10, 20), Point(150, 20)), line(Point(10, 80), Point(150, 30))])
            let top = list.addLayer(above: .first)!
            list.append([line(Point(40, 5), Point(40, 95)), line(Point(30, 90), Point(120, 10))], to: top)
            func fresh() throws -> [UInt8] {
                let copy = DisplayList(layers: list.layers.map { l in (l, list.items(of: l.id).map(\.drawable)) })
                return try picture(copy, renderer)
            }
            _ = try picture(list, renderer, in: scene)
            list.updateLayer(top) { $0.visible = false }
            let hidden = try picture(list, renderer, in: scene)
            XCTAssertEqual(hidden, try fresh(), "hidden")
            XCTAssertEqual(hidden, try picture(DisplayList(drawables: Array(list.drawables.prefix(2))), renderer), "only the bottom layer")
            list.updateLayer(top) { $0.visible = true; $0.opacity = 0.4 }
            XCTAssertEqual(try picture(list, renderer, in: scene), try fresh(), "shown at 40 %")
            list.append([line(Point(10, 50), Point(150, 50))], to: top)
            XCTAssertEqual(try picture(list, renderer, in: scene), try fresh(), "a stroke added to the translucent layer")
            list.updateLayer(.first) { $0.opacity = 0.7 }
            list.undo()
            list.undo()
            XCTAssertEqual(try picture(list, renderer, in: scene), try fresh(), "after undoing")
        }
    }
}
