import Foundation
import XCTest
import ScrawlCore
import ScrawlGL
import ScrawlStorage

/// Quit, hot exit and recovery in the real window: quitting never asks and never
/// litters, an untitled drawing comes back with its history, a crash remembers its file, and the
/// command line opens new names and pictures.
final class QuitAndRecoveryWindowTests: XCTestCase {
    private var dir = ""
    private var env: [String: String] = [:]

    override func setUpWithError() throws {
        dir = NSTemporaryDirectory() + "scrawl-quit-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        for sub in ["state", "pics", "config", "docs"] {
            try FileManager.default.createDirectory(atPath: dir + "/" + sub, withIntermediateDirectories: true)
        }
        env = ["XDG_STATE_HOME": dir + "/state", "XDG_PICTURES_DIR": dir + "/pics",
               "XDG_CONFIG_HOME": dir + "/config", "HOME": dir]
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    private var pictures: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: dir + "/pics")) ?? []).sorted() }

    private var sessions: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir + "/state/scrawl")) ?? []).filter { $0.hasPrefix("session") }
    }

    private func printed(_ file: String) -> String { (try? String(contentsOfFile: file, encoding: .utf8)) ?? "" }

    /// A document of `count` short strokes.
    private func document(_ name: String, count: Int) throws -> String {
        let path = dir + "/docs/" + name
        let strokes = (0..<count).map { i in
            Drawable.path(PathDrawable(path: Path(elements: [.move(Point(20, 20 + 10 * Double(i))), .line(Point(60, 20 + 10 * Double(i)))]),
                                       stroke: .black, fill: nil, style: StrokeOptions()))
        }
        try DocumentStore.standard.save(strokes, canvas: CanvasSpec(), to: path)
        return path
    }

    /// The title's ` *` follows the drawing, not the number of edits: undoing back to the file's
    /// state clears it, and then quitting writes nothing.
    func testUndoingBackToTheSavedStateClearsTheUnsavedMarker() throws {
        let doc = try document("d.scrawl", count: 1)
        let before = try Data(contentsOf: URL(fileURLWithPath: doc))
        let x = try WindowHarness()
        try x.launch([doc], environment: env)
        try x.drag([(100, 150), (200, 200)])
        try x.waitForTitle(containing: "d.scrawl *")
        try x.key("ctrl+z")
        try x.waitForTitle(containing: "d.scrawl — ")
        try x.key("ctrl+y")
        try x.waitForTitle(containing: "d.scrawl *")
        try x.key("ctrl+z")
        try x.waitForTitle(containing: "d.scrawl — ")
        try x.key("ctrl+q")
        XCTAssertEqual(try x.waitForExit(), 0)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: doc)), before, "nothing to save")
    }

    func testQuittingUntitledThenRestartingBringsTheDrawingAndItsHistoryBack() throws {
        let x = try WindowHarness()
        try x.launch([], environment: env)
        try x.drag([(100, 150), (250, 150)])
        try x.key("1")
        try x.drag([(100, 300), (300, 300)])
        try x.key("ctrl+z")  // the red stroke is undone: only redo brings it back
        try x.waitForTitle(containing: " *")
        try x.key("ctrl+q")
        XCTAssertEqual(try x.waitForExit(), 0)
        XCTAssertEqual(pictures, [], "no file is written")
        XCTAssertEqual(sessions.count, 1, "the drawing stays in the state folder")

        let out = dir + "/out2.txt"
        try x.launch([], environment: env, stdout: out)
        let title = try x.waitForTitle(containing: " *")
        XCTAssertFalse(title.contains("(recovered)"), "a hot exit is not a crash: \(title)")
        XCTAssertTrue(printed(out).contains("restored: 1 stroke kept at the last quit"), printed(out))
        let before = try x.screenshot()
        XCTAssertLessThan(Int(before.pixel(175, 150).0), 100, "the black stroke is back")
        XCTAssertGreaterThan(Int(before.pixel(200, 300).1), 240, "the undone stroke is not shown")
        try x.key("ctrl+y")
        let redone = try x.screenshot()
        let red = redone.pixel(200, 300)
        XCTAssertTrue(red.0 > 200 && red.1 < 60, "redo brings back the undone red stroke: \(red)")
        try x.key("ctrl+q")
        XCTAssertEqual(try x.waitForExit(), 0)
        XCTAssertEqual(pictures, [])
    }

    /// A signal from outside (a logout's SIGTERM, ctrl+c's SIGINT in the terminal) quits as ctrl+q
    /// does: the drawing comes back at the next start as a hot exit, not as a crash, and the GL
    /// driver's exit-time destructors never run (they raced its threads).
    func testATerminateSignalQuitsLikeCtrlQ() throws {
        let x = try WindowHarness()
        let ldLog = dir + "/ld"
        try x.launch([], environment: env.merging(["LD_DEBUG": "libs", "LD_DEBUG_OUTPUT": ldLog]) { $1 })
        try x.drag([(100, 150), (250, 150)])
        try x.waitForTitle(containing: " *")
        x.send(SIGTERM)
        XCTAssertEqual(try x.waitForExit(), 0)
        XCTAssertEqual(sessions.count, 1, "the drawing stays in the state folder")
        let logs = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasPrefix("ld.") }
        let log = logs.map { printed(dir + "/" + $0) }.joined()
        XCTAssertTrue(log.contains("swrast_dri.so"), "the window loaded the driver")
        // glfwTerminate closes the display, which destroys the driver's screen (joining its threads)
        // and unloads swrast_dri.so itself: that is its designed teardown. What stays loaded must
        // not be finalised by exit.
        let finis = log.split(separator: "\n").filter { line in
            line.contains("calling fini") && ["libLLVM", "libGLX_mesa", "libEGL"].contains { line.contains($0) }
        }
        XCTAssertEqual(finis, [], "the driver's destructors ran at exit")

        let out = dir + "/out.txt"
        try x.launch([], environment: env, stdout: out)
        let title = try x.waitForTitle(containing: " *")
        XCTAssertFalse(title.contains("(recovered)"), "a signal's quit is not a crash: \(title)")
        XCTAssertTrue(printed(out).contains("restored: 1 stroke kept at the last quit"), printed(out))
        x.send(SIGINT)
        XCTAssertEqual(try x.waitForExit(), 0)
        XCTAssertEqual(sessions.count, 1)
    }

    func testKill9WithADocumentOpenRecoversAsThatDocument() throws {
        let doc = try document("d.scrawl", count: 1)
        let x = try WindowHarness()
        try x.launch([doc], environment: env)
        try x.drag([(100, 150), (200, 200)])
        try x.drag([(100, 250), (200, 300)])
        _ = try x.screenshot()
        try x.kill9()

        let out = dir + "/out.txt"
        try x.launch([], environment: env, stdout: out)
        let title = try x.waitForTitle(containing: "d.scrawl (recovered)")
        XCTAssertTrue(title.contains(" *"), title)
        XCTAssertTrue(printed(out).contains("recovered: 3 strokes from a session that did not quit cleanly (\(doc))"), printed(out))
        try x.key("ctrl+s")
        let saved = try x.waitForTitle(containing: "d.scrawl — ")
        XCTAssertFalse(saved.contains("(recovered)"), "it leaves once saved: \(saved)")
        XCTAssertEqual(try DocumentStore.standard.open(doc).drawables.count, 3, "ctrl+s saved to the document")
        try x.key("ctrl+q")
        XCTAssertEqual(try x.waitForExit(), 0)
        XCTAssertEqual(pictures, [])
    }

    func testANewNameStartsAnEmptyDrawingThatSavesThere() throws {
        let path = dir + "/docs/new.scrawl"
        let x = try WindowHarness()
        let out = dir + "/out.txt"
        try x.launch([path], environment: env, stdout: out)
        try x.waitForTitle(containing: "new.scrawl")
        XCTAssertTrue(printed(out).contains("new: \(path)"), printed(out))
        try x.drag([(100, 150), (200, 200)])
        try x.waitForTitle(containing: "new.scrawl *")
        try x.key("ctrl+s")
        try x.waitForTitle(containing: "new.scrawl — ")
        XCTAssertEqual(try DocumentStore.standard.open(path).drawables.count, 1)
        try x.key("ctrl+q")
        XCTAssertEqual(try x.waitForExit(), 0)
        XCTAssertEqual(pictures, [])
    }

    func testAPictureBecomesTheStamp() throws {
        let png = dir + "/docs/red.png"
        try PNGCodec.write(rgba: [UInt8](repeating: 0, count: 40 * 40 * 4).enumerated().map { $0.offset % 4 == 1 || $0.offset % 4 == 2 ? 0 : 255 },
                           width: 40, height: 40, to: png)
        let x = try WindowHarness()
        let out = dir + "/out.txt"
        try x.launch([png], environment: env, stdout: out)
        XCTAssertTrue(printed(out).contains("stamp: \(png)"), printed(out))
        let title = try x.waitForTitle(containing: "Scrawl")
        XCTAssertFalse(title.contains("red.png"), "a new, untitled drawing: \(title)")
        try x.key("i")
        try x.drag([(300, 300)])
        let shot = try x.screenshot()
        let p = shot.pixel(300, 300)
        XCTAssertTrue(p.0 > 200 && p.1 < 60 && p.2 < 60, "the Image tool stamps the picture: \(p)")
        try x.key("ctrl+q")
        XCTAssertEqual(try x.waitForExit(), 0)
    }
}
