import XCTest
import ScrawlCore
@testable import ScrawlStorage

/// The pressure and stabilizer settings are kept in the settings file with the records that keep
/// them; files from before them read as before.
final class SettingsInkTests: XCTestCase {
    func testInkSettingsRoundTrip() throws {
        var s = SavedSettings()
        s.drawing[.pen].pressure = 0.75
        s.drawing[.pen].speedPressure = true
        s.drawing[.pen].stabilizer = 0.6
        s.drawing[.highlighter].stabilizer = 0.3
        let text = String(decoding: SettingsCoding.encode(s), as: UTF8.self)
        XCTAssertTrue(text.contains(#""opacity": 1, "pressure": 0.75, "speedPressure": true, "stabilizer": 0.6}"#), text)
        XCTAssertTrue(text.contains(##""highlighter": {"stroke": "#ffeb3bff", "width": 16, "stabilizer": 0.3}"##), text)
        XCTAssertTrue(text.contains(#""eraser": {"width": 16}"#), text)
        let (read, problems) = try SettingsCoding.decode(SettingsCoding.encode(s))
        XCTAssertEqual(read, s)
        XCTAssertEqual(problems, [])
    }

    func testAFileFromBeforeTheInkSettingsReadsAsBefore() throws {
        let (s, problems) = try SettingsCoding.decode(Array("""
        {"format": "scrawl-settings", "version": 2, "tool": "smooth",
         "tools": {"pen": {"stroke": "#ff0000ff", "fill": null, "width": 6, "opacity": 0.5},
                   "highlighter": {"stroke": "#00ff00ff", "width": 24}, "eraser": {"width": 8}}}
        """.utf8))
        XCTAssertEqual(problems, [])
        XCTAssertEqual(s.drawing[.pen], ToolStyle(stroke: .fixed(.red), fill: nil, width: 6, opacity: 0.5))
        XCTAssertEqual(s.drawing[.pen].pressure, 0.5)
        XCTAssertEqual(s.drawing[.pen].stabilizer, 0)
        XCTAssertFalse(s.drawing[.pen].speedPressure)
        XCTAssertEqual(s.drawing[.highlighter].stabilizer, 0)
    }

    func testInkSettingsOutOfRangeAreClampedAndBadOnesNamed() throws {
        let (s, problems) = try SettingsCoding.decode(Array("""
        {"tools": {"pen": {"pressure": 3, "stabilizer": 2, "speedPressure": "yes"}, "highlighter": {"pressure": 0.1}}}
        """.utf8))
        XCTAssertEqual(s.drawing[.pen].pressure, 1)
        XCTAssertEqual(s.drawing[.pen].stabilizer, 0.95)
        XCTAssertFalse(s.drawing[.pen].speedPressure)
        XCTAssertEqual(s.drawing[.highlighter].pressure, DrawingSettings.defaults[.highlighter].pressure, "the highlighter keeps no sensitivity")
        XCTAssertEqual(problems, [#"tools: pen: "speedPressure" ("yes")"#])
    }
}
