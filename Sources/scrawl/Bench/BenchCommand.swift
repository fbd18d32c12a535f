import Foundation
import ScrawlCore
import ScrawlGL
import ScrawlWorkload

/// `scrawl bench [--quick] [--only SECTIONS] [--verbose] [--write-workload FILE]`: measures tessellation, headless rendering, frame, append, undo and
/// parse times in this process, on the deterministic workload of `BenchmarkWorkload`, and prints one
/// JSON object on standard output (progress goes to standard error). Nothing here is asserted:
/// the figures are for people, and they are noisy on a shared CPU rasterizer, so small timings are
/// medians of several repetitions and every GPU clock stops after `Renderer.finish()`.
enum BenchCommand {
    /// Runs the benchmark for a command line parsed through `CommandSpec.bench`.
    static func run(_ p: ParsedCommand) throws -> Int32 {
        let quick = p.flag("--quick")
        let verbose = p.flag("--verbose")
        let only = p.text("--only").map { Set($0.split(separator: ",").map(String.init)) }
        let writeWorkload = p.text("--write-workload")
        if let child = p.text(Bench.childRSSOption) { return try Bench.reportChildRSS(child) }
        if let path = writeWorkload {
            // The workload as a replay file, e.g. for `scrawl render --stats` or other renderers.
            let config: BenchConfig = quick ? .quick : .full
            let text = BenchmarkWorkload.replay(strokes: config.strokes, points: config.points).encoded()
            do { try text.write(toFile: path, atomically: true, encoding: .utf8) } catch {
                throw CommandFailure.environment("bench: cannot write \(path): \(error.localizedDescription)")
            }
            return 0
        }
        let renderer = try GLSession.headlessRenderer()
        var config: BenchConfig = quick ? .quick : .full
        if let only {
            let unknown = only.subtracting(BenchConfig.sections)
            guard unknown.isEmpty else {
                throw UsageError(message: "bench --only takes \(BenchConfig.sections.sorted().joined(separator: ",")), not \(unknown.sorted().joined(separator: ","))")
            }
            config.sections = only
        }
        var bench = Bench(renderer: renderer, config: config, verbose: verbose)
        do {
            let report = try bench.run()
            print(report.json())
        } catch let error as CommandFailure {
            throw error
        } catch {
            throw CommandFailure.environment("bench: \(error)")
        }
        return 0
    }
}

/// How much to measure.
struct BenchConfig {
    /// Strokes and points per stroke of the workload (tessellation, render, parse).
    var strokes = 2000
    var points = 100
    /// Committed strokes for the frame-time scenes (the largest also for undo).
    var committed = [0, 1000, 10000]
    /// Live-stroke lengths for the append timings.
    var appendLengths = [100, 100_000]
    /// Points of the live stroke drawn during frame timings.
    var livePoints = 100
    var tessellateReps = 5
    var renderReps = 3
    var frameReps = 30
    var appendReps = 60
    var undoReps = 15
    var parseReps = 3
    /// The infinite canvas: stroke counts of the pan drawings (the largest also for the fill after a
    /// jump), strokes per 1280 x 800 points of canvas, points per stroke in drawings of 50000 or more.
    var panCounts = [0, 10000, 100_000]
    var strokesPerWindow = 2000
    var bigDrawingPoints = 100
    /// Pan steps along the path (it is panned there and back) and measured passes over it.
    var panSteps = 40
    var panPasses = 2
    /// Strokes in the window for the zoom-settle timing, and its repetitions.
    var zoomStrokes = 10000
    var zoomReps = 3
    /// Strokes per window-sized cell of the 10 x 10 drawing the tile-cache figure pans across.
    var cacheStrokesPerWindow = 200
    /// Editing: drawings for the eraser and the selection click, eraser drags (moves each,
    /// points per move), clicks, and the selection drag (selected strokes, drawing, drags, steps each).
    var editCounts = [10000, 100_000]
    var eraseDrags = 30
    var eraseMovesPerDrag = 6
    var eraseStep = 6.0
    var pickReps = 40
    var moveSelected = 100
    var moveStrokes = 10000
    var moveDrags = 5
    var moveStepsPerDrag = 20
    /// What to measure (`--only`, for profiling one part).
    var sections = BenchConfig.sections

