import Foundation
import ScrawlCore
import ScrawlGL
import ScrawlStorage
import XCTest

/// The tools as users of other editors expect them, in the real window under Xvfb: box selection
/// (and the lasso by `v` again), the Line's 15° snap with shift, the Bézier's anchors, handles and
/// preview, and the colour picker's smooth gradients.
final class ToolHabitsWindowTests: XCTestCase {
    static let layout = DefaultWindowLayout.layout()

    private func dark(_ shot: FrameImage, _ x: Int, _ y: Int) -> Bool { shot.pixel(x, y).0 < 100 }

    /// Three strokes; with Select a drag from empty canvas draws a box and selects the two wholly
    /// inside it; the bar says "box select", `v` again (or a click on that label) switches to the
    /// lasso, which the bar and the title say.
    func testABoxSelectsWhatLiesInsideItAndVAgainGivesTheLasso() throws {
        let x = try WindowHarness()
        try x.launch([])
        try x.drag([(100, 150), (200, 160)])
        try x.drag([(100, 250), (200, 240)])
        try x.drag([(100, 350), (500, 350)])
        try x.key("v")
        try x.waitForTitle(containing: "box select")
        try x.movePointerAway()
        let before = try x.screenshot()
        let mode = try XCTUnwrap(Self.layout.selectModeRect)
        let label = PixelBox(x: Int(mode.minX), y: Int(mode.minY), width: Int(mode.width), height: Int(mode.height))
        XCTAssertGreaterThan(before.textRows(in: label), 5, "the bar says the mode")
        // The box, while dragged: its dashed outline in the selection's blue.
        try x.xdotool(["mousemove", "80", "120", "mousedown", "1"])
        try x.waitUntilIdle()
        try x.xdotool(["mousemove", "150", "200", "mousemove", "250", "290"])
        let dragging = try x.screenshot()
        let blue = (120..<290).filter { y in
            let p = dragging.pixel(250, y)
            return p.2 > 200 && Int(p.2) - Int(p.0) > 60
        }.count
        XCTAssertGreaterThan(blue, 20, "the box's right edge shows while it is dragged")
        try x.xdotool(["mouseup", "1"])
        try x.waitForTitle(containing: "2 selected")
        // `v` again: the lasso; the label says so.
        try x.key("v")
        try x.waitForTitle(containing: "lasso select")
        try x.movePointerAway()
        let lasso = try x.screenshot()
        var changed = 0
        for y in label.y..<(label.y + label.height) {
            for px in label.x..<(label.x + label.width) where lasso.pixel(px, y) != before.pixel(px, y) { changed += 1 }
        }
        XCTAssertGreaterThan(changed, 20, "the label changed")
        XCTAssertTrue(try x.title().contains("2 selected"), "switching keeps the selection")
        try x.drag([(60, 330), (560, 330), (560, 380), (60, 380), (60, 332)])
        try x.waitForTitle(containing: "1 selected")
        // A click on the label switches back.
        try x.drag([(Int(mode.center.x), Int(mode.center.y))])
        try x.waitForTitle(containing: "box select")
        try x.key("ctrl+q")
        XCTAssertEqual(try x.waitForExit(), 0)
    }

    /// With shift the Line's angle snaps to 15°: a drag to (300, 340) from (100, 300), 11.3° down,
    /// draws a line 15° down; without shift it goes where the pointer went. The recording renders it so.
    func testShiftSnapsTheLineTo15Degrees() throws {
        let x = try WindowHarness()
        let record = NSTemporaryDirectory() + "scrawl-line-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).json"
        defer { try? FileManager.default.removeItem(atPath: record) }
        try x.launch(["--record", record])
        try x.key("l")
        try x.drag([(100, 300), (200, 320), (300, 340)], modifiers: ["shift"])
        try x.drag([(100, 500), (200, 520), (300, 540)])
        try x.movePointerAway()
        let shot = try x.screenshot()
        let tan15 = tan(15 * Double.pi / 180)
        XCTAssertTrue(dark(shot, 250, Int((300 + 150 * tan15).rounded())), "on the 15° line")
        XCTAssertFalse(dark(shot, 250, 330), "not where the pointer went")
        XCTAssertTrue(dark(shot, 250, 530), "without shift: where the pointer went")
        try x.key("ctrl+q")
        XCTAssertEqual(try x.waitForExit(), 0)
        let out = record + ".png"
        defer { try? FileManager.default.removeItem(atPath: out) }
        try WindowHarness.run(try WindowHarness.binary(), ["render", record, "-o", out])
        XCTAssertEqual(WindowHarness.mismatches(shot, try PNGCodec.read(path: out), top: 44), 0, "the recording draws the snapped line")
    }

