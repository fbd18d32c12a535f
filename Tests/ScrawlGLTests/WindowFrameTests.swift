import ScrawlCore
@testable import ScrawlGL
import XCTest

/// The window scene's frames while tiles fill after a zoom: a frame that shows what the last one
/// showed may be handed out again as a copy, so every test here changes one thing the frame shows
/// (the bars, the drawing, a live stroke) in the middle of a fill and looks for it in the pixels.
final class WindowFrameTests: GLTestCase {
    private let page = CanvasSpec(width: 400, height: 300)
    private let size = (width: 400, height: 388)  // the page's rows and both bars at content scale 1

    /// Strokes over the whole page, enough that a one-chunk budget leaves the fill unfinished.
    private func strokes(_ n: Int, seed: UInt64) -> [Drawable] {
        var rng = SplitMix64(seed: seed)
        func r() -> Double { Double(rng.next() % 1_000_000) / 1_000_000 }
        return (0..<n).map { k in
            let start = Point(r() * page.width, r() * page.height)
            let path = Path.polyline((0..<5).map { j in start + Point(Double(j) * 9 * (r() - 0.3), Double(j) * 7 * (r() - 0.5)) })
            let colors: [Color] = [.red, .blue, .green, Color(r: 0, g: 0, b: 0, a: 128)]
            return .path(PathDrawable(path: path, stroke: colors[k % 4], fill: nil, style: .round(width: 1 + r() * 6)))
        }
    }

    /// A scene settled at 100 % with every tile drawn, then zoomed in with a zero fill budget (one
    /// chunk of drawables a frame), its first frame drawn: the fill is not finished.
    private func zoomingScene(_ renderer: Renderer, _ editor: Editor, frame: RenderTarget) -> (WindowScene, Viewport) {
        let scene = WindowScene(renderer: renderer, canvas: page, contentScale: 1)
        scene.fillBudget = nil
        scene.render(editor, viewport: Viewport(), into: frame, barsShown: true)
        scene.fillBudget = 0
        let zoomed = Viewport().zoomed(by: Viewport.zoomStep, aboutWindow: Point(200, 150))
        scene.render(editor, viewport: zoomed, into: frame, barsShown: true)
        return (scene, zoomed)
    }

    /// Rows `rows` of `pixels` (a frame `size.width` wide).
    private func rows(_ pixels: [UInt8], _ rows: Range<Int>) -> ArraySlice<UInt8> {
        pixels[(rows.lowerBound * size.width * 4)..<(rows.upperBound * size.width * 4)]
    }

    func testFramesWhileTilesFillShowTheBarsAsTheyAreNow() throws {
        try withRenderer { renderer in
            let editor = Editor(canvas: page, seed: 0, stampImage: .defaultStamp, drawables: strokes(400, seed: 1))
            let frame = try RenderTarget(width: size.width, height: size.height)
            let (scene, zoomed) = zoomingScene(renderer, editor, frame: frame)
            scene.render(editor, viewport: zoomed, into: frame, barsShown: true)
            let before = renderer.readPixels(frame)
            let hover = BarStatus(hover: .tool(.eraser))
            scene.render(editor, viewport: zoomed, into: frame, barsShown: true, status: hover)
            XCTAssertFalse(scene.isComplete, "the fill is still going")
            let after = renderer.readPixels(frame)
            // The bars as a scene that has drawn nothing before draws them with the same status.
            let reference = WindowScene(renderer: renderer, canvas: page, contentScale: 1)
            let referenceFrame = try RenderTarget(width: size.width, height: size.height)
            reference.render(editor, viewport: zoomed, into: referenceFrame, barsShown: true, status: hover)
            let expected = renderer.readPixels(referenceFrame)
            let bar = scene.barPixels, shapeBar = (size.height - bar)..<size.height
            XCTAssertTrue(rows(before, shapeBar) != rows(after, shapeBar), "the hovered tool shows at once")
            XCTAssertTrue(rows(after, shapeBar) == rows(expected, shapeBar), "the shape bar as drawn afresh")
            XCTAssertTrue(rows(after, 0..<bar) == rows(expected, 0..<bar), "the colour bar as drawn afresh")
            // Back to no hover: the frame shows the bars as they were.
            scene.render(editor, viewport: zoomed, into: frame, barsShown: true)
            XCTAssertTrue(rows(renderer.readPixels(frame), shapeBar) == rows(before, shapeBar), "the bars as before")
        }
    }

