import Foundation
import ScrawlCore
import ScrawlGL
import ScrawlWorkload

/// The infinite canvas: the window's `WindowScene` over drawings larger than the window.
extension Bench {
    /// The benchmark window: 1280 x 800 device pixels at content scale 1, bars shown.
    static let windowWidth = 1280, windowHeight = 800

    /// The canvas area of the benchmark window in points (between the bars).
    var windowArea: (width: Double, height: Double) {
        let bar = Int((ToolbarLayout.barHeight).rounded())
        return (Double(Bench.windowWidth), Double(Bench.windowHeight - 2 * bar))
    }

    /// The workload's stroke styles (colours and widths as its keys set them), in order.
    func workloadStyles() -> [(color: Color?, width: Double)] {
        let replay = BenchmarkWorkload.replay(strokes: config.strokes, points: 3)
        let drawables = BenchmarkWorkload.play(replay, stamp: stamp).displayList.drawables
        let out = drawables.compactMap { $0.kind(as: PathDrawable.self) }.map { ($0.stroke, $0.style.width) }
        return out.isEmpty ? [(.black, 2)] : out
    }

    /// `count` Pencil strokes of `points` points shaped like the workload's (`penStroke`), spread
    /// uniformly over `area` (canvas points), with the workload's colours and widths in turn.
    func spreadStrokes(_ count: Int, points: Int, over area: Rect, styles: [(color: Color?, width: Double)],
                       seed: UInt64) -> [Drawable] {
        var rng = SplitMix64(seed: seed)
        let spec = CanvasSpec(width: area.width, height: area.height, background: .white)
        var out: [Drawable] = []
        out.reserveCapacity(count)
        for i in 0..<count {
            let pts = BenchmarkWorkload.penStroke(points: points, in: spec, rng: &rng)
                .map { Point($0.x + area.minX, $0.y + area.minY) }
            let style = styles[i % styles.count]
            out.append(.path(PathDrawable(path: .polyline(pts), stroke: style.color, fill: nil,
                                          style: .round(width: style.width))))
        }
        return out
    }

    /// The canvas rectangle of a drawing of `count` strokes at the benchmark's density
    /// (`strokesPerWindow` per 1280 x 800 points), with the window's proportions.
    func drawingArea(strokes count: Int) -> Rect {
        let k = max(Double(count) / Double(config.strokesPerWindow), 1).squareRoot()
        return Rect(x: 0, y: 0, width: Double(Bench.windowWidth) * k, height: Double(Bench.windowHeight) * k)
    }

    /// Points per stroke of a drawing of `count` strokes.
    func pointsPerStroke(_ count: Int) -> Int { count >= 50_000 ? config.bigDrawingPoints : config.points }

    /// A window frame: `render` and `glFinish`, timed.
    func timedFrame(_ scene: WindowScene, _ editor: Editor, _ viewport: Viewport, _ frame: RenderTarget) -> Double {
        var t = 0.0
        Stopwatch.time(&t) {
            scene.render(editor, viewport: viewport, into: frame, barsShown: true)
            renderer.finish()
        }
        return t
    }

    mutating func measureCanvas() throws {
        let styles = workloadStyles()
        progress("canvas: pan")
        let largest = try measurePan(styles: styles)
        progress("canvas: fill after a jump")
        try measureFillJump(largest)
        progress("canvas: zoom settle")
        try measureZoomSettle(styles: styles)
        progress("canvas: tile cache")
        try measureTileCache(styles: styles)
        report["canvas"] = .object([
            ("window", .string("\(Bench.windowWidth)x\(Bench.windowHeight), content scale 1, bars shown")),
            ("density", .string("\(config.strokesPerWindow) strokes per 1280x800 points")),
            ("points_per_stroke", .string(config.bigDrawingPoints == config.points ? "\(config.points) (the workload's) in every drawing"
                                           : "\(config.points); \(config.bigDrawingPoints) in drawings of 50000 strokes or more")),
            ("counts", .string(config.quick ? "quick: scaled down (pan \(config.panCounts.map(String.init).joined(separator: "/")), zoom \(config.zoomStrokes), fill \(config.panCounts.max() ?? 0), tile cache \(config.cacheStrokesPerWindow) per window)"
                                            : "full")),
        ])
    }

