import Foundation
import ScrawlCore
import ScrawlStorage
import XCTest

/// Hostile input on the command line: cut recordings, outputs that are inputs, long paths, odd stamp files.
final class CLISafetyTests: CLITestCase {
    /// A `--record` file cut mid-event by kill -9 renders its complete events, exits 0 and says so.
    func testTruncatedRecordingRendersItsCompleteEvents() throws {
        let full = CLITests.replay()
        let cut = String(full[..<full.range(of: "\"ended\"")!.lowerBound])
        try write("rec.json", cut)
        let result = try scrawl("render", "rec.json", "-o", "out.png")
        XCTAssertEqual(result.status, 0, result.summary)
        XCTAssertEqual(result.stderr, "scrawl: rec.json: the recording ends in a cut event (after event 2); "
                       + "rendered the 3 complete events\n")
        let png = try PNGCodec.read(path: path("out.png"))
        let i = (24 * png.width + 20) * 4
        XCTAssertEqual(Array(png.pixels[i..<i + 4]), [255, 0, 0, 255], "the stroke so far is drawn")
    }

    /// Only a cut at the end of the events counts; a cut header or broken JSON still exits 2.
    func testOtherBrokenRecordingsStillFail() throws {
        try write("head.json", "{\"version\": 1, \"canvas\": {\"width\": 64, \"hei")
        try write("bad.json", "{\"version\": 1, \"canvas\": {\"width\": 64, \"height\": 48}, \"events\": [{\"key\": \"1\"} x")
        for name in ["head.json", "bad.json"] {
            let result = try scrawl("render", name, "-o", "out.png")
            XCTAssertEqual(result.status, 2, "\(name): \(result.summary)")
            XCTAssertTrue(result.stderrIsOneLine, result.summary)
        }
    }

