import ScrawlCore
@testable import ScrawlGL
import XCTest
import ScrawlWorkload

/// The scene's fast paths give the same pixels as the plain ones.
final class ScenePictureTests: GLTestCase {
    /// `copy(_:to:x:y:)` places the source exactly where `composite` over a transparent target would.
    func testOffsetCopyMatchesCompositeOverTransparent() throws {
        try withRenderer { renderer in
            let source = try RenderTarget(width: 40, height: 30)
            renderer.clear(source, to: Color(r: 10, g: 20, b: 30, a: 200))
            renderer.draw([.stroke(TestMeshes.capsule(x0: 5, x1: 35, y: 14.3, width: 7, color: Color(r: 250, g: 0, b: 90, a: 120)),
                                   blend: .over)], into: source)
            let a = try RenderTarget(width: 50, height: 60), b = try RenderTarget(width: 50, height: 60)
            renderer.clear(a, to: .clear)
            renderer.composite(source, into: a, x: 0, y: 17, width: 40, height: 30)
            renderer.clear(b, to: .clear)
            renderer.copy(source, to: b, x: 0, y: 17)
            XCTAssertEqual(renderer.readPixels(a), renderer.readPixels(b))
        }
    }

    /// Undoing any number of strokes (and redoing them), deleting a stroke in the middle of the
    /// stack or hiding some, gives the pixels of a canvas drawn from scratch: an edit draws again
    /// only the pixels it reaches, from the strokes that touch them.
    func testEditsMatchAFreshPicture() throws {
        try withRenderer { renderer in
            let canvas = CanvasSpec(width: 160, height: 100)
            let editor = Editor(canvas: canvas, seed: 1, stampImage: .defaultStamp)
            for d in Self.smallDrawables() { editor.commit(d) }
            let scene = try SceneView(renderer: renderer, canvas: canvas, scale: 1)
            func picture(_ list: DisplayList, hidden: Set<UInt64> = [], in scene: SceneView) throws -> [UInt8] {
                renderer.readPixels(try XCTUnwrap(scene.canvasTarget(list, hidden: hidden)))
            }
            func fresh(hidden: Set<UInt64> = []) throws -> [UInt8] {
                let drawables = editor.displayList.items.filter { !hidden.contains($0.id) }.map(\.drawable)
                return try picture(DisplayList(drawables: drawables),
                                   in: SceneView(renderer: renderer, canvas: canvas, scale: 1))
            }
            _ = try picture(editor.displayList, in: scene)
            for steps in [1, 3, 9, 20] {
                for _ in 0..<steps { editor.undo() }
                XCTAssertEqual(try picture(editor.displayList, in: scene), try fresh(), "after undoing \(steps)")
            }
            for _ in 0..<33 { editor.redo() }
            XCTAssertEqual(try picture(editor.displayList, in: scene), try fresh(), "after redoing everything")
            let middle = editor.displayList.items[25].id
            _ = editor.replace([middle: []])
            XCTAssertEqual(try picture(editor.displayList, in: scene), try fresh(), "after deleting one below the top")
            let hidden = Set(editor.displayList.items.prefix(10).map(\.id))
            XCTAssertEqual(try picture(editor.displayList, hidden: hidden, in: scene), try fresh(hidden: hidden), "ten hidden")
            XCTAssertEqual(try picture(editor.displayList, in: scene), try fresh(), "shown again")
        }
    }