    func testAStrokeCommittedOrDrawnWhileTilesFillShowsAtOnce() throws {
        try withRenderer { renderer in
            let editor = Editor(canvas: page, seed: 0, stampImage: .defaultStamp, drawables: strokes(400, seed: 2))
            let frame = try RenderTarget(width: size.width, height: size.height)
            let (scene, zoomed) = zoomingScene(renderer, editor, frame: frame)
            scene.render(editor, viewport: zoomed, into: frame, barsShown: true)
            // A wide black line across the middle of the view, committed, then a live one below it.
            let view = scene.canvasView(zoomed, barsShown: true)
            func blackAt(_ p: Point) -> Bool {
                let d = view.apply(p), px = renderer.readPixels(frame, x: Int(d.x), y: Int(d.y), width: 1, height: 1)
                return px[0] < 20 && px[1] < 20 && px[2] < 20 && px[3] == 255
            }
            let line = Drawable.path(PathDrawable(path: .polyline([Point(100, 150), Point(300, 150)]), stroke: .black,
                                                  fill: nil, style: .round(width: 16)))
            XCTAssertFalse(blackAt(Point(200, 150)) && blackAt(Point(150, 150)), "not black before")
            editor.commit(line)
            scene.render(editor, viewport: zoomed, into: frame, barsShown: true)
            XCTAssertFalse(scene.isComplete, "the fill is still going")
            XCTAssertTrue(blackAt(Point(200, 150)) && blackAt(Point(150, 150)), "the committed stroke shows")
            // A live Pencil stroke along row 200 shows, and is gone once cancelled.
            func row(_ y: Double) -> [UInt8] {
                let d = view.apply(Point(0, y))
                return renderer.readPixels(frame, x: 0, y: Int(d.y), width: size.width, height: 1)
            }
            let plain = row(200)
            editor.handle(.touches([Touch(id: 0, phase: .began, location: Point(120, 200))]))
            editor.handle(.touches([Touch(id: 0, phase: .moved, location: Point(280, 200))]))
            scene.render(editor, viewport: zoomed, into: frame, barsShown: true)
            XCTAssertTrue(row(200) != plain, "the live stroke shows")
            editor.handle(.touches([Touch(id: 0, phase: .cancelled, location: Point(280, 200))]))
            scene.render(editor, viewport: zoomed, into: frame, barsShown: true)
            XCTAssertFalse(scene.isComplete, "the fill is still going")
            XCTAssertTrue(row(200) == plain, "the cancelled stroke is gone")
        }
    }

    /// Once the fill is done, a frame handed out again is the frame drawn in full, byte for byte,
    /// and a frame of another size is drawn at its own size.
    func testAFrameShownAgainEqualsTheFrameDrawnInFull() throws {
        try withRenderer { renderer in
            let editor = Editor(canvas: page, seed: 0, stampImage: .defaultStamp, drawables: strokes(400, seed: 3))
            let frame = try RenderTarget(width: size.width, height: size.height)
            let (scene, zoomed) = zoomingScene(renderer, editor, frame: frame)
            var frames = 0
            while !scene.isComplete && frames < 10_000 {
                scene.render(editor, viewport: zoomed, into: frame, barsShown: true)
                frames += 1
            }
            XCTAssertTrue(scene.isComplete)
            let drawn = renderer.readPixels(frame)
            for _ in 0..<3 {
                renderer.clear(frame, to: .clear)
                scene.render(editor, viewport: zoomed, into: frame, barsShown: true)
                XCTAssertTrue(renderer.readPixels(frame) == drawn, "the frame shown again is the frame drawn")
            }
            let wider = try RenderTarget(width: size.width + 40, height: size.height)
            scene.render(editor, viewport: zoomed, into: wider, barsShown: true)
            let px = renderer.readPixels(wider), far = (size.width + 20) * 4
            XCTAssertTrue(px[far..<(far + 4)] == rows(drawn, 0..<1)[0..<4], "the colour bar reaches the new width")
        }
    }

    /// Zoomed in, the page lies around the whole view and its border shows nowhere (it lies under the
    /// bars or off the frame); with the page's edge a pixel inside the view, it shows.
    func testThePageBorderShowsOnlyWhereThePageEdgeIsInView() throws {
        try withRenderer { renderer in
            let editor = Editor(canvas: page, seed: 0, stampImage: .defaultStamp, drawables: strokes(50, seed: 4))
            func frame(_ viewport: Viewport, border: Bool) throws -> [UInt8] {
                let scene = WindowScene(renderer: renderer, canvas: page, contentScale: 1)
                scene.showsPageBorder = border
                scene.fillBudget = nil
                let frame = try RenderTarget(width: size.width, height: size.height)
                scene.render(editor, viewport: viewport, into: frame, barsShown: true)
                return renderer.readPixels(frame)
            }
            let zoomed = Viewport().zoomed(by: Viewport.zoomStep, aboutWindow: Point(200, 150))
            XCTAssertTrue(try frame(zoomed, border: true) == frame(zoomed, border: false), "no border in view")
            for origin in [Point(-1, 0), Point(0, -1), Point(-3, -3)] {
                let v = Viewport(origin: origin, zoom: 1)
                XCTAssertTrue(try frame(v, border: true) != frame(v, border: false), "the border at \(origin) shows")
            }
        }
    }
}
