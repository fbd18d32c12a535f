import Foundation
import XCTest
@testable import scrawl

/// The desktop portal's file chooser (`PortalCall`) against a real session bus of the test's own
/// and the stand-in portal on it: the call's parameters, a chosen file, a cancel, a dialog ended
/// otherwise, a failing portal, no portal, no bus, and a dialog closed by `stop`.
final class PortalCallTests: XCTestCase {
    private var dir = ""

    override func setUpWithError() throws {
        dir = NSTemporaryDirectory() + "scrawl-portal-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    private func ask(_ purpose: FilePurpose, _ suggestion: String, on bus: PortalTestBus) -> Result<FileChooser.Outcome, FileChooser.Failure> {
        PortalCall().run(FileRequest(purpose: purpose, suggestion: suggestion, parentWindow: "x11:2a"), address: bus.address)
    }

    func testSaveFileSendsTheSuggestionAndReturnsTheChosenPath() throws {
        let bus = try PortalTestBus(folder: dir)
        try bus.answer(file: dir + "/my drawing ü.scrawl")
        let result = ask(.saveAs, "/home/me/Pictures/Scrawl 2026-12-02 at 10.00.00.scrawl", on: bus)
        XCTAssertEqual(try result.get(), .chosen(dir + "/my drawing ü.scrawl"), "the URI's escapes decoded")
        let call = try XCTUnwrap(bus.log.first)
        XCTAssertTrue(call.hasPrefix("SaveFile\t('x11:2a', 'Save as', {"), call)
        for part in ["'handle_token': <'scrawl", "'modal': <true>", "'accept_label': <'Save'>",
                     "'current_name': <'Scrawl 2026-12-02 at 10.00.00.scrawl'>", "'current_folder': <b'/home/me/Pictures'>",
                     "'filters': <[('Scrawl documents', [(uint32 0, '*.scrawl')])]>"] {
            XCTAssertTrue(call.contains(part), "\(part) in \(call)")
        }
    }

    func testOpenFileSendsTheFolder() throws {
        let bus = try PortalTestBus(folder: dir)
        try bus.answer(file: "/tmp/a.scrawl")
        XCTAssertEqual(try ask(.open, "/home/me/docs/", on: bus).get(), .chosen("/tmp/a.scrawl"))
        let call = try XCTUnwrap(bus.log.first)
        XCTAssertTrue(call.hasPrefix("OpenFile\t('x11:2a', 'Open', {"), call)
        XCTAssertTrue(call.contains("'current_folder': <b'/home/me/docs'>"), call)
        XCTAssertFalse(call.contains("current_name"), call)
        XCTAssertTrue(call.contains("('All files', [(0, '*')])"), call)
    }

    func testExportOffersPNGSVGAndPDF() throws {
        let bus = try PortalTestBus(folder: dir)
        try bus.answer(file: "/tmp/x.pdf")
        XCTAssertEqual(try ask(.export(transparent: false), "/tmp/x.png", on: bus).get(), .chosen("/tmp/x.pdf"))
        let call = try XCTUnwrap(bus.log.first)
        XCTAssertTrue(call.contains("'Export PNG, SVG or PDF'"), call)
        XCTAssertTrue(call.contains("[(uint32 0, '*.png'), (0, '*.svg'), (0, '*.pdf')]"), call)
    }

    /// Response 1 is the user's cancel; response 2 (ended otherwise) is a failure, so the next
    /// chooser is tried, and says so.
    func testCancelledAndOtherwiseEndedDialogs() throws {
        let bus = try PortalTestBus(folder: dir)
        try bus.answer("cancel")
        XCTAssertEqual(try ask(.saveAs, "/tmp/a.scrawl", on: bus).get(), .cancelled)
        try bus.answer("other")
        guard case .failure(let failure) = ask(.saveAs, "/tmp/a.scrawl", on: bus) else { return XCTFail("response 2 is no answer") }
        XCTAssertFalse(failure.quiet)
        XCTAssertTrue(failure.message.contains("response 2"), failure.message)
    }

