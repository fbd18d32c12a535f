import Foundation
import ScrawlCore
import ScrawlGL
import ScrawlStorage
import XCTest

/// The bars, the colour picker, the eyedropper and the cursor feedback in the real window under Xvfb.
final class BarsWindowTests: XCTestCase {
    /// The default window: an 800x600 canvas between two 44-point bars, at content scale 1.
    static let layout = DefaultWindowLayout.layout()

    /// Pixels of `rows` (every column) where the window and a headless frame differ by more than
    /// 2 per channel: both are the same renderer and font, the window's composite to the screen
    /// may round a level or two.
    private func mismatches(_ shot: FrameImage, _ frame: FrameImage, rows: Range<Int>) -> Int {
        var n = 0
        for y in rows {
            for x in 0..<frame.width {
                let s = shot.pixel(x, y), f = frame.px(x, y)
                if abs(Int(s.0) - f[0]) > 2 || abs(Int(s.1) - f[1]) > 2 || abs(Int(s.2) - f[2]) > 2 { n += 1 }
            }
        }
        return n
    }

    /// With each tool and each colour (stroke, fill, no fill) and a few widths chosen by key, both
    /// bars in the window are what `render --toolbar` draws for the same keys: icons, highlight,
    /// colour squares, recent colours and the labelled values.
    func testBarsMatchTheHeadlessToolbarForEachToolAndColour() throws {
        let steps: [(xdotool: String, replay: String)] =
            (0...7).map { ("\($0)", "\($0)") } + [("shift+2", "shift+2"), ("shift+5", "shift+5"), ("shift+9", "shift+9"),
                                                ("bracketright", "]"), ("bracketright", "]"), ("shift+bracketleft", "shift+[")]
            + ["l", "r", "e", "i", "b", "s", "a", "f", "h", "x", "v", "p"].map { ($0, $0) }
        var r = ReplayBuilder(width: 800, height: 600)
        for (i, step) in steps.enumerated() {
            r.key(step.replay)
            r.frame("s\(i)")
        }
        let headless = try renderReplay(r.json, toolbar: true)
        let x = try WindowHarness()
        try x.launch([])
        try x.waitForTitle(containing: "Pencil")
        try x.movePointerAway()  // no hover highlight, no tooltip
        for (i, step) in steps.enumerated() {
            try x.key(step.xdotool)
            let shot = try x.screenshot()
            let frame = try XCTUnwrap(headless.frame("s\(i)"))
            XCTAssertEqual(frame.height, 688)
            XCTAssertEqual(mismatches(shot, frame, rows: 0..<44), 0, "colour bar after \(step.replay)")
            XCTAssertEqual(mismatches(shot, frame, rows: 644..<688), 0, "shape bar after \(step.replay)")
        }
        try x.key("ctrl+q")
        XCTAssertEqual(try x.waitForExit(), 0)
    }

