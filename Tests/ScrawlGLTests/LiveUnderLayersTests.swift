import ScrawlCore
@testable import ScrawlGL
import XCTest

/// A stroke being drawn on a layer under another shows under that layer's drawables, as it will
/// once committed; on the top layer, or over an empty or hidden layer, it is drawn as before.
final class LiveUnderLayersTests: GLTestCase {
    private let page = CanvasSpec(width: 200, height: 120)

    private func editor(over more: [Drawable] = []) -> Editor {
        let red = Drawable.path(PathDrawable(path: .polyline([Point(100, 5), Point(100, 60), Point(100, 115)]), stroke: .red,
                                             fill: nil, style: .round(width: 24)))
        let list = DisplayList(layers: [(Layer(id: LayerID(1), name: "Ink"), []), (Layer(id: LayerID(2), name: "Over"), [red] + more)])
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

    /// A function rendering `editor`'s window frame (canvas points at 100 %, no bars, no page
    /// border, tiles filled at once) and reading its pixels back.
    private func frames(of editor: Editor, _ renderer: Renderer) throws -> () -> [UInt8] {
        let scene = WindowScene(renderer: renderer, canvas: page, contentScale: 1)
        scene.fillBudget = nil
        scene.showsPageBorder = false
        let frame = try RenderTarget(width: Int(page.width), height: Int(page.height))
        return {
            scene.render(editor, viewport: Viewport(), into: frame, barsShown: false)
            return renderer.readPixels(frame)
        }
    }

    func testAStrokeOnALowerLayerShowsUnderTheLayerOverItWhileDrawn() throws {
        try withRenderer { renderer in
            let editor = editor()
            let render = try frames(of: editor, renderer)
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

    /// On a layer at 50 %, a stroke being drawn shows at 50 % (its ink faded, `Editor.liveItems`),
    /// under the layer over it, and the committed stroke (the layer composited as a group) gives the
    /// same pixels within a level: 128 / 255 for the faded ink against 0.5 for the group.
    func testAStrokeOnAFadedLayerShowsAtItsOpacityWhileDrawn() throws {
        try withRenderer { renderer in
            let editor = editor()
            _ = editor.apply(.opacity(0.5))
            let render = try frames(of: editor, renderer)
            _ = render()
            editor.handle(.touches([Touch(id: 0, phase: .began, location: Point(10, 60))]))
            for x in stride(from: 14.0, through: 190, by: 4) { editor.handle(.touches([Touch(id: 0, phase: .moved, location: Point(x, 60))])) }
            _ = render()
            let live = render()
            editor.handle(.touches([Touch(id: 0, phase: .ended, location: Point(190, 60))]))
            let committed = render()
            for x in [30.0, 60, 150] {
                let a = pixel(live, Point(x, 60)), b = pixel(committed, Point(x, 60))
                XCTAssertEqual(Int(b[0]), 127, accuracy: 1, "committed: black at 50 % over white, x \(x)")
                for c in 0..<4 { XCTAssertEqual(Int(a[c]), Int(b[c]), accuracy: 1, "live against committed, x \(x)") }
            }
            XCTAssertEqual(pixel(live, Point(100, 60)), [255, 0, 0, 255], "the upper layer's red over the live stroke")
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

    /// Each frame redraws only the stroke's tail under the layer over it (its frozen part kept in a
    /// picture with that layer composited over it): frame for frame, the bytes of compositing the
    /// layer over all of the live stroke's bounds, through a long stroke that crosses itself and
    /// the upper layer's stroke many times, and a translucent stroke on the upper layer.
    func testFramesThatRedrawOnlyTheTailEqualFramesThatRedrawTheWholeStroke() throws {
        try withRenderer { renderer in
            let green = Drawable.path(PathDrawable(path: .polyline([Point(5, 30), Point(100, 90), Point(195, 30)]),
                                                   stroke: Color(r: 0, g: 150, b: 0, a: 140), fill: nil, style: .round(width: 18)))
            let editor = editor(over: [green])
            func scene() -> WindowScene {
                let s = WindowScene(renderer: renderer, canvas: page, contentScale: 1)
                s.fillBudget = nil
                s.showsPageBorder = false
                return s
            }
            let tailOnly = scene(), whole = scene()
            whole.drawsUnderIncrementally = false
            let a = try RenderTarget(width: Int(page.width), height: Int(page.height))
            let b = try RenderTarget(width: Int(page.width), height: Int(page.height))
            func frames(_ what: String) {
                tailOnly.render(editor, viewport: Viewport(), into: a, barsShown: false)
                whole.render(editor, viewport: Viewport(), into: b, barsShown: false)
                XCTAssertEqual(renderer.readPixels(a), renderer.readPixels(b), what)
            }
            editor.handle(.touches([Touch(id: 0, phase: .began, location: Point(10, 60))]))
            frames("began")
            frames("the split filled")
            for i in 1...160 {
                let t = Double(i)
                editor.handle(.touches([Touch(id: 0, phase: .moved, location: Point(100 + 85 * sin(t / 9), 60 + 45 * sin(t / 5)))]))
                frames("move \(i)")
            }
            XCTAssertNotNil(tailOnly.overBaseFor, "the tail-only path was taken")
            XCTAssertGreaterThan(tailOnly.overBaseDrawn, 0, "frozen triangles were folded into the kept picture")
            editor.handle(.touches([Touch(id: 0, phase: .ended, location: Point(100, 60))]))
            frames("ended")
        }
    }
}
