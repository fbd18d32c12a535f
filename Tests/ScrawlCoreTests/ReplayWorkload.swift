@testable import ScrawlCore
import ScrawlWorkload

/// Deterministic replay workloads: strokes of touch moves with key presses between them.
enum ReplayWorkload {
    static let keyNames = ["1", "2", "3", "b", "e", "ctrl+z", "ctrl+shift+z", "[", "]", "escape"]

    /// A random walk: `strokes` strokes of `points` moves each (plus began and ended), each step up to
    /// ±5 points in x and y, with two or three of `keyNames` before each stroke and a frame every 100
    /// strokes, on a 640 x 480 canvas. Coordinates have two decimals, like a real pointer at a
    /// fractional scale. 2000 x 100 gives ~209,000 events and ~14 MB of JSON.
    static func make(strokes: Int, points: Int, seed: UInt64 = 1) -> Replay {
        let width = 640.0, height = 480.0
        var rng = SplitMix64(seed: seed)
        var events: [InputEvent] = []
        events.reserveCapacity(strokes * (points + 5))
        let xRange = UInt64((width * 100).rounded()), yRange = UInt64((height * 100).rounded())
        for s in 0..<strokes {
            for _ in 0..<(s % 2 == 0 ? 3 : 2) {
                let name = keyNames[Int(rng.next() % UInt64(keyNames.count))]
                if let key = KeyPress(name: name) { events.append(.key(key)) }
            }
            var x = Double(rng.next() % xRange) / 100
            var y = Double(rng.next() % yRange) / 100
            let shift = rng.next() % 10 == 0
            var walk = [Point(x, y)]
            for _ in 0..<points {
                x = ((x + Double(Int(rng.next() % 1001) - 500) / 100) * 100).rounded() / 100
                y = ((y + Double(Int(rng.next() % 1001) - 500) / 100) * 100).rounded() / 100
                walk.append(Point(x, y))
            }
            BenchmarkWorkload.appendTouches(walk, shift: shift, to: &events)
            if s % 100 == 99 { events.append(.frame("stroke-\(s + 1)")) }
        }
        return Replay(canvas: CanvasSpec(width: width, height: height, background: .white), seed: seed, events: events)
    }

    /// Events that exercise every encoding path (`ReplayEdgeCases`).
    static func edgeCases(seed: UInt64) -> [InputEvent] { ReplayEdgeCases.events(seed: seed) }
}
