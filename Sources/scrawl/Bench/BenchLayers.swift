import Foundation
import ScrawlCore
import ScrawlGL

/// Layers in the window's scene: the same drawing on 8 layers and on one (pan and still frames),
/// hiding and showing a big layer, frames while a layer's opacity changes, and a live stroke on
/// the bottom layer against one on the top.
extension Bench {
    /// An editor on `drawables` spread over `layers` layers of equal share (the last gets the rest),
    /// or over two with `topShare` of them on the top one.
    private func layeredEditor(_ drawables: [Drawable], layers: Int, topShare: Double? = nil) -> Editor {
        var chunks: [[Drawable]] = []
        if let topShare {
            let split = drawables.count - Int(Double(drawables.count) * topShare)
            chunks = [Array(drawables[..<split]), Array(drawables[split...])]
        } else {
            let per = drawables.count / layers
            chunks = (0..<layers).map { i in Array(drawables[(i * per)..<(i == layers - 1 ? drawables.count : (i + 1) * per)]) }
        }
        let table = chunks.enumerated().map { (Layer(id: LayerID(UInt64($0.offset + 1)), name: "Layer \($0.offset + 1)"), $0.element) }
        return Editor(canvas: canvas, seed: 1, stampImage: stamp, displayList: DisplayList(layers: table))
    }

    /// Frames with the shipped budget until the scene is complete: their total and longest time.
    private func framesToComplete(_ scene: WindowScene, _ editor: Editor, _ v: Viewport, _ frame: RenderTarget) -> (sum: Double, max: Double) {
        var sum = 0.0, longest = 0.0, n = 0
        repeat {
            let t = timedFrame(scene, editor, v, frame)
            sum += t
            longest = max(longest, t)
            n += 1
        } while !scene.isComplete && n < 1000
        return (sum, longest)
    }

    /// Frames until the scene has no background work left (the window's idle frames after a change:
    /// a layer split's parts filled, the whole canvas drawn again behind it); the longest frame.
    private func settle(_ scene: WindowScene, _ editor: Editor, _ v: Viewport, _ frame: RenderTarget) -> Double {
        var longest = 0.0, n = 0
        while (scene.hasBackgroundWork || !scene.isComplete) && n < 1000 {
            longest = max(longest, timedFrame(scene, editor, v, frame))
            n += 1
        }
        return longest
    }

    mutating func measureLayers() throws {
        let count = config.quick ? 2000 : 10000
        let area = drawingArea(strokes: count)
        let drawables = spreadStrokes(count, points: pointsPerStroke(count), over: area, styles: workloadStyles(), seed: 4242)
        let start = Viewport(origin: Point(area.center.x - windowArea.width / 2, area.center.y - windowArea.height / 2))
        var path = [start]
        for _ in 1..<config.panSteps { path.append(path.last!.panned(byWindow: Point(-7, -3))) }
        // Still and pan frames, 1 layer against 8.
        var still: [String: [Double]] = [:], pan: [String: [Double]] = [:]
        for layers in [1, 8] {
            let editor = layeredEditor(drawables, layers: layers)
            let scene = WindowScene(renderer: renderer, canvas: canvas, contentScale: 1)
            let frame = try RenderTarget(width: Bench.windowWidth, height: Bench.windowHeight)
            scene.fillBudget = nil
            for v in path { scene.render(editor, viewport: v, into: frame, barsShown: true) }
            scene.fillBudget = WindowScene.defaultFillBudget
            still["\(layers)"] = (0..<20).map { _ in timedFrame(scene, editor, start, frame) }
            pan["\(layers)"] = path.map { timedFrame(scene, editor, $0, frame) }
        }
        report["layers_frame_ms"] = .object(["1", "8"].map { ($0, .ms(median(still[$0]!))) })
        report["layers_pan_frame_ms"] = .object(["1", "8"].map { ($0, .ms(median(pan[$0]!))) })
        try measureLayerChanges(drawables, start)
    }

