import Foundation
import XCTest
import ScrawlCore
@testable import ScrawlStorage

/// Every file Scrawl reads goes through `PosixIO.openRegularFile`: a FIFO (whose plain open()
/// waits for a writer forever) or a device is refused before anything is read, with a message
/// saying what it is. Each read runs under `FIFOWatchdog`, so a regression fails instead of hanging.
final class RegularFileTests: XCTestCase {
    private var folder = ""

    override func setUp() { folder = DocTest.makeTempFolder("scrawl-fifo") }
    override func tearDown() { DocTest.remove(folder) }

    private func fifo(_ name: String) throws -> String {
        let path = folder + "/" + name
        try? FileManager.default.createDirectory(atPath: PosixIO.parentFolder(of: path), withIntermediateDirectories: true)
        guard mkfifo(path, 0o600) == 0 else { throw XCTSkip("mkfifo failed: \(PosixIO.reason())") }
        return path
    }

    func testADocumentThatIsAFIFOIsRefused() throws {
        let path = try fifo("pipe.scrawl")
        let error = FIFOWatchdog.run(path) { () -> DocumentError? in
            do { _ = try Document.load(path: path); return nil } catch { return error as? DocumentError }
        }
        XCTAssertEqual(error?.message(file: "pipe.scrawl"),
                       "pipe.scrawl: cannot read the document: it is a FIFO (a named pipe), not a regular file")
    }

    func testADeviceIsRefusedAndAFolderStillSaysSo() {
        XCTAssertThrowsError(try Document.load(path: "/dev/null")) {
            XCTAssertEqual(($0 as? DocumentError)?.message(file: "null"),
                           "null: cannot read the document: it is a character device, not a regular file")
        }
        XCTAssertThrowsError(try Document.load(path: folder)) {
            XCTAssertEqual(($0 as? DocumentError)?.message(file: "f"), "f: cannot read the document: Is a directory")
        }
    }

    func testAReplayThatIsAFIFOIsRefusedWholeAndStreamed() throws {
        let path = try fifo("pipe.json")
        let whole = FIFOWatchdog.run(path) { () -> ReplayError? in
            do { _ = try Replay.load(path: path); return nil } catch { return error as? ReplayError }
        }
        XCTAssertEqual(whole?.message(file: "p"), "p: cannot read the replay: it is a FIFO (a named pipe), not a regular file")
        let streamed = FIFOWatchdog.run(path) { () -> ReplayError? in
            do { _ = try ReplayStream(path: path); return nil } catch { return error as? ReplayError }
        }
        XCTAssertEqual(streamed, whole)
    }

    /// A dropped or named file is first checked for the PNG signature: a FIFO is not a picture
    /// (and is then refused as a document), and reading it as a PNG says why it cannot.
    func testAPNGThatIsAFIFOIsNeitherProbedNorRead() throws {
        let path = try fifo("pipe.png")
        XCTAssertFalse(FIFOWatchdog.run(path) { PNGCodec.hasSignature(path: path) })
        let error = FIFOWatchdog.run(path) { () -> PNGError? in
            do { _ = try PNGCodec.read(path: path); return nil } catch { return error as? PNGError }
        }
        XCTAssertEqual(error, .unreadable(path: path, reason: "it is a FIFO (a named pipe), not a regular file"))
    }

    /// Settings never stop Scrawl from starting: a FIFO in their place gives the defaults and one
    /// message, and is not replaced.
    func testSettingsThatAreAFIFOGiveTheDefaults() throws {
        let path = try fifo("scrawl/settings.json")
        let loaded = FIFOWatchdog.run(path) { SettingsFile(path: path).load() }
        XCTAssertEqual(loaded.settings, SavedSettings())
        XCTAssertFalse(loaded.mayReplace)
        XCTAssertTrue(loaded.problem?.contains("it is a FIFO (a named pipe), not a regular file") ?? false, "\(loaded.problem ?? "nil")")
    }

    /// The pictures folder's `user-dirs.dirs` as a FIFO is skipped like a missing one.
    func testUserDirsThatAreAFIFOAreSkipped() throws {
        let path = try fifo("config/user-dirs.dirs")
        try FileManager.default.createDirectory(atPath: folder + "/Pictures", withIntermediateDirectories: true)
        let dir = FIFOWatchdog.run(path) {
            XDGPaths.picturesDirectory(environment: ["HOME": self.folder, "XDG_CONFIG_HOME": self.folder + "/config"])
        }
        XCTAssertEqual(dir, folder + "/Pictures")
    }
}

/// Runs a read of a FIFO on another thread. If it has not returned within `seconds` (it is blocked
/// in open() or read()), the test fails and the FIFO is opened for writing and closed again until
/// the read returns (end of file), so the suite goes on. A bound far past any read, not a timing.
enum FIFOWatchdog {
    static func run<T>(_ fifo: String, seconds: Double = 60, file: StaticString = #filePath, line: UInt = #line,
                       _ body: @escaping () -> T) -> T {
        let done = DispatchSemaphore(value: 0)
        let result = Box<T>()
        Thread.detachNewThread {
            result.value = body()
            done.signal()
        }
        if done.wait(timeout: .now() + seconds) == .timedOut {
            XCTFail("still blocked on the FIFO \(fifo) after \(Int(seconds)) s", file: file, line: line)
            repeat {
                let fd = open(fifo, O_WRONLY | O_NONBLOCK)  // succeeds once a reader has it open
                if fd >= 0 { close(fd) }
            } while done.wait(timeout: .now() + 0.1) == .timedOut
        }
        return result.value!
    }

    private final class Box<T>: @unchecked Sendable { var value: T? }
}