    /// `render X -o X` (also through a symlink or a hard link), `--save`, `--frames` and `export -o`
    /// refuse to overwrite the input, and leave it as it was.
    func testOutputThatIsTheInputIsRefused() throws {
        try write("in.json", CLITests.replay())
        XCTAssertEqual(try scrawl("render", "in.json", "-o", "out.png", "--save", "doc.scrawl").status, 0)
        let document = try Data(contentsOf: URL(fileURLWithPath: path("doc.scrawl")))
        try FileManager.default.createSymbolicLink(atPath: path("sym.png"), withDestinationPath: path("doc.scrawl"))
        try FileManager.default.linkItem(atPath: path("doc.scrawl"), toPath: path("hard.png"))
        try FileManager.default.createDirectory(atPath: path("sub"), withIntermediateDirectories: true)
        let attempts: [[String]] = [
            ["render", "doc.scrawl", "-o", "doc.scrawl"], ["render", "doc.scrawl", "-o", "sym.png"],
            ["render", "doc.scrawl", "-o", "hard.png"], ["render", "doc.scrawl", "-o", "sub/../doc.scrawl"],
            ["render", "in.json", "-o", "x.png", "--save", "in.json"], ["export", "doc.scrawl", "-o", "sym.svg"],
            ["render", "in.json", "-o", "x.png", "--stamp", "x.png"],
        ]
        try FileManager.default.createSymbolicLink(atPath: path("sym.svg"), withDestinationPath: "doc.scrawl")
        for args in attempts {
            let result = try scrawl(arguments: args)
            XCTAssertEqual(result.status, 2, "\(args): \(result.summary)")
            XCTAssertTrue(result.stderr.contains("refusing to overwrite it"), "\(args): \(result.summary)")
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path("doc.scrawl"))), document)
    }

    /// A `--frames` file that would be the input is refused too.
    func testFrameFileThatIsTheInputIsRefused() throws {
        try write("one.png", CLITests.replay(events: ["{\"frame\": \"one\"}"]))
        let result = try scrawl("render", "one.png", "-o", "out.png", "--frames", ".")
        XCTAssertEqual(result.status, 2, result.summary)
        XCTAssertTrue(result.stderr.contains("--frames file"), result.summary)
    }

    /// `render -o` without `.png` warns on stderr but still writes the PNG.
    func testOutputWithoutPNGSuffixWarns() throws {
        try write("in.json", CLITests.replay())
        let result = try scrawl("render", "in.json", "-o", "out.image")
        XCTAssertEqual(result.status, 0, result.summary)
        XCTAssertEqual(result.stderr, "scrawl: warning: -o out.image does not end in .png; writing a PNG image to it anyway\n")
        XCTAssertEqual(try PNGCodec.read(path: path("out.image")).width, 64)
    }

    /// A huge `--stamp` argument is shortened in the message; `/dev/zero` is "not a regular file".
    func testStampMessagesAreShortAndTrue() throws {
        try write("in.json", CLITests.replay())
        let long = String(repeating: "d", count: 20000) + ".png"
        let missing = try scrawl("render", "in.json", "-o", "out.png", "--stamp", long)
        XCTAssertEqual(missing.status, 2, missing.summary)
        XCTAssertTrue(missing.stderrIsOneLine, missing.summary)
        XCTAssertLessThan(missing.stderr.count, 300, missing.summary)
        XCTAssertTrue(missing.stderr.contains("…"), missing.summary)
        let zero = try scrawl("render", "in.json", "-o", "out.png", "--stamp", "/dev/zero")
        XCTAssertEqual(zero.stderr, "scrawl: stamp image: PNG /dev/zero: cannot read: it is a character device, not a regular file\n",
                       zero.summary)
        XCTAssertEqual(zero.status, 2)
    }

    /// An unknown option is named (shortened when huge); a long input name is shortened too.
    func testUnknownOptionsAndLongNamesAreNamedShortly() throws {
        let unknown = try scrawl("render", "in.json", "-o", "out.png", "--bogus")
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.hasPrefix("scrawl: unknown option --bogus\n"), unknown.summary)
        let huge = try scrawl("render", "in.json", "-o", "out.png", "--" + String(repeating: "x", count: 10000))
        XCTAssertLessThan(huge.stderr.count, 400, huge.summary)
        let name = try scrawl("render", String(repeating: "n", count: 5000) + ".json", "-o", "out.png")
        XCTAssertEqual(name.status, 2)
        XCTAssertLessThan(name.stderr.count, 400, name.summary)
    }

    /// File names holding control characters (an ESC sequence, a bell, a newline) are printed
    /// escaped (`\e`, `\x07`, `\n`), so they cannot recolour the terminal or break the one line.
    func testControlCharactersInNamesArePrintedEscaped() throws {
        try write("in.json", CLITests.replay())
        let warned = try scrawl("render", "in.json", "-o", "c\u{1}t\u{1b}[41mX.out")
        XCTAssertEqual(warned.status, 0, warned.summary)
        XCTAssertEqual(warned.stderr, "scrawl: warning: -o c\\x01t\\e[41mX.out does not end in .png; writing a PNG image to it anyway\n")
        let bad = try scrawl("render", "bad\u{1b}]0;owned\u{7}\nname.json", "-o", "out.png")
        XCTAssertEqual(bad.status, 2, bad.summary)
        XCTAssertTrue(bad.stderrIsOneLine, bad.summary)
        XCTAssertTrue(bad.stderr.hasPrefix("scrawl: bad\\e]0;owned\\x07\\nname.json: cannot read the replay"), bad.summary)
        let unsaved = try scrawl("render", "in.json", "-o", "out.png", "--save", "no\u{1b}[2Jdir/d.scrawl")
        XCTAssertEqual(unsaved.status, 1, unsaved.summary)
        XCTAssertTrue(unsaved.stderrIsOneLine && unsaved.stderr.hasPrefix("scrawl: no\\e[2Jdir/d.scrawl: cannot save: "),
                      unsaved.summary)
        XCTAssertTrue(unsaved.stderr.hasSuffix(" in no\\e[2Jdir)\n"), "the folder too: \(unsaved.summary)")
        for result in [warned, bad, unsaved] {
            XCTAssertFalse(result.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, result.summary)
        }
    }

    /// A path of 300 characters is shortened wherever a message names it (here the document and the
    /// folder it could not be saved in), keeping its start and its end with the file name.
    func testLongPathsAreShortenedInEveryMessage() throws {
        try write("in.json", CLITests.replay())
        let folder = dir.path + "/" + String(repeating: "f", count: 150) + "/" + String(repeating: "g", count: 120)
        let target = folder + "/drawing.scrawl"
        XCTAssertGreaterThan(target.count, 300)
        let result = try scrawl("render", "in.json", "-o", "out.png", "--save", target)
        XCTAssertEqual(result.status, 1, result.summary)
        XCTAssertTrue(result.stderrIsOneLine, result.summary)
        let shown = result.stderr.split(separator: " ").filter { $0.contains("/") }
            .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "():\n")) }
        XCTAssertEqual(shown.count, 2, "the file and its folder: \(result.summary)")
        for p in shown {
            XCTAssertLessThanOrEqual(p.count, 161, p)
            XCTAssertTrue(p.hasPrefix(String(dir.path.prefix(20))) && p.contains("…"), p)
        }
        XCTAssertTrue(shown[0].hasSuffix("gggg/drawing.scrawl") && shown[1].hasSuffix("gggg"), result.summary)
    }
}

