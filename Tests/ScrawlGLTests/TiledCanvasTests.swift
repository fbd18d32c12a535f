import ScrawlCore
@testable import ScrawlGL
import XCTest

/// The tiled canvas of the window: the composed view equals a fresh render of the same region,
/// after commits, undo, redo and clear; far from the origin at zoom 64; and while tiles fill.
final class TiledCanvasTests: GLTestCase {
    private let page = CanvasSpec(width: 300, height: 200)

    private func stroke(_ points: [Point], width: Double = 6, color: Color = .blue, fill: Color? = nil) -> Drawable {
        var path = Path()
        path.move(to: points[0])
        for p in points.dropFirst() { path.line(to: p) }
        return .path(PathDrawable(path: path, stroke: color, fill: fill, style: .round(width: width)))
    }

    /// Random strokes spread over `region`.
    private func strokes(_ n: Int, in region: Rect, seed: UInt64) -> [Drawable] {
        var rng = SplitMix64(seed: seed)
        func r() -> Double { Double(rng.next() % 1_000_000) / 1_000_000 }
        return (0..<n).map { k in
            let start = Point(region.minX + r() * region.width, region.minY + r() * region.height)
            let pts = (0..<6).map { j in start + Point(Double(j) * 23 * (r() - 0.3), Double(j) * 17 * (r() - 0.5)) }
            let colors: [Color] = [.red, .blue, .green, Color(r: 0, g: 0, b: 0, a: 128)]
            return stroke(pts, width: 1 + r() * 12, color: colors[k % 4])
        }
    }

    /// The canvas rows of a window scene's frame for `viewport`, bars hidden, fully filled.
    private func windowPixels(_ scene: WindowScene, _ editor: Editor, _ viewport: Viewport, size: (Int, Int)) throws -> [UInt8] {
        let frame = try RenderTarget(width: size.0, height: size.1)
        scene.fillBudget = nil
        scene.render(editor, viewport: viewport, into: frame, barsShown: false)
        XCTAssertTrue(scene.isComplete)
        return scene.renderer.readPixels(frame)
    }

    /// A fresh render (one target, `SceneView`) of the canvas rectangle `viewport` shows.
    private func freshPixels(_ renderer: Renderer, _ drawables: [Drawable], _ viewport: Viewport, size: (Int, Int)) throws -> [UInt8] {
        let spec = CanvasSpec(width: Double(size.0) / viewport.zoom, height: Double(size.1) / viewport.zoom, background: page.background)
        let editor = Editor(canvas: spec, seed: 0, stampImage: .defaultStamp,
                            drawables: drawables.map { $0.translated(by: Point(-viewport.origin.x, -viewport.origin.y)) })
        let scene = try SceneView(renderer: renderer, canvas: spec, scale: viewport.zoom)
        let frame = try RenderTarget(width: size.0, height: size.1)
        scene.render(editor, into: frame, barsShown: false)
        return renderer.readPixels(frame)
    }

