import ScrawlCore
@testable import ScrawlGL
import XCTest

/// A selection dragged in the window scene: every live frame of the drag shows what committing the
/// move there shows, the moved drawables are tessellated once per drag (and scale), not per step,
/// and the tiles make no pass over the display list while the hidden set stays the same.
final class SelectionDragTests: GLTestCase {
    private let page = CanvasSpec(width: 320, height: 240)
    private let size = (320, 240)

    private func stroke(_ points: [Point], width: Double, color: Color, fill: Color? = nil,
                        blend: InkBlend = .normal) -> Drawable {
        .path(PathDrawable(path: .polyline(points), stroke: color, fill: fill, style: .round(width: width), blend: blend))
    }

    /// Strokes under the selection (some translucent), then the three or four that get selected, on top.
    private func drawing(highlighter: Bool, coveredBy later: Int = 0) -> (drawables: [Drawable], selected: [Point]) {
        var d: [Drawable] = []
        var rng = SplitMix64(seed: 77)
        func r() -> Double { Double(rng.next() % 1_000_000) / 1_000_000 }
        for k in 0..<30 {
            let s = Point(20 + r() * 260, 20 + r() * 180)
            let pts = (0..<5).map { j in s + Point(Double(j) * 15 * (r() - 0.4), Double(j) * 12 * (r() - 0.5)) }
            let colors: [Color] = [.red, .green, Color(r: 0, g: 0, b: 200, a: 120), .black]
            d.append(stroke(pts, width: 1 + r() * 9, color: colors[k % 4]))
        }
        d.append(stroke([Point(100, 100), Point(140, 110), Point(170, 90)], width: 7, color: Color(r: 20, g: 120, b: 20)))
        d.append(stroke([Point(110, 130), Point(150, 125), Point(175, 140)], width: 11, color: Color(r: 200, g: 0, b: 120, a: 110)))
        d.append(stroke([Point(120, 80), Point(160, 80), Point(160, 60), Point(120, 60)], width: 2, color: .blue,
                        fill: Color(r: 250, g: 200, b: 0, a: 160)))
        var picks = [Point(140, 110), Point(150, 125), Point(160, 70)]
        if highlighter {
            d.append(stroke([Point(95, 175), Point(185, 180)], width: 14, color: Color(r: 255, g: 240, b: 0),
                            blend: .darken))
            picks.append(Point(140, 177.5))
        }
        // Drawn after the selection (so a move is not an append), far below it and its moves.
        for k in 0..<later { d.append(stroke([Point(20 + Double(k) * 9, 215), Point(30 + Double(k) * 9, 232)], width: 3, color: .black)) }
        return (d, picks)
    }

    private func touch(_ phase: TouchPhase, _ p: Point, shift: Bool = false) -> InputEvent {
        .touches([Touch(id: 1, phase: phase, location: p, shift: shift)])
    }

    /// An editor with the selection tool and the top drawables selected (shift-clicks on them).
    private func selecting(_ drawing: (drawables: [Drawable], selected: [Point])) throws -> Editor {
        let editor = Editor(canvas: page, seed: 0, stampImage: .defaultStamp, drawables: drawing.drawables)
        editor.select(.select)
        for p in drawing.selected {
            editor.handle(touch(.began, p, shift: true))
            editor.handle(touch(.ended, p, shift: true))
        }
        XCTAssertEqual(editor.selection?.selectedIDs.count, drawing.selected.count, "every top drawable picked")
        return editor
    }

    private func frame(_ scene: WindowScene, _ editor: Editor, _ viewport: Viewport) throws -> [UInt8] {
        let target = try RenderTarget(width: size.0, height: size.1)
        scene.fillBudget = nil
        scene.render(editor, viewport: viewport, into: target, barsShown: false)
        XCTAssertTrue(scene.isComplete)
        return scene.renderer.readPixels(target)
    }

