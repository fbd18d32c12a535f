import Foundation
import XCTest
import ScrawlCore
import ScrawlStorage
import ScrawlGL

/// Open, Save As, Export and the first ctrl+s through the desktop portal, in the real window under
/// Xvfb: the window's session bus is the test's own `dbus-daemon`, the stand-in portal on it
/// answers as each test tells it, and no zenity or kdialog is on `PATH`.
final class PortalWindowTests: XCTestCase {
    private var dir = ""

    override func setUpWithError() throws {
        dir = NSTemporaryDirectory() + "scrawl-portalwin-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: dir + "/bin", withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    private func launch(_ x: WindowHarness, bus: PortalTestBus, stdout: String? = nil, stderr: String? = nil) throws {
        try x.launch([], environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address, "PATH": dir + "/bin", "SCRAWL_FILE_CHOOSER": ""],
                     stdout: stdout, stderr: stderr)
    }

    private func waitForFile(_ path: String) throws {
        try WindowHarness.wait(timeout: 15, for: "\(path) to be written") { FileManager.default.fileExists(atPath: path) }
    }

    func testPortalSavesAsExportsPDFAndOpens() throws {
        let bus = try PortalTestBus(folder: dir + "/bus")
        let x = try WindowHarness()
        try launch(x, bus: bus)
        try x.drag([(100, 150), (200, 220)])

        try bus.answer(file: dir + "/my drawing")  // no extension: `.scrawl` is added
        try x.key("ctrl+shift+s")
        try waitForFile(dir + "/my drawing.scrawl")
        try x.waitForTitle(containing: "my drawing.scrawl")
        XCTAssertEqual(try DocumentStore.standard.open(dir + "/my drawing.scrawl").drawables.count, 1)
        let save = try XCTUnwrap(bus.log.first)
        XCTAssertTrue(save.hasPrefix("SaveFile\t('x11:"), "the dialog's parent is the window: \(save)")
        XCTAssertTrue(save.contains("'Save as'"), save)

        try bus.answer(file: dir + "/out.pdf")
        try x.key("ctrl+e")
        try waitForFile(dir + "/out.pdf")
        let pdf = try XCTUnwrap(FileManager.default.contents(atPath: dir + "/out.pdf"))
        XCTAssertEqual(Array(pdf.prefix(5)), Array("%PDF-".utf8))
        XCTAssertTrue(try bus.waitForLog(lines: 2)[1].contains("'Export PNG, SVG or PDF'"))

        let other = dir + "/other.scrawl"
        try DocumentStore.standard.save([], canvas: CanvasSpec(width: 400, height: 300), to: other)
        try bus.answer(file: other)
        try x.key("ctrl+o")
        try x.waitForTitle(containing: "other.scrawl")
        let open = try bus.waitForLog(lines: 3)[2]
        XCTAssertTrue(open.hasPrefix("OpenFile") && open.contains("'current_folder': <b'\(dir)'>"), open)
        try x.key("ctrl+q")
        XCTAssertEqual(try x.waitForExit(), 0)
    }

    /// The first ctrl+s of an untitled drawing asks for a name, suggesting the dated one in the
    /// pictures folder; a cancel writes nothing; once named, ctrl+s saves in place without asking.
    func testFirstCtrlSAsksForANameAndACancelWritesNothing() throws {
        let bus = try PortalTestBus(folder: dir + "/bus")
        let x = try WindowHarness()
        try launch(x, bus: bus)
        try x.drag([(100, 150), (200, 220)])
        try bus.answer("cancel")
        try x.key("ctrl+s")
        let asked = try bus.waitForLog(lines: 1)[0]
        XCTAssertTrue(asked.contains("'current_name': <'Scrawl "), "the dated name: \(asked)")
        XCTAssertTrue(asked.contains("'current_folder': <b'\(x.scratch)/pictures'>"), asked)
        try x.key("l")
        let title = try x.waitForTitle(containing: "Line")
        XCTAssertTrue(title.hasPrefix("Scrawl *"), "still untitled and unsaved: \(title)")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: x.scratch + "/pictures"), [], "the cancel wrote nothing")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir).sorted(), ["bin", "bus"])
        XCTAssertEqual(FilesPromptWindowTests.promptRows(try x.screenshot()), 0, "a cancelled dialog opens no prompt")

        try bus.answer(file: dir + "/named.scrawl")
        try x.key("ctrl+s")
        try waitForFile(dir + "/named.scrawl")
        try x.waitForTitle(containing: "named.scrawl")
        try x.drag([(300, 150), (400, 220)])
        try x.waitForTitle(containing: " *")
        try x.key("ctrl+s")
        try WindowHarness.wait(timeout: 10, for: "the in-place save") { !((try? x.title()) ?? " *").contains(" *") }
        XCTAssertEqual(try DocumentStore.standard.open(dir + "/named.scrawl").drawables.count, 2)
        XCTAssertEqual(bus.log.count, 2, "the named drawing saved without asking: \(bus.log)")
    }

    /// While the portal's dialog is open the window goes on drawing (the call runs off the frame
    /// loop); asking again closes that dialog and opens another; quitting closes an open one.
    func testTheWindowKeepsDrawingWhileTheDialogIsOpen() throws {
        let bus = try PortalTestBus(folder: dir + "/bus")
        let x = try WindowHarness()
        try launch(x, bus: bus)
        try bus.answer("hang")
        try x.key("ctrl+o")
        try bus.waitForLog(lines: 1)
        try x.key("l")
        try x.waitForTitle(containing: "Line")
        let before = try x.screenshot()
        try x.drag([(100, 150), (300, 220)])
        try x.waitForTitle(containing: " *")
        let after = try x.screenshot()
        let changed = stride(from: 0, to: after.rgba.count, by: 4).filter { after.rgba[$0] != before.rgba[$0] }.count
        XCTAssertGreaterThan(changed, 100, "the line was drawn while the dialog is open")
        try x.key("ctrl+shift+s")  // another request: the open dialog is closed first
        var log = try bus.waitForLog(lines: 3)
        XCTAssertTrue(log[1].hasPrefix("Close\t") && log[2].hasPrefix("SaveFile"), "\(log)")
        try x.key("ctrl+q")
        XCTAssertEqual(try x.waitForExit(), 0)
        log = try bus.waitForLog(lines: 4)
        XCTAssertTrue(log[3].hasPrefix("Close\t"), "quitting closed the open dialog: \(log)")
    }

    /// A bus without a portal falls through to the prompt at once, without a message; a portal
    /// that fails falls through too, and standard error says why.
    func testNoPortalOrAFailingOneFallsThroughToThePrompt() throws {
        let quiet = try PortalTestBus(folder: dir + "/quiet", withPortal: false)
        let x = try WindowHarness()
        let err = dir + "/stderr.txt"
        try launch(x, bus: quiet, stderr: err)
        try x.key("ctrl+shift+s")
        try WindowHarness.wait(timeout: 10, for: "the prompt's panel") { (try? FilesPromptWindowTests.promptRows(x.rawScreenshot())) ?? 0 > 10 }
        try x.key("Escape")
        XCTAssertFalse(((try? String(contentsOfFile: err, encoding: .utf8)) ?? "").contains("file chooser"), "no portal is no problem")
        try x.key("ctrl+q")
        XCTAssertEqual(try x.waitForExit(), 0)

        let failing = try PortalTestBus(folder: dir + "/failing")
        try failing.answer("error")
        let y = try WindowHarness()
        try launch(y, bus: failing, stderr: err)
        try y.key("ctrl+o")
        try WindowHarness.wait(timeout: 10, for: "the prompt's panel") { (try? FilesPromptWindowTests.promptRows(y.rawScreenshot())) ?? 0 > 10 }
        let said = (try? String(contentsOfFile: err, encoding: .utf8)) ?? ""
        XCTAssertTrue(said.contains("the desktop portal failed") && said.contains("asking in the window"), said)
    }
}
