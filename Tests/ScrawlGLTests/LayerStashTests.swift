import ScrawlCore
@testable import ScrawlGL
import XCTest

/// The window's tiles stashed when a layer is shown or hidden (`StyleStash`): turning the layer
/// back swaps them in, drawing no drawable, with the pixels of a fresh cache; edits, another
/// layer's style and a pan meanwhile are marked out of date in the stash too, so the picture after
/// the swap is still exact; a reorder drops it, and it holds only the tiles a frame showed.
final class LayerStashTests: GLTestCase {
    private let area = PixelRect(x: 0, y: 0, width: 200, height: 120)
    private let view = ViewTransform(scale: 1, translation: .zero)

    /// The canvas synced with `list` and filled as the window does (its budget), frames until it
    /// has no background work left (`settled`) or just the first one; its picture.
    private func picture(_ canvas: TiledCanvas, _ list: DisplayList, view: ViewTransform, settled: Bool = true,
                         _ renderer: Renderer) throws -> [UInt8] {
        canvas.sync(list)
        var complete = canvas.fill(view, area: area, budget: WindowScene.defaultFillBudget), frames = 0
        if !settled { XCTAssertTrue(complete, "one frame") }
        while settled && (!complete || canvas.hasBackgroundWork) && frames < 100 {
            canvas.sync(list)
            complete = canvas.fill(view, area: area, budget: WindowScene.defaultFillBudget)
            frames += 1
        }
        XCTAssertTrue(complete)
        let target = try RenderTarget(width: area.width, height: area.height)
        canvas.compose(view, into: target, area: area)
        return renderer.readPixels(target)
    }

    private func fresh(_ list: DisplayList, view: ViewTransform, _ renderer: Renderer) throws -> [UInt8] {
        let copy = DisplayList(layers: list.layers.map { l in (l, list.items(of: l.id).map(\.drawable)) })
        return try picture(TiledCanvas(renderer: renderer, background: .white, tileSize: 64), copy, view: view, renderer)
    }