    /// `pan_frame_ms`: pan steps over drawings of `panCounts` strokes, tiles cached; round-robin.
    /// Returns the largest drawing's editor and area (for the fill timing).
    private mutating func measurePan(styles: [(color: Color?, width: Double)]) throws -> (Editor, Rect) {
        struct Case { let count: Int; let editor: Editor; let scene: WindowScene; let frame: RenderTarget; let path: [Viewport] }
        var cases: [Case] = []
        var setup: [(String, BenchValue)] = []
        var largest: (Editor, Rect)?
        let step = Point(-7, -3)
        for count in config.panCounts {
            var t = 0.0
            let c: Case = try Stopwatch.time(&t) {
                let area = drawingArea(strokes: count)
                let drawables = spreadStrokes(count, points: pointsPerStroke(count), over: area, styles: styles,
                                              seed: 900 + UInt64(count))
                let editor = Editor(canvas: canvas, seed: 1, stampImage: stamp, drawables: drawables)
                let scene = WindowScene(renderer: renderer, canvas: canvas, contentScale: 1)
                let frame = try RenderTarget(width: Bench.windowWidth, height: Bench.windowHeight)
                // From the drawing's centre, `panSteps` steps of (7, 3) window points and back.
                let start = Viewport(origin: Point(area.center.x - windowArea.width / 2, area.center.y - windowArea.height / 2))
                var path = [start]
                for _ in 1..<config.panSteps { path.append(path.last!.panned(byWindow: step)) }
                path += path.reversed()
                // Fill every tile along the path first (all at once), then the shipped budget.
                scene.fillBudget = nil
                for v in path { scene.render(editor, viewport: v, into: frame, barsShown: true) }
                renderer.finish()
                scene.fillBudget = WindowScene.defaultFillBudget
                if count == config.panCounts.max() { largest = (editor, area) }
                return Case(count: count, editor: editor, scene: scene, frame: frame, path: path)
            }
            setup.append((String(count), .s(t)))
            cases.append(c)
        }
        var times = [[Double]](repeating: [], count: cases.count)
        var incomplete = 0
        for rep in 0..<config.panPasses {
            for k in 0..<(cases.first?.path.count ?? 0) {
                for (n, c) in cases.enumerated() {
                    let t = timedFrame(c.scene, c.editor, c.path[k], c.frame)
                    if !c.scene.isComplete { incomplete += 1 }
                    if rep > 0 || k >= 3 { times[n].append(t) }
                }
            }
        }
        // Where a pan frame goes: TiledCanvas.compose alone (clear, tile blits, no fill) on the largest.
        var composeTimes: [Double] = []
        if let c = cases.last {
            let area = c.scene.canvasArea(width: c.frame.width, height: c.frame.height, barsShown: true)
            for v in c.path {
                let view = c.scene.canvasView(v, barsShown: true)
                var t = 0.0
                Stopwatch.time(&t) {
                    c.scene.tiles.compose(view, into: c.frame, area: area)
                    renderer.finish()
                }
                composeTimes.append(t)
            }
        }
        // Against one full-frame copy (glBlitFramebuffer of 1280 x 800 pixels), for scale.
        var copyTimes: [Double] = []
        if let c = cases.last {
            let other = try RenderTarget(width: c.frame.width, height: c.frame.height)
            for _ in 0..<20 {
                var t = 0.0
                Stopwatch.time(&t) {
                    renderer.copy(c.frame, to: other)
                    renderer.finish()
                }
                copyTimes.append(t)
            }
        }
        let names = config.panCounts.map(String.init)
        report["pan_frame_ms"] = .object(zip(names, times).map { ($0, .ms(median($1))) })
        if let top = config.panCounts.max(), let i = config.panCounts.firstIndex(of: top),
           let z = config.panCounts.firstIndex(of: 0), median(times[z]) > 0 {
            report["pan_frame_ratio"] = .number(median(times[i]) / median(times[z]), digits: 3)
        }
        report["pan"] = .object([
            ("frames", .int(times.first?.count ?? 0)), ("step_window_points", .string("7, 3")),
            ("incomplete_frames", .int(incomplete)),
            ("compose_only_ms", .ms(median(composeTimes))), ("full_frame_copy_ms", .ms(median(copyTimes))),
            ("visible_tiles", .int(cases.last.map { c in
                c.scene.tiles.visibleTiles(c.scene.canvasView(c.path[0], barsShown: true),
                                           area: c.scene.canvasArea(width: c.frame.width, height: c.frame.height, barsShown: true)).count
            } ?? 0)),
            ("p90_ms", .object(zip(names, times).map { ($0, .ms(percentile($1, 0.9))) })),
            ("setup_s", .object(setup)),
        ])
        guard let largest else { throw CommandFailure.environment("bench: no pan drawing") }
        return largest
    }

