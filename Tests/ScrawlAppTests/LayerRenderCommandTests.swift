import Foundation
import XCTest

/// `scrawl render` plays `{"layer": …}` events: a drawing built on layers at 100 % gives the bytes
/// of the same drawing built flat, `--save` keeps the layers, and a bad layer event is one line.
final class LayerRenderCommandTests: XCTestCase {
    private func stroke(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int) -> String {
        """
        {"touches": [{"id": 0, "phase": "began", "x": \(x0), "y": \(y0)}]},
        {"touches": [{"id": 0, "phase": "moved", "x": \((x0 + x1) / 2), "y": \((y0 + y1) / 2 + 1)}]},
        {"touches": [{"id": 0, "phase": "ended", "x": \(x1), "y": \(y1)}]},
        """
    }

    private func replay(_ events: String) -> String {
        #"{"version": 1, "canvas": {"width": 200, "height": 100}, "events": [{"key": "]"}, {"key": "]"},"# + "\n" + events + "\n" + #"{"frame": "end"}]}"#
    }

    func testALayeredReplayRendersLikeTheSameDrawingBuiltFlat() throws {
        let dir = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("scrawl-layer-render-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = stroke(20, 50, 180, 50), b = stroke(100, 10, 100, 90), c = stroke(20, 80, 180, 20)
        try replay(a + b + c).write(to: dir.appendingPathComponent("flat.json"), atomically: true, encoding: .utf8)
        let layered = #"{"layer": {"add": "Top"}},"# + "\n" + c + #"{"layer": {"select": 0}},"# + "\n" + a
            + #"{"layer": {"add": "Middle"}},"# + "\n" + b + #"{"layer": {"rename": "Mid"}},"#
        try replay(layered).write(to: dir.appendingPathComponent("layered.json"), atomically: true, encoding: .utf8)
        for name in ["flat", "layered"] {
            let r = try ScrawlCLI.run(["render", "\(name).json", "-o", "\(name).png", "--save", "\(name).scrawl"], in: dir)
            XCTAssertEqual(r.status, 0, r.summary)
        }
        let flat = try Data(contentsOf: dir.appendingPathComponent("flat.png"))
        XCTAssertEqual(try Data(contentsOf: dir.appendingPathComponent("layered.png")), flat)
        let saved = try String(contentsOf: dir.appendingPathComponent("layered.scrawl"), encoding: .utf8)
        XCTAssertTrue(saved.contains(#""name": "Mid""#) && saved.contains(#""name": "Top""#), saved)
        // The saved document renders the same again.
        let r = try ScrawlCLI.run(["render", "layered.scrawl", "-o", "again.png"], in: dir)
        XCTAssertEqual(r.status, 0, r.summary)
        XCTAssertEqual(try Data(contentsOf: dir.appendingPathComponent("again.png")), flat)

        try replay(#"{"layer": {"opacity": 2}},"#).write(to: dir.appendingPathComponent("bad.json"), atomically: true, encoding: .utf8)
        let bad = try ScrawlCLI.run(["render", "bad.json", "-o", "bad.png"], in: dir)
        XCTAssertNotEqual(bad.status, 0)
        XCTAssertTrue(bad.stderrIsOneLine, bad.summary)
        XCTAssertTrue(bad.stderr.contains(#"event 2: "layer": "opacity" must be a number from 0 to 1"#), bad.summary)
    }
}
