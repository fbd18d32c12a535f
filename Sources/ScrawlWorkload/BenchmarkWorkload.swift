import Foundation
import ScrawlCore

/// `scrawl bench`'s deterministic workload, shared with the tests that need pen-like strokes.
public enum BenchmarkWorkload {
    /// The benchmark's canvas: 1280 x 800 points, white.
    public static let canvas = CanvasSpec(width: 1280, height: 800, background: .white)
    /// Stroke widths the benchmark workload uses (the `[`/`]` steps from 1 to 16).
    public static let widths: [Double] = DrawingSettings.widths.filter { $0 <= 16 }

    /// Keys the benchmark workload presses between strokes: fixed and random colours, thinner, thicker.
    public static let penKeys = ["0", "1", "2", "3", "4", "5", "[", "]"]

    /// `scrawl bench`'s workload: `strokes` Pencil strokes of `points` moves each (plus began and
    /// ended) on `canvas`, with two or three keys before each (colours, and width steps kept within
    /// 1…16 px) and a frame every 100 strokes. Every stroke is opaque, round-capped and round-joined.
    /// The pointer moves like a pen: 3–8 points per event, its heading drifting smoothly, turning
    /// back at the canvas edges; coordinates have two decimals. 2000 x 100 gives ~209,000 events
    /// and ~14 MB of canonical JSON.
    /// With `pressure`, every touch carries the pen pressure `pressure(at:)` of its index in the stroke.
    public static func replay(strokes: Int = 2000, points: Int = 100, seed: UInt64 = 1, pressure: Bool = false) -> Replay {
        var rng = SplitMix64(seed: seed)
        var events: [InputEvent] = []
        events.reserveCapacity(strokes * (points + 6))
        var widthIndex = widths.firstIndex(of: DrawingSettings.defaults[.pen].width) ?? 0
        for s in 0..<strokes {
            for _ in 0..<(s % 2 == 0 ? 3 : 2) {
                var name = penKeys[Int(rng.next() % UInt64(penKeys.count))]
                if name == "]" && widthIndex == widths.count - 1 { name = "[" }
                if name == "[" && widthIndex == 0 { name = "]" }
                if name == "[" { widthIndex -= 1 } else if name == "]" { widthIndex += 1 }
                if let key = KeyPress(name: name) { events.append(.key(key)) }
            }
            let pen = penStroke(points: points + 1, in: canvas, rng: &rng)
            appendTouches(pen, shift: false, pressure: pressure, to: &events)
            if s % 100 == 99 { events.append(.frame("stroke-\(s + 1)")) }
        }
        return Replay(canvas: canvas, seed: seed, events: events)
    }

    /// `count` points of a pen-like pointer path inside `canvas` (see `replay`), two decimals each.
    public static func penStroke(points count: Int, in canvas: CanvasSpec, rng: inout SplitMix64) -> [Point] {
        func unit(_ rng: inout SplitMix64) -> Double { Double(rng.next() >> 11) / Double(1 << 53) }
        func round2(_ v: Double) -> Double { (v * 100).rounded() / 100 }
        let w = canvas.width, h = canvas.height
        var x = round2(unit(&rng) * w), y = round2(unit(&rng) * h)
        var heading = unit(&rng) * 2 * Double.pi
        var turn = 0.0
        var out: [Point] = [Point(x, y)]
        out.reserveCapacity(count)
        while out.count < count {
            turn = turn * 0.8 + (unit(&rng) - 0.5) * 0.3
            heading += turn
            let step = 3 + unit(&rng) * 5
            var nx = x + cos(heading) * step, ny = y + sin(heading) * step
            if nx < 0 || nx > w { heading = Double.pi - heading; nx = min(max(nx, 0), w) }
            if ny < 0 || ny > h { heading = -heading; ny = min(max(ny, 0), h) }
            x = round2(nx); y = round2(ny)
            out.append(Point(x, y))
        }
        return out
    }

    /// Touch 0: began at the first point, moved to each of the others, ended at the last; with
    /// `pressure`, each carrying `pressure(at:)` of its point's index.
    public static func appendTouches(_ points: [Point], shift: Bool, pressure: Bool = false, to events: inout [InputEvent]) {
        guard let first = points.first, let last = points.last else { return }
        func touch(_ phase: TouchPhase, _ p: Point, _ i: Int) -> InputEvent {
            .touches([Touch(id: 0, phase: phase, location: p, shift: shift, pressure: pressure ? self.pressure(at: i) : nil)])
        }
        events.append(touch(.began, first, 0))
        for (i, p) in points.enumerated().dropFirst() { events.append(touch(.moved, p, i)) }
        events.append(touch(.ended, last, points.count - 1))
    }

    /// The benchmark's pen pressure at the `index`th point of a stroke: a slow sine between 0.1 and
    /// 0.9 (a period of about 60 points), two decimals, as a pen's would be.
    public static func pressure(at index: Int) -> Double {
        ((0.5 + 0.4 * sin(Double(index) * 0.105)) * 100).rounded() / 100
    }

    /// `d` with the width the benchmark's pressure gives each node at the default sensitivity (0.5):
    /// w × (0.5 + p), nil for drawables without a stroke.
    public static func withPressureWidths(_ d: Drawable) -> Drawable {
        guard var p = d.kind(as: PathDrawable.self), p.stroke != nil else { return d }
        let n = PathDrawable.nodeCount(of: p.path)
        p.widths = (0..<n).map { Float(p.style.width * (0.5 + pressure(at: $0))) }
        return .path(p)
    }

    /// The drawables an editor holds after playing `replay` (its committed strokes), and the editor.
    public static func play(_ replay: Replay, stamp: RasterImage) -> Editor {
        let editor = Editor(canvas: replay.canvas,
                            seed: replay.seed, stampImage: stamp)
        for e in replay.events { editor.handle(e) }
        return editor
    }
}
