import ScrawlCore
@testable import ScrawlGL
import XCTest

/// The window's cache split around a layer (`LayerSplit`): after a layer is hidden, shown or made
/// more or less opaque, the frame composed from the split's parts has the pixels of a fresh cache
/// of the same drawing, through further edits on every layer, undo and a pan; a change of the split
/// layer's style once its parts are filled draws no drawable again; no split is made where it could
/// not be exact (a highlighter over the layer), and one is dropped when the layers are reordered.
final class LayerSplitTests: GLTestCase {
    private let area = PixelRect(x: 0, y: 0, width: 200, height: 120)

    private func picture(_ canvas: TiledCanvas, _ list: DisplayList, view: ViewTransform, _ renderer: Renderer) throws -> [UInt8] {
        canvas.sync(list)
        XCTAssertTrue(canvas.fill(view, area: area))
        let target = try RenderTarget(width: area.width, height: area.height)
        canvas.compose(view, into: target, area: area)
        return renderer.readPixels(target)
    }

    /// A fresh cache (no split, nothing cached) of the same layers and drawables.
    private func fresh(_ list: DisplayList, view: ViewTransform, _ renderer: Renderer) throws -> [UInt8] {
        let copy = DisplayList(layers: list.layers.map { l in (l, list.items(of: l.id).map(\.drawable)) })
        return try picture(TiledCanvas(renderer: renderer, background: .white, tileSize: 64), copy, view: view, renderer)
    }

