import Foundation
import XCTest
@testable import ScrawlCore
@testable import ScrawlStorage

/// The recorder writes colour events one per line, as `Replay.encoded()` does, and they read back.
final class ColourRecordingTests: XCTestCase {
    func testRecorderWritesColourEventsThatReadBack() throws {
        let directory = NSTemporaryDirectory() + "scrawl-colour-rec-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let replay = Replay(seed: 4, events: [.color(.stroke(Color(r: 0x30, g: 0x80, b: 0xf0))), .key(KeyPress("k")),
                                              .color(.fill(Color(r: 1, g: 2, b: 3, a: 4))), .color(.fill(nil))])
        let path = directory + "/rec.json"
        let recorder = try ReplayRecorder(path: path, canvas: replay.canvas, seed: replay.seed)
        for event in replay.events { try recorder.record(event) }
        try recorder.close()
        let text = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertEqual(text, replay.encoded())
        XCTAssertTrue(text.contains("\n" + ##"{"color": {"stroke": "#3080f0ff"}},"## + "\n"), "one event a line: \(text)")
        XCTAssertTrue(text.hasSuffix(#"{"color": {"fill": null}}"# + "\n]}\n"), text)
        XCTAssertEqual(try Replay.load(path: path), replay)
    }
}
