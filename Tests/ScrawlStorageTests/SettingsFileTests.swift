import Foundation
import XCTest
import ScrawlCore
@testable import ScrawlStorage

/// The settings file: a round trip keeps every member, a missing file is the defaults, a broken one
/// is the defaults with one message (and kept aside), unknown members are skipped, and numbers out
/// of range or NaN are clamped rather than trusted.
final class SettingsFileTests: XCTestCase {
    private var folder = ""

    override func setUp() { folder = DocTest.makeTempFolder("scrawl-settings") }
    override func tearDown() { DocTest.remove(folder) }

    private var file: SettingsFile { SettingsFile(path: folder + "/scrawl/settings.json") }

    private func write(_ text: String) {
        try? FileManager.default.createDirectory(atPath: folder + "/scrawl", withIntermediateDirectories: true)
        DocTest.write(Array(text.utf8), to: file.path)
    }

    func testRoundTripKeepsEveryMember() throws {
        var s = SavedSettings()
        s.tool = .highlighter
        s.drawing[.pen].stroke = .fixed(Color(r: 1, g: 2, b: 3, a: 200))
        s.drawing[.pen].fill = nil
        s.drawing[.pen].width = 12
        s.drawing[.pen].opacity = 0.5
        s.drawing[.highlighter].stroke = .random
        s.drawing[.highlighter].width = 24
        s.drawing[.eraser].width = 48
        s.barsShown = false
        s.windowSize = SavedSettings.WindowSize(width: 900, height: 700)
        s.recentColours = [.red, Color(r: 0x12, g: 0x34, b: 0x56, a: 0x78)]
        try file.save(s)
        let loaded = file.load()
        XCTAssertEqual(loaded.settings, s)
        XCTAssertNil(loaded.problem)
        let text = String(decoding: DocTest.read(file.path) ?? [], as: UTF8.self)
        XCTAssertTrue(text.contains("\"recentColours\": [\"#ff0000ff\", \"#12345678\"]"), text)
        XCTAssertTrue(text.contains("\"fill\": null"), text)

        s.drawing[.pen].fill = .random
        s.drawing[.pen].stroke = .random
        try file.save(s)
        XCTAssertEqual(file.load().settings, s)
    }

    func testMissingFileGivesTheDefaultsQuietly() {
        let loaded = file.load()
        XCTAssertEqual(loaded.settings, SavedSettings())
        XCTAssertNil(loaded.problem)
        XCTAssertFalse(loaded.isBroken)
    }

    func testBrokenFileGivesTheDefaultsOneMessageAndIsKeptAside() throws {
        for text in ["{\"tool\": \"line\",", "[1, 2]", "\u{89}PNG", "{\"format\": \"scrawl\", \"tool\": \"line\"}"] {
            write(text)
            let loaded = file.load()
            XCTAssertEqual(loaded.settings, SavedSettings(), text)
            XCTAssertTrue(loaded.isBroken, text)
            let problem = try XCTUnwrap(loaded.problem)
            XCTAssertTrue(problem.contains(file.path) && problem.contains("defaults"), problem)
            XCTAssertEqual(DocTest.read(file.path + ".broken"), Array(text.utf8), "the broken text is kept")
        }
    }

    /// A file too large to be settings is moved aside whole (not copied: it may be any size), and
    /// writing settings may replace it afterwards.
    func testOversizedFileIsMovedAsideWhole() throws {
        let text = "{" + String(repeating: " ", count: SettingsFile.maxSize) + "}"
        write(text)
        let loaded = file.load()
        XCTAssertTrue(loaded.isBroken)
        XCTAssertTrue(loaded.mayReplace)
        XCTAssertTrue(loaded.problem?.contains("kept as settings.json.broken") == true, loaded.problem ?? "")
        XCTAssertEqual(DocTest.read(file.path + ".broken")?.count, text.utf8.count, "kept whole")
        XCTAssertFalse(FileManager.default.fileExists(atPath: file.path))
    }

    /// A file that exists but cannot be read (here a folder in its place) gives the defaults and
    /// must never be replaced by them.
    func testUnreadableFileIsNotReplaced() throws {
        try FileManager.default.createDirectory(atPath: file.path, withIntermediateDirectories: true)
        let loaded = file.load()
        XCTAssertEqual(loaded.settings, SavedSettings())
        XCTAssertFalse(loaded.isBroken)
        XCTAssertFalse(loaded.mayReplace)
        XCTAssertTrue(loaded.problem?.contains("not saving settings") == true, loaded.problem ?? "")
    }

    func testUnknownMembersAreSkippedAndWrongKindsKeepTheirDefaults() {
        write("""
        {"future": {"x": [1, 2]}, "tool": "line", "width": "wide", "stroke": "#00ff00", "fill": 7,
         "highlighter": {"width": 32, "colour": "nope"}, "barsShown": false, "also": null}
        """)
        let loaded = file.load()
        var expected = SavedSettings()
        expected.tool = .line
        expected.drawing[.pen].stroke = .fixed(.green)
        expected.drawing[.highlighter].width = 32
        expected.barsShown = false
        XCTAssertEqual(loaded.settings, expected)
        XCTAssertFalse(loaded.isBroken)
        let problem = loaded.problem ?? ""
        for name in ["\"width\"", "\"fill\"", "highlighter: \"colour\""] { XCTAssertTrue(problem.contains(name), problem) }
        XCTAssertFalse(problem.contains("future"), problem)
    }

