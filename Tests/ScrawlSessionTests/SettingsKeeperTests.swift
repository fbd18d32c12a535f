import Foundation
import XCTest
import ScrawlCore
import ScrawlSession
import ScrawlStorage

/// When settings are read and written, on a clock passed in (no waiting): never while recording,
/// a change once it has rested, a broken file replaced at once, an unreadable one never.
final class SettingsKeeperTests: XCTestCase {
    private func path(_ box: SessionSandbox) -> String { box.root + "/config/scrawl/settings.json" }

    private func settings(width: Double, tool: ToolKind = .line) -> SavedSettings {
        var s = SavedSettings()
        s.drawing[.pen].width = width
        s.tool = tool
        return s
    }

    private func write(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    private func contents(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

    func testNothingIsReadOrWrittenWhileRecording() throws {
        let box = try SessionSandbox()
        try SettingsFile(path: path(box)).save(settings(width: 8))
        let before = contents(path(box))
        let keeper = SettingsKeeper(environment: box.environment, recording: true)
        XCTAssertNil(keeper.loaded, "a recording starts from the defaults")
        XCTAssertNil(keeper.file)
        keeper.note(settings(width: 12), now: 0)
        keeper.note(settings(width: 12), now: 10)
        XCTAssertNil(keeper.wake(now: 10))
        keeper.flush(settings(width: 16))
        XCTAssertEqual(contents(path(box)), before)
        XCTAssertEqual(keeper.takeNotices(), [])

        let empty = try SessionSandbox()
        SettingsKeeper(environment: empty.environment, recording: true).flush(settings(width: 16))
        XCTAssertFalse(FileManager.default.fileExists(atPath: path(empty)))
    }

    func testTheFileIsReadAtStart() throws {
        let box = try SessionSandbox()
        try SettingsFile(path: path(box)).save(settings(width: 8))
        let keeper = SettingsKeeper(environment: box.environment, recording: false)
        XCTAssertEqual(keeper.loaded, settings(width: 8))
        XCTAssertEqual(keeper.takeNotices(), [])
        keeper.note(settings(width: 8), now: 0)
        XCTAssertNil(keeper.wake(now: 0), "what was read is not a change")
    }

    func testAChangeIsWrittenOnceItHasRestedAndABurstIsOneWrite() throws {
        let box = try SessionSandbox()
        let keeper = SettingsKeeper(environment: box.environment, recording: false)
        XCTAssertEqual(keeper.loaded, SavedSettings(), "no file: the defaults")
        keeper.note(SavedSettings(), now: 0)
        XCTAssertNil(keeper.wake(now: 0))
        keeper.note(settings(width: 4), now: 0)
        XCTAssertEqual(try XCTUnwrap(keeper.wake(now: 0)), SettingsKeeper.delay, accuracy: 0.02)
        keeper.note(settings(width: 4), now: 0.5)
        keeper.note(settings(width: 6), now: 0.9)  // the burst goes on: the wait starts again
        keeper.note(settings(width: 6), now: 1.5)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path(box)), "not before the last change has rested")
        XCTAssertEqual(try XCTUnwrap(keeper.wake(now: 1.5)), 0.4, accuracy: 0.02)
        keeper.note(settings(width: 6), now: 2)
        XCTAssertEqual(SettingsFile(path: path(box)).load().settings, settings(width: 6))
        XCTAssertNil(keeper.wake(now: 2))
        try FileManager.default.removeItem(atPath: path(box))
        keeper.note(settings(width: 6), now: 5)
        keeper.flush(settings(width: 6))
        XCTAssertFalse(FileManager.default.fileExists(atPath: path(box)), "nothing changed since: nothing written")
    }

    func testFlushWritesAWaitingChangeAtOnce() throws {
        let box = try SessionSandbox()
        let keeper = SettingsKeeper(environment: box.environment, recording: false)
        keeper.note(settings(width: 4), now: 0)
        keeper.flush(settings(width: 4))
        XCTAssertEqual(SettingsFile(path: path(box)).load().settings, settings(width: 4))
        XCTAssertNil(keeper.wake(now: 0.1))
    }

