import Foundation
import ScrawlCore
import ScrawlGL
import ScrawlWorkload

/// Editing: the eraser, a selection click and a selection drag in the window's
/// `WindowScene` over drawings spread at the canvas section's density (`strokesPerWindow`), so the
/// region under the tool holds about as many strokes whatever the drawing's size.
extension Bench {
    /// One drawing in a 1280 x 800 window scene, viewed at its centre, every visible tile rendered.
    final class EditCase {
        let count: Int
        let editor: Editor
        let scene: WindowScene
        let frame: RenderTarget
        let viewport: Viewport
        /// The visible canvas rectangle, less a margin: where the tools act.
        let inner: Rect
        let drawables: [Drawable]

        init(count: Int, editor: Editor, scene: WindowScene, frame: RenderTarget, viewport: Viewport, inner: Rect,
             drawables: [Drawable]) {
            self.count = count; self.editor = editor; self.scene = scene; self.frame = frame
            self.viewport = viewport; self.inner = inner; self.drawables = drawables
        }
    }

    /// `seed` varies the spread strokes (the latency bench uses its own).
    func makeEditCase(_ count: Int, styles: [(color: Color?, width: Double)], seed: UInt64 = 1010) throws -> EditCase {
        let area = drawingArea(strokes: count)
        let drawables = spreadStrokes(count, points: pointsPerStroke(count), over: area, styles: styles,
                                      seed: seed &+ UInt64(count))
        let editor = Editor(canvas: canvas, seed: 1, stampImage: stamp, drawables: drawables)
        let scene = WindowScene(renderer: renderer, canvas: canvas, contentScale: 1)
        let frame = try RenderTarget(width: Bench.windowWidth, height: Bench.windowHeight)
        let w = windowArea
        let viewport = Viewport(origin: Point(area.center.x - w.width / 2, area.center.y - w.height / 2))
        let inner = Rect(x: viewport.origin.x, y: viewport.origin.y, width: w.width, height: w.height).insetBy(120)
        let c = EditCase(count: count, editor: editor, scene: scene, frame: frame, viewport: viewport, inner: inner,
                         drawables: drawables)
        _ = editor.spatialIndex
        settle(c)
        return c
    }

    /// Every tile of the case's view rendered (no budget), then the shipped budget again; untimed.
    private func settle(_ c: EditCase) {
        c.scene.fillBudget = nil
        c.scene.render(c.editor, viewport: c.viewport, into: c.frame, barsShown: true)
        renderer.finish()
        c.scene.fillBudget = WindowScene.defaultFillBudget
    }

    /// Handles `events`, then one frame (render + glFinish); seconds.
    private func timedEdit(_ c: EditCase, _ events: [InputEvent]) -> Double {
        var handled = 0.0
        return timedEdit(c, events, handled: &handled)
    }

    /// The same, with the seconds of `Editor.handle` alone in `handled`.
    private func timedEdit(_ c: EditCase, _ events: [InputEvent], handled: inout Double) -> Double {
        var t = 0.0, h = 0.0
        Stopwatch.time(&t) {
            Stopwatch.time(&h) { for e in events { c.editor.handle(e) } }
            c.scene.render(c.editor, viewport: c.viewport, into: c.frame, barsShown: true)
            renderer.finish()
        }
        handled = h
        return t
    }

    /// Frames at the shipped budget until the view is complete: (frames, seconds).
    private func framesToComplete(_ c: EditCase) -> (Int, Double) {
        var n = 0, total = 0.0
        while !c.scene.isComplete && n < 10_000 {
            total += timedFrame(c.scene, c.editor, c.viewport, c.frame)
            n += 1
        }
        return (n, total)
    }

    private static func touch(_ phase: TouchPhase, _ p: Point, shift: Bool = false) -> InputEvent {
        .touches([Touch(id: 1, phase: phase, location: p, shift: shift)])
    }

    /// `{count: value}` for each drawing.
    static func byCount<T>(_ names: [String], _ values: [T], _ f: (T) -> BenchValue) -> BenchValue {
        .object(zip(names, values).map { ($0, f($1)) })
    }

    private static func unit(_ rng: inout SplitMix64) -> Double { Double(rng.next() >> 11) / Double(UInt64(1) << 53) }

    private static func point(in r: Rect, _ rng: inout SplitMix64) -> Point {
        Point(r.minX + unit(&rng) * r.width, r.minY + unit(&rng) * r.height)
    }

