import Foundation
import ScrawlCore
import ScrawlStorage
import XCTest

/// The real `scrawl` window on its own `XorgServer`, fed through the inputtest devices: one server
/// and one app per test, both stopped when it ends (app first, then the server, then the
/// injectors). The app opens a new document and records (`--record`); `quit()` ends it with
/// ctrl+q and returns what it made. Positions are canvas points (100 % zoom, the view at the
/// origin, the bars shown: the canvas starts 44 points below the window's top).
final class RealInputApp {
    let server: XorgServer
    private(set) var window: WindowHarness?
    let documentPath: String
    let recordingPath: String
    /// Where the window's canvas area starts on the screen.
    private(set) var canvasOrigin = (x: 0.0, y: 44.0)

    init(arguments: [String] = []) throws {
        server = try XorgServer()
        let window = WindowHarness(display: server.display)
        self.window = window
        try FileManager.default.createDirectory(atPath: window.scratch, withIntermediateDirectories: true)
        documentPath = window.scratch + "/drawing.scrawl"
        recordingPath = window.scratch + "/recording.json"
        do {
            try window.launch([documentPath, "--record", recordingPath] + arguments)
            let origin = try windowOrigin()
            canvasOrigin = (origin.x, origin.y + 44)
        } catch {
            throw XorgServer.Failure(description: "\(error)\n--- Xorg log ---\n\(server.logTail())")
        }
    }

    deinit {
        window = nil  // terminates the app if it still runs
        server.stop()
    }

    var harness: WindowHarness {
        get throws { try XCTUnwrap(window, "the app was already quit") }
    }

    /// The screen point of canvas point (x, y).
    func screen(_ x: Double, _ y: Double) -> (x: Double, y: Double) { (canvasOrigin.x + x, canvasOrigin.y + y) }

    /// Waits until the X server has processed what `device` sent and the app has handled it.
    func settle(_ device: InputTestDevice) throws {
        try device.sync()
        try harness.waitUntilIdle()
    }

    // MARK: Gestures (canvas points)

    /// The pen comes near at (x, y) and hovers there: proximity in, then a motion with no
    /// pressure (proximity moves no pointer, and XI2 has no proximity events: a hovering pen is
    /// seen by its motion, as a real one that keeps reporting while it hovers).
    func hover(_ pen: InputTestDevice, _ x: Double, _ y: Double) throws {
        let p = screen(x, y)
        try pen.proximity(in: true, x: p.x, y: p.y)
        try settle(pen)
        try pen.motion(x: p.x, y: p.y, pressure: 0)
        try settle(pen)
    }

    /// A pen (or eraser) stroke: it comes near and hovers at the first point, the tip goes down
    /// there, moves to every other point, lifts at the last, and the pen leaves (proximity out);
    /// each step handled before the next. `pressures` go with the points (the press carries the first).
    func penStroke(_ pen: InputTestDevice, _ points: [(Double, Double)], pressures: [Double]) throws {
        precondition(points.count == pressures.count && !points.isEmpty)
        let first = screen(points[0].0, points[0].1)
        try hover(pen, points[0].0, points[0].1)
        try pen.button(pressed: true, x: first.x, y: first.y, pressure: pressures[0])
        try settle(pen)
        for (point, pressure) in zip(points, pressures).dropFirst() {
            let p = screen(point.0, point.1)
            try pen.motion(x: p.x, y: p.y, pressure: pressure)
            try settle(pen)
        }
        let last = screen(points[points.count - 1].0, points[points.count - 1].1)
        try pen.button(pressed: false, x: last.x, y: last.y, pressure: 0)
        try settle(pen)
        try pen.proximity(in: false, x: last.x, y: last.y)
        try settle(pen)
    }

