import ScrawlCore
import ScrawlGL
import ScrawlWorkload

extension Bench {
    /// `tessellate_points_per_s`: the workload's committed strokes (round caps and joins) tessellated
    /// to draw commands on the CPU, as the canvas baker does; input points per second, median run.
    mutating func measureTessellation(_ drawables: [Drawable]) {
        let points = drawables.reduce(0) { $0 + $1.storedPointCount }
        var vertices = 0, triangles = 0
        for d in drawables {
            for case .stroke(let mesh, _) in d.commands(scale: 1) {
                vertices += mesh.vertices.count
                triangles += mesh.triangleCount
            }
        }
        // The same strokes with the width the benchmark's pen pressure gives each point, timed in
        // turn with the constant-width ones.
        let pressured = drawables.map(BenchmarkWorkload.withPressureWidths)
        var times: [Double] = [], pressureTimes: [Double] = []
        for _ in 0..<config.tessellateReps {
            var t = 0.0, u = 0.0
            Stopwatch.time(&t) {
                for d in drawables { _ = d.commands(scale: 1) }
            }
            Stopwatch.time(&u) {
                for d in pressured { _ = d.commands(scale: 1) }
            }
            times.append(t)
            pressureTimes.append(u)
        }
        let t = median(times), u = median(pressureTimes)
        report["tessellate_points_per_s"] = .number(Double(points) / t, digits: 0)
        report["tessellate_pressure_points_per_s"] = .number(Double(points) / u, digits: 0)
        report["tessellate_pressure_ratio"] = .number(t / u, digits: 3)
        report["tessellate"] = .object([
            ("strokes", .int(drawables.count)), ("points", .int(points)), ("s", .s(t)),
            ("vertices", .int(vertices)), ("triangles", .int(triangles)),
            ("triangles_per_point", .number(Double(triangles) / Double(max(points, 1)), digits: 2)),
        ])
    }

    /// `workload_render_s`: the workload's events through a fresh editor (tools), then the canvas
    /// baked (tessellation, uploads, draws) and one frame composed, through glFinish.
    /// No parsing, no intermediate frames, no read-back. Median of `renderReps` runs.
    mutating func measureWorkloadRender(_ workload: Replay) throws {
        let events = workload.events.filter { if case .frame = $0 { return false } else { return true } }
        var runs: [(total: Double, tools: Double, tess: Double)] = []
        for _ in 0..<config.renderReps {
            let scene = try SceneView(renderer: renderer, canvas: canvas, scale: 1)
            let frame = try RenderTarget(width: scene.width, height: scene.height)
            let editor = Editor(canvas: canvas, seed: workload.seed, stampImage: stamp)
            renderer.finish()
            var total = 0.0, tools = 0.0
            Stopwatch.time(&total) {
                Stopwatch.time(&tools) { for e in events { editor.handle(e) } }
                scene.render(editor, into: frame, barsShown: false)
                renderer.finish()
            }
            runs.append((total, tools, scene.canvas.tessellateSeconds))
        }
        let m = runs.sorted { $0.total < $1.total }[runs.count / 2]
        report["workload_render_s"] = .s(m.total)
        report["workload_render"] = .object([
            ("tools_s", .s(m.tools)), ("tessellate_s", .s(m.tess)), ("gpu_s", .s(m.total - m.tools - m.tess)),
            ("runs_s", .string(runs.map { JSONWriter.format(($0.total * 1e4).rounded() / 1e4) }.joined(separator: " "))),
        ])
    }

    /// `parse_s`: the workload's canonical JSON (generated in memory) through `Replay.parse`.
    mutating func measureParse(_ workload: Replay) throws {
        let bytes = Array(workload.encoded().utf8)
        var times: [Double] = []
        for _ in 0..<config.parseReps {
            var t = 0.0
            let parsed = try Stopwatch.time(&t) { try Replay.parse(bytes) }
            guard parsed.events.count == workload.events.count else {
                throw CommandFailure.environment("bench: the workload did not parse back")
            }
            times.append(t)
        }
        report["parse_s"] = .s(median(times))
        report["parse"] = .object([
            ("bytes", .int(bytes.count)), ("events", .int(workload.events.count)),
            ("runs_s", .string(times.map { JSONWriter.format(($0 * 1e4).rounded() / 1e4) }.joined(separator: " "))),
            ("mb_per_s", .number(Double(bytes.count) / 1e6 / median(times), digits: 1)),
        ])
    }