    mutating func measureEdit() throws {
        let styles = workloadStyles()
        var cases: [EditCase] = []
        var setup: [(String, BenchValue)] = []
        for count in config.editCounts {
            progress("edit: drawing of \(count)")
            var t = 0.0
            cases.append(try Stopwatch.time(&t) { try makeEditCase(count, styles: styles) })
            setup.append((String(count), .s(t)))
        }
        progress("edit: eraser")
        measureErase(cases)
        progress("edit: selection click")
        measurePick(cases)
        progress("edit: selection drag")
        let moveCase = try cases.first { $0.count == config.moveStrokes } ?? makeEditCase(config.moveStrokes, styles: styles)
        try measureMove(moveCase)
        report["edit"] = .object([
            ("window", .string("\(Bench.windowWidth)x\(Bench.windowHeight), content scale 1, bars shown, viewport at the drawing's centre, the shipped fill budget (12 ms)")),
            ("density", .string("\(config.strokesPerWindow) strokes per 1280x800 points")),
            ("counts", .string(config.quick ? "quick: scaled down (erase/pick \(config.editCounts.map(String.init).joined(separator: "/")), move \(config.moveSelected) of \(config.moveStrokes); the keys keep the full run's names)"
                                            : "full")),
            ("setup_s", .object(setup)),
        ])
    }

    /// `erase_us` and `erase_end_us`: short stroke-mode eraser drags, round-robin over the drawings.
    private mutating func measureErase(_ cases: [EditCase]) {
        for c in cases { c.editor.select(.eraser) }
        var moves = [[Double]](repeating: [], count: cases.count)
        var crossing = [[Double]](repeating: [], count: cases.count)
        var ends = [[Double]](repeating: [], count: cases.count)
        var endComplete = [[Double]](repeating: [], count: cases.count)
        var endFrames = [Int](repeating: 0, count: cases.count)
        var removed = [Int](repeating: 0, count: cases.count)
        var incomplete = [Int](repeating: 0, count: cases.count)
        var moveTiles = [Int](repeating: 0, count: cases.count)
        var resync = [[Double]](repeating: [], count: cases.count)
        var endHandle = [[Double]](repeating: [], count: cases.count)
        var crossingHandle = [[Double]](repeating: [], count: cases.count)
        var endTiles = [Int](repeating: 0, count: cases.count)
        var rng = SplitMix64(seed: 0xe7a5e)
        let step = config.eraseStep
        for _ in 0..<config.eraseDrags {
            let start = Bench.point(in: cases[0].inner.insetBy(step * Double(config.eraseMovesPerDrag)), &rng)
            let angle = Bench.unit(&rng) * 2 * Double.pi
            let d = Point(step * cos(angle), step * sin(angle))
            for (k, c) in cases.enumerated() {
                // The same offsets in each drawing, from its own inner rectangle.
                let p0 = start - cases[0].inner.center + c.inner.center
                c.editor.handle(Bench.touch(.began, p0))
                settle(c)
                var p = p0
                for _ in 0..<config.eraseMovesPerDrag {
                    p = p + d
                    let hidden0 = c.editor.pendingErase.count, tiles0 = c.scene.tiles.tilesRendered
                    var h = 0.0
                    let t = timedEdit(c, [Bench.touch(.moved, p)], handled: &h)
                    moves[k].append(t)
                    if c.editor.pendingErase.count > hidden0 { crossing[k].append(t); crossingHandle[k].append(h) }
                    if !c.scene.isComplete { incomplete[k] += 1 }
                    moveTiles[k] += c.scene.tiles.tilesRendered - tiles0
                }
                settle(c)
                let before = c.editor.displayList.items.count
                p = p + d
                let endTiles0 = c.scene.tiles.tilesRendered
                var h = 0.0
                Stopwatch.time(&h) { c.editor.handle(Bench.touch(.ended, p)) }
                endHandle[k].append(h)
                ends[k].append(h + timedFrame(c.scene, c.editor, c.viewport, c.frame))
                let (frames, rest) = framesToComplete(c)
                endTiles[k] += c.scene.tiles.tilesRendered - endTiles0
                endFrames[k] += frames
                endComplete[k].append(ends[k].last! + rest)
                removed[k] += before - c.editor.displayList.items.count
                // Put the strokes back (untimed), then the editor's index catches up as the next touch would.
                c.editor.undo()
                var r = 0.0
                Stopwatch.time(&r) { _ = c.editor.spatialIndex }
                resync[k].append(r)
                settle(c)
            }
        }
        let names = cases.map { String($0.count) }
        report["erase_us"] = Bench.byCount(names, crossing) { .us(median($0)) }
        report["erase_end_us"] = Bench.byCount(names, ends) { .us(median($0)) }
        if cases.count > 1, median(crossing[0]) > 0 {
            report["erase_ratio"] = .number(median(crossing[cases.count - 1]) / median(crossing[0]), digits: 3)
        }
        if cases.count > 1, median(ends[0]) > 0 {
            report["erase_end_ratio"] = .number(median(ends[cases.count - 1]) / median(ends[0]), digits: 3)
        }
        let drags = Double(config.eraseDrags)
        let movesTotal = drags * Double(config.eraseMovesPerDrag)
        let fields: [(String, BenchValue)] = [
            ("drags", .int(config.eraseDrags)), ("moves_per_drag", .int(config.eraseMovesPerDrag)),
            ("step_points", .number(step, digits: 1)),
            ("crossing_moves", Bench.byCount(names, crossing) { .int($0.count) }),
            ("crossing_handle_us", Bench.byCount(names, crossingHandle) { .us(median($0)) }),
            ("all_moves_us", Bench.byCount(names, moves) { .us(median($0)) }),
            ("p90_crossing_us", Bench.byCount(names, crossing) { .us(percentile($0, 0.9)) }),
            ("incomplete_move_frames", Bench.byCount(names, incomplete) { .int($0) }),
            ("tiles_rendered_per_move", Bench.byCount(names, moveTiles) { .number(Double($0) / movesTotal, digits: 2) }),
            ("removed_per_drag", Bench.byCount(names, removed) { .number(Double($0) / drags, digits: 2) }),
            ("end_to_complete_us", Bench.byCount(names, endComplete) { .us(median($0)) }),
            ("end_extra_frames", Bench.byCount(names, endFrames) { .number(Double($0) / drags, digits: 2) }),
            ("end_tiles_rendered", Bench.byCount(names, endTiles) { .number(Double($0) / drags, digits: 2) }),
            ("end_handle_us", Bench.byCount(names, endHandle) { .us(median($0)) }),
            ("editor_index_resync_after_edit_us", Bench.byCount(names, resync) { .us(median($0)) }),
        ]
        report["erase"] = .object(fields)
    }

