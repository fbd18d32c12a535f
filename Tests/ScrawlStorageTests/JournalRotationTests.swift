import Foundation
import XCTest
@testable import ScrawlCore
@testable import ScrawlStorage

/// Large sessions stay recoverable: the journal rotates by size as well as by count, snapshots
/// over the read limit are refused loudly, and sessions that cannot be read are reported.
final class JournalRotationTests: XCTestCase {
    private var folder = ""
    private let canvas = CanvasSpec(width: 200, height: 100)

    override func setUp() { folder = DocTest.makeTempFolder("scrawl-rotation") }
    override func tearDown() { DocTest.remove(folder) }

    private func longStroke(_ i: Int) -> Drawable {
        DocTest.path(Array(Path.polyline((0..<200).map { Point(Double($0) + 0.25, Double(i) + 0.5) }).elements))
    }

    private func sessionFiles(_ journal: Journal) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: journal.sessionDirectory)) ?? []).sorted()
    }

    /// A journal file that passes `rotateAfterBytes` starts a new generation long before
    /// `compactAfter` records; recovery gives everything back.
    func testTheJournalRotatesBySize() throws {
        let journal = try Journal(directory: folder, canvas: canvas, compactAfter: 1000)
        journal.rotateAfterBytes = 10_000
        for i in 0..<20 { journal.record(.add(longStroke(i))) }
        journal.waitForBackgroundWork()
        XCTAssertNil(journal.lastError)
        let files = sessionFiles(journal)
        let journals = files.filter { $0.hasPrefix("journal-") }
        XCTAssertEqual(journals.count, 1, "older generations are deleted: \(files)")
        XCTAssertNotEqual(journals, ["journal-0.log"], "it rotated: \(files)")
        for name in files {
            let size = DocTest.read(PosixIO.join(journal.sessionDirectory, name))?.count ?? 0
            if name.hasPrefix("journal-") { XCTAssertLessThan(size, 10_000 + 8_000, name) }
        }
        journal.close()
        let recovered = try XCTUnwrap(Journal.recover(directory: folder))
        DocTest.assertSame(recovered.drawables, (0..<20).map(longStroke))
        recovered.discard()
    }

    /// A session whose journal is over the read limit is not offered, not deleted, and reported.
    func testAnUnreadableSessionIsReportedAndLeftThere() throws {
        let session = PosixIO.join(folder, "session-1-huge")
        XCTAssertNil(PosixIO.makeFolders(session))
        let path = PosixIO.join(session, "journal-0.log")
        DocTest.write(JournalCraftedSessionTests.journal(generation: 0, ops: []), to: path)
        XCTAssertEqual(truncate(path, off_t(Document.maxFileSize) + 1), 0)  // sparse: nothing is written
        let result = Journal.recoverReporting(directory: folder)
        XCTAssertNil(result.session)
        XCTAssertEqual(result.unreadable.map(\.path), [session])
        let message = result.unreadable.first?.message ?? ""
        XCTAssertTrue(message.hasPrefix("autosave session \(session) could not be read (journal-0.log: "), message)
        XCTAssertTrue(message.hasSuffix("it was left there"), message)
        XCTAssertTrue(PosixIO.exists(path), "the session is left on disk")
        XCTAssertNil(Journal.recover(directory: folder), "the old entry point still works")
    }
}