    /// `fill_frame_ms_max`: frames after jumps across the largest drawing, at the shipped fill budget.
    private mutating func measureFillJump(_ drawing: (Editor, Rect)) throws {
        let (editor, area) = drawing
        let scene = WindowScene(renderer: renderer, canvas: canvas, contentScale: 1)
        let frame = try RenderTarget(width: Bench.windowWidth, height: Bench.windowHeight)
        let w = windowArea
        let topLeft = Viewport(origin: Point(area.minX, area.minY))
        let bottomRight = Viewport(origin: Point(area.maxX - w.width, area.maxY - w.height))
        let topRight = Viewport(origin: Point(area.maxX - w.width, area.minY))
        scene.fillBudget = nil
        scene.render(editor, viewport: topLeft, into: frame, barsShown: true)
        renderer.finish()
        let shipped = WindowScene.defaultFillBudget
        scene.fillBudget = shipped
        var all: [Double] = []
        var counts: [Int] = []
        var totals: [Double] = []
        for target in [bottomRight, topRight] {
            var frames: [Double] = []
            repeat {
                frames.append(timedFrame(scene, editor, target, frame))
            } while !scene.isComplete && frames.count < 100_000
            all += frames
            counts.append(frames.count)
            totals.append(frames.reduce(0, +))
        }
        // The same first jump on a fresh scene, its frames taken apart: TiledCanvas.fill (budgeted)
        // and compose, each through glFinish, with the tiles and tessellation of each step.
        let parts = WindowScene(renderer: renderer, canvas: canvas, contentScale: 1)
        parts.fillBudget = nil
        parts.render(editor, viewport: topLeft, into: frame, barsShown: true)
        renderer.finish()
        let view = parts.canvasView(bottomRight, barsShown: true)
        let fillArea = parts.canvasArea(width: frame.width, height: frame.height, barsShown: true)
        var fillTimes: [Double] = [], composeTimes: [Double] = [], tileCounts: [Double] = [], tessTimes: [Double] = []
        var complete = false
        while !complete && fillTimes.count < 100_000 {
            let tiles0 = parts.tiles.tilesRendered, tess0 = parts.tiles.tessellateSeconds
            var f = 0.0, c = 0.0
            Stopwatch.time(&f) {
                complete = parts.tiles.fill(view, area: fillArea, budget: shipped)
                renderer.finish()
            }
            Stopwatch.time(&c) {
                parts.tiles.compose(view, into: frame, area: fillArea)
                renderer.finish()
            }
            fillTimes.append(f); composeTimes.append(c)
            tileCounts.append(Double(parts.tiles.tilesRendered - tiles0))
            tessTimes.append(parts.tiles.tessellateSeconds - tess0)
        }
        let tilesTotal = tileCounts.reduce(0, +)
        // The same view filled at once (blocks of up to 4 x 4 tiles, no budget), for the cost per tile.
        let once = WindowScene(renderer: renderer, canvas: canvas, contentScale: 1)
        once.fillBudget = nil
        once.render(editor, viewport: topLeft, into: frame, barsShown: true)
        renderer.finish()
        let onceTiles0 = once.tiles.tilesRendered
        var onceTime = 0.0
        Stopwatch.time(&onceTime) {
            once.tiles.fill(view, area: fillArea, budget: nil)
            renderer.finish()
        }
        let onceTiles = once.tiles.tilesRendered - onceTiles0
        report["fill_frame_ms_max"] = .ms(all.max() ?? 0)
        report["fill"] = .object([
            ("strokes", .int(editor.displayList.count)), ("budget_ms", .ms(shipped)),
            ("frames_to_complete", .string(counts.map(String.init).joined(separator: " "))),
            ("ms_to_complete", .string(totals.map { JSONWriter.format(($0 * 1e4).rounded() / 10) }.joined(separator: " "))),
            ("median_frame_ms", .ms(median(all))),
            ("tiles", .int(scene.tiles.tileCount)),
            ("tile_draws_per_stroke", .number(tileDrawsPerStroke(editor, bottomRight), digits: 2)),
            ("steps", .object([
                ("fill_ms_median", .ms(median(fillTimes))), ("fill_ms_max", .ms(fillTimes.max() ?? 0)),
                ("compose_ms_median", .ms(median(composeTimes))), ("tiles_per_step", .number(tilesTotal / Double(max(fillTimes.count, 1)), digits: 2)),
                ("ms_per_tile", .ms(fillTimes.reduce(0, +) / max(tilesTotal, 1))),
                ("tessellate_ms_per_tile", .ms(tessTimes.reduce(0, +) / max(tilesTotal, 1))),
                ("unbudgeted_fill_ms", .ms(onceTime)), ("unbudgeted_ms_per_tile", .ms(onceTime / Double(max(onceTiles, 1)))),
            ])),
        ])
    }

