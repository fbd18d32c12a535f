import Foundation
import ScrawlCore
import ScrawlGL
import XCTest

/// The process-wide GL for these tests: one EGL display per process (HeadlessGL), one Renderer
/// created lazily and reused. Every GL object a test makes (players, targets) must be created and
/// released inside `withRenderer`, while the context is current. Runs in other processes
/// (`swift test --parallel`) have their own display, so they do not interfere.
enum AppGL {
    private static let lock = NSRecursiveLock()
    nonisolated(unsafe) private static var renderer: Renderer?

    /// Runs `body` with the headless context current on this thread and the shared renderer; fails
    /// on GL errors (checked after every renderer operation, in release builds too).
    static func withRenderer<T>(file: StaticString = #filePath, line: UInt = #line,
                                _ body: (Renderer) throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        Renderer.checksErrors = true
        return try HeadlessGL.shared().withContext {
            if renderer == nil { renderer = try Renderer() }
            renderer!.resetLastError()
            let result = try body(renderer!)
            XCTAssertNil(renderer!.lastError, "GL error during the test", file: file, line: line)
            return result
        }
    }
}

/// Builds replay JSON text event by event (touch coordinates in canvas points).
struct ReplayBuilder {
    var width: Double
    var height: Double
    var background: String
    var seed: UInt64?
    private(set) var events: [String] = []

    init(width: Double = 200, height: Double = 100, background: String = "#ffffff", seed: UInt64? = nil) {
        self.width = width; self.height = height; self.background = background; self.seed = seed
    }

    static func number(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : "\(v)"
    }

    mutating func key(_ name: String) { events.append("{\"key\": \"\(name)\"}") }
    mutating func keys(_ names: String...) { for n in names { key(n) } }
    mutating func frame(_ name: String) { events.append("{\"frame\": \"\(name)\"}") }

    /// One touches event: (id, phase, x, y).
    mutating func touches(_ list: [(Int, String, Double, Double)], shift: Bool = false) {
        let parts = list.map { t in
            "{\"id\": \(t.0), \"phase\": \"\(t.1)\", \"x\": \(Self.number(t.2)), \"y\": \(Self.number(t.3))"
                + (shift ? ", \"shift\": true" : "") + "}"
        }
        events.append("{\"touches\": [" + parts.joined(separator: ", ") + "]}")
    }

    /// A whole single-touch stroke: began at the first point, moved through the middle ones, ended
    /// at the last (a single point is a tap: began and ended there).
    mutating func stroke(id: Int = 0, _ points: [(Double, Double)], shift: Bool = false) {
        precondition(!points.isEmpty)
        touches([(id, "began", points[0].0, points[0].1)], shift: shift)
        for p in points.dropFirst().dropLast() { touches([(id, "moved", p.0, p.1)], shift: shift) }
        let last = points[points.count - 1]
        touches([(id, "ended", last.0, last.1)], shift: shift)
    }

    /// A tap (a dot) at (x, y).
    mutating func tap(id: Int = 0, _ x: Double, _ y: Double) { stroke(id: id, [(x, y)]) }

    /// Presses `]` (or `[`) until the width is `w`, starting from the default 2.
    mutating func setWidth(_ w: Double) {
        var current = 2.0
        let steps = DrawingSettings.widths
        while current != w {
            guard let i = steps.firstIndex(of: current) else { fatalError("width \(current) is not a step") }
            if w > current { key("]"); current = steps[i + 1] } else { key("["); current = steps[i - 1] }
        }
    }

    var json: String {
        var header = "{\"version\": 1, \"canvas\": {\"width\": \(Self.number(width)), \"height\": \(Self.number(height)), "
            + "\"background\": \"\(background)\"}"
        if let seed { header += ", \"seed\": \(seed)" }
        return header + ", \"events\": [\n" + events.joined(separator: ",\n") + "\n]}\n"
    }
}

/// The outcome of playing a replay headlessly.
struct Rendered {
    /// The frame after the last event.
    let image: FrameImage
    /// Every `{"frame": NAME}` in order.
    let frames: [(name: String, image: FrameImage)]
    /// How many drawables the display list holds at the end.
    let drawableCount: Int

    func frame(_ name: String) -> FrameImage? { frames.first { $0.name == name }?.image }
}

/// Parses `json`, checks the canvas for `scale`, plays it with `ReplayPlayer` and renders the end.
func renderReplay(_ json: String, scale: Double = 1, toolbar: Bool = false,
                  stamp: RasterImage = .defaultStamp) throws -> Rendered {
    try withPlayer(json, scale: scale, toolbar: toolbar, stamp: stamp) { player, events in
        var frames: [(String, FrameImage)] = []
        try player.play(events) { name, image in frames.append((name, image)) }
        let image = try player.renderFrame()
        return Rendered(image: image, frames: frames, drawableCount: player.editor.displayList.count)
    }
}

