import Foundation
import ScrawlCore
import ScrawlGL
import ScrawlStorage
import XCTest

/// `scrawl render … --save`, `scrawl render FILE.scrawl`, `scrawl export`, through the built binary.
final class DocumentCommandTests: XCTestCase {
    private var folder = ""

    override func setUp() {
        folder = NSTemporaryDirectory() + "scrawl-cli-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

    private func binary() throws -> String { try ScrawlCLI.binary().path }

    private struct Result {
        var status: Int32
        var stderr: String
    }

    private func scrawl(_ arguments: String...) throws -> Result {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: try binary())
        p.arguments = arguments
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        let data = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Result(status: p.terminationStatus, stderr: String(decoding: data, as: UTF8.self))
    }

    private func write(_ text: String, _ name: String) -> String {
        let path = folder + "/" + name
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        return path
    }

    /// A replay, written as `scrawl --record` would (via ReplayRecorder's encoding).
    private func writeReplay(_ replay: Replay, _ name: String) throws -> String {
        let path = folder + "/" + name
        let recorder = try ReplayRecorder(path: path, canvas: replay.canvas, seed: replay.seed, stamp: nil)
        for e in replay.events { try recorder.record(e) }
        try recorder.close()
        return path
    }

    func testRenderSaveThenRenderTheDocument() throws {
        for (name, replay) in DocumentReplays.all {
            let input = try writeReplay(replay, "\(name).json")
            let a = folder + "/\(name)-a.png", b = folder + "/\(name)-b.png", doc = folder + "/\(name).scrawl"
            let first = try scrawl("render", input, "-o", a, "--save", doc)
            XCTAssertEqual(first.status, 0, first.stderr)
            let second = try scrawl("render", doc, "-o", b, "--scale", "1")
            XCTAssertEqual(second.status, 0, second.stderr)
            let imageA = try PNGCodec.read(path: a), imageB = try PNGCodec.read(path: b)
            XCTAssertEqual(imageA.width, imageB.width)
            XCTAssertTrue(imageA.pixels == imageB.pixels, "\(name): the document renders like the replay")
            let document = try DocumentStore.standard.open(doc)
            XCTAssertEqual(document.canvas, replay.canvas)
            XCTAssertFalse(document.drawables.isEmpty)

            let svg = folder + "/\(name).svg"
            let export = try scrawl("export", doc, "-o", svg)
            XCTAssertEqual(export.status, 0, export.stderr)
            let text = try String(contentsOfFile: svg, encoding: .utf8)
            XCTAssertTrue(text.hasPrefix("<?xml"), text)
            XCTAssertTrue(text.hasSuffix("</svg>\n"))
        }
    }

    /// A stroke at x = 999990 nudged right twice by 10 points with the selection: the second nudge
    /// stops at the canvas limit (and says so), and the document saves.
    func testNudgesPastTheCanvasLimitStopAtItAndTheDocumentSaves() throws {
        let input = write("""
            {"version": 1, "events": [
             {"touches": [{"id": 0, "phase": "began", "x": 999990, "y": 100}]},
             {"touches": [{"id": 0, "phase": "moved", "x": 999990, "y": 200}]},
             {"touches": [{"id": 0, "phase": "ended", "x": 999990, "y": 200}]},
             {"key": "v"}, {"key": "ctrl+a"}, {"key": "shift+right"}, {"key": "shift+right"}]}
            """, "edge-nudge.json")
        let doc = folder + "/x.scrawl"
        let result = try scrawl("render", input, "-o", folder + "/x.png", "--save", doc)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "scrawl: edge-nudge.json: The selection is at the edge of the canvas (±1,000,000 points) "
                       + "and cannot move further that way\n")
        let drawables = try DocumentStore.standard.open(doc).drawables
        XCTAssertEqual(drawables.count, 1)
        XCTAssertEqual(CanvasLimit.coordinateBounds(drawables)?.maxX, 1_000_000, "the first nudge reached the limit")
    }

    func testBrokenDocumentsExitTwoWithOneLine() throws {
        let cases: [(String, String)] = [
            ("{\"format\": \"scrawl\", \"version\": 1, \"canvas\": {\"width\": 10, \"height\": 10}, \"drawables\": [\n",
             "scrawl: broken.scrawl: line 2, column 1: the document is truncated: unexpected end of input"),
            (#"{"format": "scrawl", "version": 4}"#,
             "scrawl: broken.scrawl: the document is version 4, written by a newer Scrawl; this build reads version 3 (update Scrawl to open it)"),
            (#"{"format": "scrawl", "version": 1, "canvas": {"width": 10, "height": 10}, "drawables": [{"type": "path", "d": [["M", 1, NaN]]}]}"#,
             "scrawl: broken.scrawl: drawables[0].d[0][2]: NaN is not a finite number"),
            (#"{"format": "scrawl", "version": 1, "canvas": {"width": 10, "height": 10}, "drawables": [{"type": "blob"}]}"#,
             #"scrawl: broken.scrawl: drawables[0].type: unknown drawable type "blob" (this build knows "path", "image" and "text")"#),
        ]
        for (text, expected) in cases {
            let path = write(text, "broken.scrawl")
            for args in [["render", path, "-o", folder + "/x.png"], ["export", path, "-o", folder + "/x.svg"]] {
                let p = Process()
                p.executableURL = URL(fileURLWithPath: try binary())
                p.arguments = args
                let err = Pipe()
                p.standardError = err
                try p.run()
                let data = err.fileHandleForReading.readDataToEndOfFile()
                p.waitUntilExit()
                XCTAssertEqual(p.terminationStatus, 2, args[0])
                XCTAssertEqual(String(decoding: data, as: UTF8.self), expected + "\n", args[0])
            }
            XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/x.svg"))
        }
        let missing = try scrawl("export", folder + "/nope.scrawl", "-o", folder + "/x.svg")
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stderr, "scrawl: nope.scrawl: cannot read the document: No such file or directory\n")
    }

    func testExportUsageAndWriteFailures() throws {
        let doc = folder + "/ok.scrawl"
        try DocumentStore.standard.save([], canvas: CanvasSpec(width: 10, height: 10), to: doc)
        let noOutput = try scrawl("export", doc)
        XCTAssertEqual(noOutput.status, 2)
        XCTAssertTrue(noOutput.stderr.hasPrefix("scrawl: export needs -o OUT.svg, -o OUT.pdf or -o OUT.png\n"), noOutput.stderr)
        let blocker = write("x", "file")
        let unwritable = try scrawl("export", doc, "-o", blocker + "/out.svg")
        XCTAssertEqual(unwritable.status, 1)
        XCTAssertEqual(unwritable.stderr, "scrawl: \(blocker)/out.svg: cannot save: Not a directory (creating a temporary file in \(blocker))\n")
        let save = try scrawl("render", doc, "-o", folder + "/o.png", "--save", blocker + "/again.scrawl")
        XCTAssertEqual(save.status, 1)
        XCTAssertTrue(save.stderr.hasPrefix("scrawl: \(blocker)/again.scrawl: cannot save: Not a directory"), save.stderr)
    }
}