    private func worst(_ a: [UInt8], _ b: [UInt8]) -> Int { zip(a, b).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) } }

    // A split's picture (composed from its parts) differs from the whole canvas by a unit or two
    // of rounding per channel; the stashed tiles are the whole canvas's own.
    private let tolerance = 2

    func testTurningALayerBackSwapsTheStashInAndDrawsNothing() throws {
        try withRenderer { renderer in
            var (list, middle, _) = LayerTestDrawing.threeLayers()
            let canvas = TiledCanvas(renderer: renderer, background: .white, tileSize: 64)
            let shown = try picture(canvas, list, view: view, renderer)
            list.updateLayer(middle) { $0.visible = false }
            let hidden = try picture(canvas, list, view: view, renderer)
            XCTAssertLessThanOrEqual(worst(hidden, try fresh(list, view: view, renderer)), tolerance)
            XCTAssertEqual(canvas.stash?.layer, middle)
            XCTAssertEqual(canvas.stash?.style, LayerStyle(visible: true, opacity: 1))
            for round in 0..<3 {
                var drawn = canvas.tilesRendered
                list.updateLayer(middle) { $0.visible = true }
                XCTAssertEqual(try picture(canvas, list, view: view, settled: false, renderer), shown, "shown, round \(round)")
                XCTAssertNil(canvas.shownSplit(view, area: area), "the stashed tiles are up to date: no split shown")
                XCTAssertEqual(canvas.tilesRendered, drawn, "showing the layer again draws no tile, round \(round)")
                _ = try picture(canvas, list, view: view, renderer)  // idle frames: the split's parts catch up
                drawn = canvas.tilesRendered
                list.updateLayer(middle) { $0.visible = false }
                XCTAssertEqual(try picture(canvas, list, view: view, settled: false, renderer), hidden, "hidden, round \(round)")
                XCTAssertEqual(canvas.tilesRendered, drawn, "hiding it again draws no tile, round \(round)")
                _ = try picture(canvas, list, view: view, renderer)
            }
        }
    }

    /// A hidden layer's opacity changes none of its pixels: hiding it again after its opacity
    /// changed finds the stashed tiles of it hidden.
    func testAHiddenStyleMatchesWhateverTheOpacity() throws {
        try withRenderer { renderer in
            var (list, middle, _) = LayerTestDrawing.threeLayers()
            let canvas = TiledCanvas(renderer: renderer, background: .white, tileSize: 64)
            _ = try picture(canvas, list, view: view, renderer)
            list.updateLayer(middle) { $0.visible = false }
            let hidden = try picture(canvas, list, view: view, renderer)
            list.updateLayer(middle) { $0.visible = true }
            _ = try picture(canvas, list, view: view, renderer)
            list.updateLayer(middle) { $0.opacity = 0.5 }
            _ = try picture(canvas, list, view: view, renderer)
            let drawn = canvas.tilesRendered
            list.updateLayer(middle) { $0.visible = false }
            XCTAssertEqual(try picture(canvas, list, view: view, settled: false, renderer), hidden)
            XCTAssertEqual(canvas.tilesRendered, drawn, "the stashed tiles of the layer hidden are swapped in")
            XCTAssertEqual(LayerStyle(visible: false, opacity: 1), LayerStyle(visible: false, opacity: 0.5))
            XCTAssertNotEqual(LayerStyle(visible: true, opacity: 1), LayerStyle(visible: true, opacity: 0.5))
        }
    }

    func testEditsAnotherLayersStyleAndAPanWhileHiddenStayExactAfterTheSwap() throws {
        try withRenderer { renderer in
            var (list, middle, top) = LayerTestDrawing.threeLayers()
            let canvas = TiledCanvas(renderer: renderer, background: .white, tileSize: 64)
            var view = self.view
            func check(_ what: String) throws {
                XCTAssertLessThanOrEqual(worst(try picture(canvas, list, view: view, renderer), try fresh(list, view: view, renderer)),
                                         tolerance, what)
            }
            try check("before")
            list.updateLayer(top) { $0.visible = false }
            try check("top hidden")
            // While it is hidden: a stroke on the bottom layer, one on the top layer, an undo, the
            // middle layer's opacity, a pan.
            list.append([LayerTestDrawing.line(Point(30, 110), Point(170, 50), width: 12, color: Color(r: 90, g: 0, b: 90))], to: .first)
            try check("a stroke on the bottom layer")
            list.append([LayerTestDrawing.line(Point(5, 60), Point(195, 65), width: 6)], to: top)
            try check("a stroke on the hidden layer")
            _ = list.undo()
            try check("undone")
            list.updateLayer(middle) { $0.opacity = 0.4 }
            try check("middle at 40 %")
            view = ViewTransform(scale: 1, translation: Point(-37, 11))
            try check("panned")
            list.updateLayer(top) { $0.visible = true }
            try check("top shown again")
            list.updateLayer(top) { $0.visible = false }
            try check("top hidden again")
            view = self.view
            list.updateLayer(top) { $0.visible = true }
            try check("shown again, panned back")
        }
    }

    func testAReorderDropsTheStashAndItHoldsOnlyTheTilesAFrameShowed() throws {
        try withRenderer { renderer in
            var (list, middle, _) = LayerTestDrawing.threeLayers()
            let canvas = TiledCanvas(renderer: renderer, background: .white, tileSize: 64)
            // Tiles at another scale and place first: the stash leaves them out.
            _ = try picture(canvas, list, view: ViewTransform(scale: 2, translation: Point(-150, -40)), renderer)
            _ = try picture(canvas, list, view: view, renderer)
            list.updateLayer(middle) { $0.visible = false }
            _ = try picture(canvas, list, view: view, renderer)
            XCTAssertEqual(canvas.stash?.cache.tiles.count, canvas.visibleTiles(view, area: area).count)
            XCTAssertLessThan(canvas.stash!.cache.tiles.count, canvas.cache.tiles.count)
            XCTAssertTrue(list.moveLayer(middle, by: 1))
            XCTAssertLessThanOrEqual(worst(try picture(canvas, list, view: view, renderer), try fresh(list, view: view, renderer)), tolerance)
            XCTAssertNil(canvas.stash, "reordered: the stashed tiles show another stacking")
            list.updateLayer(middle) { $0.visible = true }
            XCTAssertLessThanOrEqual(worst(try picture(canvas, list, view: view, renderer), try fresh(list, view: view, renderer)), tolerance)
        }
    }
}
