import ScrawlCore
@testable import ScrawlGL
import XCTest
import ScrawlWorkload

/// The memory savings change no pixel: paced flushes, and frames read straight from the canvas.
final class MemoryPathTests: GLTestCase {
    /// A small drawing of the workload's strokes on a 200 x 130 canvas, and its editor.
    private func smallDrawing() -> (CanvasSpec, Editor) {
        let canvas = CanvasSpec(width: 200, height: 130)
        let replay = BenchmarkWorkload.replay(strokes: 40, points: 30)
        let editor = Editor(canvas: canvas, seed: 1, stampImage: .defaultStamp)
        for case .path(var d) in BenchmarkWorkload.play(replay, stamp: .defaultStamp).displayList.drawables {
            d.path = d.path.mapped { Point($0.x / 6.4, $0.y / 6.2) }
            editor.commit(.path(d))
        }
        return (canvas, editor)
    }

    /// Draws split at a flush every few triangles (the pacer's fence waits included) give the pixels
    /// of draws that are never split.
    func testPacedFlushesLeaveThePixelsAlone() throws {
        try withRenderer { renderer in
            let (canvas, editor) = smallDrawing()
            let saved = FlushPacer.maxIndices
            defer { FlushPacer.maxIndices = saved }
            func bake(maxIndices: Int) throws -> [UInt8] {
                FlushPacer.maxIndices = maxIndices
                let scene = try SceneView(renderer: renderer, canvas: canvas, scale: 1.5)
                let target = try XCTUnwrap(scene.canvasTarget(editor.displayList))
                renderer.finish()
                return renderer.readPixels(target)
            }
            func differing(_ a: [UInt8], _ b: [UInt8]) -> Int { zip(a, b).filter { $0 != $1 }.count + abs(a.count - b.count) }
            let whole = try bake(maxIndices: Int.max / 2)
            XCTAssertGreaterThan(whole.filter { $0 < 128 }.count, 1000, "the drawing has ink")
            XCTAssertEqual(differing(try bake(maxIndices: 3 * 7), whole), 0, "a flush every 7 triangles")
            XCTAssertEqual(differing(try bake(maxIndices: 1000), whole), 0, "a limit that is no whole number of triangles")
        }
    }

    /// With nothing over the canvas, `ReplayPlayer.renderFrame` reads the canvas itself; its pixels
    /// are those `SceneView.render` composes into a frame.
    func testReplayFrameWithoutLiveItemsIsTheComposedFrame() throws {
        try withRenderer { renderer in
            let (canvas, editor) = smallDrawing()
            let replay = Replay(canvas: CanvasSpec(width: canvas.width, height: canvas.height, background: Color(r: 250, g: 240, b: 200, a: 255)),
                                events: [])
            let player = try ReplayPlayer(replay: replay, scale: 2, stamp: .defaultStamp, renderer: renderer,
                                          drawables: editor.displayList.drawables)
            let image = try player.renderFrame()
            let (w, h) = player.scene.frameSize(barsShown: false)
            let frame = try RenderTarget(width: w, height: h)
            player.scene.render(player.editor, into: frame, barsShown: false)
            XCTAssertEqual(image.width, w)
            XCTAssertEqual(image.height, h)
            XCTAssertEqual(image.rgba, renderer.readPixels(frame))
            XCTAssertEqual(player.stats.drawables, editor.displayList.count)
        }
    }
}
