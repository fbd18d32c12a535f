import ScrawlCore
@testable import ScrawlGL
import XCTest
import ScrawlWorkload

/// The scene's fast paths give the same pixels as the plain ones.
final class SceneCheckpointTests: GLTestCase {
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

    /// Whatever checkpoints a bulk sync kept, undoing any number of strokes (and redoing them)
    /// gives the pixels of a canvas baked from scratch.
    func testUndoAfterBulkSyncMatchesFreshBake() throws {
        try withRenderer { renderer in
            let canvas = CanvasSpec(width: 160, height: 100)
            let drawables = Self.smallDrawables()
            let editor = Editor(canvas: canvas, seed: 1, stampImage: .defaultStamp)
            for d in drawables { editor.commit(d) }
            let scene = try SceneView(renderer: renderer, canvas: canvas, scale: 1)
            scene.baker.checkpointInterval = 8
            scene.baker.maxCheckpoints = 3
            scene.update(editor)
            XCTAssertEqual(scene.baker.lastSyncRendered, 60)
            func fresh() throws -> [UInt8] {
                let baker = try CanvasBaker(renderer: renderer, canvas: canvas, scale: 1)
                baker.sync(editor.displayList.items)
                return renderer.readPixels(baker.target)
            }
            var rendered: [Int] = []
            for steps in [1, 3, 9, 20] {
                for _ in 0..<steps { editor.undo() }
                scene.update(editor)
                rendered.append(scene.baker.lastSyncRendered)
                XCTAssertEqual(renderer.readPixels(scene.baker.target), try fresh(), "after undoing \(steps)")
            }
            XCTAssertLessThan(rendered[0], 8, "one undo re-renders less than an interval")
            for _ in 0..<33 { editor.redo() }
            scene.update(editor)
            XCTAssertEqual(renderer.readPixels(scene.baker.target), try fresh(), "after redoing everything")
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

    /// A baker that defers checkpoints (`render`) keeps none while the list only grows, bulk or
    /// stroke by stroke; its first undo re-renders from the background and gives the pixels of a
    /// fresh bake, and from then on it keeps checkpoints, so later undos re-render less than an interval.
    func testDeferredCheckpointsStartAtTheFirstRewind() throws {
        try withRenderer { renderer in
            let canvas = CanvasSpec(width: 160, height: 100)
            let drawables = Self.smallDrawables()
            let editor = Editor(canvas: canvas, seed: 1, stampImage: .defaultStamp)
            let scene = try SceneView(renderer: renderer, canvas: canvas, scale: 1)
            scene.baker.checkpointInterval = 8
            scene.baker.defersCheckpoints = true
            for d in drawables.prefix(20) { editor.commit(d); scene.update(editor) }
            for d in drawables.dropFirst(20) { editor.commit(d) }
            scene.update(editor)
            XCTAssertEqual(scene.baker.checkpointCount, 0, "no checkpoint before the first rewind")
            func fresh() throws -> [UInt8] {
                let baker = try CanvasBaker(renderer: renderer, canvas: canvas, scale: 1)
                baker.sync(editor.displayList.items)
                return renderer.readPixels(baker.target)
            }
            editor.undo()
            scene.update(editor)
            XCTAssertEqual(scene.baker.lastSyncRendered, 59, "the first undo re-renders everything")
            XCTAssertGreaterThan(scene.baker.checkpointCount, 0)
            XCTAssertEqual(renderer.readPixels(scene.baker.target), try fresh())
            editor.undo()
            scene.update(editor)
            XCTAssertLessThan(scene.baker.lastSyncRendered, 8, "later undos start from a checkpoint")
            XCTAssertEqual(renderer.readPixels(scene.baker.target), try fresh())
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
                    renderer.copy(scene.baker.target, to: reference, x: 0, y: 0)
                    scene.live.draw(editor.liveItems, into: reference)
                    XCTAssertEqual(renderer.readPixels(frame), renderer.readPixels(reference), "round \(round) point \(i)")
                    let cached = scene.live.base(over: scene.baker, items: editor.liveItems) !== scene.baker.target
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
                renderer.copy(scene.baker.target, to: reference, x: 0, y: 0)
                scene.live.draw(editor.liveItems, into: reference)
                XCTAssertEqual(renderer.readPixels(frame), renderer.readPixels(reference), "stroke \(n)")
                editor.handle(.key(KeyPress(name: "escape")!))
            }
        }
    }
}