    /// `zoom_settle_ms`: a zoom step over a window full of strokes until the view is complete, and
    /// `zoom_settle_render_ms`: the one-target SceneView drawing the new view from scratch.
    private mutating func measureZoomSettle(styles: [(color: Color?, width: Double)]) throws {
        let w = windowArea
        let area = Rect(x: 0, y: 0, width: w.width, height: w.height)
        let drawables = spreadStrokes(config.zoomStrokes, points: pointsPerStroke(config.zoomStrokes), over: area,
                                      styles: styles, seed: 4242)
        let editor = Editor(canvas: canvas, seed: 1, stampImage: stamp, drawables: drawables)
        let frame = try RenderTarget(width: Bench.windowWidth, height: Bench.windowHeight)
        let settled = Viewport()
        let zoomed = settled.zoomed(by: Viewport.zoomStep, aboutWindow: Point(w.width / 2, w.height / 2))
        let visible = zoomed.visibleRect(width: w.width, height: w.height)
        var settle: [(total: Double, frames: Int, max: Double)] = []
        var fresh: [(total: Double, setup: Double)] = []
        var unbudgeted: [Double] = []
        for _ in 0..<config.zoomReps {
            let scene = settledScene(editor, settled, frame)
            scene.fillBudget = WindowScene.defaultFillBudget
            var frames: [Double] = []
            repeat {
                frames.append(timedFrame(scene, editor, zoomed, frame))
            } while !scene.isComplete && frames.count < 100_000
            settle.append((frames.reduce(0, +), frames.count, frames.max() ?? 0))
            unbudgeted.append(timedFrame(settledScene(editor, settled, frame), editor, zoomed, frame))

            var total = 0.0, setup = 0.0
            try Stopwatch.time(&total) {
                let view = try Stopwatch.time(&setup) {
                    try SceneView(renderer: renderer, canvas: CanvasSpec(width: visible.width, height: visible.height, background: .white),
                                  scale: zoomed.zoom, origin: Point(visible.minX, visible.minY))
                }
                view.render(editor, into: frame, barsShown: true)
                renderer.finish()
            }
            fresh.append((total, setup))
        }
        let s = settle.sorted { $0.total < $1.total }[settle.count / 2]
        let f = fresh.sorted { $0.total < $1.total }[fresh.count / 2]
        report["zoom_settle_ms"] = .object([(String(config.zoomStrokes), .ms(s.total))])
        report["zoom_settle_render_ms"] = .object([(String(config.zoomStrokes), .ms(f.total))])
        if f.total > 0 { report["zoom_settle_ratio"] = .number(s.total / f.total, digits: 3) }
        report["zoom"] = .object([
            ("from_zoom", .number(settled.zoom, digits: 4)), ("to_zoom", .number(zoomed.zoom, digits: 4)),
            ("frames_to_complete", .int(s.frames)), ("max_frame_ms", .ms(s.max)),
            ("settle_runs_ms", .string(settle.map { JSONWriter.format(($0.total * 1e4).rounded() / 10) }.joined(separator: " "))),
            ("render_runs_ms", .string(fresh.map { JSONWriter.format(($0.total * 1e4).rounded() / 10) }.joined(separator: " "))),
            ("render_setup_ms", .ms(f.setup)),
            ("unbudgeted_frame_ms", .ms(median(unbudgeted))),
            ("tile_draws_per_stroke", .number(tileDrawsPerStroke(editor, zoomed), digits: 2)),
        ])
    }