    /// Two layers, 90 % of the strokes on the top one: hiding and showing it, stepping its
    /// opacity, and a live stroke on each.
    private mutating func measureLayerChanges(_ drawables: [Drawable], _ start: Viewport) throws {
        let editor = layeredEditor(drawables, layers: 2, topShare: 0.9)
        let scene = WindowScene(renderer: renderer, canvas: canvas, contentScale: 1)
        let frame = try RenderTarget(width: Bench.windowWidth, height: Bench.windowHeight)
        scene.fillBudget = nil
        _ = timedFrame(scene, editor, start, frame)
        scene.fillBudget = WindowScene.defaultFillBudget
        let base = median((0..<10).map { _ in timedFrame(scene, editor, start, frame) })
        // The first hide and show fill the layer's split (its tiles); the second pair finds them cached.
        editor.apply(.visible(false))
        let firstHide = framesToComplete(scene, editor, start, frame)
        editor.apply(.visible(true))
        let firstShow = framesToComplete(scene, editor, start, frame)
        var idle = settle(scene, editor, start, frame)
        editor.apply(.visible(false))
        let hide = framesToComplete(scene, editor, start, frame)
        idle = max(idle, settle(scene, editor, start, frame))
        editor.apply(.visible(true))
        let show = framesToComplete(scene, editor, start, frame)
        idle = max(idle, settle(scene, editor, start, frame))
        var opacity: [Double] = []
        for k in 1...10 {
            editor.apply(.opacity(1 - Double(k) * 0.05))
            opacity.append(timedFrame(scene, editor, start, frame))
        }
        _ = framesToComplete(scene, editor, start, frame)
        editor.apply(.opacity(1))
        _ = framesToComplete(scene, editor, start, frame)
        // In turn, four strokes on each, so that a change in the machine's load weighs on both alike.
        var top: [Double] = [], bottom: [Double] = [], longTop: [Double] = [], longBottom: [Double] = []
        for _ in 0..<4 {
            top += liveStroke(editor, scene, start, frame, layer: 1)
            bottom += liveStroke(editor, scene, start, frame, layer: 0)
        }
        for _ in 0..<2 {
            longTop += liveStroke(editor, scene, start, frame, layer: 1, long: true)
            longBottom += liveStroke(editor, scene, start, frame, layer: 0, long: true)
        }
        let appendTop = median(top), appendBottom = median(bottom)
        report["layer_toggle_ms"] = .object([("hide", .ms(hide.sum)), ("show", .ms(show.sum)),
                                             ("first_hide", .ms(firstHide.sum)), ("first_show", .ms(firstShow.sum)),
                                             ("max_frame", .ms(([hide, show, firstHide, firstShow].map(\.max) + [idle]).max()!)),
                                             ("frame_ms", .ms(base))])
        report["layer_opacity_frame_ms"] = .ms(median(opacity))
        report["layer_append_us"] = .object([("top", .us(appendTop)), ("bottom", .us(appendBottom)),
                                             ("ratio", .number(appendBottom / max(appendTop, 1e-9), digits: 3))])
        report["layer_append_long_us"] = .object([("top", .us(median(longTop))), ("bottom", .us(median(longBottom))),
                                                  ("ratio", .number(median(longBottom) / max(median(longTop), 1e-9), digits: 3))])
    }

    /// The times of the moved events and their frames while a 100-point Pencil stroke is drawn on
    /// the layer at `layer` (the stroke committed, then undone).
    /// A `long` one sweeps 1000 x 600 points of the window instead of 300 x 80.
    private func liveStroke(_ editor: Editor, _ scene: WindowScene, _ v: Viewport, _ frame: RenderTarget, layer: Int,
                            long: Bool = false) -> [Double] {
        editor.apply(.makeCurrent(layer))
        let c = Point(v.origin.x + windowArea.width / 2, v.origin.y + windowArea.height / 2)
        var times: [Double] = []
        editor.handle(.touches([Touch(id: 0, phase: .began, location: c)]))
        _ = timedFrame(scene, editor, v, frame)
        for i in 1...100 {
            var t = 0.0
            let p = long ? Point(c.x - 500 + Double(i) * 10, c.y + 300 * sin(Double(i) / 8))
                         : Point(c.x + Double(i) * 3, c.y + 40 * sin(Double(i) / 8))
            Stopwatch.time(&t) {
                editor.handle(.touches([Touch(id: 0, phase: .moved, location: p)]))
                scene.render(editor, viewport: v, into: frame, barsShown: true)
                renderer.finish()
            }
            times.append(t)
        }
        editor.handle(.touches([Touch(id: 0, phase: .ended, location: Point(c.x + 303, c.y))]))
        _ = framesToComplete(scene, editor, v, frame)
        editor.undo()
        _ = framesToComplete(scene, editor, v, frame)
        return times
    }
}