    private func maxDifference(_ a: [UInt8], _ b: [UInt8]) -> Int {
        guard a.count == b.count else { return .max }
        return zip(a, b).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }
    }

    /// What one drag gave: the largest difference between the last live frame and the committed
    /// frame, and the moved selection's tessellations and picture renders during the steps (after
    /// the first move, which makes them).
    private struct Drag { var diff = Int.max, tessellations = 0, pictures = 0 }

    /// Drags the selection past the click slop, then `steps` times by `step` through `viewport`
    /// (switching to `zoomTo` halfway when given); the live frame of the last step is compared with
    /// the frame after the touch ends there (the move committed, tiles re-rendered).
    private func drag(highlighter: Bool = false, viewport: Viewport, step: Point, steps: Int,
                      zoomTo: Viewport? = nil) throws -> Drag {
        var result = Drag()
        try withRenderer { renderer in
            let editor = try selecting(drawing(highlighter: highlighter))
            let scene = WindowScene(renderer: renderer, canvas: page, contentScale: 1)
            scene.showsPageBorder = false
            var view = viewport
            _ = try frame(scene, editor, view)
            var p = try XCTUnwrap(editor.selection?.selectionBounds(editor)).center
            editor.handle(touch(.began, p))
            p = p + Point(4, 0)
            editor.handle(touch(.moved, p))
            _ = try frame(scene, editor, view)
            XCTAssertEqual(editor.hiddenIDs, editor.selection?.selectedIDs, "the selection is being dragged")
            // Counters of the layer of the first move, plus those of a new one (made by a zoom).
            let layer = scene.live
            let tessellations = layer.movedTessellations, pictures = layer.movedPictureRenders
            let tilesRevision = scene.tiles.revision
            var live: [UInt8] = []
            for k in 0..<steps {
                if k == steps / 2, let z = zoomTo { view = z }
                p = p + step
                editor.handle(touch(.moved, p))
                live = try frame(scene, editor, view)
            }
            XCTAssertEqual(scene.tiles.revision, tilesRevision, "the list and the hidden set did not change: the tiles did not either")
            let other = scene.live === layer ? nil : scene.live
            result.tessellations = layer.movedTessellations - tessellations + (other?.movedTessellations ?? 0)
            result.pictures = layer.movedPictureRenders - pictures + (other?.movedPictureRenders ?? 0)
            editor.handle(touch(.ended, p))
            XCTAssertTrue(editor.hiddenIDs.isEmpty, "the move is committed")
            result.diff = maxDifference(live, try frame(scene, editor, view))
            XCTAssertTrue(live.contains { $0 < 100 }, "the frame shows strokes")
        }
        return result
    }

    /// The live frames composite a picture of the selection (opaque, translucent and filled drawables)
    /// rendered once at zoom 1 with whole-point steps. Up to 2 per channel from the commit: the
    /// picture holds the selection premultiplied in 8 bits and is composited over the canvas, so its
    /// colours are rounded once more than when drawn straight into a tile (the meshes are the same,
    /// translated; coverage is computed per pixel from them, so no antialiasing shifts).
    func testWholePixelDragMatchesTheCommitAndRendersOnePicture() throws {
        let d = try drag(viewport: Viewport(origin: Point(10, 5), zoom: 1), step: Point(2, 1), steps: 12)
        XCTAssertLessThanOrEqual(d.diff, 2)
        XCTAssertEqual(d.tessellations, 0, "the meshes of the first move are reused")
        XCTAssertEqual(d.pictures, 0, "the picture of the first move is shifted by whole pixels")
    }

    /// Steps of (2, 1) at zoom 1.5 are (3, 1.5) device pixels: every other step lands half a pixel off
    /// the picture, which is rendered again from the cached meshes at that phase (never re-tessellated).
    func testSubPixelDragMatchesTheCommitWithoutTessellating() throws {
        let d = try drag(viewport: Viewport(origin: Point(40, 30), zoom: 1.5), step: Point(2, 1), steps: 9)
        XCTAssertLessThanOrEqual(d.diff, 2)
        XCTAssertEqual(d.tessellations, 0)
        XCTAssertGreaterThan(d.pictures, 0, "half-pixel phases need their own picture")
        XCTAssertLessThanOrEqual(d.pictures, 9)
    }

    /// A highlighter stroke (darken) in the selection: a composited picture would not blend like it,
    /// so the cached meshes are drawn each frame, translated. Same pixels as the commit, within 2
    /// (Float rounding of the translated vertices against the tile's anchored ones).
    func testHighlighterSelectionDrawsTranslatedMeshes() throws {
        let d = try drag(highlighter: true, viewport: Viewport(origin: Point(10, 5), zoom: 1), step: Point(2.5, 1.25), steps: 8)
        XCTAssertLessThanOrEqual(d.diff, 2)
        XCTAssertEqual(d.tessellations, 0)
        XCTAssertEqual(d.pictures, 0, "no picture for a darken stroke")
    }

    /// A zoom during the drag tessellates the selection once more, at the new scale (widths and
    /// curves stay exact), and the frame still matches the commit.
    func testZoomDuringTheDragTessellatesOnceAtTheNewScale() throws {
        let d = try drag(viewport: Viewport(origin: Point(10, 5), zoom: 1), step: Point(2, 1), steps: 8,
                         zoomTo: Viewport(origin: Point(60, 50), zoom: 2))
        XCTAssertLessThanOrEqual(d.diff, 2)
        XCTAssertEqual(d.tessellations, 1)
    }
    /// When the tiles under the selection's new place take several frames to be drawn again (a
    /// slice at a time, as in a dense drawing; strokes drawn after the selection make the move more
    /// than an append), the selection is still drawn there live meanwhile (within 2 of the
    /// committed frame, as for the drag), not missing; once the tiles are filled it is not. A cancelled drag changes
    /// nothing in the list, so nothing is drawn where it was let go.
    func testDroppedSelectionStaysVisibleWhileItsTilesFill() throws {
        try withRenderer { renderer in
            for cancel in [false, true] {
                let editor = try selecting(drawing(highlighter: false, coveredBy: 4))
                let scene = WindowScene(renderer: renderer, canvas: page, contentScale: 1)
                scene.showsPageBorder = false
                let view = Viewport(origin: Point(10, 5), zoom: 1)
                _ = try frame(scene, editor, view)
                var p = try XCTUnwrap(editor.selection?.selectionBounds(editor)).center
                editor.handle(touch(.began, p))
                for _ in 0..<6 {
                    p = p + Point(4, 2)
                    editor.handle(touch(.moved, p))
                    _ = try frame(scene, editor, view)
                }
                editor.handle(touch(cancel ? .cancelled : .ended, p))
                let target = try RenderTarget(width: size.0, height: size.1)
                scene.fillBudget = 0  // one slice of tiles a frame
                scene.tiles.inPlaceLimit = 0  // as for a dense drawing: the tiles' parts through a scratch, a slice at a time
                scene.render(editor, viewport: view, into: target, barsShown: false)
                if !cancel { XCTAssertFalse(scene.isComplete, "the tiles are still filling") }
                let first = renderer.readPixels(target)
                let complete = try frame(scene, editor, view)
                XCTAssertTrue(scene.isComplete)
                // Dropped: the first frame already shows the selection at its new place (drawn live);
                // cancelled: nothing moved, and nothing is drawn where it was let go.
                XCTAssertLessThanOrEqual(maxDifference(first, complete), 2, cancel ? "cancelled" : "the selection shows where it was dropped")
                // Once the tiles are filled they show it: the frame is the committed drawing's.
                let fresh = WindowScene(renderer: renderer, canvas: page, contentScale: 1)
                fresh.showsPageBorder = false
                XCTAssertLessThanOrEqual(maxDifference(complete, try frame(fresh, editor, view)), 1, "the tiles show it now")
            }
        }
    }
}