    static let sections: Set<String> = ["tessellate", "render", "parse", "frames", "append", "canvas", "edit", "memory",
                                        "latency", "layers", "text"]

    /// What each headline figure measures (printed with them).
    static let notes: [(String, BenchValue)] = [
        ("tessellate_points_per_s", .string("input points per second through Drawable.commands (flatten + stroke tessellation) of the workload's strokes, median run")),
        ("workload_render_s", .string("fresh editor and scene: every event through the tools (frame events skipped), the canvas baked (tessellation, uploads, llvmpipe draws, the pictures kept below recent strokes), one frame composed, glFinish; no parsing, no read-back; median run")),
        ("parse_s", .string("Replay.parse of the workload's canonical JSON held in memory (no file I/O), median run")),
        ("tessellate_pressure_points_per_s", .string("tessellate_points_per_s for the same strokes with a width per point from the benchmark's pen pressure (a slow sine between 0.1 and 0.9, sensitivity 0.5: w x (0.5 + p)), timed in turn with them; tessellate_pressure_ratio = this / tessellate_points_per_s")),
        ("append_pressure_us", .string("append_us for a Pencil stroke whose touches carry the benchmark's pen pressure (its width varies along it), timed in turn with append_us's strokes; append_pressure_ratio = longest / shortest, append_pressure_over_constant = longest / append_us's longest")),
        ("rss_bytes_per_point_pressure", .string("rss_bytes_per_point for the workload with the benchmark's pen pressure on every touch (2000 and 8000 strokes); rss_pressure_extra_bytes_per_point = this - rss_bytes_per_point")),
        ("undo_ms", .string("Editor.undo + SceneView.update (the undone stroke's pixels drawn again from the canvas's picture of what lies below a recent stroke, and the strokes above it) + glFinish, with 10000 committed, median")),
        ("frame_ms", .string("SceneView.render (clear, canvas copy, a 100-point live Pencil stroke) + glFinish, median, taken round-robin over the counts")),
        ("append_us", .string("one moved event with its whole frame: Editor.handle, LiveLayer.update (incremental tessellation + upload), SceneView.render (newly frozen triangles into the cached base, base copy, re-emitted tail) + glFinish, median")),
        ("window_frame_ms", .string("the frame_ms scenes (same editors, same live stroke) through WindowScene, as the window draws now: a 1280x800 frame, content scale 1, bars shown, viewport at the page, tiles cached (composed canvas and live base reused), + glFinish, median, round-robin with frame_ms")),
        ("pan_frame_ms", .string("one pan step of (7, 3) window points of a 1280x800 WindowScene (content scale 1, bars shown, the shipped fill budget, 12 ms) over drawings of that many workload-shaped strokes spread at 2000 strokes per 1280x800 points (the drawing grows with the count, the visible content stays comparable), every tile along the path rendered beforehand; render + glFinish, median over 40 steps there and back, twice, round-robin over the counts; pan_frame_ratio = largest count / 0")),
        ("zoom_settle_ms", .string("10000 strokes filling the 1280x800 window's canvas area at 100 %, settled; one Viewport.zoomStep in about the area's centre, then frames with the shipped fill budget (12 ms) until WindowScene.isComplete; sum of the frame times (render + glFinish), median of 3 runs on fresh scenes; zoom.unbudgeted_frame_ms: the same zoom's first frame without a budget (every tile drawn at once), median")),
        ("zoom_settle_render_ms", .string("the one-target SceneView for the zoomed view (origin = visible rect's top-left, canvas = its size, scale = the new zoom) made, baked from scratch and rendered with bars + glFinish, median of 3; zoom_settle_ratio = zoom_settle_ms / this")),
        ("fill_frame_ms_max", .string("the longest frame (render + glFinish) while tiles fill after jumps across the largest pan drawing (top-left window to bottom-right, then to top-right), the shipped fill budget, 12 ms as shipped; frames to complete in fill.frames_to_complete")),
        ("layers_frame_ms", .string("the same drawing (10000 strokes at the window density; quick: 2000) on 1 layer and on 8 of equal share, WindowScene frames at the drawing's centre, tiles cached, + glFinish, median of 20; layers_pan_frame_ms: the pan_frame_ms path over the same two")),
        ("layer_toggle_ms", .string("two layers, 90 % of the strokes on the top one, tiles of the whole canvas cached: hiding it, then showing it, each to the first complete frame with the shipped fill budget (sum of frame times); first_hide / first_show: the first such pair (the tiles of the shown layer stashed, the layer's split filled); hide / show: the second pair, each after the idle frames that end the background work (the split's parts and the whole canvas drawn again); the longest frame of all of these, and frame_ms of that scene")),
        ("layer_opacity_frame_ms", .string("that scene, settled: the top layer's opacity stepped by 5 % ten times, one frame after each, median")),
        ("layer_append_us", .string("that scene: a moved event of a live Pencil stroke and its frame, on the top layer and on the bottom one, four strokes of 100 moves on each in turn, median of 400; ratio = bottom / top")),
        ("layer_append_long_us", .string("the same for two strokes on each of 100 moves sweeping 1000 x 600 points (the live stroke's bounds most of the window), median of 200")),
        ("text_key_ms", .string("a character typed at the end of an open text of that many characters (lines of 80, the system's sans-serif at the Text tool's size) with the text tool: Editor.handle + WindowScene.render (1280x800, bars shown) + glFinish, median of 20 (quick: 100 and 2000 characters)")),
        ("text_open_frame_ms", .string("a frame while that text stays open with nothing typed (its caret shown): WindowScene.render + glFinish, median of 20")),
        ("tile_cache_mb", .string("WindowScene.tiles.cacheBytes after panning a 10 x 10 grid of window-sized steps (100 canvas areas, 200 strokes each) with every tile rendered; beside tile_cache_budget_mb, the default budget")),
        ("erase_us", .string("one moved event of a stroke-mode eraser drag (disc 8 points wide) that touches a stroke it had not: Editor.handle (sweep via the spatial index, hit test; the stroke is hidden from the tiles and shown dimmed live) + WindowScene.render (tiles under it re-rendered within the shipped 12 ms fill budget) + glFinish, in a 1280x800 window scene at the drawing's centre, tiles cached, over drawings of that many workload-shaped strokes spread at 2000 per 1280x800 points; median over 30 drags of 6 moves of 6 points, round-robin over the counts; erase_ratio = largest / smallest")),
        ("erase_end_us", .string("the touch end of the same drags: Editor.handle(ended) (the touched strokes removed as one replace step) + the first frame after it + glFinish, median; frames the tiles took to complete in erase.end_extra_frames (the strokes are put back by undo, untimed, after each drag)")),
        ("pick_us", .string("a selection click (v): Editor.handle(began) + Editor.handle(ended) at the middle point of a stroke (pick via the spatial index + hit test) + the frame showing the selection box + glFinish, same scenes, median over 40 clicks round-robin; pick_ratio = largest / smallest")),
        ("move_ms", .string("one moved event of the selection tool dragging a selection of 100 strokes (shift-clicked, nearest the view's centre) by (2, 1) points over a drawing of 10000, the selection hidden from the tiles and drawn live: Editor.handle + WindowScene.render + glFinish, median over 5 drags of 19 steps (the first move, which takes the selection out of the tiles, in move.first_move_ms)")),
        ("move_end_ms", .string("the touch end of those drags: Editor.handle(ended) (one replace step) + the first frame + glFinish, median; the frames until the tiles under the old and new places are re-rendered in move.end_extra_frames, their tiles in move.end_tiles_rendered")),
        ("append_stroke_us", .string("the stroke's part of a moved event alone: Editor.handle, LiveLayer.update, the changed triangles drawn onto a layer holding the rest, glFinish, median")),
        ("append_translucent_us", .string("append_us for a stroke at 50 % opacity: its frozen coverage kept in a layer (GL_MAX), each frame copies that layer's stroke rectangle, adds the re-emitted tail and composites once; append_translucent_ratio = longest / shortest")),
        ("rss_mb", .string("peak resident set (MiB, wait4's ru_maxrss) of a child `scrawl render W.json -o W.png --stats` for the empty replay and the workload at 500, 2000 and 8000 strokes of 100 points (written to a temporary folder first); rss_bytes_per_point = growth from 2000 to 8000 strokes per committed input point (101 per stroke)")),
        ("render_process_s", .string("total_s from --stats of those child renders: the whole `scrawl render` after argument parsing (GL start overlapped with reading the input, parse, tools, tessellation, GPU, read-back, PNG encode); render_draw_s = total_s - parse_s - encode_s, the part a renderer handed parsed strokes would do, with the GL start-up that is not hidden behind the parse")),
        ("latency_ms", .string("a touch's moved event to the frame showing it finished: Editor.handle + WindowScene.render (1280x800, bars shown, tiles cached, the shipped fill budget) + glFinish, median over a 100-point Pencil stroke drawn over 0 and 10000 committed strokes spread at 2000 per 1280x800 points, round-robin; latency_ratio = 10000 / 0")),
    ]