    /// A scene over `count` committed workload strokes: the first `count − 1` as an opened
    /// document's, the last drawn through the editor (so it can be undone), baked and synced.
    func committedScene(_ count: Int, drawables: [Drawable], strokes: Replay) throws -> (Editor, SceneView) {
        let editor = Editor(canvas: canvas, seed: 1, stampImage: stamp, drawables: Array(drawables.prefix(max(count - 1, 0))))
        if count > 0 {
            // The events of the stroke that committed drawable number `count`.
            var seen = 0
            for e in strokes.events {
                if case .touches(let t) = e, t.first?.phase == .began { seen += 1 }
                if seen == count { editor.handle(e) }
                if seen > count { break }
            }
            precondition(editor.displayList.count == count, "bench: committed scene has \(editor.displayList.count)")
        }
        let scene = try SceneView(renderer: renderer, canvas: canvas, scale: 1)
        scene.update(editor)
        renderer.finish()
        return (editor, scene)
    }

    /// `frame_ms`: a frame (clear, canvas copy, a live Pencil stroke of `livePoints` points) with 0,
    /// 1000 and 10000 committed strokes, measured round-robin so load from elsewhere hits all alike;
    /// `undo_ms`: undo of the last of the largest count (Editor.undo plus SceneView.update, which
    /// draws again the pixels the undone stroke covered from the strokes that touch them).
    mutating func measureFramesAndUndo() throws {
        let largest = config.committed.max() ?? 0
        let strokes = BenchmarkWorkload.replay(strokes: max(largest, 1), points: config.points)
        let all = BenchmarkWorkload.play(strokes, stamp: stamp).displayList.drawables
        var setupFields: [(String, BenchValue)] = []
        var scenes: [(editor: Editor, scene: SceneView, frame: RenderTarget)] = []
        for count in config.committed {
            var setup = 0.0
            let (editor, scene) = try Stopwatch.time(&setup) { try committedScene(count, drawables: all, strokes: strokes) }
            setupFields.append((String(count), .s(setup)))
            var rng = SplitMix64(seed: 77)
            let live = BenchmarkWorkload.penStroke(points: config.livePoints, in: canvas, rng: &rng)
            editor.handle(.touches([Touch(id: 7, phase: .began, location: live[0])]))
            for p in live.dropFirst() { editor.handle(.touches([Touch(id: 7, phase: .moved, location: p)])) }
            scenes.append((editor, scene, try RenderTarget(width: scene.width, height: scene.height)))
        }
        // The same editors through the window's scene: 1280 x 800 with bars, the page in view, its
        // tiles rendered before timing.
        var windows: [(scene: WindowScene, frame: RenderTarget)] = []
        for s in scenes {
            let window = WindowScene(renderer: renderer, canvas: canvas, contentScale: 1)
            let frame = try RenderTarget(width: Bench.windowWidth, height: Bench.windowHeight)
            window.fillBudget = nil
            window.render(s.editor, viewport: Viewport(), into: frame, barsShown: true)
            window.fillBudget = WindowScene.defaultFillBudget
            windows.append((window, frame))
        }
        renderer.finish()
        var times = [[Double]](repeating: [], count: scenes.count)
        var windowTimes = [[Double]](repeating: [], count: scenes.count)
        for rep in 0..<(config.frameReps + 3) {
            for (k, s) in scenes.enumerated() {
                var t = 0.0
                Stopwatch.time(&t) {
                    s.scene.render(s.editor, into: s.frame, barsShown: false)
                    renderer.finish()
                }
                if rep >= 3 { times[k].append(t) }
                var w = 0.0
                Stopwatch.time(&w) {
                    windows[k].scene.render(s.editor, viewport: Viewport(), into: windows[k].frame, barsShown: true)
                    renderer.finish()
                }
                if rep >= 3 { windowTimes[k].append(w) }
            }
        }
        report["frame_ms"] = .object(zip(config.committed, times).map { (String($0), .ms(median($1))) })
        report["window_frame_ms"] = .object(zip(config.committed, windowTimes).map { (String($0), .ms(median($1))) })
        report["scene_setup_s"] = .object(setupFields)
        if let k = config.committed.firstIndex(of: largest), largest > 0 {
            let s = scenes[k]
            s.editor.handle(.touches([Touch(id: 7, phase: .cancelled, location: Point(0, 0))]))
            measureUndo(s.editor, s.scene)
        }
    }

