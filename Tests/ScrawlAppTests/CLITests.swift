import Foundation
import ScrawlCore
import ScrawlGL
import ScrawlStorage
import XCTest

/// `scrawl` as a process: `render`, its options, bad replays, help, version, usage errors.
final class CLITests: CLITestCase {
    /// A small valid replay: a red stroke (events 0-3) and the given extra events.
    static func replay(canvas: String = "\"width\": 64, \"height\": 48", events extra: [String] = []) -> String {
        let events = [
            "{\"key\": \"1\"}",
            "{\"touches\": [{\"id\": 0, \"phase\": \"began\", \"x\": 8, \"y\": 24}]}",
            "{\"touches\": [{\"id\": 0, \"phase\": \"moved\", \"x\": 30, \"y\": 24}]}",
            "{\"touches\": [{\"id\": 0, \"phase\": \"ended\", \"x\": 56, \"y\": 24}]}",
        ] + extra
        return "{\"version\": 1, \"canvas\": {\(canvas)}, \"events\": [\n" + events.joined(separator: ",\n") + "\n]}\n"
    }

    /// `scrawl render` writes a PNG of floor(W·S) x floor(H·S) pixels (read back with `PNGCodec`)
    /// showing the stroke (red at its centre, tolerance 0: opaque and fully covered).
    func testRenderWritesAPNGOfTheRightSize() throws {
        try write("in.json", Self.replay(canvas: "\"width\": 123.5, \"height\": 45.25"))
        for (scale, size) in [(nil, (123, 45)), ("2", (247, 90)), ("1.5", (185, 67))] as [(String?, (Int, Int))] {
            let args = ["render", "in.json", "-o", "out.png"] + (scale.map { ["--scale", $0] } ?? [])
            let result = try scrawl(arguments: args)
            XCTAssertEqual(result.status, 0, result.summary)
            XCTAssertEqual(result.stderr, "")
            let png = try PNGCodec.read(path: path("out.png"))
            XCTAssertEqual(png.width, size.0, "scale \(scale ?? "default")")
            XCTAssertEqual(png.height, size.1, "scale \(scale ?? "default")")
            let s = Double(scale ?? "1")!
            let i = (Int(24 * s) * png.width + Int(30 * s)) * 4
            XCTAssertEqual(Array(png.pixels[i..<i + 4]), [255, 0, 0, 255], "the red stroke, scale \(scale ?? "default")")
        }
    }

    /// `--frames DIR` writes DIR/NAME.png for every frame event (creating DIR), each what the window
    /// would show at that moment; `--toolbar` adds the bars to frames and output.
    func testFramesWritesOnePNGPerFrameEvent() throws {
        let extra = ["{\"frame\": \"one\"}", "{\"key\": \"ctrl+z\"}", "{\"frame\": \"two.b\"}", "{\"frame\": \"x-3_Z\"}"]
        try write("in.json", Self.replay(events: extra))
        let result = try scrawl("render", "in.json", "-o", "out.png", "--frames", "frames/nested")
        XCTAssertEqual(result.status, 0, result.summary)
        let names = try FileManager.default.contentsOfDirectory(atPath: path("frames/nested")).sorted()
        XCTAssertEqual(names, ["one.png", "two.b.png", "x-3_Z.png"])
        let one = try PNGCodec.read(path: path("frames/nested/one.png"))
        let two = try PNGCodec.read(path: path("frames/nested/two.b.png"))
        XCTAssertEqual([one.width, one.height, two.width, two.height], [64, 48, 64, 48])
        let centre = (24 * 64 + 30) * 4
        XCTAssertEqual(Array(one.pixels[centre..<centre + 4]), [255, 0, 0, 255], "frame one shows the stroke")
        XCTAssertEqual(Array(two.pixels[centre..<centre + 4]), [255, 255, 255, 255], "frame two.b is after the undo")

        let bars = try scrawl("render", "in.json", "-o", "bars.png", "--frames", "withbars", "--toolbar")
        XCTAssertEqual(bars.status, 0, bars.summary)
        XCTAssertEqual(try PNGCodec.read(path: path("withbars/one.png")).height, 48 + 88)
        XCTAssertEqual(try PNGCodec.read(path: path("bars.png")).height, 48 + 88)
    }