    /// The largest difference of one channel between two pictures.
    private func worst(_ a: [UInt8], _ b: [UInt8]) -> Int {
        zip(a, b).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }
    }

    // Compositing the group of a layer at 100 % over what lies below rounds to 8 bits once more
    // than drawing it straight in: a unit or two per channel, no more.
    private let tolerance = 2

    func testTheSplitGivesTheWholeCanvasPixelsThroughStyleChangesEditsAndUndo() throws {
        try withRenderer { renderer in
            var (list, middle, top) = LayerTestDrawing.threeLayers()
            let canvas = TiledCanvas(renderer: renderer, background: .white, tileSize: 64)
            canvas.catchesUp = false  // the frames composed from the split's parts
            let view = ViewTransform(scale: 1, translation: .zero)
            func check(_ what: String) throws {
                XCTAssertLessThanOrEqual(worst(try picture(canvas, list, view: view, renderer), try fresh(list, view: view, renderer)),
                                         tolerance, what)
            }
            try check("before any change")
            XCTAssertNil(canvas.split)
            list.updateLayer(middle) { $0.visible = false }
            try check("middle hidden")
            XCTAssertEqual(canvas.split?.layer, middle)
            XCTAssertNotNil(canvas.shownSplit(view, area: area))
            list.updateLayer(middle) { $0.visible = true }
            try check("middle shown")
            let drawn = canvas.tilesRendered
            var mixed: FadePictures.Key?
            for opacity in [0.8, 0.5, 0.2, 0] {
                list.updateLayer(middle) { $0.opacity = opacity }
                try check("middle at \(opacity)")
                guard opacity > 0 else { continue }
                // From the second frame of a fade on, a frame mixes the pictures without and with
                // the layer, made once (the first composes the parts).
                let key = canvas.split?.fade?.key
                if opacity == 0.8 { XCTAssertNil(key, "the first frame composes the parts") } else {
                    XCTAssertNotNil(key, "the faded frames mix two kept pictures")
                }
                if let mixed { XCTAssertEqual(key, mixed, "kept from one opacity to the next") }
                mixed = key
            }
            list.updateLayer(middle) { $0.visible = false }
            try check("hidden again")
            list.updateLayer(middle) { $0.visible = true; $0.opacity = 0.6 }
            try check("shown at 60 %")
            XCTAssertEqual(canvas.tilesRendered, drawn, "style changes of the split layer draw nothing again")
            list.append([LayerTestDrawing.line(Point(30, 40), Point(170, 90), width: 12)], to: middle)
            try check("a stroke on the split layer")
            list.append([LayerTestDrawing.line(Point(150, 10), Point(150, 110), width: 6, color: Color(r: 90, g: 0, b: 90, a: 160))], to: top)
            try check("a translucent stroke on the layer above")
            list.append([LayerTestDrawing.line(Point(5, 60), Point(195, 55), width: 9)], to: .first)
            try check("a stroke on the layer below")
            list.undo()
            list.undo()
            try check("two undone")
            XCTAssertEqual(canvas.split?.layer, middle, "the split outlives edits")
        }
    }

    func testThePartsFollowAPanAndFillLikeTheWholeCanvas() throws {
        try withRenderer { renderer in
            var (list, middle, _) = LayerTestDrawing.threeLayers()
            let canvas = TiledCanvas(renderer: renderer, background: .white, tileSize: 64)
            canvas.catchesUp = false
            _ = try picture(canvas, list, view: ViewTransform(scale: 1, translation: .zero), renderer)
            list.updateLayer(middle) { $0.opacity = 0.5 }
            for dx in [0.0, -37, -90, 41] {
                let view = ViewTransform(scale: 1, translation: Point(dx, (dx / 3).rounded()))
                XCTAssertLessThanOrEqual(worst(try picture(canvas, list, view: view, renderer), try fresh(list, view: view, renderer)),
                                         tolerance, "panned by \(dx)")
                XCTAssertNotNil(canvas.shownSplit(view, area: area))
            }
        }
    }

    func testNoSplitUnderAHighlighterAndNoneAfterAReorder() throws {
        try withRenderer { renderer in
            var (list, middle, top) = LayerTestDrawing.threeLayers()
            let canvas = TiledCanvas(renderer: renderer, background: .white, tileSize: 64)
            let view = ViewTransform(scale: 1, translation: .zero)
            list.append([LayerTestDrawing.line(Point(10, 50), Point(190, 50), width: 18, color: Color(r: 255, g: 235, b: 59), blend: .darken)], to: top)
            _ = try picture(canvas, list, view: view, renderer)
            list.updateLayer(middle) { $0.opacity = 0.5 }
            XCTAssertLessThanOrEqual(worst(try picture(canvas, list, view: view, renderer), try fresh(list, view: view, renderer)), 0)
            XCTAssertNil(canvas.split, "a highlighter over the layer darkens the page: no split")
            list.undo()
            list.undo()
            list.updateLayer(middle) { $0.opacity = 0.3 }
            _ = try picture(canvas, list, view: view, renderer)
            XCTAssertNotNil(canvas.split)
            XCTAssertTrue(list.moveLayer(top, by: -1))
            XCTAssertLessThanOrEqual(worst(try picture(canvas, list, view: view, renderer), try fresh(list, view: view, renderer)), tolerance)
            XCTAssertNil(canvas.split, "reordered: the parts no longer hold the layers under and over it")
        }
    }

    /// With the whole canvas catching up behind the split, every frame of a budgeted fill shows the
    /// right pixels (the split's, then the whole canvas's once it is up to date), the fill says the
    /// picture is complete from the first frame after a cached style change, and the background work
    /// ends with the whole canvas shown again.
    func testTheWholeCanvasCatchesUpBehindTheSplit() throws {
        try withRenderer { renderer in
            var (list, middle, _) = LayerTestDrawing.threeLayers()
            let canvas = TiledCanvas(renderer: renderer, background: .white, tileSize: 64)
            let view = ViewTransform(scale: 1, translation: .zero)
            let target = try RenderTarget(width: area.width, height: area.height)
            _ = try picture(canvas, list, view: view, renderer)
            for (i, opacity) in [0.5, 0.5, 0.25].enumerated() {
                list.updateLayer(middle) { $0.opacity = opacity; $0.visible = i != 1 }
                canvas.sync(list)
                var frames = 0, complete: [Bool] = []
                repeat {
                    complete.append(canvas.fill(view, area: area, budget: 1e-6))
                    canvas.compose(view, into: target, area: area)
                    // A frame before the picture is complete shows the tiles as they were (the first
                    // change, whose parts are being filled); every complete one shows the drawing.
                    if complete.last == true {
                        XCTAssertLessThanOrEqual(worst(renderer.readPixels(target), try fresh(list, view: view, renderer)), tolerance,
                                                 "change \(i), frame \(frames)")
                    }
                    frames += 1
                } while canvas.hasBackgroundWork && frames < 200
                XCTAssertFalse(canvas.hasBackgroundWork, "change \(i)")
                XCTAssertEqual(complete.last, true)
                XCTAssertGreaterThan(complete.filter { $0 }.count, 1, "change \(i): complete before the background work ends")
                XCTAssertNil(canvas.shownSplit(view, area: area), "the whole canvas is shown again")
                if i > 0 { XCTAssertEqual(complete.first, true, "change \(i): the split is cached, its picture complete at once") }
            }
        }
    }

    /// A sparse layer: the tiles of its part that no drawable reaches are blank and left out of
    /// the composite, which still gives the whole canvas's pixels, through a stroke added in a
    /// blank tile (drawn straight in), an undo and the layer faded.
    func testBlankTilesOfASparseLayerAreLeftOutOfTheComposite() throws {
        try withRenderer { renderer in
            var (list, _, top) = LayerTestDrawing.threeLayers()
            let canvas = TiledCanvas(renderer: renderer, background: .white, tileSize: 64)
            canvas.catchesUp = false
            let view = ViewTransform(scale: 1, translation: .zero)
            func check(_ what: String) throws {
                XCTAssertLessThanOrEqual(worst(try picture(canvas, list, view: view, renderer), try fresh(list, view: view, renderer)),
                                         tolerance, what)
            }
            try check("before")
            list.updateLayer(top) { $0.opacity = 0.5 }
            try check("top at 50 %")
            let only = try XCTUnwrap(canvas.split?.only)
            let blank = { only.cache.tiles.values.filter(\.blank).map(\.key) }
            // The top layer's one stroke runs down x = 100...120: the tiles of columns 0 and 3 are blank.
            XCTAssertEqual(Set(blank().map(\.x)), [0, 3], "blank: the tiles the stroke does not reach")
            list.append([LayerTestDrawing.line(Point(10, 10), Point(40, 40), width: 6, color: Color(r: 200, g: 0, b: 200))], to: top)
            try check("a stroke in a blank tile")
            XCTAssertFalse(blank().contains(TileKey(scale: 1, x: 0, y: 0)), "drawn into: no longer blank")
            _ = list.undo()
            try check("undone")
            list.updateLayer(top) { $0.opacity = 0.8 }
            try check("top at 80 %")
        }
    }

    /// A whole-target cache (render, export) never splits.
    func testAWholeTargetCacheNeverSplits() throws {
        try withRenderer { renderer in
            var (list, middle, _) = LayerTestDrawing.threeLayers()
            let view = ViewTransform(scale: 1, translation: .zero)
            let canvas = try TiledCanvas(renderer: renderer, background: .white, width: 200, height: 120, view: view)
            canvas.sync(list)
            canvas.fill(view, area: area)
            list.updateLayer(middle) { $0.visible = false }
            canvas.sync(list)
            XCTAssertNil(canvas.split)
        }
    }
}