    /// While a Bézier path is built its anchors (white squares) and the handle (a line to a round
    /// grip) show, and the segment a click at the pointer would add follows the pointer, half
    /// transparent.
    func testTheBezierShowsAnchorsHandlesAndThePreviewFollowsThePointer() throws {
        let x = try WindowHarness()
        try x.launch([])
        try x.key("b")
        try x.drag([(100, 344), (130, 344), (160, 344)])  // the first point at (100, 300), its handle to (160, 300)
        try x.xdotool(["mousemove", "300", "244"])
        var shot = try x.screenshot()
        // Sampled off the row the preview leaves the anchor along (it is drawn over the drawing).
        let anchor = shot.pixel(98, 342), rim = shot.pixel(96, 342), grip = shot.pixel(160, 344)
        XCTAssertTrue(anchor.0 > 240 && anchor.1 > 240, "the anchor's white square: \(anchor)")
        XCTAssertTrue(rim.2 > 150 && rim.0 < 100, "its blue outline: \(rim)")
        XCTAssertTrue(grip.2 > 150 && grip.0 < 100, "the handle's grip: \(grip)")
        // The preview's middle (t = 0.5) for the pointer at canvas (300, 200): (222.5, 250).
        func grey(_ p: (UInt8, UInt8, UInt8, UInt8)) -> Bool { p.0 > 60 && p.0 < 200 && abs(Int(p.0) - Int(p.2)) < 20 }
        XCTAssertTrue(grey(shot.pixel(222, 294)) || grey(shot.pixel(223, 294)), "the preview, half transparent: \(shot.pixel(222, 294))")
        try x.xdotool(["mousemove", "300", "444"])
        shot = try x.screenshot()
        XCTAssertEqual(shot.pixel(222, 294).0, 255, "the preview follows the pointer")
        XCTAssertTrue(grey(shot.pixel(222, 394)) || grey(shot.pixel(223, 394)), "to its new place: \(shot.pixel(222, 394))")
        try x.key("Escape")
        try x.key("ctrl+q")
        XCTAssertEqual(try x.waitForExit(), 0)
    }

    /// The picker's square and hue strip are smooth (a colour for nearly every pixel along them, not
    /// 32 blocks) and its opacity strip fades onto a checkerboard.
    func testThePickersGradientsAreSmoothAndTheOpacityStripIsOnACheckerboard() throws {
        let x = try WindowHarness()
        try x.launch([])
        try x.key("1", "c")
        try x.movePointerAway()
        let shot = try x.screenshot()
        let r = Self.layout.colorIndicatorRect
        let picker = ColorPicker(color: .red, forFill: false, origin: Point(r.minX - 20, 48))
        let sq = picker.squareRect, hue = picker.hueRect, alpha = picker.alphaRect
        func rgb(_ p: (UInt8, UInt8, UInt8, UInt8)) -> [UInt8] { [p.0, p.1, p.2] }
        let top = Set((Int(sq.minX) + 1..<Int(sq.maxX) - 1).map { rgb(shot.pixel($0, Int(sq.minY) + 1)) }).count
        XCTAssertGreaterThan(top, 100, "the square's top row: \(top) colours")
        let strip = Set((Int(hue.minY) + 3..<Int(hue.maxY) - 1).map { rgb(shot.pixel(Int(hue.midX), $0)) }).count
        XCTAssertGreaterThan(strip, 100, "the hue strip: \(strip) colours")
        let bottom = (Int(alpha.minX.rounded(.up)) + 1..<Int(alpha.maxX) - 1).map { shot.pixel($0, Int(alpha.maxY) - 2) }
        XCTAssertEqual(Set(bottom.map(\.0)).count, 2, "the opacity strip's transparent end: a checkerboard's two greys \(bottom)")
        let opaque = shot.pixel(Int(alpha.midX), Int(alpha.minY) + 4)  // below the marker
        XCTAssertTrue(opaque.0 > 240 && opaque.1 < 20, "its opaque end is the colour: \(opaque)")
        try x.key("Escape", "ctrl+q")
        XCTAssertEqual(try x.waitForExit(), 0)
    }
}

private extension Rect {
    var midX: Double { (minX + maxX) / 2 }
}
