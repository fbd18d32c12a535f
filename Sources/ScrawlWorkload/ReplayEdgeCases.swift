import ScrawlCore

/// Replay events that exercise every encoding path, shared by the replay parser and recorder tests.
public enum ReplayEdgeCases {
    /// Events that exercise every encoding path: multi-touch, shift, alt, extreme and full-precision
    /// numbers, negative ids, every key and phase, pasted text.
    public static func events(seed: UInt64) -> [InputEvent] {
        var rng = SplitMix64(seed: seed)
        var events: [InputEvent] = []
        let names = ["1", "2", "3", "b", "e", "ctrl+z", "ctrl+shift+z", "[", "]", "escape",
                     "ctrl+shift+alt+delete", "alt+space", "shift+tab", "enter", "backspace", "0", "z"]
        for name in names {
            if let key = KeyPress(name: name) { events.append(.key(key)) }
        }
        let values: [Double] = [0, -0.0, 1e6, -1e6, 0.1, 1e-7, .leastNonzeroMagnitude, 123456.789012345, -999999.999999999]
        for (i, v) in values.enumerated() {
            let phase = TouchPhase.allCases[i % 4]
            events.append(.touches([Touch(id: -i, phase: phase, location: Point(v, -v), shift: i % 2 == 0, alt: i % 3 == 0),
                                    Touch(id: Int.max - i, phase: .moved, location: Point(1, 2))]))
        }
        for _ in 0..<200 {
            let x = Double(bitPattern: rng.next()).truncatingRemainder(dividingBy: 1e6)
            let y = Double(rng.next() % 2_000_001) / 7 - 1e5
            guard x.isFinite else { continue }
            events.append(.touches([Touch(id: Int(rng.next() % 10), phase: .moved, location: Point(x, y))]))
        }
        for (i, v) in values.enumerated() {
            let zoom = [Viewport.minZoom, Viewport.maxZoom, Viewport.zoomStep, 1, 0.1][i % 5]
            events.append(.view(Viewport(origin: Point(v, -v / 3), zoom: zoom)))
        }
        for text in ["", "{\"version\": 1, \"drawables\": []}", "tab\tnewline\n\"quote\" back\\slash é 😀 \u{7f}"] {
            events.append(.paste(text))
        }
        events.append(.frame("A-z_0.9"))
        events.append(.frame(String(repeating: "f", count: 64)))
        return events
    }
}
