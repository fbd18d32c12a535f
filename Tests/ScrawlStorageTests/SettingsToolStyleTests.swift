import Foundation
import XCTest
import ScrawlCore
@testable import ScrawlStorage

/// Each style record is kept in the settings file under `tools` with the members it keeps, and
/// files written before that (the pen's members at the top level, `highlighter` with its `colour`)
/// still give their settings.
final class SettingsToolStyleTests: XCTestCase {
    private func decode(_ text: String) throws -> (SavedSettings, problems: [String]) {
        try SettingsCoding.decode(Array(text.utf8))
    }

    func testEachRecordIsWrittenUnderToolsWithTheMembersItKeeps() throws {
        var s = SavedSettings()
        s.drawing[.pen] = ToolStyle(stroke: .fixed(.red), fill: nil, width: 6, opacity: 0.5)
        s.drawing[.highlighter].stroke = .random
        s.drawing[.highlighter].width = 32
        s.drawing[.eraser].width = 8
        s.drawing[.text].width = 72
        let text = String(decoding: SettingsCoding.encode(s), as: UTF8.self)
        for member in [##""pen": {"stroke": "#ff0000ff", "fill": null, "width": 6, "opacity": 0.5, "pressure": 0.5"##,
                       #""highlighter": {"stroke": "random", "width": 32, "stabilizer": 0}"#, #""eraser": {"width": 8}"#, #""version": 2"#,
                       #""text": {"width": 72}"#] {
            XCTAssertTrue(text.contains(member), "\(member) in \(text)")
        }
        XCTAssertFalse(text.contains("\"colour\"") || text.contains("\"opacity\": 1"), text)
        let (read, problems) = try SettingsCoding.decode(SettingsCoding.encode(s))
        XCTAssertEqual(read, s)
        XCTAssertEqual(problems, [])
    }

    /// A settings file from before each tool had its own style keeps its pen and highlighter; the
    /// eraser starts at its default.
    func testAVersion1FileIsRead() throws {
        let (s, problems) = try decode("""
        {"format": "scrawl-settings", "version": 1, "tool": "eraser", "stroke": "#ff0000ff", "fill": null,
         "width": 12, "opacity": 0.5, "highlighter": {"colour": "#00ff00ff", "width": 24}, "barsShown": true}
        """)
        XCTAssertEqual(problems, [])
        XCTAssertEqual(s.tool, .eraser)
        XCTAssertEqual(s.drawing[.pen], ToolStyle(stroke: .fixed(.red), fill: nil, width: 12, opacity: 0.5))
        XCTAssertEqual(s.drawing[.highlighter].stroke, .fixed(.green))
        XCTAssertEqual(s.drawing[.highlighter].width, 24)
        XCTAssertEqual(s.drawing[.eraser], DrawingSettings.defaults[.eraser])
    }

    /// `tools` wins over the old members; what is wrong in it is named with its record, numbers
    /// are clamped, records not known are skipped, and members a record does not keep are not read.
    func testToolsWinsAndItsProblemsNameTheRecord() throws {
        let (s, problems) = try decode("""
        {"width": 12, "stroke": "#ff0000", "highlighter": {"width": 24},
         "tools": {"pen": {"width": 3, "fill": "nope"}, "highlighter": {"width": 1e9, "opacity": 0.25},
                   "eraser": {"width": 1e999, "stroke": "#0000ff"}, "lasso": {"width": 5}, "spray": 7}}
        """)
        XCTAssertEqual(s.drawing[.pen].width, 3)
        XCTAssertEqual(s.drawing[.pen].stroke, .fixed(.red), "the old member where tools has none")
        XCTAssertEqual(s.drawing[.pen].fill, DrawingSettings.defaults[.pen].fill)
        XCTAssertEqual(s.drawing[.highlighter].width, 64)
        XCTAssertEqual(s.drawing[.highlighter].opacity, 1, "the highlighter keeps no opacity")
        XCTAssertEqual(s.drawing[.eraser], DrawingSettings.defaults[.eraser])
        XCTAssertEqual(problems, [#"tools: pen: "fill" ("nope")"#, #"tools: eraser: "width" (Infinity, not a finite number)"#])
    }
}
