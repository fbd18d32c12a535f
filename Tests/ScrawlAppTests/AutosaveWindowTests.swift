import Foundation
import XCTest
import ScrawlCore
import ScrawlStorage

/// Autosave failures in the real window: the user is told, and a quit never closes the window
/// before the drawing is safe somewhere. Folders are made unusable by putting them under a regular
/// file (ENOTDIR), which holds even for root, unlike permissions.
final class AutosaveWindowTests: XCTestCase {
    private var dir = ""

    override func setUpWithError() throws {
        dir = NSTemporaryDirectory() + "scrawl-autosave-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: dir + "/blocker", contents: Data("not a folder".utf8))
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    private func scrawlFiles(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".scrawl") }
    }

    /// Autosave off and the pictures folder unusable: the title says so, and quitting saves the
    /// drawing to the home folder instead of promising a recovery that cannot happen.
    func testAutosaveOffIsShownAndQuitSavesToTheHomeFolder() throws {
        let home = dir + "/home"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let x = try WindowHarness()
        let out = dir + "/stdout.txt"
        try x.launch([], environment: ["XDG_STATE_HOME": dir + "/blocker/state", "XDG_PICTURES_DIR": dir + "/blocker/pics",
                                       "HOME": home], stdout: out)
        try x.waitForTitle(containing: "AUTOSAVE OFF")
        try x.drag([(100, 150), (200, 220)])
        try x.key("ctrl+q")
        XCTAssertEqual(try x.waitForExit(), 0)
        let saved = scrawlFiles(in: home)
        XCTAssertEqual(saved.count, 1, "the drawing went to the home folder: \(saved)")
        XCTAssertEqual(try DocumentStore.standard.open(home + "/" + saved[0]).drawables.count, 1)
        let printed = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
        XCTAssertTrue(printed.contains(saved[0]), "its path is printed: \(printed)")
    }

    /// Nothing writable anywhere and autosave off: the window stays open and says why; once a folder
    /// works again, the next quit saves there and closes.
    func testQuitKeepsTheWindowOpenUntilTheDrawingIsSaved() throws {
        let blocked = dir + "/blocker"
        let x = try WindowHarness()
        try x.launch([], environment: ["XDG_STATE_HOME": blocked + "/state", "XDG_PICTURES_DIR": blocked + "/pics",
                                       "HOME": blocked + "/home", "TMPDIR": blocked + "/tmp"])
        try x.waitForTitle(containing: "AUTOSAVE OFF")
        try x.drag([(100, 150), (200, 220)])
        try x.key("ctrl+q")
        let title = try x.waitForTitle(containing: "NOT SAVED")
        XCTAssertTrue(x.isRunning, "the window stays open: \(title)")

        try FileManager.default.removeItem(atPath: blocked)
        try FileManager.default.createDirectory(atPath: blocked + "/pics", withIntermediateDirectories: true)
        try x.key("ctrl+q")
        XCTAssertEqual(try x.waitForExit(), 0)
        let saved = scrawlFiles(in: blocked + "/pics")
        XCTAssertEqual(saved.count, 1, "the second quit saved to the pictures folder: \(saved)")
    }

    /// `--scale 16` on a 4000-point-wide page cannot fit the 16384-pixel limit: the window falls
    /// back to the largest scale that fits and shows the drawing (it used to stay empty). The page
    /// is short, so the fallback canvas stays cheap for llvmpipe.
    func testTooLargeScaleFallsBackAndStillShowsTheDrawing() throws {
        let doc = dir + "/wide.scrawl"
        let page = CanvasSpec(width: 4000, height: 150)
        let red = Drawable.path(PathDrawable(path: .rectangle(Rect(x: 0, y: 0, width: 4000, height: 150)),
                                             stroke: nil, fill: .red, style: StrokeOptions()))
        try DocumentStore.standard.save([red], canvas: page, to: doc)
        let x = try WindowHarness()
        try x.launch([doc, "--scale", "16"], environment: ["XDG_STATE_HOME": dir + "/state"])
        var reds = 0
        try WindowHarness.wait(timeout: 30, for: "the red page to be shown (\(reds) red pixels)") {
            guard let shot = try? x.rawScreenshot() else { return false }
            reds = 0
            for y in stride(from: 0, to: shot.height, by: 4) {
                for xx in stride(from: 0, to: shot.width, by: 4) {
                    let p = shot.pixel(xx, y)
                    if p.0 > 200 && p.1 < 60 && p.2 < 60 { reds += 1 }
                }
            }
            return reds > 1000
        }
    }

    /// The window applies the flattening budget `render` does: a document that would take
    /// gigabytes to flatten is refused with exit 2 before any window opens.
    func testWindowRefusesADocumentOverTheFlatteningBudget() throws {
        let curve = "[\"C\", 1000000, 0, -1000000, 600, 400, 300]"
        let d = "[[\"M\", 0, 0], " + Array(repeating: curve, count: 200).joined(separator: ", ") + "]"
        let drawable = "{\"type\": \"path\", \"d\": \(d), \"stroke\": \"#000000\", \"fill\": null, \"width\": 2, \"tolerance\": 0.01}"
        let doc = dir + "/big.scrawl"
        try ("{\"format\": \"scrawl\", \"version\": 1, \"canvas\": {\"width\": 400, \"height\": 300}, \"drawables\": ["
             + Array(repeating: drawable, count: 20).joined(separator: ", ") + "]}").write(toFile: doc, atomically: true, encoding: .utf8)
        let x = try WindowHarness()
        let p = Process()
        p.executableURL = URL(fileURLWithPath: try WindowHarness.binary())
        p.arguments = [doc]
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = x.display
        env["XDG_STATE_HOME"] = dir + "/state"
        p.environment = env
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 2, text)
        XCTAssertTrue(text.hasPrefix("scrawl: big.scrawl: drawables[") && text.contains("the limit is 20000000 points"), text)
    }
}
