import Foundation
import ScrawlGL
import XCTest

/// The first start's hint in the real window under Xvfb.
final class FirstStartWindowTests: XCTestCase {
    /// On the first start (no settings file) the empty canvas says where the keys are, until the
    /// first stroke; the next start says nothing.
    func testTheFirstStartShowsTheKeysHintUntilTheFirstStroke() throws {
        let x = try WindowHarness()
        let middle = PixelBox(x: 150, y: 44 + 250, width: 500, height: 100)
        try x.launch([], firstStart: true)
        try x.movePointerAway()
        var shot = try x.screenshot()
        XCTAssertGreaterThan(shot.textRows(in: middle), 5, "the hint in the middle of the canvas")
        try x.drag([(100, 100), (200, 150)])
        try x.movePointerAway()
        shot = try x.screenshot()
        XCTAssertEqual(shot.textRows(in: middle), 0, "gone with the first stroke")
        try x.key("ctrl+z")
        XCTAssertEqual(try x.screenshot().textRows(in: middle), 0, "and for good")
        try x.key("ctrl+q")
        XCTAssertEqual(try x.waitForExit(), 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: x.scratch + "/config/scrawl/settings.json"), "settings were kept")
        try x.launch([], firstStart: true)
        try x.movePointerAway()
        XCTAssertEqual(try x.screenshot().textRows(in: middle), 0, "no hint on the next start")
        try x.key("ctrl+q")
        XCTAssertEqual(try x.waitForExit(), 0)
    }
}