    /// `pick_us`: a click of the selection tool on a stroke, with the frame showing its box.
    private mutating func measurePick(_ cases: [EditCase]) {
        for c in cases { c.editor.select(.select); settle(c) }
        var times = [[Double]](repeating: [], count: cases.count)
        var picked = [Int](repeating: 0, count: cases.count)
        var incomplete = [Int](repeating: 0, count: cases.count)
        // Points on strokes: each drawing's strokes with a middle point inside its inner rectangle.
        var targets: [[Point]] = []
        for c in cases {
            var pts: [Point] = []
            for d in c.drawables {
                let els = d.followPath.elements
                guard !els.isEmpty else { continue }
                switch els[els.index(els.startIndex, offsetBy: els.count / 2)] {
                case .move(let p), .line(let p): if c.inner.contains(p) { pts.append(p) }
                default: break
                }
                if pts.count >= config.pickReps { break }
            }
            targets.append(pts)
        }
        for rep in 0..<(config.pickReps + 3) {
            for (k, c) in cases.enumerated() where !targets[k].isEmpty {
                let p = targets[k][rep % targets[k].count]
                let t = timedEdit(c, [Bench.touch(.began, p), Bench.touch(.ended, p)])
                if !c.scene.isComplete { incomplete[k] += 1 }
                guard rep >= 3 else { continue }
                times[k].append(t)
                if c.editor.selection?.selectedIDs.count == 1 { picked[k] += 1 }
            }
        }
        let names = cases.map { String($0.count) }
        report["pick_us"] = Bench.byCount(names, times) { .us(median($0)) }
        if cases.count > 1, median(times[0]) > 0 {
            report["pick_ratio"] = .number(median(times[cases.count - 1]) / median(times[0]), digits: 3)
        }
        report["pick"] = .object([
            ("clicks", Bench.byCount(names, times) { .int($0.count) }),
            ("picked", Bench.byCount(names, picked) { .int($0) }),
            ("p90_us", Bench.byCount(names, times) { .us(percentile($0, 0.9)) }),
            ("incomplete_frames", Bench.byCount(names, incomplete) { .int($0) }),
        ])
        for c in cases { c.editor.select(.pencil) }
    }