/// Makes a player for `json` (with the context current) and hands it to `body` with the events.
func withPlayer<T>(_ json: String, scale: Double = 1, toolbar: Bool = false, stamp: RasterImage = .defaultStamp,
                   _ body: (ReplayPlayer, [InputEvent]) throws -> T) throws -> T {
    let replay = try Replay.parse(Array(json.utf8))
    try replay.validateCanvas(scale: scale)
    return try AppGL.withRenderer { renderer in
        let player = try ReplayPlayer(replay: replay, scale: scale, stamp: stamp, renderer: renderer)
        player.toolbar = toolbar
        return try body(player, replay.events)
    }
}

// MARK: Pixels

extension FrameImage {
    /// [r, g, b, a] at (x, y), row 0 = top.
    func px(_ x: Int, _ y: Int) -> [Int] {
        let i = (y * width + x) * 4
        return [Int(rgba[i]), Int(rgba[i + 1]), Int(rgba[i + 2]), Int(rgba[i + 3])]
    }

    /// The pixel containing the device-pixel position (x, y).
    func px(at x: Double, _ y: Double) -> [Int] { px(Int(x.rounded(.down)), Int(y.rounded(.down))) }

    /// 0 for white, 1 for black: 1 - mean(r, g, b) / 255. For a black stroke on white with blending on
    /// sRGB values, this is the pixel's coverage.
    func darkness(_ x: Int, _ y: Int) -> Double {
        let i = (y * width + x) * 4
        return 1 - (Double(rgba[i]) + Double(rgba[i + 1]) + Double(rgba[i + 2])) / 765
    }

    /// Sum of `darkness` over every pixel (the covered area in device pixels for black on white).
    var totalDarkness: Double {
        var sum = 0.0
        for y in 0..<height { for x in 0..<width { sum += darkness(x, y) } }
        return sum
    }

    /// Whether (x, y) differs from `background` (r, g, b) in any channel by more than `tolerance`.
    func differs(_ x: Int, _ y: Int, from background: [Int], tolerance: Int = 0) -> Bool {
        let p = px(x, y)
        return (0..<3).contains { abs(p[$0] - background[$0]) > tolerance }
    }

    /// The inclusive pixel bounds of the pixels for which `test` holds, or nil.
    func bounds(where test: (Int, Int) -> Bool) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
        var b: (Int, Int, Int, Int)? = nil
        for y in 0..<height {
            for x in 0..<width where test(x, y) {
                if let c = b { b = (min(c.0, x), min(c.1, y), max(c.2, x), max(c.3, y)) } else { b = (x, y, x, y) }
            }
        }
        return b.map { (minX: $0.0, minY: $0.1, maxX: $0.2, maxY: $0.3) }
    }

    /// How many pixels `test` holds for.
    func count(where test: (Int, Int) -> Bool) -> Int {
        var n = 0
        for y in 0..<height { for x in 0..<width where test(x, y) { n += 1 } }
        return n
    }

    /// Whether the pixel reads as red (the guide, the Follow ring): red high, green and blue low.
    func isRed(_ x: Int, _ y: Int) -> Bool {
        let p = px(x, y)
        return p[0] >= 200 && p[1] < 128 && p[2] < 128
    }
}

/// Asserts each channel of `got` is within `tolerance` of `want` (as many channels as both have).
func assertPixel(_ got: [Int], _ want: [Int], tolerance: Int = 0, _ message: @autoclosure () -> String = "",
                 file: StaticString = #filePath, line: UInt = #line) {
    let n = min(got.count, want.count)
    let ok = (0..<n).allSatisfy { abs(got[$0] - want[$0]) <= tolerance }
    XCTAssertTrue(ok, "pixel \(got) is not within \(tolerance) of \(want) \(message())", file: file, line: line)
}

/// Asserts two frames are byte-for-byte identical, reporting the first differing pixel.
func assertIdentical(_ a: FrameImage, _ b: FrameImage, _ message: @autoclosure () -> String = "",
                     file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(a.width, b.width, "width " + message(), file: file, line: line)
    XCTAssertEqual(a.height, b.height, "height " + message(), file: file, line: line)
    guard a.width == b.width, a.height == b.height, a.rgba != b.rgba else { return }
    var differing = 0, first: (Int, Int)? = nil
    for y in 0..<a.height {
        for x in 0..<a.width where a.px(x, y) != b.px(x, y) {
            differing += 1
            if first == nil { first = (x, y) }
        }
    }
    let (x, y) = first!
    XCTFail("frames differ at \(differing) pixels; first (\(x), \(y)): \(a.px(x, y)) vs \(b.px(x, y)) \(message())",
            file: file, line: line)
}

let white = [255, 255, 255, 255]
let black = [0, 0, 0, 255]