    func testAFailingPortalIsSaid() throws {
        let bus = try PortalTestBus(folder: dir)
        try bus.answer("error")
        guard case .failure(let failure) = ask(.open, "/tmp/", on: bus) else { return XCTFail("a D-Bus error is no answer") }
        XCTAssertFalse(failure.quiet)
        XCTAssertTrue(failure.message.contains("the test portal was told to fail"), failure.message)
    }

    /// A bus without a portal, or no bus at all, is the next chooser's turn, quietly.
    func testNoPortalAndNoBusAreQuiet() throws {
        let bus = try PortalTestBus(folder: dir, withPortal: false)
        guard case .failure(let none) = ask(.open, "/tmp/", on: bus) else { return XCTFail("no portal is no answer") }
        XCTAssertTrue(none.quiet, none.message)
        let missing = PortalCall().run(FileRequest(purpose: .open, suggestion: "/tmp/"), address: "unix:path=\(dir)/no-such-bus")
        guard case .failure(let noBus) = missing else { return XCTFail("no bus is no answer") }
        XCTAssertTrue(noBus.quiet, noBus.message)
    }

    /// While the dialog is open the call waits; `stop` (another request, a quit) ends it as a
    /// cancel and closes the portal's request.
    func testStopClosesAnOpenDialog() throws {
        let bus = try PortalTestBus(folder: dir)
        try bus.answer("hang")
        let call = PortalCall()
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: Result<FileChooser.Outcome, FileChooser.Failure>?
        let address = bus.address
        Thread.detachNewThread {
            result = call.run(FileRequest(purpose: .open, suggestion: "/tmp/"), address: address)
            done.signal()
        }
        let calls = try bus.waitForLog(lines: 1)
        XCTAssertTrue(calls[0].hasPrefix("OpenFile"), calls[0])
        XCTAssertEqual(done.wait(timeout: .now() + 0.2), .timedOut, "the call waits for the user")
        call.stop()
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success, "stop ends the wait")
        XCTAssertEqual(try result?.get(), .cancelled)
        let lines = try bus.waitForLog(lines: 2)
        XCTAssertTrue(lines[1].hasPrefix("Close\t/org/freedesktop/portal/desktop/request/"), lines[1])
        XCTAssertTrue(lines[1].contains("/scrawl"), "the request of the call's token: \(lines[1])")
    }

    func testBusAddressComesFromTheEnvironmentOrTheRuntimeFolder() throws {
        XCTAssertEqual(PortalCall.busAddress(environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/x"]), "unix:path=/x")
        XCTAssertNil(PortalCall.busAddress(environment: [:]))
        XCTAssertNil(PortalCall.busAddress(environment: ["XDG_RUNTIME_DIR": NSTemporaryDirectory()]), "no bus socket there")
        let bus = try PortalTestBus(folder: dir, withPortal: false)
        XCTAssertEqual(PortalCall.busAddress(environment: ["XDG_RUNTIME_DIR": bus.folder]), "unix:path=\(bus.folder)/bus")
    }

    func testTheChoosersToTry() {
        let bus = ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/x", "PATH": "/nonexistent"]
        XCTAssertEqual(FileChooser.programs(environment: bus).map(\.kind), [.portal])
        XCTAssertEqual(FileChooser.programs(environment: bus.merging(["SCRAWL_FILE_CHOOSER": "prompt"]) { $1 }).map(\.kind), [])
        XCTAssertEqual(FileChooser.programs(environment: bus.merging(["SCRAWL_FILE_CHOOSER": "zenity"]) { $1 }).map(\.kind), [])
        XCTAssertEqual(FileChooser.programs(environment: ["PATH": "/nonexistent"]).map(\.kind), [], "no bus, no programs")
    }
}
