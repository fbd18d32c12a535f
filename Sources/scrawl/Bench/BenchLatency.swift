import ScrawlCore
import ScrawlGL
import ScrawlWorkload

/// Input latency: from a touch event being handled to the window's frame that
/// shows it finished on the GPU, over an empty drawing and a large one.
extension Bench {
    /// Committed strokes of the `latency_ms` drawings, and the moved events timed on each.
    static let latencyCounts = [0, 10000]
    static let latencyMoves = 100

    /// An edit case's settled scene (its own strokes) with a Pencil stroke begun, and the path its
    /// moves will follow across the visible area.
    private struct LatencyCase {
        let base: EditCase
        let path: [Point]
        var editor: Editor { base.editor }
        var scene: WindowScene { base.scene }
        var frame: RenderTarget { base.frame }
        var viewport: Viewport { base.viewport }
    }

    private func makeLatencyCase(_ count: Int, styles: [(color: Color?, width: Double)]) throws -> LatencyCase {
        let base = try makeEditCase(count, styles: styles, seed: 2020)
        let w = windowArea, origin = base.viewport.origin
        let visible = CanvasSpec(width: w.width - 240, height: w.height - 240, background: .white)
        var rng = SplitMix64(seed: 99)
        let path = BenchmarkWorkload.penStroke(points: Bench.latencyMoves + 1, in: visible, rng: &rng)
            .map { Point($0.x + origin.x + 120, $0.y + origin.y + 120) }
        base.editor.handle(.touches([Touch(id: 0, phase: .began, location: path[0])]))
        base.scene.render(base.editor, viewport: base.viewport, into: base.frame, barsShown: true)
        renderer.finish()
        return LatencyCase(base: base, path: path)
    }

    /// `latency_ms`: `Editor.handle` of a moved event + `WindowScene.render` + `glFinish`, median per
    /// drawing, the drawings taken in turn; `latency_ratio` = largest / empty.
    mutating func measureLatency() throws {
        let styles = workloadStyles()
        let cases = try Bench.latencyCounts.map { try makeLatencyCase($0, styles: styles) }
        var times = [[Double]](repeating: [], count: cases.count)
        for i in 1...Bench.latencyMoves {
            for (k, c) in cases.enumerated() {
                let event = InputEvent.touches([Touch(id: 0, phase: .moved, location: c.path[i])])
                var t = 0.0
                Stopwatch.time(&t) {
                    c.editor.handle(event)
                    c.scene.render(c.editor, viewport: c.viewport, into: c.frame, barsShown: true)
                    renderer.finish()
                }
                times[k].append(t)
            }
        }
        for c in cases { c.editor.handle(.touches([Touch(id: 0, phase: .cancelled, location: c.path[0])])) }
        let medians = times.map(median)
        report["latency_ms"] = .object(zip(Bench.latencyCounts, medians).map { (String($0), .ms($1)) })
        if let first = medians.first, let last = medians.last, first > 0 {
            report["latency_ratio"] = .number(last / first, digits: 3)
        }
        report["latency_p90_ms"] = .object(zip(Bench.latencyCounts, times).map { count, t in
            (String(count), .ms(t.sorted()[min(t.count - 1, t.count * 9 / 10)]))
        })
    }
}