    /// `--stats` prints one JSON object on stderr with the phase timings (non-negative numbers).
    func testStatsPrintsPhaseTimingsAsJSON() throws {
        try write("in.json", Self.replay())
        let result = try scrawl("render", "in.json", "-o", "out.png", "--stats")
        XCTAssertEqual(result.status, 0, result.summary)
        XCTAssertTrue(result.stderrIsOneLine, result.summary)
        let object = try JSONSerialization.jsonObject(with: Data(result.stderr.utf8)) as? [String: Any]
        let stats = try XCTUnwrap(object, "stderr is not a JSON object: \(result.stderr)")
        for key in ["parse_s", "tools_s", "tessellate_s", "gpu_s", "encode_s", "total_s"] {
            let value = try XCTUnwrap(stats[key] as? NSNumber, "\(key) missing or not a number in \(result.stderr)")
            XCTAssertGreaterThanOrEqual(value.doubleValue, 0, key)
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: path("out.png")))
    }

    /// One bad replay: file name, content (nil: do not create), extra arguments, and the fragments
    /// the one-line message must contain.
    struct Bad {
        let label: String
        let content: String?
        var args: [String] = []
        let fragments: [String]
    }

    /// A replay whose event 4 is `event` (events 0-3 are valid).
    static func badEvent(_ event: String) -> String { replay(events: [event]) }
    static func touch(_ fields: String) -> String { "{\"touches\": [{\"id\": 1, \"phase\": \"began\", \(fields)}]}" }

    static let badReplays: [Bad] = [
        Bad(label: "unreadable (missing)", content: nil, fragments: ["cannot read"]),
        Bad(label: "empty file", content: "", fragments: ["empty"]),
        Bad(label: "whitespace only", content: " \n\t\n", fragments: ["empty"]),
        Bad(label: "invalid JSON (trailing comma)", content: "{\"version\": 1,\n \"events\": [\n{\"key\": \"x\"},\n]}",
            fragments: ["line 4", "column", "invalid JSON"]),
        // Cut before the events: a cut inside them is a killed recording, which renders (CLISafetyTests).
        Bad(label: "invalid JSON (truncated)", content: "{\"version\": 1, \"canv", fragments: ["invalid JSON"]),
        Bad(label: "not an object", content: "[1, 2]", fragments: ["object"]),
        Bad(label: "100000 [", content: String(repeating: "[", count: 100_000), fragments: []),
        Bad(label: "100000 [ in events", content: "{\"version\": 1, \"events\": " + String(repeating: "[", count: 100_000),
            fragments: ["invalid JSON"]),
        Bad(label: "100000 balanced [ in an unknown field",
            content: "{\"version\": 1, \"x\": " + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
                + ", \"events\": []}", fragments: ["nesting"]),
        Bad(label: "100000 { in an event", content: badEvent("{\"key\": \"x\", \"more\": "
            + String(repeating: "{\"a\": ", count: 100_000) + "1" + String(repeating: "}", count: 100_000) + "}"),
            fragments: ["nesting"]),
        Bad(label: "missing version", content: "{\"events\": []}", fragments: ["\"version\" is missing"]),
        Bad(label: "missing events", content: "{\"version\": 1}", fragments: ["\"events\" is missing"]),
        Bad(label: "missing x", content: badEvent(touch("\"y\": 3")), fragments: ["event 4", "\"x\" is missing"]),
        Bad(label: "missing id", content: badEvent("{\"touches\": [{\"phase\": \"began\", \"x\": 1, \"y\": 2}]}"),
            fragments: ["event 4", "\"id\" is missing"]),
        Bad(label: "missing phase", content: badEvent("{\"touches\": [{\"id\": 1, \"x\": 1, \"y\": 2}]}"),
            fragments: ["event 4", "\"phase\" is missing"]),
        Bad(label: "event without a kind", content: badEvent("{}"), fragments: ["event 4", "needs one of"]),
        Bad(label: "x is a string", content: badEvent(touch("\"x\": \"10\", \"y\": 3")), fragments: ["event 4", "\"x\" must be a number"]),
        Bad(label: "key is a number", content: badEvent("{\"key\": 5}"), fragments: ["event 4", "\"key\" must be a string"]),
        Bad(label: "id is fractional", content: badEvent("{\"touches\": [{\"id\": 1.5, \"phase\": \"began\", \"x\": 1, \"y\": 2}]}"),
            fragments: ["event 4", "\"id\" must be an integer"]),
        Bad(label: "shift is a string", content: badEvent(touch("\"x\": 1, \"y\": 2, \"shift\": \"yes\"")),
            fragments: ["event 4", "\"shift\""]),
        Bad(label: "touches is an object", content: badEvent("{\"touches\": {}}"), fragments: ["event 4", "\"touches\" must be an array"]),
        Bad(label: "events is an object", content: "{\"version\": 1, \"events\": {}}", fragments: ["\"events\" must be an array"]),
        Bad(label: "canvas width is a string", content: replay(canvas: "\"width\": \"64\", \"height\": 48"),
            fragments: ["\"canvas.width\" must be a number"]),
        Bad(label: "seed is negative", content: "{\"version\": 1, \"seed\": -1, \"events\": []}", fragments: ["\"seed\""]),
        Bad(label: "version is a string", content: "{\"version\": \"1\", \"events\": []}", fragments: ["\"version\""]),
        Bad(label: "unsupported version 2", content: "{\"version\": 2, \"events\": []}", fragments: ["unsupported replay version 2"]),
        Bad(label: "unsupported version 0", content: "{\"version\": 0, \"events\": []}", fragments: ["unsupported replay version 0"]),
        Bad(label: "unknown phase", content: badEvent(touch("\"x\": 1, \"y\": 2").replacingOccurrences(of: "began", with: "hover")),
            fragments: ["event 4", "\"phase\"", "hover"]),
        Bad(label: "key ctrl+ctrl+z", content: badEvent("{\"key\": \"ctrl+ctrl+z\"}"), fragments: ["event 4", "not a valid key name", "ctrl+ctrl+z"]),
        Bad(label: "key Z", content: badEvent("{\"key\": \"Z\"}"), fragments: ["event 4", "not a valid key name"]),
        Bad(label: "key shift+", content: badEvent("{\"key\": \"shift+\"}"), fragments: ["event 4", "not a valid key name"]),
        Bad(label: "key shift+ctrl+z", content: badEvent("{\"key\": \"shift+ctrl+z\"}"), fragments: ["event 4", "not a valid key name"]),
        Bad(label: "key empty", content: badEvent("{\"key\": \"\"}"), fragments: ["event 4", "not a valid key name"]),
        Bad(label: "key f2", content: badEvent("{\"key\": \"f2\"}"), fragments: ["event 4", "not a valid key name"]),
        Bad(label: "colour #12345", content: replay(canvas: "\"background\": \"#12345\""), fragments: ["canvas.background", "colour"]),
        Bad(label: "colour red", content: replay(canvas: "\"background\": \"red\""), fragments: ["canvas.background", "colour"]),
        Bad(label: "colour #gggggg", content: replay(canvas: "\"background\": \"#gggggg\""), fragments: ["canvas.background", "colour"]),
        Bad(label: "colour #1234567", content: replay(canvas: "\"background\": \"#1234567\""), fragments: ["canvas.background", "colour"]),
        Bad(label: "frame a/b", content: badEvent("{\"frame\": \"a/b\"}"), fragments: ["event 4", "frame"]),
        Bad(label: "frame of 65 characters", content: badEvent("{\"frame\": \"\(String(repeating: "a", count: 65))\"}"),
            fragments: ["event 4", "frame"]),
        Bad(label: "frame empty", content: badEvent("{\"frame\": \"\"}"), fragments: ["event 4", "frame"]),
        Bad(label: "frame with a space", content: badEvent("{\"frame\": \"a b\"}"), fragments: ["event 4", "frame"]),
        Bad(label: "x 1e999", content: badEvent(touch("\"x\": 1e999, \"y\": 2")), fragments: ["event 4", "\"x\"", "finite"]),
        Bad(label: "y NaN", content: badEvent(touch("\"x\": 1, \"y\": NaN")), fragments: ["event 4", "\"y\"", "finite"]),
        Bad(label: "x -Infinity", content: badEvent(touch("\"x\": -Infinity, \"y\": 2")), fragments: ["event 4", "\"x\"", "finite"]),
        Bad(label: "x 1000000.5", content: badEvent(touch("\"x\": 1000000.5, \"y\": 2")), fragments: ["event 4", "\"x\"", "range"]),
        Bad(label: "y -1e7", content: badEvent(touch("\"x\": 1, \"y\": -1e7")), fragments: ["event 4", "\"y\"", "range"]),
        Bad(label: "canvas 8193 wide at scale 2", content: replay(canvas: "\"width\": 8193, \"height\": 10"), args: ["--scale", "2"],
            fragments: ["16386x20", "16384"]),
        Bad(label: "canvas 16385 high at scale 1", content: replay(canvas: "\"width\": 10, \"height\": 16385"),
            fragments: ["canvas.height", "16384"]),
        Bad(label: "canvas 1e300 wide", content: replay(canvas: "\"width\": 1e300, \"height\": 10"), fragments: ["16384"]),
        Bad(label: "canvas width 0", content: replay(canvas: "\"width\": 0, \"height\": 10"), fragments: ["canvas.width", "0.001 to 16384 points"]),
        Bad(label: "canvas height -3", content: replay(canvas: "\"width\": 10, \"height\": -3"), fragments: ["canvas.height"]),
        Bad(label: "canvas 0.4 wide at scale 1", content: replay(canvas: "\"width\": 0.4, \"height\": 10"), fragments: ["0x10", "16384"]),
        Bad(label: "canvas 1 wide at scale 0.5", content: replay(canvas: "\"width\": 1, \"height\": 10"), args: ["--scale", "0.5"],
            fragments: ["0x5"]),
    ]

    /// Every class of bad replay exits with status 2 and ONE line on stderr naming the file and the
    /// place (event index, field, or line and column) and the problem; nothing is written.
    func testBadReplaysExitWithStatus2AndOneLine() throws {
        for bad in Self.badReplays {
            let name = "bad.json"
            try? FileManager.default.removeItem(atPath: path(name))
            if let content = bad.content { try write(name, content) }
            let result = try scrawl(arguments: ["render", name, "-o", "out.png"] + bad.args)
            XCTAssertEqual(result.status, 2, "\(bad.label): \(result.summary)")
            XCTAssertTrue(result.stderrIsOneLine, "\(bad.label): not one line: \(result.stderr.debugDescription)")
            XCTAssertTrue(result.stderr.hasPrefix("scrawl: \(name): "), "\(bad.label): \(result.stderr.debugDescription)")
            for f in bad.fragments {
                XCTAssertTrue(result.stderr.contains(f), "\(bad.label): \(result.stderr.debugDescription) lacks \(f.debugDescription)")
            }
            XCTAssertFalse(FileManager.default.fileExists(atPath: path("out.png")), "\(bad.label): wrote an output")
        }
    }

    /// A folder given as the replay cannot be read: status 2, one line.
    func testDirectoryAsReplayIsUnreadable() throws {
        try FileManager.default.createDirectory(atPath: path("folder.json"), withIntermediateDirectories: true)
        let result = try scrawl("render", "folder.json", "-o", "out.png")
        XCTAssertEqual(result.status, 2, result.summary)
        XCTAssertTrue(result.stderrIsOneLine, result.summary)
        XCTAssertTrue(result.stderr.contains("folder.json: cannot read"), result.summary)
    }

    /// Well-formed keys without an action (`x`, `ctrl+q`, `alt+a`, `ctrl+shift+alt+backspace`),
    /// coordinates of exactly ±1e6, unknown fields and the largest canvas side are accepted.
    func testAcceptedEdgeCases() throws {
        let keys = ["x", "ctrl+q", "alt+a", "ctrl+shift+alt+backspace", "space", "shift+]"].map { "{\"key\": \"\($0)\"}" }
        let far = Self.touch("\"x\": 1000000, \"y\": -1000000, \"future\": [1, {\"a\": null}]")
        try write("ok.json", Self.replay(events: keys + [far, "{\"frame\": \"A.b-c_9\", \"note\": \"ignored\"}"]))
        let result = try scrawl("render", "ok.json", "-o", "out.png")
        XCTAssertEqual(result.status, 0, result.summary)
        XCTAssertEqual(result.stderr, "")

        try write("wide.json", Self.replay(canvas: "\"width\": 8192, \"height\": 1"))
        let wide = try scrawl("render", "wide.json", "-o", "wide.png", "--scale", "2")
        XCTAssertEqual(wide.status, 0, wide.summary)
        let png = try PNGCodec.read(path: path("wide.png"))
        XCTAssertEqual([png.width, png.height], [16384, 2])
    }

    /// `--help` exits 0 and lists the keys; `-h` too.
    func testHelpListsTheKeys() throws {
        for flag in ["--help", "-h"] {
            let result = try scrawl(flag)
            XCTAssertEqual(result.status, 0, result.summary)
            for fragment in ["render", "KEYS", "p Pencil", "l Line", "r Rectangle", "e Ellipse", "i Image", "b Bézier",
                             "s Smooth", "a Arrow", "f Follow", "5 random", "shift+9", "ctrl+z", "delete", "tab", "escape", "enter"] {
                XCTAssertTrue(result.stdout.contains(fragment), "\(flag) output lacks \(fragment.debugDescription)")
            }
        }
    }

    /// `--help`'s KEYS section says every item of the key table, whole and in the table's order
    /// (the window's help overlay shows these same lines: OverlayWindowTests counts them on screen).
    func testHelpKeysListEveryKeyTableItemInOrder() throws {
        let result = try scrawl("--help")
        XCTAssertEqual(result.status, 0, result.summary)
        let keys = try XCTUnwrap(Self.section("KEYS", of: result.stdout)).joined(separator: "\n")
        var rest = keys[...]
        for row in KeyTableRow.rows() {
            if let topic = row.topic { XCTAssertTrue(keys.contains("  " + topic + ": "), "the topic \(topic) is named") }
            for item in row.items {
                let text = item.chords.map(\.name).joined(separator: " / ") + " " + item.detail
                guard let found = rest.range(of: text) else {
                    XCTFail("--help's KEYS lack \(text.debugDescription) (or it is out of the table's order):\n\(keys)")
                    return
                }
                rest = rest[found.upperBound...]
            }
        }
    }

    /// The lines of the section headed `NAME:` in `--help`'s output (up to the next blank line).
    static func section(_ name: String, of help: String) -> [String]? {
        let lines = help.components(separatedBy: "\n")
        guard let start = lines.firstIndex(of: name + ":") else { return nil }
        return Array(lines[(start + 1)...].prefix { !$0.isEmpty })
    }

    /// `--version` exits 0 and prints `scrawl VERSION`.
    func testVersion() throws {
        let result = try scrawl("--version")
        XCTAssertEqual(result.status, 0, result.summary)
        XCTAssertTrue(result.stdout.hasPrefix("scrawl "), result.stdout)
        XCTAssertGreaterThan(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines).count, "scrawl ".count)
    }

    /// Usage errors exit 2 with a message naming the problem: an unknown option, a missing `-o`, a
    /// bad `--scale`, two inputs.
    func testUsageErrorsExitWith2() throws {
        try write("in.json", Self.replay())
        let cases: [([String], String)] = [
            (["render", "--bogus", "in.json", "-o", "out.png"], "--bogus"),
            (["render", "in.json"], "-o"),
            (["render", "in.json", "-o", "out.png", "--scale", "0"], "--scale"),
            (["render", "in.json", "-o", "out.png", "--scale", "nan"], "--scale"),
            (["render", "in.json", "in.json", "-o", "out.png"], "one input"),
            (["render", "in.json", "-o"], "-o"),
        ]
        for (args, fragment) in cases {
            let result = try scrawl(arguments: args)
            XCTAssertEqual(result.status, 2, "\(args): \(result.summary)")
            XCTAssertTrue(result.stderr.contains(fragment), "\(args): \(result.summary)")
        }
        // An unknown option without a command goes to the window's argument parsing.
        let window = try scrawl("--frobnicate")
        XCTAssertEqual(window.status, 2, window.summary)
        XCTAssertTrue(window.stderr.contains("--frobnicate"), window.summary)
    }

    /// `scrawl` with neither DISPLAY nor WAYLAND_DISPLAY exits 1 with one line that points to
    /// `scrawl render`.
    func testNoDisplayExits1PointingToRender() throws {
        let result = try scrawl(arguments: [], environment: ["DISPLAY": nil, "WAYLAND_DISPLAY": nil])
        XCTAssertEqual(result.status, 1, result.summary)
        XCTAssertTrue(result.stderrIsOneLine, result.summary)
        XCTAssertTrue(result.stderr.contains("scrawl render"), result.summary)
    }

    /// A bad `--stamp` or replay `stamp` file is bad input: status 2, one line.
    func testMissingStampIsBadInput() throws {
        try write("in.json", Self.replay())
        let result = try scrawl("render", "in.json", "-o", "out.png", "--stamp", "nope.png")
        XCTAssertEqual(result.status, 2, result.summary)
        XCTAssertTrue(result.stderrIsOneLine, result.summary)
        XCTAssertTrue(result.stderr.contains("nope.png"), result.summary)
    }
}