/// Files that would take gigabytes to flatten or to draw on are refused first.
final class CLIBoundsTests: CLITestCase {
    /// A document with tiny tolerances and huge curves is refused, naming the drawable, before it is flattened.
    func testDocumentOverTheFlatteningBudgetIsRefused() throws {
        let curve = "[\"C\", 1000000, 0, -1000000, 600, 400, 300]"
        let d = "[[\"M\", 0, 0], " + Array(repeating: curve, count: 200).joined(separator: ", ") + "]"
        let drawable = "{\"type\": \"path\", \"d\": \(d), \"stroke\": \"#000000\", \"fill\": null, \"width\": 2, \"tolerance\": 0.01}"
        let small = "{\"type\": \"path\", \"d\": [[\"M\", 1, 1], [\"L\", 9, 9]], \"stroke\": \"#000000\", \"fill\": null}"
        try write("big.scrawl", "{\"format\": \"scrawl\", \"version\": 1, \"canvas\": {\"width\": 400, \"height\": 300}, "
                  + "\"drawables\": [\(small), " + Array(repeating: drawable, count: 20).joined(separator: ", ") + "]}")
        let result = try scrawl("render", "big.scrawl", "-o", "out.png")
        XCTAssertEqual(result.status, 2, result.summary)
        XCTAssertTrue(result.stderrIsOneLine, result.summary)
        XCTAssertTrue(result.stderr.hasPrefix("scrawl: big.scrawl: drawables["), result.summary)
        XCTAssertTrue(result.stderr.hasSuffix("; the limit is 20000000 points per drawing\n"), result.summary)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("out.png")))
    }

    /// A 1 GiB (sparse) stamp file whose header says 50000x50000 is refused from its header, and one
    /// whose header is a fine 16x16 for its size, both before the file is read (they used to be read
    /// whole: 2.2 GB and seconds).
    func testHugeStampFilesAreRefusedBeforeTheyAreRead() throws {
        try write("in.json", CLITests.replay())
        func sparse(_ name: String, side: UInt8) throws {
            // Signature and IHDR (side x side, 8-bit RGBA), its CRC wrong: nothing after the header is read.
            let header: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
                                   0, 0, side == 16 ? 0 : 0xC3, side, 0, 0, side == 16 ? 0 : 0xC3, side, 8, 6, 0, 0, 0, 0, 0, 0, 0]
            try Data(header).write(to: URL(fileURLWithPath: path(name)))
            XCTAssertEqual(truncate(path(name), 1 << 30), 0)
        }
        try sparse("huge.png", side: 0x50)  // 0xC350 = 50000
        let huge = try scrawl("render", "in.json", "-o", "out.png", "--stamp", "huge.png")
        XCTAssertEqual(huge.status, 2, huge.summary)
        XCTAssertEqual(huge.stderr, "scrawl: stamp image: PNG huge.png: 50000x50000 is too large "
                       + "(at most 32768 per side and 67108864 pixels)\n", huge.summary)
        try sparse("big.png", side: 16)
        let big = try scrawl("render", "in.json", "-o", "out.png", "--stamp", "big.png")
        XCTAssertEqual(big.status, 2, big.summary)
        XCTAssertEqual(big.stderr, "scrawl: stamp image: PNG big.png: cannot read: the file is 1024 MiB; at most 192 MiB are read\n",
                       big.summary)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("out.png")))
    }

    /// The largest canvas is 64 Mi device pixels at the render scale: 8192x8192 renders, 8192x8193
    /// and the bars that push a canvas over it are refused.
    func testCanvasOverTheAreaBudgetIsRefused() throws {
        try write("over.json", CLITests.replay(canvas: "\"width\": 8192, \"height\": 8193"))
        let over = try scrawl("render", "over.json", "-o", "out.png")
        XCTAssertEqual(over.status, 2, over.summary)
        XCTAssertTrue(over.stderr.contains("8192x8193") && over.stderr.contains("67108864 device pixels"), over.summary)
        try write("bars.json", CLITests.replay(canvas: "\"width\": 8192, \"height\": 8150"))
        let bars = try scrawl("render", "bars.json", "-o", "out.png", "--toolbar")
        XCTAssertEqual(bars.status, 2, bars.summary)
        XCTAssertTrue(bars.stderr.contains("with the bars the frame is 8192x8238"), bars.summary)
    }
}
