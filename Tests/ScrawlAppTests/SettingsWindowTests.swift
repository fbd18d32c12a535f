import Foundation
import XCTest
import ScrawlCore
import ScrawlStorage

/// Settings persist across restarts of the real window, are written about a second after a change
/// (so even a kill -9 keeps them), and a broken settings file never stops the app.
final class SettingsWindowTests: XCTestCase {
    private func settingsPath(_ x: WindowHarness) -> String { x.scratch + "/config/scrawl/settings.json" }

    private func launch(_ x: WindowHarness) throws {
        try x.launch([], environment: ["XDG_CONFIG_HOME": x.scratch + "/config", "SCRAWL_FILE_CHOOSER": "prompt"])
    }

    func testWidthAndToolSurviveAQuitAndAKill() throws {
        let x = try WindowHarness()
        try launch(x)
        try x.key("bracketright", "bracketright", "l")
        try x.waitForTitle(containing: "Line — stroke black, fill light gray, width 4")
        try x.key("ctrl+q")
        XCTAssertEqual(try x.waitForExit(), 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: settingsPath(x)))

        try launch(x)
        try x.waitForTitle(containing: "Line — stroke black, fill light gray, width 4")
        try x.key("r", "shift+9")
        try WindowHarness.wait(timeout: 10, for: "the debounced settings write") {
            let text = (try? String(contentsOfFile: self.settingsPath(x), encoding: .utf8)) ?? ""
            return text.contains("\"tool\": \"rectangle\"") && text.contains("\"fill\": null")
        }
        try x.kill9()
        try launch(x)
        try x.waitForTitle(containing: "Rectangle — stroke black, fill none, width 4")
    }

    /// The eraser keeps its own width: widening it leaves the pencil's, and both survive a restart.
    func testTheErasersWidthIsItsOwnAcrossARestart() throws {
        let x = try WindowHarness()
        try launch(x)
        try x.key("x", "bracketright")
        try x.waitForTitle(containing: "Eraser — width 24, stroke eraser")
        try x.key("p")
        try x.waitForTitle(containing: "Pencil — stroke black, fill light gray, width 2,")
        try x.key("ctrl+q")
        XCTAssertEqual(try x.waitForExit(), 0)
        let text = (try? String(contentsOfFile: settingsPath(x), encoding: .utf8)) ?? ""
        XCTAssertTrue(text.contains("\"eraser\": {\"width\": 24}"), text)
        try launch(x)
        try x.waitForTitle(containing: "Pencil — stroke black, fill light gray, width 2,")
        try x.key("x")
        try x.waitForTitle(containing: "Eraser — width 24")
    }

    func testBrokenSettingsFileIsReplacedAndTheAppStarts() throws {
        let x = try WindowHarness()
        try FileManager.default.createDirectory(atPath: x.scratch + "/config/scrawl", withIntermediateDirectories: true)
        try "{\"tool\": \"line\", oops".write(toFile: settingsPath(x), atomically: true, encoding: .utf8)
        try launch(x)
        try x.waitForTitle(containing: "Pencil — stroke black, fill light gray, width 2")
        try WindowHarness.wait(timeout: 10, for: "the defaults to replace the broken file") {
            !SettingsFile(path: self.settingsPath(x)).load().isBroken
        }
        let kept = try String(contentsOfFile: settingsPath(x) + ".broken", encoding: .utf8)
        XCTAssertEqual(kept, "{\"tool\": \"line\", oops")
    }

    /// Settings with 85,000 repeats of one recent colour and numbers that are not finite start with
    /// one recent colour and the default width, and standard error says once, in one line naming
    /// the file and the fields, what was ignored.
    func testIgnoredSettingsAreSaidOnceOnStandardError() throws {
        let x = try WindowHarness()
        try FileManager.default.createDirectory(atPath: x.scratch + "/config/scrawl", withIntermediateDirectories: true)
        let repeated = Array(repeating: "\"#123456\"", count: 85_000).joined(separator: ",")
        try "{\"width\": 1e999, \"tool\": \"line\", \"recentColours\": [\(repeated), \"nope\"]}"
            .write(toFile: settingsPath(x), atomically: true, encoding: .utf8)
        let err = x.scratch + "/stderr.txt"
        try x.launch([], environment: ["XDG_CONFIG_HOME": x.scratch + "/config", "SCRAWL_FILE_CHOOSER": "prompt"], stderr: err)
        try x.waitForTitle(containing: "Line — stroke black, fill light gray, width 2")
        try x.key("ctrl+q")
        XCTAssertEqual(try x.waitForExit(), 0)
        let lines = try String(contentsOfFile: err, encoding: .utf8).split(separator: "\n")
        let said = lines.filter { $0.contains("settings") }
        XCTAssertEqual(said, ["scrawl: settings \(settingsPath(x)): ignored \"width\" (Infinity, not a finite number); "
                              + "\"recentColours\" (not colours: 1, repeats: 84999)"], "\(lines)")
        XCTAssertEqual(SettingsFile(path: settingsPath(x)).load().settings.recentColours, [Color(r: 0x12, g: 0x34, b: 0x56)])
    }

    func testWindowSizeBarsAndColoursAreRestored() throws {
        let x = try WindowHarness()
        try FileManager.default.createDirectory(atPath: x.scratch + "/config/scrawl", withIntermediateDirectories: true)
        let text = """
            {"format": "scrawl-settings", "version": 1, "tool": "ellipse", "stroke": "#ff0000", "fill": "random",
             "opacity": 0.5, "barsShown": false, "window": {"width": 640, "height": 480}, "recentColours": ["#123456ff"]}
            """
        try text.write(toFile: settingsPath(x), atomically: true, encoding: .utf8)
        try launch(x)
        try x.waitForTitle(containing: "Ellipse — stroke red, fill random, width 2, opacity 50%")
        let id = try x.xdotool(["search", "--name", "Scrawl"]).split(separator: "\n").first.map(String.init) ?? ""
        try WindowHarness.wait(timeout: 10, for: "the saved window size") {
            ((try? x.xdotool(["getwindowgeometry", id])) ?? "").contains("Geometry: 640x480")
        }
        let shot = try x.screenshot()
        XCTAssertEqual(shot.pixel(300, 20).0, 255, "the bars are hidden: the page shows at the top")
        try x.key("ctrl+q")
        XCTAssertEqual(try x.waitForExit(), 0)
        let saved = SettingsFile(path: settingsPath(x)).load().settings
        XCTAssertEqual(saved.recentColours, [Color(r: 0x12, g: 0x34, b: 0x56)], "recent colours are carried through")
        XCTAssertEqual(saved.windowSize, SavedSettings.WindowSize(width: 640, height: 480))
        XCTAssertFalse(saved.barsShown)
    }
    /// A saved size larger than the screen (another monitor's, or written by hand) is fitted to the
    /// screen's work area, so the window and its frame targets never start larger than the screen.
    func testOversizedWindowSizeIsFittedToTheScreen() throws {
        let x = try WindowHarness()
        try FileManager.default.createDirectory(atPath: x.scratch + "/config/scrawl", withIntermediateDirectories: true)
        try "{\"window\": {\"width\": 16384, \"height\": 16384}}".write(toFile: settingsPath(x), atomically: true, encoding: .utf8)
        try launch(x)
        try x.waitForTitle(containing: "Pencil")
        let id = try x.xdotool(["search", "--name", "Scrawl"]).split(separator: "\n").first.map(String.init) ?? ""
        let geometry = try x.xdotool(["getwindowgeometry", id])
        let size = geometry.split(separator: "Geometry: ").last?.split(separator: "\n").first?.split(separator: "x")
            .compactMap { Int($0.trimmingCharacters(in: .whitespaces)) } ?? []
        XCTAssertEqual(size.count, 2, geometry)
        XCTAssertLessThanOrEqual(size.first ?? .max, 1024, geometry)
        XCTAssertLessThanOrEqual(size.last ?? .max, 768, geometry)
        try x.key("ctrl+q")
        XCTAssertEqual(try x.waitForExit(), 0)
    }
}