    /// Fingers moving at once: `paths[i]` is finger i's points (all the same length); every finger
    /// begins, then all move a step at a time, then all end.
    func touches(_ touch: InputTestDevice, _ paths: [[(Double, Double)]], firstID: UInt32 = 1) throws {
        let steps = paths[0].count
        precondition(paths.allSatisfy { $0.count == steps } && steps >= 2)
        for step in 0..<steps {
            for (finger, path) in paths.enumerated() {
                let p = screen(path[step].0, path[step].1)
                try touch.touch(firstID + UInt32(finger), step == 0 ? .begin : .update, x: p.x, y: p.y)
            }
            try settle(touch)
        }
        for (finger, path) in paths.enumerated() {
            let p = screen(path[steps - 1].0, path[steps - 1].1)
            try touch.touch(firstID + UInt32(finger), .end, x: p.x, y: p.y)
        }
        try settle(touch)
    }

    // MARK: The end

    /// Quits with ctrl+q (the named document is saved in place) and returns the recording and the
    /// saved drawables (none when nothing was drawn: an empty drawing writes no file).
    func quit() throws -> (recording: Recording, drawables: [Drawable]) {
        let window = try harness
        try window.key("ctrl+q")
        XCTAssertEqual(try window.waitForExit(), 0, "scrawl exits 0")
        let recording = try Recording(path: recordingPath)
        let drawables = FileManager.default.fileExists(atPath: documentPath)
            ? try DocumentStore.standard.open(documentPath).drawables : []
        return (recording, drawables)
    }

    /// The drawables `scrawl render --save` makes of the recording (after `quit`).
    func replayed() throws -> [Drawable] {
        let document = recordingPath + ".replayed.scrawl"
        try WindowHarness.run(try WindowHarness.binary(), ["render", recordingPath, "-o", recordingPath + ".png", "--save", document])
        return try DocumentStore.standard.open(document).drawables
    }

    /// The window's top-left on the screen (no window manager: where the app put it).
    private func windowOrigin() throws -> (x: Double, y: Double) {
        let window = try harness
        let id = try window.xdotool(["search", "--name", "Scrawl"]).split(separator: "\n").first.map(String.init) ?? ""
        let shell = try window.xdotool(["getwindowgeometry", "--shell", id])
        func value(_ key: String) -> Double? {
            shell.split(separator: "\n").first { $0.hasPrefix(key + "=") }.flatMap { Double($0.dropFirst(key.count + 1)) }
        }
        return (value("X") ?? 0, value("Y") ?? 0)
    }
}

/// A `--record` file as the tests read it: the raw JSON, so that the fields the app writes are
/// checked as written (`device`, `pressure`), not as the app's own parser would take them.
struct Recording {
    struct Sample {
        let id: Int
        let phase: String
        let x: Double, y: Double
        let pressure: Double?
        /// "mouse" (the default when the field is absent), "pen", "eraser" or "touch".
        let device: String
    }

    struct View {
        let x: Double, y: Double, zoom: Double
    }

    /// Each `touches` event's samples, in order.
    let touchEvents: [[Sample]]
    let views: [View]
    let text: String

    var samples: [Sample] { touchEvents.flatMap { $0 } }

    init(path: String) throws {
        text = try String(contentsOfFile: path, encoding: .utf8)
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "a JSON object")
        let events = try XCTUnwrap(root["events"] as? [[String: Any]], "an events array")
        var touchEvents: [[Sample]] = [], views: [View] = []
        for event in events {
            if let touches = event["touches"] as? [[String: Any]] {
                touchEvents.append(touches.map { t in
                    Sample(id: Int(Self.number(t["id"]) ?? -1), phase: t["phase"] as? String ?? "?",
                           x: Self.number(t["x"]) ?? .nan, y: Self.number(t["y"]) ?? .nan,
                           pressure: Self.number(t["pressure"]), device: t["device"] as? String ?? "mouse")
                })
            } else if let view = event["view"] as? [String: Any] {
                views.append(View(x: Self.number(view["x"]) ?? .nan, y: Self.number(view["y"]) ?? .nan,
                                  zoom: Self.number(view["zoom"]) ?? .nan))
            }
        }
        self.touchEvents = touchEvents
        self.views = views
    }

    /// A JSON number, however Foundation boxed it (Int, Double or NSNumber).
    private static func number(_ value: Any?) -> Double? {
        switch value {
        case let n as Int: Double(n)
        case let n as Double: n
        case let n as NSNumber: n.doubleValue
        default: nil
        }
    }
}
