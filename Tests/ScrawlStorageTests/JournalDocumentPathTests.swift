import Foundation
import XCTest
@testable import ScrawlCore
@testable import ScrawlStorage

/// Journal version 4: the file a drawing belongs to (headers and `document` records) and the
/// hot-exit marker; version 3 journals still recover, as untitled crashes.
final class JournalDocumentPathTests: XCTestCase {
    private var folder = ""
    private let canvas = CanvasSpec(width: 320, height: 200)

    override func setUp() { folder = DocTest.makeTempFolder("scrawl-journal-path") }
    override func tearDown() {
        StorageFaults.clear()
        DocTest.remove(folder)
    }

    private func stroke(_ i: Int) -> Drawable { DocTest.path([.move(Point(Double(i), 1)), .line(Point(Double(i) + 10, 20))]) }

    func testThePathComesBackFromTheHeaderAndFromRecords() throws {
        let journal = try Journal(directory: folder, canvas: canvas, documentPath: "/docs/a.scrawl")
        journal.record(.add(stroke(1)))
        journal.close()
        let first = try XCTUnwrap(Journal.recover(directory: folder))
        XCTAssertEqual(first.documentPath, "/docs/a.scrawl", "from the header")
        XCTAssertFalse(first.keptAtQuit, "a crash")
        first.discard()

        let renamed = try Journal(directory: folder, canvas: canvas)
        renamed.record(.add(stroke(1)))
        renamed.setDocumentPath("/docs/b.scrawl")
        renamed.record(.add(stroke(2)))
        renamed.close()
        let second = try XCTUnwrap(Journal.recover(directory: folder))
        XCTAssertEqual(second.documentPath, "/docs/b.scrawl", "from a document record")
        XCTAssertEqual(second.drawables.count, 2)
        second.discard()

        let untitled = try Journal(directory: folder, canvas: canvas, documentPath: "/docs/c.scrawl")
        untitled.setDocumentPath(nil)
        untitled.record(.add(stroke(1)))
        untitled.close()
        let third = try XCTUnwrap(Journal.recover(directory: folder))
        XCTAssertNil(third.documentPath, "a null path makes it untitled again")
        third.discard()
    }

    func testThePathSurvivesNewGenerations() throws {
        let journal = try Journal(directory: folder, canvas: canvas, compactAfter: 3)
        journal.setDocumentPath("/docs/g.scrawl")
        for i in 0..<10 { journal.record(.add(stroke(i))) }
        journal.waitForBackgroundWork()
        let names = try FileManager.default.contentsOfDirectory(atPath: journal.sessionDirectory)
        XCTAssertFalse(names.contains("journal-0.log"), "the first generation (holding the record) is gone: \(names)")
        journal.close()
        let session = try XCTUnwrap(Journal.recover(directory: folder))
        XCTAssertEqual(session.documentPath, "/docs/g.scrawl", "each generation's header names the file")
        XCTAssertEqual(session.drawables.count, 10)
        session.discard()
    }

    func testAHotExitIsMarkedAndAnythingAfterTheMarkerIsACrash() throws {
        let journal = try Journal(directory: folder, canvas: canvas)
        journal.record(.add(stroke(1)))
        journal.record(.add(stroke(2)))
        journal.record(.undo)
        XCTAssertTrue(journal.keepForNextStart())
        XCTAssertFalse(journal.keepForNextStart(), "closed already")
        let session = try XCTUnwrap(Journal.recover(directory: folder))
        XCTAssertTrue(session.keptAtQuit)
        XCTAssertEqual(session.drawables.count, 1)
        XCTAssertTrue(session.displayList.canRedo, "the history is kept")
        session.discard()
        XCTAssertNil(Journal.recover(directory: folder))
    }

    func testAHotExitThatCannotReachTheDiskSaysSo() throws {
        let journal = try Journal(directory: folder, canvas: canvas)
        journal.record(.add(stroke(1)))
        journal.waitForBackgroundWork()
        StorageFaults.inject(.write, ENOSPC, path: "journal-")
        XCTAssertFalse(journal.keepForNextStart(), "the marker could not be written")
        StorageFaults.clear()
        journal.markCleanExit()
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), [], "its files are removed once saved elsewhere")
    }

    /// A version 3 journal (no `document`, no `exit`), as an older build wrote it, still recovers.
    func testAVersion3JournalRecoversAsAnUntitledCrash() throws {
        let session = folder + "/session-1-old"
        try FileManager.default.createDirectory(atPath: session, withIntermediateDirectories: true)
        let header = #"{"journal": "scrawl", "version": 3, "generation": 0, "canvas": {"width": 320, "height": 200}}"#
        let add = ##"{"op": "add", "drawable": {"id": 4, "type": "path", "d": [["M", 1, 1], ["L", 9, 9]], "stroke": "#000000", "fill": null, "width": 2}}"##
        let text = [header, add].map { String(format: "%08x", CRC32.checksum(Array($0.utf8))) + " " + $0 + "\n" }.joined()
        try text.write(toFile: session + "/journal-0.log", atomically: true, encoding: .utf8)
        let recovered = try XCTUnwrap(Journal.recover(directory: folder))
        XCTAssertNil(recovered.documentPath)
        XCTAssertFalse(recovered.keptAtQuit)
        XCTAssertEqual(recovered.displayList.items.map(\.id), [4])
        recovered.discard()
    }

    func testMalformedDocumentRecordsEndTheReplayThere() throws {
        let journal = try Journal(directory: folder, canvas: canvas, documentPath: "/docs/a.scrawl")
        journal.record(.add(stroke(1)))
        let path = journal.sessionDirectory + "/journal-0.log"
        journal.close()
        for bad in [#"{"op": "document"}"#, #"{"op": "document", "path": 7}"#, #"{"op": "document", "path": ""}"#] {
            let handle = try XCTUnwrap(FileHandle(forUpdatingAtPath: path))
            let before = handle.seekToEndOfFile()
            handle.write(Data((String(format: "%08x", CRC32.checksum(Array(bad.utf8))) + " " + bad + "\n").utf8))
            try handle.close()
            let session = try XCTUnwrap(Journal.recover(directory: folder), bad)
            XCTAssertEqual(session.documentPath, "/docs/a.scrawl", bad)
            XCTAssertTrue(session.foundTornRecord, bad)
            XCTAssertEqual(session.drawables.count, 1, bad)
            session.release()
            let h = try XCTUnwrap(FileHandle(forUpdatingAtPath: path))
            h.truncateFile(atOffset: before)
            try h.close()
        }
    }
}