    func testOutOfRangeAndNaNNumbersAreClamped() {
        write("""
        {"width": 1e9, "opacity": NaN, "highlighter": {"width": -5},
         "window": {"width": 5, "height": 1e12}, "recentColours": ["#010203", "bad", 3, "#0a0b0c0d"]}
        """)
        let s = file.load().settings
        XCTAssertEqual(s.drawing[.pen].width, 64)
        XCTAssertEqual(s.drawing[.pen].opacity, 1, "NaN keeps the default")
        XCTAssertEqual(s.drawing[.highlighter].width, 1)
        XCTAssertEqual(s.windowSize, SavedSettings.WindowSize(width: 100, height: 16384))
        XCTAssertEqual(s.recentColours, [Color(r: 1, g: 2, b: 3), Color(r: 10, g: 11, b: 12, a: 13)])
    }

    /// Recent colours are read once each, at most the documented eight; what was dropped (repeats,
    /// entries that are not colours, colours past the eighth) is counted in the one problem line.
    func testRecentColoursAreDedupedToTheLimitAndTheDroppedOnesCounted() throws {
        let repeated = Array(repeating: "\"#ff0000\"", count: 85_000).joined(separator: ", ")
        write("{\"recentColours\": [\(repeated), \"#00ff00ff\", \"#FF0000FF\"]}")
        let loaded = file.load()
        XCTAssertEqual(loaded.settings.recentColours, [.red, .green])
        let problem = try XCTUnwrap(loaded.problem)
        XCTAssertTrue(problem.hasPrefix("settings \(file.path): ignored "), problem)
        XCTAssertTrue(problem.contains("\"recentColours\" (repeats: 85000)"), problem)
        XCTAssertFalse(loaded.isBroken)

        let ten = (0..<10).map { "\"#0000\(String(format: "%02x", $0))\"" } + ["\"bogus\"", "7", "\"#000003\""]
        write("{\"recentColours\": [\(ten.joined(separator: ", "))]}")
        let many = file.load()
        XCTAssertEqual(many.settings.recentColours, (0..<8).map { Color(r: 0, g: 0, b: UInt8($0)) })
        XCTAssertEqual(many.settings.recentColours.count, SavedSettings.maxRecentColours)
        XCTAssertTrue(many.problem?.contains("\"recentColours\" (not colours: 2, repeats: 1, past the first 8: 2)") == true,
                      many.problem ?? "")
    }

    /// Numbers that are not finite (`1e999` reads as infinity) and strings that are not colours or
    /// tools keep their defaults, and one line names the file and every such field.
    func testUnusableValuesAreNamedInOneLine() throws {
        write("""
        {"width": 1e999, "opacity": NaN, "tool": "lasso", "stroke": "#12345", "fill": "bogus",
         "highlighter": {"width": -1e999, "colour": "#ffeb3b"}, "window": {"width": 1e999, "height": 600},
         "recentColours": ["#0000ff", "blue"], "barsShown": false}
        """)
        let loaded = file.load()
        var expected = SavedSettings()
        expected.drawing[.highlighter].stroke = .fixed(Color(r: 0xff, g: 0xeb, b: 0x3b))
        expected.recentColours = [.blue]
        expected.barsShown = false
        XCTAssertEqual(loaded.settings, expected)
        let problem = try XCTUnwrap(loaded.problem)
        XCTAssertFalse(problem.contains("\n"), problem)
        XCTAssertTrue(problem.hasPrefix("settings \(file.path): ignored "), problem)
        for named in ["\"width\" (Infinity, not a finite number)", "\"opacity\" (NaN, not a finite number)",
                      "\"tool\" (\"lasso\")", "\"stroke\" (\"#12345\")", "\"fill\" (\"bogus\")",
                      "highlighter: \"width\" (-Infinity, not a finite number)",
                      "window: \"width\" (Infinity, not a finite number)", "\"recentColours\" (not colours: 1)"] {
            XCTAssertTrue(problem.contains(named), "\(named) in \(problem)")
        }
        XCTAssertFalse(problem.contains("barsShown") || problem.contains("\"colour\""), "usable members are not named: \(problem)")
    }

    func testSaveCreatesTheFolderAndFailsWithAReasonWhenItCannot() throws {
        try file.save(SavedSettings())
        XCTAssertEqual(file.load().settings, SavedSettings())
        DocTest.write([1], to: folder + "/blocker")
        let blocked = SettingsFile(path: folder + "/blocker/scrawl/settings.json")
        XCTAssertThrowsError(try blocked.save(SavedSettings())) { error in
            XCTAssertTrue("\(error)".contains("blocker"), "\(error)")
        }
    }

    func testStandardPathFollowsXDGConfigHome() {
        XCTAssertEqual(SettingsFile(environment: ["XDG_CONFIG_HOME": "/c", "HOME": "/h"]).path, "/c/scrawl/settings.json")
        XCTAssertEqual(SettingsFile(environment: ["HOME": "/h"]).path, "/h/.config/scrawl/settings.json")
    }
}
