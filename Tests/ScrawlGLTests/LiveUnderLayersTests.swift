import ScrawlCore
@testable import ScrawlGL
import XCTest

/// A stroke being drawn on a layer under another shows under that layer's drawables, as it will
/// once committed; on the top layer, or over an empty or hidden layer, it is drawn as before.
final class LiveUnderLayersTests: GLTestCase {
    private let page = CanvasSpec(width: 200, height: 120)

    private func editor() -> Editor {
        let red = Drawable.path(PathDrawable(path: .polyline([Point(100, 5), Point(100, 60), Point(100, 115)]), stroke: .red,
                                             fill: nil, style: .round(width: 24)))
        let list = DisplayList(layers: [(Layer(id: LayerID(1), name: "Ink"), []), (Layer(id: LayerID(2), name: "Over"), [red])])
        let editor = Editor(canvas: page, seed: 1, stampImage: .defaultStamp, displayList: list)
        _ = editor.apply(.makeCurrent(0))
        for _ in 0..<4 { _ = editor.perform(KeyPress("]")) }  // a wider pen: the pixels looked at lie well inside
        return editor
    }

    /// The frame's pixel at `p` (canvas points at 100 %, no bars).
    private func pixel(_ pixels: [UInt8], _ p: Point) -> [UInt8] {
        let i = (Int(p.y) * Int(page.width) + Int(p.x)) * 4
        return Array(pixels[i..<(i + 4)])
    }

    func testAStrokeOnALowerLayerShowsUnderTheLayerOverItWhileDrawn() throws {
        try withRenderer { renderer in
            let editor = editor()
            let scene = WindowScene(renderer: renderer, canvas: page, contentScale: 1)
            scene.fillBudget = nil
            scene.showsPageBorder = false
            let frame = try RenderTarget(width: Int(page.width), height: Int(page.height))
            func render() -> [UInt8] {
                scene.render(editor, viewport: Viewport(), into: frame, barsShown: false)
                return renderer.readPixels(frame)
            }
            _ = render()
            let points = stride(from: 10.0, through: 190, by: 4).map { Point($0, 60) }
            editor.handle(.touches([Touch(id: 0, phase: .began, location: points[0])]))
            for p in points.dropFirst() { editor.handle(.touches([Touch(id: 0, phase: .moved, location: p)])) }
            _ = render()  // the split around the current layer is made and filled
            var live = render()
            XCTAssertEqual(pixel(live, Point(100, 60)), [255, 0, 0, 255], "the upper layer's red over the live stroke")
            XCTAssertEqual(pixel(live, Point(40, 60)), [0, 0, 0, 255], "the live stroke beside it")
            XCTAssertEqual(pixel(live, Point(100, 20)), [255, 0, 0, 255])
            // More of the stroke, drawn from the live layer's mesh (long strokes stream their own).
            for x in stride(from: 186.0, through: 20, by: -3) { editor.handle(.touches([Touch(id: 0, phase: .moved, location: Point(x, 70))])) }
            live = render()
            XCTAssertEqual(pixel(live, Point(100, 70)), [255, 0, 0, 255])
            XCTAssertEqual(pixel(live, Point(150, 70)), [0, 0, 0, 255])
            editor.handle(.touches([Touch(id: 0, phase: .ended, location: Point(20, 70))]))
            let committed = render()
            XCTAssertEqual(pixel(committed, Point(100, 60)), [255, 0, 0, 255], "committed: the same order")
            XCTAssertEqual(pixel(committed, Point(40, 60)), [0, 0, 0, 255])
            // The live frames and the committed one agree away from the live stroke's last tail.
            XCTAssertEqual(pixel(committed, Point(100, 70)), pixel(live, Point(100, 70)))
        }
    }

    func testOverAHiddenUpperLayerTheStrokeIsDrawnAsOnTheTop() throws {
        try withRenderer { renderer in
            let editor = editor()
            _ = editor.apply(.makeCurrent(1))
            _ = editor.apply(.visible(false))
            _ = editor.apply(.makeCurrent(0))
            let scene = WindowScene(renderer: renderer, canvas: page, contentScale: 1)
            scene.fillBudget = nil
            scene.showsPageBorder = false
            let frame = try RenderTarget(width: Int(page.width), height: Int(page.height))
            editor.handle(.touches([Touch(id: 0, phase: .began, location: Point(10, 60))]))
            for x in stride(from: 14.0, through: 190, by: 4) { editor.handle(.touches([Touch(id: 0, phase: .moved, location: Point(x, 60))])) }
            scene.render(editor, viewport: Viewport(), into: frame, barsShown: false)
            scene.render(editor, viewport: Viewport(), into: frame, barsShown: false)
            XCTAssertEqual(pixel(renderer.readPixels(frame), Point(100, 60)), [0, 0, 0, 255])
        }
    }
}