    private func maxDifference(_ a: [UInt8], _ b: [UInt8]) -> Int {
        guard a.count == b.count else { return .max }
        return zip(a, b).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }
    }

    /// The page border lies just outside the page: a frame showing exactly the page never shows it.
    func testSettledViewEqualsFreshRenderAtSeveralZooms() throws {
        try withRenderer { renderer in
            let drawables = strokes(60, in: Rect(x: -100, y: -50, width: 500, height: 300), seed: 1)
            let editor = Editor(canvas: page, seed: 0, stampImage: .defaultStamp, drawables: drawables)
            let scene = WindowScene(renderer: renderer, canvas: page, contentScale: 1)
            scene.showsPageBorder = false
            for (origin, zoom) in [(Point(0, 0), 1.0), (Point(-40, -30), 2.0), (Point(14, 8), 0.5), (Point(10.25, -3.5), 4.0), (Point(50, 20), 4.0)] {
                let v = Viewport(origin: origin, zoom: zoom)
                let a = try windowPixels(scene, editor, v, size: (300, 200))
                let b = try freshPixels(renderer, drawables, v, size: (300, 200))
                // Views whose origin lands on whole device pixels (the window snaps them so). Same
                // meshes; only the mesh anchors' Float rounding may differ: ±2 per channel.
                XCTAssertLessThanOrEqual(maxDifference(a, b), 2, "view at \(origin) zoom \(zoom)")
            }
        }
    }

    func testCommitUndoRedoClearMatchFreshRender() throws {
        try withRenderer { renderer in
            let editor = Editor(canvas: page, seed: 0, stampImage: .defaultStamp)
            let scene = WindowScene(renderer: renderer, canvas: page, contentScale: 1)
            scene.showsPageBorder = false
            let views = [Viewport(origin: .zero, zoom: 1), Viewport(origin: Point(20, 10), zoom: 2)]
            // Cache both levels first, so commits must draw into existing tiles of each.
            for v in views { _ = try windowPixels(scene, editor, v, size: (300, 200)) }
            func check(_ what: String) throws {
                for v in views {
                    let a = try windowPixels(scene, editor, v, size: (300, 200))
                    let b = try freshPixels(renderer, editor.displayList.drawables, v, size: (300, 200))
                    XCTAssertLessThanOrEqual(maxDifference(a, b), 2, "\(what) at zoom \(v.zoom)")
                }
            }
            for d in strokes(12, in: Rect(x: 0, y: 0, width: 300, height: 200), seed: 2) { editor.commit(d) }
            try check("after commits")
            let rendered = scene.tiles.tilesRendered
            editor.undo(); editor.undo()
            try check("after undo")
            XCTAssertLessThan(scene.tiles.tilesRendered - rendered, 2 * 12, "undo re-renders only touched tiles")
            editor.redo()
            try check("after redo")
            editor.clear()
            try check("after clear")
            editor.undo()
            try check("after undoing the clear")
        }
    }

    /// A stroke near (900000, 900000) at zoom 64 looks exactly like the same stroke near the origin.
    func testPrecisionFarFromTheOrigin() throws {
        try withRenderer { renderer in
            let far = Point(900_000, -900_000)
            let local = [Point(1, 1), Point(3.3, 2.1), Point(4.7, 0.6), Point(2, 3.9)]
            func picture(at base: Point) throws -> [UInt8] {
                let editor = Editor(canvas: page, seed: 0, stampImage: .defaultStamp,
                                    drawables: [stroke(local.map { $0 + base }, width: 0.5)])
                let scene = WindowScene(renderer: renderer, canvas: page, contentScale: 1)
                return try windowPixels(scene, editor, Viewport(origin: base, zoom: 64), size: (320, 256))
            }
            let near = try picture(at: Point(0, 0)), away = try picture(at: far)
            XCTAssertTrue(near.contains { $0 < 200 }, "the stroke is drawn")
            XCTAssertLessThanOrEqual(maxDifference(near, away), 2, "no jitter or seam at ±900000")
        }
    }

    /// After a zoom, missing tiles of the new scale are stood in for by the cached scale: with a zero
    /// budget (one chunk of drawables per frame), no pixel of a canvas covered by a red fill shows
    /// the background, and the tiles complete over several frames.
    func testProgressiveFillNeverShowsBlankWhereALevelIsCached() throws {
        try withRenderer { renderer in
            var square = Path.rectangle(Rect(x: -2000, y: -2000, width: 4000, height: 4000))
            square.close()
            let cover = Drawable.path(PathDrawable(path: square, stroke: nil, fill: .red, style: StrokeOptions(width: 0)))
            let editor = Editor(canvas: page, seed: 0, stampImage: .defaultStamp,
                                drawables: [cover] + strokes(100, in: Rect(x: 0, y: 0, width: 1000, height: 800), seed: 4))
            let scene = WindowScene(renderer: renderer, canvas: page, contentScale: 1)
            _ = try windowPixels(scene, editor, Viewport(origin: Point(0, 0), zoom: 1), size: (1200, 900))
            scene.fillBudget = 0
            let frame = try RenderTarget(width: 1200, height: 900)
            scene.render(editor, viewport: Viewport(origin: Point(100, 100), zoom: 1.5), into: frame, barsShown: false)
            XCTAssertFalse(scene.isComplete, "a zero budget renders one chunk per frame")
            let px = renderer.readPixels(frame)
            let white = stride(from: 0, to: px.count, by: 4).filter { px[$0] > 250 && px[$0 + 1] > 250 && px[$0 + 2] > 250 }
            XCTAssertTrue(white.isEmpty, "\(white.count) background pixels where a cached level could stand in")
            var frames = 1
            while !scene.isComplete && frames < 100 {
                scene.render(editor, viewport: Viewport(origin: Point(100, 100), zoom: 1.5), into: frame, barsShown: false)
                frames += 1
            }
            XCTAssertTrue(scene.isComplete, "the fill completes")
            XCTAssertGreaterThan(frames, 1)
        }
    }

    /// A view whose edges cut its tiles (its corner tiles keep two strips out of date, beside and
    /// above or below the part that shows) is filled with each of its tiles drawn once, and then shows
    /// what a fresh render does.
    func testAFillDrawsEachTileOfTheViewOnce() throws {
        try withRenderer { renderer in
            let drawables = strokes(80, in: Rect(x: 0, y: 0, width: 900, height: 900), seed: 5)
            let editor = Editor(canvas: page, seed: 0, stampImage: .defaultStamp, drawables: drawables)
            let scene = WindowScene(renderer: renderer, canvas: page, contentScale: 1)
            scene.showsPageBorder = false
            let v = Viewport(origin: Point(100, 100), zoom: 1)
            let frame = try RenderTarget(width: 600, height: 500)
            let area = scene.canvasArea(width: 600, height: 500, barsShown: false)
            scene.fillBudget = nil
            scene.render(editor, viewport: v, into: frame, barsShown: false)
            XCTAssertTrue(scene.isComplete)
            let tiles = scene.tiles.visibleTiles(scene.canvasView(v, barsShown: false), area: area)
            XCTAssertEqual(tiles.count, 9, "3 x 3 tiles, all cut by the view's edges but the middle one")
            XCTAssertEqual(scene.tiles.tilesRendered, tiles.count, "each tile drawn once")
            let a = renderer.readPixels(frame)
            XCTAssertLessThanOrEqual(maxDifference(a, try freshPixels(renderer, drawables, v, size: (600, 500))), 2)
        }
    }

    /// Panning across a drawing far larger than the budget keeps the cache within it.
    func testCacheStaysWithinItsBudget() throws {
        try withRenderer { renderer in
            let editor = Editor(canvas: page, seed: 0, stampImage: .defaultStamp,
                                drawables: strokes(200, in: Rect(x: 0, y: 0, width: 6000, height: 600), seed: 3))
            let budget = 8 << 20
            let scene = WindowScene(renderer: renderer, canvas: page, contentScale: 1, tileBudgetBytes: budget)
            for step in 0..<20 {
                _ = try windowPixels(scene, editor, Viewport(origin: Point(Double(step) * 300, 0), zoom: 1), size: (600, 600))
                XCTAssertLessThanOrEqual(scene.tiles.cacheBytes, budget + 256 * 256 * 4 * 16)
            }
            XCTAssertLessThanOrEqual(scene.tiles.cacheBytes, budget)
        }
    }
}
