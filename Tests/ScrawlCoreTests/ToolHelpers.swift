@testable import ScrawlCore

/// Builds editors and event sequences for tool tests.
enum ToolHelpers {
    static let image = RasterImage(width: 4, height: 2, pixels: [UInt8](repeating: 255, count: 32))

    static func editor(_ w: Double = 400, _ h: Double = 300, seed: UInt64 = 0) -> Editor {
        Editor(canvas: CanvasSpec(width: w, height: h), seed: seed, stampImage: image)
    }

    static func touch(_ id: Int, _ phase: TouchPhase, _ x: Double, _ y: Double, shift: Bool = false) -> InputEvent {
        .touches([Touch(id: id, phase: phase, location: Point(x, y), shift: shift)])
    }

    static func key(_ name: String) -> InputEvent { .key(KeyPress(name: name)!) }

    /// A drag for touch `id` through `points` (began, moved…, ended).
    static func drag(_ points: [(Double, Double)], id: Int = 0, shift: Bool = false) -> [InputEvent] {
        points.enumerated().map { i, p in
            let phase: TouchPhase = i == 0 ? .began : (i == points.count - 1 ? .ended : .moved)
            return touch(id, phase, p.0, p.1, shift: shift)
        }
    }

    static func run(_ e: Editor, _ events: [InputEvent]) { events.forEach(e.handle) }

    static func paths(_ e: Editor) -> [PathDrawable] {
        e.displayList.drawables.compactMap { if case .path(let p) = $0 { return p } else { return nil } }
    }
}
