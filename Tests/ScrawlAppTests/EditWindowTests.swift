import Foundation
import XCTest
import ScrawlGL
import ScrawlStorage

/// Editing in the real window under Xvfb: the eraser, a lasso, moving and scaling the selection,
/// copy and paste, undo; the recording then renders the same window with `render --window`.
final class EditWindowTests: XCTestCase {
    private func dark(_ shot: FrameImage, _ x: Int, _ y: Int) -> Bool { shot.pixel(x, y).0 < 100 }
    private func red(_ shot: FrameImage, _ x: Int, _ y: Int) -> Bool {
        let p = shot.pixel(x, y)
        return p.0 > 180 && p.1 < 90 && p.2 < 90
    }
    /// Something is drawn there: a selected thin line sits under its selection box's blue edge.
    private func inked(_ shot: FrameImage, _ x: Int, _ y: Int) -> Bool {
        let p = shot.pixel(x, y)
        return min(p.0, p.1, p.2) < 200
    }

    func testEraseLassoMoveScaleCopyPasteThenRecordingRendersTheSameWindow() throws {
        let x = try WindowHarness()
        let record = x.scratch + "/edit.json"
        try FileManager.default.createDirectory(atPath: x.scratch, withIntermediateDirectories: true)
        try x.launch(["--record", record])
        try x.waitForTitle(containing: "Pencil")
        // Three strokes: black across the top, red in the middle, black at the bottom.
        try x.drag([(100, 150), (200, 150), (300, 150)])
        try x.key("1")
        try x.drag([(100, 300), (200, 300), (300, 300)])
        try x.key("0")
        try x.drag([(100, 450), (200, 450), (300, 450)])
        // The eraser removes the top stroke where a drag crosses it, and only that one.
        try x.key("x")
        try x.waitForTitle(containing: "stroke eraser")
        try x.drag([(200, 120), (200, 180)])
        var shot = try x.screenshot()
        XCTAssertFalse(dark(shot, 120, 150), "the crossed stroke is erased whole")
        XCTAssertTrue(red(shot, 120, 300) && dark(shot, 120, 450), "the others stay")
        // A lasso (`v` again: the lasso instead of a box) around the red stroke selects it;
        // dragging it moves it down by 60.
        try x.key("v")
        try x.key("v")
        try x.waitForTitle(containing: "lasso select")
        try x.drag([(80, 270), (320, 270), (320, 330), (80, 330), (80, 272)])
        try x.waitForTitle(containing: "1 selected")
        try x.drag([(200, 300), (200, 330), (200, 360)])
        shot = try x.screenshot()
        XCTAssertTrue(inked(shot, 120, 360) && !inked(shot, 120, 300), "the selection moved down 60")
        // The right-hand handle scales it to twice its width (the left edge stays).
        try x.drag([(301, 360), (400, 360), (501, 360)], modifiers: [])
        shot = try x.screenshot()
        XCTAssertTrue(inked(shot, 480, 360) && !inked(shot, 560, 360), "scaled to reach x = 500")
        // Copy and paste: a second red stroke 10 points lower; undo removes it again.
        try x.key("ctrl+c", "ctrl+v")
        try x.waitForTitle(containing: "1 selected")
        shot = try x.screenshot()
        XCTAssertTrue(inked(shot, 150, 370), "the pasted copy, 10 points lower")
        try x.key("ctrl+z")
        shot = try x.screenshot()
        XCTAssertFalse(inked(shot, 150, 370), "undo removes the paste")
        try x.key("escape")
        try x.movePointerAway()  // cursor feedback is window-only
        shot = try x.screenshot()
        try x.key("ctrl+q")
        XCTAssertEqual(try x.waitForExit(), 0)

        let out = x.scratch + "/edit.png"
        try WindowHarness.run(try WindowHarness.binary(), ["render", record, "--window", "800x688", "-o", out])
        let rendered = try PNGCodec.read(path: out)
        // The "Rec" indicator is the window's own (a render is not recording).
        XCTAssertEqual(WindowHarness.mismatches(shot, rendered.patched(from: shot, in: DefaultWindowLayout.recordingIndicator)), 0,
                       "render --window of the recording differs from the window")
    }
}