    /// Strokes drawn one by one, once something has been undone, keep a picture of what lies below
    /// a recent one (`Tile.below`, taken again every few strokes here): undoing the newest stroke tessellates nothing, and every edit
    /// after (undo past the picture's mark, redo, a deletion below the top, a hidden set, strokes
    /// drawn after those) still gives the pixels of a canvas drawn from scratch.
    func testUndoFromThePictureBelowMatchesAFreshPicture() throws {
        try withRenderer { renderer in
            let canvas = CanvasSpec(width: 160, height: 100)
            let editor = Editor(canvas: canvas, seed: 1, stampImage: .defaultStamp)
            let scene = try SceneView(renderer: renderer, canvas: canvas, scale: 1)
            XCTAssertNotNil(scene.canvas.belowLimit, "a small whole-target cache keeps a picture below")
            scene.canvas.belowLimit = 7
            func picture(hidden: Set<UInt64> = []) throws -> [UInt8] {
                renderer.readPixels(try XCTUnwrap(scene.canvasTarget(editor.displayList, hidden: hidden)))
            }
            func fresh(hidden: Set<UInt64> = []) throws -> [UInt8] {
                let drawables = editor.displayList.items.filter { !hidden.contains($0.id) }.map(\.drawable)
                let other = try SceneView(renderer: renderer, canvas: canvas, scale: 1)
                return renderer.readPixels(try XCTUnwrap(other.canvasTarget(DisplayList(drawables: drawables))))
            }
            let drawables = Self.smallDrawables()
            for d in drawables.prefix(40) { editor.commit(d); _ = try picture() }
            // No picture is kept before anything has been removed; the redo after an undo takes one.
            editor.undo(); _ = try picture()
            editor.redo(); _ = try picture()
            let spent = scene.canvas.tessellateSeconds
            editor.undo()
            XCTAssertEqual(try picture(), try fresh(), "the newest undone")
            XCTAssertEqual(scene.canvas.tessellateSeconds, spent, "undoing the newest stroke draws none again")
            for steps in [2, 9] {
                for _ in 0..<steps { editor.undo() }
                XCTAssertEqual(try picture(), try fresh(), "after undoing \(steps) more")
            }
            for _ in 0..<5 { editor.redo(); _ = try picture() }
            XCTAssertEqual(try picture(), try fresh(), "after redoing five")
            for d in drawables.dropFirst(40) { editor.commit(d); _ = try picture() }
            editor.undo()
            XCTAssertEqual(try picture(), try fresh(), "newest undone after more strokes")
            _ = editor.replace([editor.displayList.items[12].id: []])
            XCTAssertEqual(try picture(), try fresh(), "after deleting one below the top")
            editor.undo(); editor.undo()
            XCTAssertEqual(try picture(), try fresh(), "deletion and a stroke undone")
            let hidden = Set(editor.displayList.items.prefix(10).map(\.id))
            XCTAssertEqual(try picture(hidden: hidden), try fresh(hidden: hidden), "ten hidden")
            editor.undo()
            XCTAssertEqual(try picture(hidden: hidden), try fresh(hidden: hidden), "ten hidden, one more undone")
            XCTAssertEqual(try picture(), try fresh(), "shown again")
        }
    }

    /// The benchmark's first 60 strokes of 12 points, shrunk to fit a 160 x 100 canvas.
    private static func smallDrawables() -> [Drawable] {
        let replay = BenchmarkWorkload.replay(strokes: 60, points: 12)
        return BenchmarkWorkload.play(replay, stamp: .defaultStamp).displayList.drawables.map { d -> Drawable in
            guard case .path(var p) = d else { return d }
            p.path = p.path.mapped { Point($0.x / 8, $0.y / 8) }
            return .path(p)
        }
    }

