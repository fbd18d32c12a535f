import Foundation
import XCTest
import ScrawlCore
import ScrawlSession
@testable import ScrawlStorage

/// A journal file that cannot be deleted (immutable, or on a failing device; simulated with
/// `StorageFaults`, since `chattr +i` needs root): once the drawing is safe, what is left of its
/// session never comes back as a recovery.
final class DocumentSessionUndeletableJournalTests: XCTestCase {
    override func tearDown() { StorageFaults.clear() }

    /// `journal-0.log` made immutable mid-session: writing to it and deleting it fail with EPERM.
    private func makeFirstJournalImmutable(_ s: DocumentSession) {
        s.journal?.waitForBackgroundWork()
        StorageFaults.inject(.write, EPERM, path: "journal-0.log")
        StorageFaults.inject(.unlink, EPERM, path: "journal-0.log")
    }

    /// Autosave starts a new generation; the old file stays. After ctrl+s and a clean quit the
    /// next start recovers nothing.
    func testASavedDrawingIsNotRecoveredFromAJournalThatCouldNotBeDeleted() throws {
        let box = try SessionSandbox()
        let s = try box.start()
        s.draw(1)
        makeFirstJournalImmutable(s)
        s.draw(1)
        s.journal?.waitForBackgroundWork()
        XCTAssertNil(s.currentAutosaveProblem, "autosave works on in a new generation")
        let folder = try XCTUnwrap(s.journal?.sessionDirectory)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/journal-0.log"), "the old file could not be deleted")
        XCTAssertTrue(s.save())
        XCTAssertTrue(s.quit())

        let next = try box.start()
        XCTAssertFalse(next.recovered)
        XCTAssertEqual(next.editor.displayList.count, 0, "the saved strokes do not come back")
        XCTAssertFalse(next.takeNotices().contains { if case .recovered = $0 { return true } else { return false } })
        XCTAssertTrue(next.quit())
        XCTAssertNil(Journal.recover(directory: box.root + "/state/scrawl"), "nor at any later start")
    }

    /// A crash with the old file still there recovers the whole drawing (from the new generation).
    func testACrashAfterwardsStillRecoversEverything() throws {
        let box = try SessionSandbox()
        let s = try box.start()
        s.draw(1)
        makeFirstJournalImmutable(s)
        s.draw(2)
        s.journal?.waitForBackgroundWork()
        s.crash()
        StorageFaults.clear()
        let next = try box.start()
        XCTAssertTrue(next.recovered)
        XCTAssertEqual(next.editor.displayList.count, 3)
    }

    /// A recovered drawing taken over by the new journal: its old session goes, and does not come
    /// back a second time when one of its files cannot be deleted.
    func testARecoveredSessionWithAnUndeletableFileIsRecoveredOnce() throws {
        let box = try SessionSandbox()
        let s = try box.start()
        s.draw(2)
        s.crash()
        StorageFaults.inject(.unlink, EPERM, path: "journal-0.log")
        let next = try box.start()
        XCTAssertTrue(next.recovered)
        XCTAssertEqual(next.editor.displayList.count, 2)
        XCTAssertTrue(next.save())
        XCTAssertTrue(next.quit())
        StorageFaults.clear()
        let third = try box.start()
        XCTAssertFalse(third.recovered, "the first session's drawing is saved and in no journal")
        XCTAssertEqual(third.editor.displayList.count, 0)
    }
}