    /// `c` opens the picker below the colour squares; typed hex sets the stroke, a click in the
    /// square sets saturation and value, `shift+c` and "No fill" clear the fill, a click outside
    /// closes it without drawing; the recording holds the colour events and renders the same canvas.
    func testPickerSetsColoursAndTheRecordingReplaysThem() throws {
        let x = try WindowHarness()
        let record = x.scratch + "/picker.json"
        try FileManager.default.createDirectory(atPath: x.scratch, withIntermediateDirectories: true)
        try x.launch(["--record", record])
        try x.waitForTitle(containing: "Pencil")
        try x.movePointerAway()
        try x.key("c")
        let origin = Point(Self.layout.colorIndicatorRect.minX - 20, 48)
        let picker = ColorPicker(color: .black, forFill: false, origin: origin)
        var shot = try x.screenshot()
        let panel = shot.pixel(Int(origin.x) + 4, Int(origin.y) + 100)
        XCTAssertTrue(panel.0 == 0xf6 && panel.1 == 0xf6 && panel.2 == 0xf4, "the picker's panel: \(panel)")
        let corner = shot.pixel(Int(picker.squareRect.maxX) - 2, Int(picker.squareRect.minY) + 2)
        XCTAssertTrue(corner.0 > 230 && corner.1 < 30 && corner.2 < 30, "the square's top right is saturated red at hue 0: \(corner)")
        // Typed hex: six digits apply (digits do not pick swatches while the picker is open).
        try x.xdotool(["type", "--delay", "60", "3080f0"])
        try x.waitForTitle(containing: "stroke #3080f0")
        try x.key("Escape")
        try x.drag([(100, 400), (200, 400), (300, 400)])
        try x.movePointerAway()
        shot = try x.screenshot()
        let ink = shot.pixel(200, 400)
        XCTAssertTrue(abs(Int(ink.0) - 0x30) <= 2 && abs(Int(ink.1) - 0x80) <= 2 && abs(Int(ink.2) - 0xf0) <= 2,
                      "the stroke has the typed colour: \(ink)")
        XCTAssertTrue(shot.pixel(Int(origin.x) + 4, Int(origin.y) + 100).0 == 255, "escape closed the picker")
        // A click in the square: full saturation and value at the typed colour's hue.
        try x.key("c")
        var typed = ColorPicker(color: Color(hex: "#3080f0")!, forFill: false, origin: origin)
        let click = (Int(typed.squareRect.maxX) - 3, Int(typed.squareRect.minY) + 3)
        typed.drag(.square, to: Point(Double(click.0), Double(click.1)))
        try x.drag([click])
        try x.waitForTitle(containing: "stroke \(typed.color.hex)")
        // The fill: shift+c (keys are typing while the picker is open: escape first), then "No
        // fill"; a click outside closes the picker and draws nothing.
        try x.key("Escape", "shift+c")
        let noFill = ColorPicker(color: .white, forFill: true, origin: origin).noFillRect.center
        try x.drag([(Int(noFill.x), Int(noFill.y))])
        try x.waitForTitle(containing: "fill none")
        try x.drag([(600, 500)])
        try x.movePointerAway()
        shot = try x.screenshot()
        XCTAssertTrue(shot.pixel(Int(origin.x) + 4, Int(origin.y) + 100).0 == 255, "the click outside closed the picker")
        XCTAssertTrue(shot.pixel(600, 500).0 == 255, "and drew nothing")
        try x.key("ctrl+q")
        XCTAssertEqual(try x.waitForExit(), 0)

        let text = try String(contentsOfFile: record, encoding: .utf8)
        XCTAssertTrue(text.contains(##"{"color": {"stroke": "#3080f0ff"}}"##), text)
        XCTAssertTrue(text.contains(##"{"key": "shift+9"}"##), "no fill is recorded as its key")
        XCTAssertEqual(text.components(separatedBy: "\"began\"").count - 1, 1, "only the stroke is a touch")
        let out = x.scratch + "/picker.png"
        try WindowHarness.run(try WindowHarness.binary(), ["render", record, "-o", out])
        XCTAssertEqual(WindowHarness.mismatches(shot, try PNGCodec.read(path: out), top: 44), 0,
                       "the recording renders the window's canvas")
    }

    /// `k` then a click takes a drawn stroke's colour (shift: as the fill) and the recent colours
    /// show it; the pencil's cursor is a ring of the width; clicks and the wheel on the width and
    /// opacity values step them.
    func testEyedropperRecentColoursCursorRingAndValueClicks() throws {
        let x = try WindowHarness()
        try x.launch([])
        try x.waitForTitle(containing: "Pencil")
        try x.key("1", "bracketright", "bracketright", "bracketright", "bracketright")  // red, 8 pt
        try x.drag([(100, 300), (250, 300), (400, 300)])
        try x.key("0")
        try x.key("k")
        try x.waitForTitle(containing: "Eyedropper")
        try x.drag([(250, 300)])
        try x.waitForTitle(containing: "stroke red")
        try x.key("k")
        try x.drag([(250, 301)], modifiers: ["shift"])
        try x.waitForTitle(containing: "fill red")
        XCTAssertTrue(try x.title().contains("width 8"), "the eyedropper's clicks drew nothing and left the width")
        try x.movePointerAway()
        var shot = try x.screenshot()
        let recent = Self.layout.recentRects
        let first = shot.pixel(Int(recent[0].center.x), Int(recent[0].center.y))
        let second = shot.pixel(Int(recent[1].center.x), Int(recent[1].center.y))
        XCTAssertTrue(first.0 > 240 && first.1 < 20, "the newest recent colour is red: \(first)")
        XCTAssertTrue(second.0 < 20 && second.1 < 20 && second.2 < 20, "then black: \(second)")
        // The ring: 24 pt at 100 % is a circle of radius 12 px around the pointer.
        try x.key("bracketright", "bracketright", "bracketright")
        try x.waitForTitle(containing: "width 24")
        try x.xdotool(["mousemove", "400", "450"])
        shot = try x.screenshot()
        let ring = (409...415).map { Int(shot.pixel($0, 450).0) }.min() ?? 255
        XCTAssertLessThan(ring, 160, "a dark ring 12 px right of the pointer")
        XCTAssertGreaterThan(Int(shot.pixel(400, 450).0), 240, "nothing drawn under the pointer")
        XCTAssertGreaterThan(Int(shot.pixel(430, 450).0), 240, "nothing beyond the ring")
        // Clicks and the wheel on the values.
        let width = Self.layout.widthRect.center, opacity = Self.layout.opacityRect.center
        try x.drag([(Int(width.x), Int(width.y))])
        try x.waitForTitle(containing: "width 32")
        try x.drag([(Int(width.x), Int(width.y))], modifiers: ["shift"])
        try x.waitForTitle(containing: "width 24")
        try x.xdotool(["mousemove", "\(Int(width.x))", "\(Int(width.y))", "click", "4"])
        try x.waitForTitle(containing: "width 32")
        try x.drag([(Int(opacity.x), Int(opacity.y))], modifiers: ["shift"])
        try x.waitForTitle(containing: "opacity 75%")
        try x.xdotool(["mousemove", "\(Int(opacity.x))", "\(Int(opacity.y))", "click", "5"])
        try x.waitForTitle(containing: "opacity 50%")
        try x.key("ctrl+q")
        XCTAssertEqual(try x.waitForExit(), 0)
    }
}
