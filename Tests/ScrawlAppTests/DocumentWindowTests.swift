import Foundation
import XCTest
import ScrawlCore
import ScrawlGL
import ScrawlStorage

/// Documents in the real window: ctrl+s, quitting with unsaved work, kill -9 and recovery, with the
/// XDG folders pointed at a temporary place through their environment variables.
final class DocumentWindowTests: XCTestCase {
    private var dir = ""
    private var env: [String: String] = [:]

    override func setUpWithError() throws {
        dir = NSTemporaryDirectory() + "scrawl-docwin-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        for sub in ["state", "pics", "config"] {
            try FileManager.default.createDirectory(atPath: dir + "/" + sub, withIntermediateDirectories: true)
        }
        env = ["XDG_STATE_HOME": dir + "/state", "XDG_PICTURES_DIR": dir + "/pics",
               "XDG_CONFIG_HOME": dir + "/config", "HOME": dir]
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    private func files(_ sub: String, suffix: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir + "/" + sub)) ?? []).filter { $0.hasSuffix(suffix) }.sorted()
    }

    private func drawables(in file: String) throws -> Int {
        try DocumentStore.standard.open(dir + "/pics/" + file).drawables.count
    }

    /// The first ctrl+s of an untitled drawing asks for its name, suggesting a new file in the
    /// pictures folder named by date and time (enter takes it); from then on it is that document:
    /// ctrl+s saves there again without asking, and a quit keeps later changes beside it, never a
    /// second file.
    func testCtrlSSavesInPlaceAndAQuitWritesNoSecondFile() throws {
        let x = try WindowHarness()
        let out = dir + "/stdout.txt"
        try x.launch([], environment: env.merging(["SCRAWL_FILE_CHOOSER": "prompt"]) { $1 }, stdout: out)
        try x.drag([(100, 150), (200, 200)])
        try x.key("ctrl+s")
        try WindowHarness.wait(timeout: 10, for: "the prompt asking for a name") {
            (try? FilesPromptWindowTests.promptRows(x.rawScreenshot())) ?? 0 > 10
        }
        XCTAssertEqual(files("pics", suffix: ".scrawl"), [], "nothing written before the name is given")
        try x.key("Return")
        try x.drag([(100, 300), (300, 320)])
        try x.key("ctrl+s")
        XCTAssertEqual(files("pics", suffix: ".scrawl").count, 1, "ctrl+s saves to one file, again to the same")
        try x.drag([(400, 400), (500, 450)])
        try x.waitForTitle(containing: " *")
        try x.key("ctrl+q")
        XCTAssertEqual(try x.waitForExit(), 0)
        let saved = files("pics", suffix: ".scrawl")
        XCTAssertEqual(saved.count, 1, "no second file: \(saved)")
        XCTAssertEqual(try saved.map(drawables), [2], "the quit wrote nothing into it")
        let printed = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
        let path = dir + "/pics/" + saved[0]
        XCTAssertTrue(printed.contains("saved: " + path + "\n"), "stdout says what it is: \(printed)")
        XCTAssertTrue(printed.contains("kept: the unsaved changes to " + path), printed)
        let sessions = (try? FileManager.default.contentsOfDirectory(atPath: dir + "/state/scrawl")) ?? []
        XCTAssertEqual(sessions.filter { $0.hasPrefix("session") }.count, 1, "the third stroke is kept for the next start: \(sessions)")
    }

    func testKill9LosesNothingCommittedAndTheNextStartRecoversIt() throws {
        let x = try WindowHarness()
        try x.launch([], environment: env)
        try x.drag([(100, 150), (150, 170), (250, 200)])
        try x.key("1")
        try x.drag([(100, 300), (300, 300)])
        try x.drag([(400, 200), (450, 400)])
        try x.key("ctrl+z")
        // A stroke in progress when the process dies is the only thing allowed to be lost.
        try x.xdotool(["mousemove", "500", "500", "mousedown", "1"])
        try x.waitUntilIdle()  // the press is handled where the pointer is then
        try x.xdotool(["mousemove", "600", "550"])
        let before = try x.screenshot()
        try x.kill9()
        try x.xdotool(["mouseup", "1"])

        let y = x  // same X server, new process
        let out = dir + "/stdout2.txt"
        try y.launch([], environment: env, stdout: out)
        try y.movePointerAway()  // the new window's cursor ring is window-only
        let after = try y.screenshot()
        // The window says so too: a toast at the bottom of the canvas area (text found as in
        // OverlayWindowTests), compared with the canvas before the crash, which had none.
        let strip = PixelBox(x: 0, y: 644 - 64, width: 800, height: 64)
        XCTAssertEqual(before.textRows(in: strip), 0)
        _ = try y.screenshot(until: "the recovery toast") { $0.textRows(in: strip, since: before) >= 5 }
        let printed = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
        XCTAssertTrue(printed.contains("recovered: 2 strokes"), printed)
        // The committed strokes come back pixel for pixel; the live stroke (around 500..600) does not.
        var differing = 0
        for yy in stride(from: 44, to: 480, by: 2) {
            for xx in stride(from: 0, to: 800, by: 2) {
                let a = before.pixel(xx, yy), b = after.pixel(xx, yy)
                if abs(Int(a.0) - Int(b.0)) > 2 || abs(Int(a.1) - Int(b.1)) > 2 || abs(Int(a.2) - Int(b.2)) > 2 { differing += 1 }
            }
        }
        XCTAssertEqual(differing, 0, "the recovered canvas matches the one before kill -9")
        // Undo history came back too: redo brings back the undone stroke.
        XCTAssertGreaterThan(Int(after.pixel(425, 300).1), 240, "the undone stroke is not shown after recovery")
        try y.key("ctrl+y")
        let redone = try y.screenshot()
        XCTAssertLessThan(Int(redone.pixel(425, 300).1), 100, "redo after recovery restores the undone (red) stroke")
        try y.key("ctrl+q")
        XCTAssertEqual(try y.waitForExit(), 0)
        XCTAssertEqual(files("pics", suffix: ".scrawl").count, 0, "the recovered untitled drawing is kept, not written out")
        let kept = (try? FileManager.default.contentsOfDirectory(atPath: dir + "/state/scrawl")) ?? []
        XCTAssertEqual(kept.filter { $0.hasPrefix("session") }.count, 1, "it stays in the state folder: \(kept)")
    }

    /// Starting with another file after a crash leaves the crashed drawing in the state folder (not
    /// in the pictures folder) for the next start without a file.
    func testOpeningAnotherFileAfterACrashKeepsTheCrashedDrawingForLater() throws {
        let x = try WindowHarness()
        try x.launch([], environment: env)
        try x.drag([(100, 150), (250, 200)])
        _ = try x.screenshot()
        try x.kill9()
        // A one-stroke document made by `scrawl render --save`.
        let replay = dir + "/one.json", document = dir + "/one.scrawl"
        try #"{"version": 1, "events": [{"touches": [{"id": 0, "phase": "began", "x": 5, "y": 5}]},"#
            .appending(#" {"touches": [{"id": 0, "phase": "ended", "x": 50, "y": 5}]}]}"#)
            .write(toFile: replay, atomically: true, encoding: .utf8)
        try WindowHarness.run(try WindowHarness.binary(), ["render", replay, "-o", dir + "/one.png", "--save", document])
        let out = dir + "/stdout3.txt"
        try x.launch([document], environment: env, stdout: out)
        try x.key("ctrl+q")
        XCTAssertEqual(try x.waitForExit(), 0)
        let printed = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
        XCTAssertTrue(printed.contains("kept: 1 stroke from an earlier session"), printed)
        XCTAssertEqual(files("pics", suffix: ".scrawl"), [], "nothing is written to the pictures folder")
        XCTAssertEqual(try DocumentStore.standard.open(document).drawables.count, 1, "the opened document is untouched")

        let again = dir + "/stdout4.txt"
        try x.launch([], environment: env, stdout: again)
        try x.waitForTitle(containing: "(recovered)")
        let recovered = (try? String(contentsOfFile: again, encoding: .utf8)) ?? ""
        XCTAssertTrue(recovered.contains("recovered: 1 stroke from a session that did not quit cleanly"), recovered)
        try x.key("ctrl+q")
        XCTAssertEqual(try x.waitForExit(), 0)
    }

    /// A document whose folders make a path of over 300 characters and whose name holds control
    /// characters: the title and standard output (`new:`, `saved:`) show it escaped and shortened
    /// (the start, "…", and the end with the file name), never raw and never whole.
    func testTitleAndStandardOutputEscapeAndShortenNames() throws {
        let folder = dir + "/" + String(repeating: "d", count: 150) + "/" + String(repeating: "e", count: 100)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let name = String(repeating: "n", count: 150) + "c\u{1}t\u{1b}[41mX.scrawl"
        let file = folder + "/" + name
        XCTAssertGreaterThan(file.count, 300)
        let shownName = String(repeating: "n", count: 100) + "c\\x01t\\e[41mX.scrawl"  // 120 characters shown
        let x = try WindowHarness()
        let out = dir + "/stdout-names.txt"
        try x.launch([file], environment: env, stdout: out)
        let title = try x.waitForTitle(containing: "…" + shownName)
        XCTAssertTrue(title.hasPrefix("Scrawl — " + String(repeating: "n", count: 40) + "…" + shownName + " — "), title)
        try x.drag([(100, 150), (200, 200)])
        try x.key("ctrl+s")
        try WindowHarness.wait(timeout: 10, for: "the document saved") { FileManager.default.fileExists(atPath: file) }
        try x.key("ctrl+q")
        XCTAssertEqual(try x.waitForExit(), 0)
        let printed = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
        let lines = printed.split(separator: "\n").map(String.init)
        let new = try XCTUnwrap(lines.first { $0.hasPrefix("new: ") }, printed)
        let saved = try XCTUnwrap(lines.first { $0.hasPrefix("saved: ") }, printed)
        XCTAssertEqual(new, "new: " + String(file.prefix(40)) + "…" + shownName + " (ctrl+s saves it there)")
        XCTAssertEqual(saved, "saved: " + String(file.prefix(40)) + "…" + shownName)
        for text in [title, printed] {
            XCTAssertFalse(text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, text.debugDescription)
        }
    }
}
