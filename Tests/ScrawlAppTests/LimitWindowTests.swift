import Foundation
import XCTest
import ScrawlCore
import ScrawlGL
import ScrawlStorage

/// The canvas limit in the real window under Xvfb: nudging a selection past ±1,000,000 points stops
/// at the limit with a toast, and autosave, ctrl+s and the quit keep working.
final class LimitWindowTests: XCTestCase {
    func testNudgingPastTheLimitStopsThereSaysSoAndTheDocumentStillSaves() throws {
        let x = try WindowHarness()
        try FileManager.default.createDirectory(atPath: x.scratch, withIntermediateDirectories: true)
        let doc = x.scratch + "/edge.scrawl"
        let stroke = Drawable.path(PathDrawable(path: .polyline([Point(999_990, 100), Point(999_990, 200)]), stroke: .black,
                                                fill: nil, style: .round(width: 2)))
        try DocumentStore.standard.save([stroke], canvas: CanvasSpec(), to: doc)
        try x.launch([doc])
        try x.key("v", "ctrl+a")
        try x.waitForTitle(containing: "1 selected")
        try x.key("shift+Right")
        try x.movePointerAway()
        let before = try x.screenshot()
        let strip = PixelBox(x: 0, y: 644 - 64, width: 800, height: 64)
        XCTAssertEqual(before.textRows(in: strip), 0, "ten points reach the limit exactly: nothing to say")
        try x.key("shift+Right")
        _ = try x.screenshot(until: "the toast saying the selection is at the limit") { $0.textRows(in: strip, since: before) >= 5 }
        let title = try x.title()
        XCTAssertFalse(title.contains("AUTOSAVE OFF"), title)
        try x.key("ctrl+s")
        try WindowHarness.wait(timeout: 10, for: "the saved title") { !((try? x.title()) ?? "*").contains(" *") }
        let saved = try DocumentStore.standard.open(doc).drawables
        XCTAssertEqual(CanvasLimit.coordinateBounds(saved)?.maxX, 1_000_000)
        try x.key("ctrl+q")
        XCTAssertEqual(try x.waitForExit(), 0)
    }
}