    func testABrokenFileIsMovedAsideAndReplacedByTheDefaultsAtOnce() throws {
        let box = try SessionSandbox()
        try write("{\"tool\": \"line\", oops", to: path(box))
        let keeper = SettingsKeeper(environment: box.environment, recording: false)
        XCTAssertEqual(keeper.loaded, SavedSettings())
        let notices = keeper.takeNotices()
        guard case .settingsProblem(let message, broken: true)? = notices.first, notices.count == 1 else {
            return XCTFail("expected one broken-settings notice, got \(notices)")
        }
        XCTAssertTrue(message.contains("settings.json"), message)
        XCTAssertEqual(notices[0].toast(box.environment)?.isError, true)
        XCTAssertEqual(contents(path(box) + ".broken"), "{\"tool\": \"line\", oops")
        XCTAssertTrue(FileManager.default.fileExists(atPath: path(box)), "replaced at once, not at the first change")
        let replaced = SettingsFile(path: path(box)).load()
        XCTAssertFalse(replaced.isBroken)
        XCTAssertEqual(replaced.settings, SavedSettings())
    }

    func testAFileThatCannotBeReadIsNeverReplaced() throws {
        let box = try SessionSandbox()
        try FileManager.default.createDirectory(atPath: path(box), withIntermediateDirectories: true)  // exists, not a file
        let keeper = SettingsKeeper(environment: box.environment, recording: false)
        XCTAssertEqual(keeper.loaded, SavedSettings())
        XCTAssertNil(keeper.file)
        let notices = keeper.takeNotices()
        guard case .settingsProblem(_, broken: false)? = notices.first, notices.count == 1 else {
            return XCTFail("expected one unreadable-settings notice, got \(notices)")
        }
        keeper.note(settings(width: 4), now: 0)
        keeper.note(settings(width: 4), now: 5)
        keeper.flush(settings(width: 6))
        var isFolder: ObjCBool = false
        XCTAssertTrue(FileManager.default.fileExists(atPath: path(box), isDirectory: &isFolder) && isFolder.boolValue)
        XCTAssertEqual(keeper.takeNotices(), [])
    }

    func testAFailedWriteIsSaidOnceUntilAWriteWorksAgain() throws {
        let box = try SessionSandbox()
        box.variables["XDG_CONFIG_HOME"] = box.blocked  // a folder under a regular file: every write fails
        let keeper = SettingsKeeper(environment: box.environment, recording: false)
        XCTAssertNotNil(keeper.file, "a missing file may be written")
        func change(_ width: Double, at t: Double) {
            keeper.note(settings(width: width), now: t)
            keeper.note(settings(width: width), now: t + 1)
        }
        change(4, at: 0)
        guard case .settingsNotSaved? = keeper.takeNotices().first else { return XCTFail("the failure is said") }
        change(6, at: 2)
        XCTAssertEqual(keeper.takeNotices(), [], "said once")
        try FileManager.default.removeItem(atPath: box.blocked)
        try FileManager.default.createDirectory(atPath: box.blocked, withIntermediateDirectories: true)
        change(8, at: 4)
        XCTAssertEqual(keeper.takeNotices(), [])
        XCTAssertEqual(SettingsFile(path: box.blocked + "/scrawl/settings.json").load().settings, settings(width: 8))
        try FileManager.default.removeItem(atPath: box.blocked)
        FileManager.default.createFile(atPath: box.blocked, contents: Data("not a folder".utf8))
        change(10, at: 6)
        XCTAssertEqual(keeper.takeNotices().count, 1, "failing again after a write worked is said again")
    }

    func testAnEditorsSettingsRoundTrip() {
        let editor = Editor(canvas: CanvasSpec(width: 100, height: 100), seed: 1, stampImage: .defaultStamp)
        var saved = settings(width: 8, tool: .ellipse)
        saved.barsShown = false
        saved.recentColours = [Color(r: 1, g: 2, b: 3)]
        saved.windowSize = SavedSettings.WindowSize(width: 640, height: 480)
        editor.restore(saved)
        XCTAssertEqual(SavedSettings(editor: editor, windowSize: saved.windowSize), saved)
    }

    /// The first start is a start without a settings file that this session may write; neither one
    /// with a file (even a broken one), nor a recording, is.
    func testTheFirstStartIsOneWithoutASettingsFile() throws {
        let fresh = try SessionSandbox()
        XCTAssertTrue(SettingsKeeper(environment: fresh.environment, recording: false).isFirstStart)
        XCTAssertFalse(SettingsKeeper(environment: fresh.environment, recording: true).isFirstStart, "not while recording")
        let kept = try SessionSandbox()
        try SettingsFile(path: path(kept)).save(SavedSettings())
        XCTAssertFalse(SettingsKeeper(environment: kept.environment, recording: false).isFirstStart)
        let broken = try SessionSandbox()
        try write("{oops", to: path(broken))
        XCTAssertFalse(SettingsKeeper(environment: broken.environment, recording: false).isFirstStart, "a broken file was there")
    }
}