    private mutating func measureUndo(_ editor: Editor, _ scene: SceneView) {
        var times: [Double] = []
        for _ in 0..<config.undoReps {
            var t = 0.0
            Stopwatch.time(&t) {
                editor.undo()
                scene.update(editor)
                renderer.finish()
            }
            times.append(t)
            editor.redo()
            scene.update(editor)
            renderer.finish()
        }
        report["undo_ms"] = .ms(median(times))
        report["undo"] = .object([("committed", .int(editor.displayList.count))])
    }

    /// One live Pencil stroke being drawn, for the append timings.
    private final class LiveStroke {
        let editor: Editor
        let scene: SceneView
        let frame: RenderTarget
        let layer: RenderTarget
        let path: [Point]
        var next: Int
        /// Whether the touches carry the benchmark's pen pressure (`BenchmarkWorkload.pressure`).
        let pressure: Bool

        init(editor: Editor, scene: SceneView, frame: RenderTarget, layer: RenderTarget, path: [Point], next: Int,
             pressure: Bool) {
            self.editor = editor; self.scene = scene; self.frame = frame; self.layer = layer
            self.path = path; self.next = next; self.pressure = pressure
        }

        /// The next `moved` event along the path.
        func nextEvent() -> InputEvent {
            defer { next += 1 }
            return .touches([LiveStroke.touch(.moved, path[next], index: next, pressure: pressure)])
        }

        static func touch(_ phase: TouchPhase, _ p: Point, index: Int, pressure: Bool) -> Touch {
            Touch(id: 0, phase: phase, location: p, pressure: pressure ? BenchmarkWorkload.pressure(at: index) : nil)
        }
    }

    /// `append_us`: one `moved` event on a live Pencil stroke (width 2) of 100 and of 100000 points,
    /// with the frame it brings: editor handling, incremental tessellation and StreamingMesh upload
    /// (LiveLayer.update), then SceneView.render (the canvas-plus-frozen-stroke base gets the newly
    /// frozen triangles, is copied into the frame, and the re-emitted tail is drawn), through glFinish.
    /// `append_stroke_us`: the stroke's part alone: handling, LiveLayer.update and drawing the
    /// triangles that changed onto a layer holding the rest. Both measured round-robin.
    /// `append_pressure_us` (see `reportPressureAppend`): its strokes' frames are timed in the same
    /// round robin as `append_us`'s, so their ratio is not the load's change between two runs.
    mutating func measureAppend() throws {
        let reps = config.appendReps + 3
        let strokes = try config.appendLengths.map { try makeLiveStroke(length: $0, reps: reps) }
        let pressured = try config.appendLengths.map { try makeLiveStroke(length: $0, reps: reps, pressure: true) }
        let strokeTimes = timeRoundRobin(strokes, reps: reps) { s in
            s.scene.live.update(s.editor.liveItems)
            s.scene.live.drawChanges(s.editor.liveItems, into: s.layer)
        }
        let allFrameTimes = timeRoundRobin(strokes + pressured, reps: reps) { s in
            s.scene.render(s.editor, into: s.frame, barsShown: false)
        }
        let frameTimes = Array(allFrameTimes.prefix(strokes.count))
        let names = config.appendLengths.map(String.init)
        report["append_us"] = .object(zip(names, frameTimes).map { ($0, .us(median($1))) })
        report["append_stroke_us"] = .object(zip(names, strokeTimes).map { ($0, .us(median($1))) })
        var meshFields: [(String, BenchValue)] = []
        for (name, s) in zip(names, strokes) {
            if case .polyline(let id, _, _, _, _)? = s.editor.liveItems.first, let counts = s.scene.live.meshCounts(id) {
                meshFields.append((name, .string("\(counts.vertices) vertices, \(counts.indices / 3) triangles")))
            }
        }
        report["append_live_mesh"] = .object(meshFields)
        try measureTranslucentAppend(reps: reps, names: names)
        reportPressureAppend(allFrameTimes.suffix(pressured.count).map(median), names: names,
                             constant: frameTimes.map(median))
    }

