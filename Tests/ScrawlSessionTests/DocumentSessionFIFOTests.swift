import Foundation
import XCTest
import ScrawlCore
import ScrawlSession
import ScrawlStorage

/// A FIFO given to Open (ctrl+o, the prompt, a drop) or named on the command line is refused at
/// once with one line; a plain open() of it would wait for a writer forever and freeze the window.
/// Each call runs under a watchdog, so a regression fails instead of hanging.
final class DocumentSessionFIFOTests: XCTestCase {
    func testOpeningAFIFOIsRefusedAndKeepsTheDrawing() throws {
        let box = try SessionSandbox()
        let a = box.root + "/docs/a.scrawl", pipe = box.root + "/docs/pipe.scrawl"
        try box.makeDocument(a, count: 2)
        guard mkfifo(pipe, 0o600) == 0 else { throw XCTSkip("mkfifo failed") }
        let s = try box.start(a)
        _ = s.takeNotices()
        XCTAssertFalse(watchdog(pipe) { s.open(pipe) })
        XCTAssertEqual(s.takeNotices(), [.openFailed(reason: "pipe.scrawl: cannot read the document: "
                                                     + "it is a FIFO (a named pipe), not a regular file")])
        XCTAssertEqual(s.documentPath, a)
        XCTAssertEqual(s.editor.displayList.count, 2)
    }

    /// `scrawl FIFO`: the start probes for a PNG signature, then reads a document; neither waits.
    func testStartingWithAFIFOIsRefused() throws {
        let box = try SessionSandbox()
        let pipe = box.root + "/docs/pipe.png"
        guard mkfifo(pipe, 0o600) == 0 else { throw XCTSkip("mkfifo failed") }
        let error = watchdog(pipe) { () -> SessionStartError? in
            do { _ = try SessionStart.make(file: pipe, environment: box.environment); return nil } catch { return error as? SessionStartError }
        }
        XCTAssertEqual(error?.message, "pipe.png: cannot read the document: it is a FIFO (a named pipe), not a regular file")
    }

    /// `body` on another thread; after 60 s still blocked (a bound, not a timing) the test fails
    /// and the FIFO is opened for writing until the reader sees end of file and returns.
    private func watchdog<T>(_ fifo: String, file: StaticString = #filePath, line: UInt = #line,
                             _ body: @escaping () -> T) -> T {
        let done = DispatchSemaphore(value: 0), box = FIFOResult<T>()
        Thread.detachNewThread { box.value = body(); done.signal() }
        if done.wait(timeout: .now() + 60) == .timedOut {
            XCTFail("still blocked on the FIFO \(fifo)", file: file, line: line)
            repeat {
                let fd = open(fifo, O_WRONLY | O_NONBLOCK)
                if fd >= 0 { close(fd) }
            } while done.wait(timeout: .now() + 0.1) == .timedOut
        }
        return box.value!
    }
}

/// The watchdog's result, handed from its thread.
private final class FIFOResult<T>: @unchecked Sendable { var value: T? }
