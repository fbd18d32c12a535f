import Foundation
import XCTest
@testable import ScrawlCore
@testable import ScrawlStorage

/// The document file's stamp (modification time and size) travels with its path in `document`
/// records and headers; journals without it still recover, with no stamp.
final class JournalDocumentStampTests: XCTestCase {
    private var folder = ""
    private let canvas = CanvasSpec(width: 320, height: 200)
    private let stamp = FileStamp(seconds: 1_700_000_000, nanoseconds: 123_456_789, size: 4_321)

    override func setUp() { folder = DocTest.makeTempFolder("scrawl-journal-stamp") }
    override func tearDown() { DocTest.remove(folder) }

    private func stroke(_ i: Int) -> Drawable { DocTest.path([.move(Point(Double(i), 1)), .line(Point(Double(i) + 10, 20))]) }

    func testTheStampComesBackFromARecordAndFromLaterHeaders() throws {
        let journal = try Journal(directory: folder, canvas: canvas, compactAfter: 3)
        journal.setDocumentPath("/docs/s.scrawl", stamp: stamp)
        for i in 0..<10 { journal.record(.add(stroke(i))) }
        journal.waitForBackgroundWork()
        journal.close()
        let names = try FileManager.default.contentsOfDirectory(atPath: journal.sessionDirectory)
        XCTAssertFalse(names.contains("journal-0.log"), "the record's generation is gone: \(names)")
        let session = try XCTUnwrap(Journal.recover(directory: folder))
        XCTAssertEqual(session.documentPath, "/docs/s.scrawl")
        XCTAssertEqual(session.documentStamp, stamp, "each generation's header carries it")
        session.discard()
    }

    func testANewStampForTheSamePathIsRecordedAndNoneIsNotAStamp() throws {
        let journal = try Journal(directory: folder, canvas: canvas)
        journal.setDocumentPath("/docs/s.scrawl", stamp: stamp)
        journal.record(.add(stroke(1)))
        let later = FileStamp(seconds: stamp.seconds + 5, nanoseconds: 0, size: 99)
        journal.setDocumentPath("/docs/s.scrawl", stamp: later)
        journal.close()
        let first = try XCTUnwrap(Journal.recover(directory: folder))
        XCTAssertEqual(first.documentStamp, later, "a save moves the stamp")
        first.discard()

        let missing = try Journal(directory: folder, canvas: canvas, documentPath: "/docs/new.scrawl")
        missing.setDocumentPath("/docs/new.scrawl", stamp: .missing)
        missing.record(.add(stroke(1)))
        missing.close()
        let second = try XCTUnwrap(Journal.recover(directory: folder))
        XCTAssertEqual(second.documentStamp, .missing, "no file yet is recorded as such")
        second.discard()

        let plain = try Journal(directory: folder, canvas: canvas, documentPath: "/docs/p.scrawl")
        plain.record(.add(stroke(1)))
        plain.close()
        let third = try XCTUnwrap(Journal.recover(directory: folder))
        XCTAssertEqual(third.documentPath, "/docs/p.scrawl")
        XCTAssertNil(third.documentStamp, "a path without a stamp (as older builds wrote it)")
        third.discard()
    }

    func testAFileStampSeesAChange() throws {
        let path = folder + "/f.scrawl"
        XCTAssertEqual(FileStamp.of(path), .missing)
        try Data("one".utf8).write(to: URL(fileURLWithPath: path))
        let first = FileStamp.of(path)
        XCTAssertEqual(first.size, 3)
        XCTAssertEqual(FileStamp.of(path), first)
        try Data("three".utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertNotEqual(FileStamp.of(path), first)
    }

    /// The record as the README and the fuzz corpus (`document-stamps.bin`) show it.
    func testTheRecordsText() {
        let record = JournalFormat.document("/home/u/s.scrawl", stamp: FileStamp(seconds: 1_700_000_000, nanoseconds: 5, size: 1234))
        XCTAssertEqual(String(decoding: record, as: UTF8.self),
                       #"{"op": "document", "path": "/home/u/s.scrawl", "file": {"mtime": [1700000000, 5], "size": 1234}}"#)
        XCTAssertEqual(String(decoding: JournalFormat.document(nil, stamp: .missing), as: UTF8.self),
                       #"{"op": "document", "path": null}"#)
    }
}