    /// `append_pressure_us`: as `append_us` for a stroke whose touches carry a pen pressure (the
    /// benchmark's slow sine), so its width varies along it; with the ratio longest / shortest and
    /// against the constant-width figure of the same length.
    private mutating func reportPressureAppend(_ medians: [Double], names: [String], constant: [Double]) {
        report["append_pressure_us"] = .object(zip(names, medians).map { ($0, .us($1)) })
        if let first = medians.first, let last = medians.last, first > 0 {
            report["append_pressure_ratio"] = .number(last / first, digits: 3)
        }
        if let last = medians.last, let c = constant.last, c > 0 {
            report["append_pressure_over_constant"] = .number(last / c, digits: 3)
        }
    }

    /// `append_translucent_us`: as `append_us` for a stroke at 50 % opacity, whose frozen coverage
    /// stays in a layer (LiveLayer's coverage) so a frame adds only its tail; with the ratio to the
    /// opaque stroke's figure.
    private mutating func measureTranslucentAppend(reps: Int, names: [String]) throws {
        let strokes = try config.appendLengths.map { try makeLiveStroke(length: $0, reps: reps, opacity: 0.5) }
        let times = timeRoundRobin(strokes, reps: reps) { s in
            s.scene.render(s.editor, into: s.frame, barsShown: false)
        }
        let medians = times.map(median)
        report["append_translucent_us"] = .object(zip(names, medians).map { ($0, .us($1)) })
        if let first = medians.first, let last = medians.last, first > 0 {
            report["append_translucent_ratio"] = .number(last / first, digits: 3)
        }
    }

    /// A live Pencil stroke of `length` points, drawn once, with room for `2 * reps` more events.
    private func makeLiveStroke(length: Int, reps: Int, opacity: Double = 1, pressure: Bool = false) throws -> LiveStroke {
        let editor = Editor(canvas: canvas, seed: 1, stampImage: stamp)
        if opacity == 0.5 {
            editor.handle(.key(KeyPress("[", shift: true)))  // 75 %
            editor.handle(.key(KeyPress("[", shift: true)))  // 50 %
        }
        let scene = try SceneView(renderer: renderer, canvas: canvas, scale: 1)
        let frame = try RenderTarget(width: scene.width, height: scene.height)
        let layer = try RenderTarget(width: frame.width, height: frame.height)
        var rng = SplitMix64(seed: 5)
        let path = BenchmarkWorkload.penStroke(points: length + 2 * reps, in: canvas, rng: &rng)
        editor.handle(.touches([LiveStroke.touch(.began, path[0], index: 0, pressure: pressure)]))
        for i in 1..<length { editor.handle(.touches([LiveStroke.touch(.moved, path[i], index: i, pressure: pressure)])) }
        scene.render(editor, into: frame, barsShown: false)
        renderer.clear(layer, to: .clear)
        scene.live.draw(editor.liveItems, into: layer)
        renderer.finish()
        return LiveStroke(editor: editor, scene: scene, frame: frame, layer: layer, path: path, next: length, pressure: pressure)
    }

    /// Seconds per stroke of one `moved` event plus `work`, through glFinish, taking the strokes in
    /// turn so background load hits them alike; the first three rounds are warm-up.
    private func timeRoundRobin(_ strokes: [LiveStroke], reps: Int, _ work: (LiveStroke) -> Void) -> [[Double]] {
        var times = [[Double]](repeating: [], count: strokes.count)
        for rep in 0..<reps {
            for (k, s) in strokes.enumerated() {
                let event = s.nextEvent()
                var t = 0.0
                Stopwatch.time(&t) {
                    s.editor.handle(event)
                    work(s)
                    renderer.finish()
                }
                if rep >= 3 { times[k].append(t) }
            }
        }
        return times
    }
}
