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
    static func run(_ args: Arguments) throws -> Int32 {
        var args = args
        let quick = args.flag("--quick")
        let verbose = args.flag("--verbose", "-v")
        let only = try args.option("--only").map { Set($0.split(separator: ",").map(String.init)) }
        let writeWorkload = try args.option("--write-workload")
        let rest = try args.positionals()
        guard rest.isEmpty else { throw UsageError(message: "bench takes no input files") }
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
    /// What to measure (`--only`, for profiling one part).
    var sections = BenchConfig.sections

    static let sections: Set<String> = ["tessellate", "render", "parse", "frames", "append"]

    /// What each headline figure measures (printed with them).
    static let notes: [(String, BenchValue)] = [
        ("tessellate_points_per_s", .string("input points per second through Drawable.commands (flatten + stroke tessellation) of the workload's strokes, median run")),
        ("workload_render_s", .string("fresh editor and scene: every event through the tools (frame events skipped), the canvas baked (tessellation, uploads, llvmpipe draws, checkpoint copies), one frame composed, glFinish; no parsing, no read-back; median run")),
        ("parse_s", .string("Replay.parse of the workload's canonical JSON held in memory (no file I/O), median run")),
        ("undo_ms", .string("Editor.undo + SceneView.update (rewind to the newest checkpoint, re-render the strokes after it) + glFinish, with 10000 committed, median")),
        ("frame_ms", .string("SceneView.render (clear, canvas copy, a 100-point live Pencil stroke) + glFinish, median, taken round-robin over the counts")),
        ("append_us", .string("one moved event with its whole frame: Editor.handle, LiveLayer.update (incremental tessellation + upload), SceneView.render (newly frozen triangles into the cached base, base copy, re-emitted tail) + glFinish, median")),
        ("append_stroke_us", .string("the stroke's part of a moved event alone: Editor.handle, LiveLayer.update, the changed triangles drawn onto a layer holding the rest, glFinish, median")),
    ]

    static let full = BenchConfig()
    static let quick = BenchConfig(strokes: 500, tessellateReps: 3, renderReps: 1, frameReps: 10, appendReps: 20,
                                   undoReps: 5, parseReps: 1)
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
        let sections = config.sections
        if sections.contains("tessellate") {
            progress("tessellation")
            measureTessellation(BenchmarkWorkload.play(workload, stamp: stamp).displayList.drawables)
        }
        if sections.contains("render") {
            progress("workload render")
            try measureWorkloadRender(workload)
        }
        if sections.contains("parse") {
            progress("parse")
            try measureParse(workload)
        }
        if sections.contains("frames") {
            progress("frames and undo")
            try measureFramesAndUndo()
        }
        if sections.contains("append") {
            progress("append")
            try measureAppend()
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