    /// `move_ms` and `move_end_ms`: a selection of `moveSelected` strokes dragged over a drawing.
    private mutating func measureMove(_ c: EditCase) throws {
        c.editor.select(.select)
        guard let tool = c.editor.selection else { throw CommandFailure.environment("bench: no selection tool") }
        // Shift-click the strokes nearest the view's centre until `moveSelected` are selected.
        let centre = c.inner.center
        var mids: [Point] = []
        for d in c.drawables {
            let els = d.followPath.elements
            guard !els.isEmpty else { continue }
            switch els[els.index(els.startIndex, offsetBy: els.count / 2)] {
            case .move(let p), .line(let p): mids.append(p)
            default: break
            }
        }
        mids.sort { $0.distance(to: centre) < $1.distance(to: centre) }
        for p in mids where tool.selectedIDs.count < config.moveSelected {
            guard let id = tool.pick(at: p, c.editor), !tool.selectedIDs.contains(id) else { continue }
            c.editor.handle(Bench.touch(.began, p, shift: true))
            c.editor.handle(Bench.touch(.ended, p, shift: true))
        }
        let selected = tool.selectedIDs.count
        settle(c)
        var steps: [Double] = [], firsts: [Double] = [], ends: [Double] = [], endTotals: [Double] = []
        var firstTiles: [Int] = [], endTiles: [Int] = [], endFrames: [Int] = []
        var incomplete = 0
        var stepHandles: [Double] = []
        var boxes: [Double] = []
        var settledSteps: [Double] = [], settledMeshSteps: [Double] = []
        for drag in 0..<config.moveDrags {
            guard let box = tool.selectionBounds(c.editor) else { break }
            boxes.append(max(box.width, box.height))
            let sign = drag % 2 == 0 ? 1.0 : -1.0
            let d = Point(2 * sign, 1 * sign)
            var p = box.center
            c.editor.handle(Bench.touch(.began, p))
            settle(c)
            // The first move past the click slop: the selection leaves the tiles.
            p = p + Point(4 * sign, 0)
            var tiles0 = c.scene.tiles.tilesRendered
            firsts.append(timedEdit(c, [Bench.touch(.moved, p)]))
            firstTiles.append(c.scene.tiles.tilesRendered - tiles0)
            for i in 0..<config.moveStepsPerDrag {
                p = p + d
                var h = 0.0
                let t = timedEdit(c, [Bench.touch(.moved, p)], handled: &h)
                if !c.scene.isComplete { incomplete += 1 }
                if i > 0 { steps.append(t); stepHandles.append(h) }
            }
            settle(c)
            // A few more steps once the tiles without the selection are complete: the live part alone.
            for _ in 0..<3 {
                p = p + d
                settledSteps.append(timedEdit(c, [Bench.touch(.moved, p)]))
            }
            // The same with the cached meshes drawn each frame instead of the selection's picture.
            LiveLayer.composesMovedPictures = false
            for _ in 0..<3 {
                p = p + d
                settledMeshSteps.append(timedEdit(c, [Bench.touch(.moved, p)]))
            }
            LiveLayer.composesMovedPictures = true
            tiles0 = c.scene.tiles.tilesRendered
            let end = timedEdit(c, [Bench.touch(.ended, p)])
            let (frames, rest) = framesToComplete(c)
            ends.append(end)
            endTotals.append(end + rest)
            endFrames.append(frames)
            endTiles.append(c.scene.tiles.tilesRendered - tiles0)
            _ = c.editor.spatialIndex
            settle(c)
        }
        report["move_ms"] = .object([(String(c.count), .ms(median(steps)))])
        report["move_end_ms"] = .object([(String(c.count), .ms(median(ends)))])
        report["move"] = .object([
            ("selected", .int(selected)), ("drags", .int(config.moveDrags)), ("steps", .int(steps.count)),
            ("step_points", .string("2, 1")), ("box_points", .number(median(boxes), digits: 1)),
            ("p90_ms", .ms(percentile(steps, 0.9))), ("handle_ms", .ms(median(stepHandles))), ("incomplete_step_frames", .int(incomplete)),
            ("first_move_ms", .ms(median(firsts))),
            ("settled_step_ms", .ms(median(settledSteps))),
            ("settled_step_meshes_ms", .ms(median(settledMeshSteps))),
            ("first_move_tiles_rendered", .string(firstTiles.map(String.init).joined(separator: " "))),
            ("end_to_complete_ms", .ms(median(endTotals))),
            ("end_extra_frames", .string(endFrames.map(String.init).joined(separator: " "))),
            ("end_tiles_rendered", .string(endTiles.map(String.init).joined(separator: " "))),
            ("selection_tessellations", .int(c.scene.live.movedTessellations)),
            ("selection_picture_renders", .int(c.scene.live.movedPictureRenders)),
            ("visible_tiles", .int(c.scene.tiles.visibleTiles(c.scene.canvasView(c.viewport, barsShown: true),
                                                              area: c.scene.canvasArea(width: c.frame.width, height: c.frame.height, barsShown: true)).count)),
        ])
        c.editor.select(.pencil)
    }
}