    static let full = BenchConfig()
    static let quick = BenchConfig(strokes: 500, tessellateReps: 3, renderReps: 1, frameReps: 10, appendReps: 20,
                                   undoReps: 5, parseReps: 1, panCounts: [0, 2000, 10000], panSteps: 20, panPasses: 1,
                                   zoomStrokes: 2000, zoomReps: 1, cacheStrokesPerWindow: 20,
                                   editCounts: [2000, 10000], eraseDrags: 10, pickReps: 15, moveStrokes: 2000,
                                   moveDrags: 2, moveStepsPerDrag: 10)
}

/// The benchmark run: one renderer, the workload, and the figures as they come.
struct Bench {
    let renderer: Renderer
    let config: BenchConfig
    let verbose: Bool
    let stamp = RasterImage.defaultStamp
    let canvas = BenchmarkWorkload.canvas
    var report = BenchReport()

    init(renderer: Renderer, config: BenchConfig, verbose: Bool) {
        self.renderer = renderer
        self.config = config
        self.verbose = verbose
    }

    func progress(_ message: String) { if verbose { printError("bench: " + message) } }


    mutating func run() throws -> BenchReport {
        var total = Stopwatch()
        let driver = renderer.driverDescription
        report["gl_renderer"] = .string(driver.renderer)
        report["gl_version"] = .string(driver.version)
        report["quick"] = .bool(config.quick)
        let workload = BenchmarkWorkload.replay(strokes: config.strokes, points: config.points)
        report["workload"] = .object([
            ("strokes", .int(config.strokes)), ("points_per_stroke", .int(config.points)),
            ("canvas", .string("\(Int(canvas.width))x\(Int(canvas.height))")),
            ("widths", .string("1-16")), ("events", .int(workload.events.count)),
        ])
        let steps: [(section: String, label: String, measure: (inout Bench) throws -> Void)] = [
            ("tessellate", "tessellation", { $0.measureTessellation(BenchmarkWorkload.play(workload, stamp: $0.stamp).displayList.drawables) }),
            ("render", "workload render", { try $0.measureWorkloadRender(workload) }),
            ("parse", "parse", { try $0.measureParse(workload) }),
            ("frames", "frames and undo", { try $0.measureFramesAndUndo() }),
            ("append", "append", { try $0.measureAppend() }),
            ("canvas", "canvas", { try $0.measureCanvas() }),
            ("edit", "edit", { try $0.measureEdit() }),
            ("memory", "memory", { try $0.measureMemory() }),
            ("latency", "latency", { try $0.measureLatency() }),
            ("layers", "layers", { try $0.measureLayers() }),
            ("text", "text", { try $0.measureText() }),
        ]
        for step in steps where config.sections.contains(step.section) {
            progress(step.label)
            try step.measure(&self)
        }
        report.addRatios()
        report["notes"] = .object(BenchConfig.notes.filter { note in report[note.0] != nil })
        report["bench_s"] = .number(total.lap(), digits: 3)
        return report
    }
}

extension BenchConfig {
    var quick: Bool { strokes < BenchConfig.full.strokes }
}

/// The median of `values` (the mean of the middle two for an even count); 0 when empty.
func median(_ values: [Double]) -> Double {
    guard !values.isEmpty else { return 0 }
    let s = values.sorted()
    let m = s.count / 2
    return s.count % 2 == 1 ? s[m] : (s[m - 1] + s[m]) / 2
}
