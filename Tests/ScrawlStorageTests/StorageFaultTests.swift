import Foundation
import XCTest
@testable import ScrawlCore
@testable import ScrawlStorage

/// Storage under injected faults (`StorageFaults`): open, write, fsync and rename failing with
/// ENOSPC, EROFS and EIO at each step of an atomic save and of the journal. After each, the
/// previous file is intact, no temporary file is left, the error says where and why, and once the
/// fault is gone a later success catches up.
final class StorageFaultTests: XCTestCase {
    private var folder = ""
    private let codes: [Int32] = [ENOSPC, EROFS, EIO]
    private let canvas = CanvasSpec(width: 200, height: 100)

    override func setUp() { folder = DocTest.makeTempFolder("scrawl-faults") }
    override func tearDown() {
        StorageFaults.clear()
        DocTest.remove(folder)
    }

    private func names() -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted() }

    private func stroke(_ i: Int) -> Drawable {
        DocTest.path([.move(Point(Double(i), 1)), .line(Point(Double(i) + 10, 20))])
    }

    /// Runs `save` with each call failing with each errno (the first such call: the temporary
    /// file's open, write, fsync, and the rename); checks what is left each time.
    private func checkAtomicSave(_ name: String, save: (String) throws -> Void, first: () throws -> Void,
                                 file: StaticString = #filePath, line: UInt = #line) throws {
        let path = PosixIO.join(folder, name)
        try first()
        let previous = try XCTUnwrap(DocTest.read(path))
        for call in StorageFaults.Call.allCases where call != .unlink {  // (an unlink loses nothing: `UndeletableJournalTests`)
            for code in codes {
                StorageFaults.inject(call, code, times: 1)
                XCTAssertThrowsError(try save(path), "\(call) \(code)", file: file, line: line) { error in
                    let text = "\(error)"
                    XCTAssertTrue(text.contains(path), "names the path: \(text)", file: file, line: line)
                    XCTAssertTrue(text.contains(PosixIO.reason(code)), "says why: \(text)", file: file, line: line)
                }
                StorageFaults.clear()
                XCTAssertEqual(DocTest.read(path), previous, "\(call) \(code): the previous file is intact", file: file, line: line)
                XCTAssertEqual(names(), [name], "\(call) \(code): no temporary file is left", file: file, line: line)
            }
        }
        try save(path)  // and with the faults gone, it saves
        XCTAssertNotEqual(DocTest.read(path), previous, file: file, line: line)
    }

    func testDocumentSaveAtEveryStepAndErrno() throws {
        try checkAtomicSave("d.scrawl", save: { path in
            try Document(canvas: self.canvas, drawables: [self.stroke(2)]).save(to: path)
        }, first: {
            try Document(canvas: canvas, drawables: [stroke(1)]).save(to: PosixIO.join(folder, "d.scrawl"))
        })
    }

    func testPNGWriteAtEveryStepAndErrno() throws {
        try checkAtomicSave("x.png", save: { path in
            try PNGCodec.write(rgba: [9, 9, 9, 255, 1, 2, 3, 4], width: 2, height: 1, to: path)
        }, first: {
            try PNGCodec.write(rgba: [1, 2, 3, 255], width: 1, height: 1, to: PosixIO.join(folder, "x.png"))
        })
    }

    /// Only the folder's fsync failing, after the rename: the new file is in place, and says so.
    func testFolderSyncFailureLeavesTheNewFile() throws {
        let path = PosixIO.join(folder, "d.scrawl")
        StorageFaults.inject(.fsync, EIO, skip: 1, times: 1)  // the temporary file's fsync works
        do {
            try AtomicFile.write([1, 2, 3], to: path)
            XCTFail("the folder's fsync failed")
        } catch {
            XCTAssertTrue(error.fileIsInPlace, "\(error)")
        }
        XCTAssertEqual(DocTest.read(path), [1, 2, 3])
        XCTAssertEqual(names(), ["d.scrawl"])
    }

    /// The journal with each call failing with each errno for a while: `lastError` says so, clears
    /// when autosave works again, and recovery then gives every stroke, those drawn meanwhile too.
    func testJournalTellsAndCatchesUpAfterEachFault() throws {
        for call in StorageFaults.Call.allCases where call != .unlink {  // (an unlink loses nothing: `UndeletableJournalTests`)
            for code in codes {
                let state = PosixIO.join(folder, "state-\(call)-\(code)")
                let journal = try Journal(directory: state, canvas: canvas, compactAfter: 3)
                var n = 0
                func draw(_ count: Int) {
                    for _ in 0..<count {
                        journal.record(.add(stroke(n)))
                        n += 1
                    }
                    journal.waitForBackgroundWork()
                }
                draw(4)
                XCTAssertNil(journal.lastError)
                XCTAssertTrue(journal.isHealthy)
                StorageFaults.inject(call, code)
                draw(5)
                let error = journal.lastError ?? ""
                XCTAssertTrue(error.contains(PosixIO.reason(code)), "\(call) \(code): the user is told: \(error)")
                XCTAssertFalse(journal.isHealthy)
                StorageFaults.clear()
                draw(4)
                XCTAssertNil(journal.lastError, "\(call) \(code): autosave works again")
                journal.close()
                let recovered = try XCTUnwrap(Journal.recover(directory: state), "\(call) \(code)")
                XCTAssertEqual(recovered.drawables.count, 13, "\(call) \(code): every stroke is recovered")
                DocTest.assertSame(recovered.drawables, (0..<13).map(stroke), "\(call) \(code)")
                recovered.discard()
            }
        }
    }

    /// `retry()` catches up without waiting for another change.
    func testJournalRetryCatchesUpWithoutANewChange() throws {
        let journal = try Journal(directory: folder, canvas: canvas)
        StorageFaults.inject(.write, ENOSPC)
        journal.record(.add(stroke(0)))
        journal.record(.add(stroke(1)))
        XCTAssertNotNil(journal.lastError)
        XCTAssertFalse(journal.retry(), "still failing")
        StorageFaults.clear()
        XCTAssertTrue(journal.retry())
        journal.waitForBackgroundWork()
        XCTAssertNil(journal.lastError)
        journal.close()
        let recovered = try XCTUnwrap(Journal.recover(directory: folder))
        DocTest.assertSame(recovered.drawables, [stroke(0), stroke(1)])
        recovered.discard()
    }

    /// The final fsync of a closing journal is checked: a quit may promise recovery only when the
    /// journal reached the disk.
    func testClosingReportsAFailedFinalFlush() throws {
        let journal = try Journal(directory: folder, canvas: canvas)
        journal.record(.add(stroke(0)))
        journal.waitForBackgroundWork()
        StorageFaults.inject(.fsync, EIO, path: "journal-")
        XCTAssertFalse(journal.close(), "the flush failed")
        XCTAssertTrue(journal.lastError?.contains("cannot flush") == true, journal.lastError ?? "no error")
        StorageFaults.clear()
        XCTAssertFalse(journal.close(), "already closed")
        let healthy = try Journal(directory: folder + "/other", canvas: canvas)
        healthy.record(.add(stroke(1)))
        XCTAssertTrue(healthy.close())
    }
}
