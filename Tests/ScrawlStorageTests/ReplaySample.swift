@testable import ScrawlCore
import ScrawlWorkload

/// A replay for the recorder tests: a few strokes with keys between them, then events that
/// exercise every encoding path (multi-touch, shift, extreme and full-precision numbers, negative
/// ids, every key and phase, frames). The edge cases are `ReplayEdgeCases`, shared with ScrawlCoreTests.
enum ReplaySample {
    static let keyNames = ["1", "2", "3", "b", "e", "ctrl+z", "ctrl+shift+z", "[", "]", "escape"]

    /// The whole sample (deterministic for a seed).
    static func make(seed: UInt64) -> Replay {
        Replay(canvas: CanvasSpec(width: 1024, height: 768.5, background: Color(r: 0, g: 0x80, b: 0xff, a: 0x7f)),
               seed: UInt64.max, events: strokes(4, points: 6, seed: seed) + edgeCases(seed: seed))
    }

    /// `count` strokes of `points` moves (plus began and ended), a key before each, coordinates
    /// with two decimals.
    static func strokes(_ count: Int, points: Int, seed: UInt64) -> [InputEvent] {
        var rng = SplitMix64(seed: seed)
        func coordinate() -> Double { Double(rng.next() % 80_000) / 100 }
        var events: [InputEvent] = []
        for s in 0..<count {
            if let key = KeyPress(name: keyNames[s % keyNames.count]) { events.append(.key(key)) }
            let phases = [TouchPhase.began] + Array(repeating: .moved, count: points) + [.ended]
            for phase in phases {
                events.append(.touches([Touch(id: 0, phase: phase, location: Point(coordinate(), coordinate()))]))
            }
        }
        return events
    }

    static func edgeCases(seed: UInt64) -> [InputEvent] { ReplayEdgeCases.events(seed: seed) }
}
