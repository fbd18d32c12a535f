import Foundation
import ScrawlCore
import ScrawlGL

/// Typing: a key typed into a text of some length and its frame, and a frame while the text stays
/// open with nothing typed (the caret shown), in the window's scene with the system's font.
extension Bench {
    mutating func measureText() throws {
        var keys: [String: [Double]] = [:], idle: [String: [Double]] = [:]
        let lengths = config.quick ? [100, 2000] : [100, 8000]
        for length in lengths {
            let editor = Editor(canvas: canvas, seed: 1, stampImage: stamp)
            editor.textShaper = SystemTextShaper.make().shaper
            let scene = WindowScene(renderer: renderer, canvas: canvas, contentScale: 1)
            let frame = try RenderTarget(width: Bench.windowWidth, height: Bench.windowHeight)
            let v = Viewport()
            editor.handle(.key(KeyPress(name: "t")!))
            editor.handle(.touches([Touch(id: 0, phase: .began, location: Point(40, 80))]))
            editor.handle(.touches([Touch(id: 0, phase: .ended, location: Point(40, 80))]))
            // Lines of 80 characters, as prose typed into a note.
            let line = String(String(repeating: "The quick brown fox jumps over the lazy dog. ", count: 2).prefix(79)) + "\n"
            let body = String(String(repeating: line, count: length / 80 + 1).prefix(length))
            editor.handle(.text(body))
            _ = timedFrame(scene, editor, v, frame)
            var typed: [Double] = [], still: [Double] = []
            for i in 0..<20 {
                var t = 0.0
                Stopwatch.time(&t) {
                    editor.handle(.text(i % 2 == 0 ? "a" : " "))
                    scene.render(editor, viewport: v, into: frame, barsShown: true)
                    renderer.finish()
                }
                typed.append(t)
                still.append(timedFrame(scene, editor, v, frame))
            }
            keys["\(length)"] = typed
            idle["\(length)"] = still
        }
        let names = lengths.map(String.init)
        report["text_key_ms"] = .object(names.map { ($0, .ms(median(keys[$0]!))) })
        report["text_open_frame_ms"] = .object(names.map { ($0, .ms(median(idle[$0]!))) })
    }
}
