import Foundation
import XCTest
import ScrawlCore
import ScrawlGL
import ScrawlStorage

/// A slip of the keyboard never loses a drawing, tried as a new user would in the real window
/// under Xvfb: delete and backspace with nothing selected do nothing, clearing has a key of its
/// own and says how to get the drawing back, a cleared drawing survives a quit with its history,
/// and a quit never writes an opened file's unsaved changes into it (Revert to saved drops them).
final class SlipsWindowTests: XCTestCase {
    private var dir = ""
    private var env: [String: String] = [:]

    override func setUpWithError() throws {
        dir = NSTemporaryDirectory() + "scrawl-slips-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        for sub in ["state", "pics", "config", "docs"] {
            try FileManager.default.createDirectory(atPath: dir + "/" + sub, withIntermediateDirectories: true)
        }
        env = ["XDG_STATE_HOME": dir + "/state", "XDG_PICTURES_DIR": dir + "/pics", "XDG_CONFIG_HOME": dir + "/config", "HOME": dir]
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    private var sessions: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir + "/state/scrawl")) ?? []).filter { $0.hasPrefix("session") }
    }

    private func printed(_ file: String) -> String { (try? String(contentsOfFile: file, encoding: .utf8)) ?? "" }

    private func dark(_ shot: FrameImage, _ x: Int, _ y: Int) -> Bool { shot.pixel(x, y).0 < 100 }
    private func white(_ shot: FrameImage, _ x: Int, _ y: Int) -> Bool {
        let p = shot.pixel(x, y)
        return min(p.0, p.1, p.2) > 240
    }

    /// The toast strip at the bottom of the canvas area (the default 800x600 canvas below the
    /// 44-point colour bar).
    static let toastStrip = PixelBox(x: 0, y: 644 - 64, width: 800, height: 64)

    func testDeleteWithNothingSelectedDoesNothingAndAClearComesBackAfterARestart() throws {
        let x = try WindowHarness()
        try x.launch([], environment: env)
        try x.drag([(100, 150), (250, 150)])
        try x.drag([(100, 300), (250, 300)])
        try x.key("v")
        try x.drag([(175, 150)])  // a click on the first stroke selects it
        try x.waitForTitle(containing: "1 selected")
        try x.key("Delete")
        var shot = try x.screenshot()
        XCTAssertTrue(white(shot, 175, 150), "delete removes the selected stroke")
        XCTAssertTrue(dark(shot, 175, 300))
        try x.key("Delete")
        try x.key("BackSpace")
        shot = try x.screenshot()
        XCTAssertTrue(dark(shot, 175, 300), "delete and backspace with nothing selected leave the canvas as it is")
        try x.movePointerAway()
        let before = try x.screenshot()
        XCTAssertEqual(before.textRows(in: Self.toastStrip), 0)

        try x.key("ctrl+shift+Delete")
        let cleared = try x.screenshot(until: "the Cleared toast") { $0.textRows(in: Self.toastStrip, since: before) >= 5 }
        try? x.saveShot(cleared, "cleared")
        XCTAssertTrue(white(cleared, 175, 300), "ctrl+shift+delete clears the canvas")
        let title = try x.title()
        XCTAssertTrue(title.contains(" *"), "a cleared drawing with history is a changed drawing: \(title)")
        try x.key("ctrl+q")
        XCTAssertEqual(try x.waitForExit(), 0)
        XCTAssertEqual(sessions.count, 1, "the hot exit keeps the cleared drawing and its history")

        let out = dir + "/out.txt"
        try x.launch([], environment: env, stdout: out)
        try x.waitForTitle(containing: " *")
        XCTAssertTrue(printed(out).contains("restored: the drawing kept at the last quit, with nothing shown"), printed(out))
        XCTAssertTrue(white(try x.screenshot(), 175, 300), "it comes back cleared")
        try x.key("ctrl+z")
        XCTAssertTrue(dark(try x.screenshot(), 175, 300), "ctrl+z after the restart brings the strokes back")
        try x.key("ctrl+q")
        XCTAssertEqual(try x.waitForExit(), 0)
    }

    /// A quit with unsaved changes to an opened file leaves the file as it was saved; the next
    /// start shows the changes with the unsaved mark; Revert to saved drops them as one undo step;
    /// ctrl+s writes them.
    func testAQuitNeverWritesAnOpenedFileAndRevertDropsTheChanges() throws {
        let doc = dir + "/docs/d.scrawl"
        let line = Drawable.path(PathDrawable(path: .polyline([Point(20, 20), Point(60, 20)]), stroke: .black, fill: nil, style: .round(width: 6)))
        try DocumentStore.standard.save([line], canvas: CanvasSpec(), to: doc)
        let saved = try Data(contentsOf: URL(fileURLWithPath: doc))
        let x = try WindowHarness()
        let out = dir + "/out.txt"
        try x.launch([doc], environment: env, stdout: out)
        try x.drag([(100, 250), (300, 250)])
        try x.waitForTitle(containing: "d.scrawl *")
        try x.key("ctrl+q")
        XCTAssertEqual(try x.waitForExit(), 0)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: doc)), saved, "the quit did not write the file")
        XCTAssertTrue(printed(out).contains("kept: the unsaved changes to \(doc)"), printed(out))
        XCTAssertFalse(printed(out).contains("saved:"), printed(out))

        let again = dir + "/again.txt"
        try x.launch([doc], environment: env, stdout: again)
        let title = try x.waitForTitle(containing: "d.scrawl *")
        XCTAssertFalse(title.contains("(recovered)"), title)
        XCTAssertTrue(dark(try x.screenshot(), 200, 250), "the unsaved stroke is back")
        try x.movePointerAway()
        let before = try x.screenshot()
        try x.key("ctrl+r")
        try x.waitForTitle(containing: "d.scrawl — ")
        let reverted = try x.screenshot(until: "the Reverted toast") { $0.textRows(in: Self.toastStrip, since: before) >= 5 }
        try? x.saveShot(reverted, "reverted")
        XCTAssertTrue(white(reverted, 200, 250), "revert to saved drops the change")
        XCTAssertTrue(dark(reverted, 40, 64), "and shows the file's stroke")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: doc)), saved, "a revert writes nothing")
        try x.key("ctrl+z")
        try x.waitForTitle(containing: "d.scrawl *")
        XCTAssertTrue(dark(try x.screenshot(), 200, 250), "ctrl+z brings the change back")
        try x.key("ctrl+s")
        try x.waitForTitle(containing: "d.scrawl — ")
        XCTAssertEqual(try DocumentStore.standard.open(doc).drawables.count, 2, "ctrl+s writes it")
        try x.key("ctrl+q")
        XCTAssertEqual(try x.waitForExit(), 0)
        XCTAssertEqual(sessions, [])
    }
}

extension WindowHarness {
    /// Keeps `shot` as `$SCRAWL_SHOTS/NAME.png` when that folder is set, for looking at by hand.
    func saveShot(_ shot: FrameImage, _ name: String) throws {
        guard let folder = ProcessInfo.processInfo.environment["SCRAWL_SHOTS"], !folder.isEmpty else { return }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try PNGCodec.write(rgba: shot.rgba, width: shot.width, height: shot.height, to: folder + "/" + name + ".png")
    }
}
