import Foundation
import ScrawlStorage
import XCTest

/// The README's screenshot is what `scrawl render docs/screenshot.json --toolbar` draws, pixel for
/// pixel: a change that alters how the seeds' tools or the bars render (even by one level of one
/// channel) shows up here, and the picture is made again with that command on purpose.
final class ScreenshotTests: XCTestCase {
    func testTheReadmeScreenshotIsWhatRenderDraws() throws {
        let root = ScrawlCLI.packageRoot
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("scrawl-screenshot-\(getpid()).png")
        defer { try? FileManager.default.removeItem(at: out) }
        let r = try ScrawlCLI.run(["render", "docs/screenshot.json", "-o", out.path, "--toolbar"], in: root, watchdog: 120)
        XCTAssertEqual(r.status, 0, r.summary)
        let drawn = try PNGCodec.read(path: out.path)
        let shipped = try PNGCodec.read(path: root.appendingPathComponent("docs/screenshot.png").path)
        XCTAssertEqual(drawn.width, shipped.width)
        XCTAssertEqual(drawn.height, shipped.height)
        let differing = zip(drawn.pixels, shipped.pixels).filter { $0 != $1 }.count
        XCTAssertEqual(differing, 0, "channels that differ from docs/screenshot.png")
    }
}