    /// A window scene showing `viewport` with every tile drawn (no fill budget).
    private func settledScene(_ editor: Editor, _ viewport: Viewport, _ frame: RenderTarget) -> WindowScene {
        let scene = WindowScene(renderer: renderer, canvas: canvas, contentScale: 1)
        scene.fillBudget = nil
        scene.render(editor, viewport: viewport, into: frame, barsShown: true)
        renderer.finish()
        return scene
    }

    /// `tile_cache_mb`: the cache after a 10 x 10 grid of window-sized pan steps (100 windows' area).
    private mutating func measureTileCache(styles: [(color: Color?, width: Double)]) throws {
        let w = windowArea
        let grid = 10
        let area = Rect(x: 0, y: 0, width: w.width * Double(grid), height: w.height * Double(grid))
        let count = config.cacheStrokesPerWindow * grid * grid
        let drawables = spreadStrokes(count, points: pointsPerStroke(count), over: area, styles: styles, seed: 77)
        let editor = Editor(canvas: canvas, seed: 1, stampImage: stamp, drawables: drawables)
        let scene = WindowScene(renderer: renderer, canvas: canvas, contentScale: 1)
        scene.fillBudget = nil
        let frame = try RenderTarget(width: Bench.windowWidth, height: Bench.windowHeight)
        var peak = 0
        var t = 0.0
        Stopwatch.time(&t) {
            for row in 0..<grid {
                for c in 0..<grid {
                    let col = row % 2 == 0 ? c : grid - 1 - c
                    let v = Viewport(origin: Point(Double(col) * w.width, Double(row) * w.height))
                    scene.render(editor, viewport: v, into: frame, barsShown: true)
                    renderer.finish()
                    peak = max(peak, scene.tiles.cacheBytes)
                }
            }
        }
        report["tile_cache_mb"] = .number(Double(scene.tiles.cacheBytes) / Double(1 << 20), digits: 1)
        report["tile_cache_budget_mb"] = .int(256)
        report["tile_cache"] = .object([
            ("tiles", .int(scene.tiles.tileCount)), ("peak_mb", .number(Double(peak) / Double(1 << 20), digits: 1)),
            ("strokes", .int(count)), ("windows", .int(grid * grid)), ("pan_s", .s(t)),
        ])
    }
}

extension Bench {
    /// How many times the tiles of `viewport` draw a stroke, per stroke they show: the strokes each
    /// visible tile's region (with the fringe margin) queries, summed, over the distinct ones.
    func tileDrawsPerStroke(_ editor: Editor, _ viewport: Viewport) -> Double {
        let scene = WindowScene(renderer: renderer, canvas: canvas, contentScale: 1)
        scene.tiles.sync(editor.displayList)
        let view = scene.canvasView(viewport, barsShown: true)
        let area = scene.canvasArea(width: Bench.windowWidth, height: Bench.windowHeight, barsShown: true)
        let t = Double(scene.tiles.tileSize), sc = view.scale, m = TiledCanvas.fringeMargin / sc
        var total = 0
        var distinct = Set<UInt64>()
        for key in scene.tiles.visibleTiles(view, area: area) {
            let r = Rect(x: Double(key.x) * t / sc, y: Double(key.y) * t / sc, width: t / sc, height: t / sc).insetBy(-m)
            let ids = scene.tiles.contents.query(r)
            total += ids.count
            distinct.formUnion(ids)
        }
        return Double(total) / Double(max(distinct.count, 1))
    }
}

/// The value below which `q` of `values` lie (nearest rank); 0 when empty.
func percentile(_ values: [Double], _ q: Double) -> Double {
    guard !values.isEmpty else { return 0 }
    let s = values.sorted()
    return s[min(s.count - 1, Int((Double(s.count) * q).rounded(.up)) - 1)]
}