    /// A frame drawn from the live layer's base (canvas + frozen prefix) equals the canvas with the
    /// whole live meshes drawn over it, as the stroke grows, for opaque and translucent strokes.
    func testFramesOverTheLiveBaseMatchWholeStrokes() throws {
        try withRenderer { renderer in
            let canvas = CanvasSpec(width: 120, height: 90)
            let editor = Editor(canvas: canvas, seed: 3, stampImage: .defaultStamp)
            var rng = SplitMix64(seed: 4)
            let spec = CanvasSpec(width: 120, height: 90)
            let committed = BenchmarkWorkload.penStroke(points: 30, in: spec, rng: &rng)
            editor.handle(.touches([Touch(id: 0, phase: .began, location: committed[0])]))
            for p in committed { editor.handle(.touches([Touch(id: 0, phase: .moved, location: p)])) }
            editor.handle(.touches([Touch(id: 0, phase: .ended, location: committed[29])]))
            let scene = try SceneView(renderer: renderer, canvas: canvas, scale: 1)
            for (round, keys) in [[String](), ["]", "]", "]"], ["shift+[", "2"]].enumerated() {
                for k in keys { editor.handle(.key(KeyPress(name: k)!)) }
                let a = BenchmarkWorkload.penStroke(points: 60, in: spec, rng: &rng)
                let b = BenchmarkWorkload.penStroke(points: 60, in: spec, rng: &rng)
                editor.handle(.touches([Touch(id: 1, phase: .began, location: a[0]), Touch(id: 2, phase: .began, location: b[0])]))
                for i in 1..<60 {
                    editor.handle(.touches([Touch(id: 1, phase: .moved, location: a[i])]
                                           + (i % 3 == 0 ? [Touch(id: 2, phase: .moved, location: b[i])] : [])))
                    guard i % 7 == 0 || i == 59 else { continue }
                    let frame = try RenderTarget(width: 120, height: 90)
                    scene.render(editor, into: frame, barsShown: false)
                    let reference = try RenderTarget(width: 120, height: 90)
                    renderer.clear(reference, to: .clear)
                    let picture = try XCTUnwrap(scene.canvas.wholeTarget)
                    renderer.copy(picture, to: reference, x: 0, y: 0)
                    scene.live.draw(editor.liveItems, into: reference)
                    XCTAssertEqual(renderer.readPixels(frame), renderer.readPixels(reference), "round \(round) point \(i)")
                    let cached = scene.live.base(over: picture, revision: scene.canvas.revision, view: scene.canvasView(barsShown: false),
                                                 items: editor.liveItems) !== picture
                    // Strokes long enough for their own streaming mesh draw over a cached base (a
                    // translucent one's holds its frozen coverage composited in); short ones (drawn
                    // with the batched commands) do not.
                    XCTAssertEqual(cached, i + 1 >= LiveLayer.streamingThreshold,
                                   "round \(round) point \(i): cached base")
                }
                editor.handle(.touches([Touch(id: 1, phase: .ended, location: a[59]), Touch(id: 2, phase: .ended, location: b[59])]))
            }
        }
    }

    /// A stroke cancelled without touching the canvas leaves nothing in the next stroke's frames.
    func testCancelledStrokeLeavesNoTrace() throws {
        try withRenderer { renderer in
            let canvas = CanvasSpec(width: 80, height: 60)
            let editor = Editor(canvas: canvas, seed: 3, stampImage: .defaultStamp)
            let scene = try SceneView(renderer: renderer, canvas: canvas, scale: 1)
            let frame = try RenderTarget(width: 80, height: 60)
            for (n, y) in [10.0, 40, 25].enumerated() {
                editor.handle(.touches([Touch(id: 0, phase: .began, location: Point(5, y))]))
                for x in stride(from: 8.0, through: 75, by: 3) {
                    editor.handle(.touches([Touch(id: 0, phase: .moved, location: Point(x, y + (x / 9).rounded() * 0.7))]))
                    scene.render(editor, into: frame, barsShown: false)
                }
                let reference = try RenderTarget(width: 80, height: 60)
                renderer.clear(reference, to: .clear)
                renderer.copy(try XCTUnwrap(scene.canvas.wholeTarget), to: reference, x: 0, y: 0)
                scene.live.draw(editor.liveItems, into: reference)
                XCTAssertEqual(renderer.readPixels(frame), renderer.readPixels(reference), "stroke \(n)")
                editor.handle(.key(KeyPress(name: "escape")!))
            }
        }
    }
}
