import Foundation
import XCTest
@testable import ScrawlCore
@testable import ScrawlStorage

/// The autosave journal: what is recorded is recovered after a "crash" (`close()` leaves the
/// files, as a killed process does), torn records lose only themselves, compaction keeps the
/// state and the history, and a clean exit leaves nothing.
final class DocumentJournalTests: XCTestCase {
    private var folder = ""
    private let canvas = CanvasSpec(width: 320, height: 200, background: Color(r: 1, g: 2, b: 3))

    override func setUp() { folder = DocTest.makeTempFolder("scrawl-journal") }
    override func tearDown() { DocTest.remove(folder) }

    private func makeJournal(drawables: [Drawable] = [], compactAfter: Int = 1000) throws -> Journal {
        try Journal(directory: folder, canvas: canvas, drawables: drawables, compactAfter: compactAfter)
    }

    private func recover() -> RecoveredSession? { Journal.recover(directory: folder) }

    private var sessions: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasPrefix("session-") }
    }

    /// A workload of changes: strokes, stamps (two sharing an image), undo, redo, clear.
    private func workload(count: Int, seed: UInt64) -> [DisplayList.Change] {
        var g = SplitMix64(seed: seed)
        let images = [DocTest.image(3, 3, seed: 1), DocTest.image(2, 5, seed: 2, withPNGData: true)]
        let samples = DocTest.sampleDrawables()
        return (0..<count).map { i in
            switch g.next() % 10 {
            case 0, 1: return .undo
            case 2: return .redo
            case 3 where g.next() % 4 == 0: return .clear
            case 4: return .add(.stamp(StampDrawable(image: images[Int(g.next() % 2)],
                                                     center: Point(Double(i), Double(g.next() % 100)), opacity: 0.5)))
            case 5: return .add(samples[Int(g.next() % UInt64(samples.count))])
            default:
                let points = (0..<Int(1 + g.next() % 20)).map { _ in Point(Double(g.next() % 3200) / 10, Double(g.next() % 2000) / 10) }
                return .add(DocTest.path(Array(Path.polyline(points).elements), stroke: .blue, style: .round(width: Double(1 + g.next() % 8))))
            }
        }
    }

    /// The changes that change something (a journal records only those).
    private func effective(_ changes: [DisplayList.Change]) -> [DisplayList.Change] {
        var list = DisplayList()
        return changes.filter { c in
            let before = list.revision
            apply([c], to: &list)
            return list.revision != before
        }
    }

    private func apply(_ changes: [DisplayList.Change], to list: inout DisplayList) {
        for c in changes {
            switch c {
            case .add(let d): list.add(d)
            case .undo: list.undo()
            case .redo: list.redo()
            case .clear: list.clear()
            case .edit: list.apply(c)
            }
        }
    }

    func testRecordedChangesAreRecovered() throws {
        let journal = try makeJournal()
        let changes = workload(count: 300, seed: 1)
        var expected = DisplayList()
        apply(changes, to: &expected)
        for c in changes { journal.record(c) }
        XCTAssertNil(journal.lastError)
        DocTest.assertSame(journal.drawables, expected.drawables)
        journal.close()  // what kill -9 leaves: files, no lock
        let session = try XCTUnwrap(recover())
        XCTAssertEqual(session.canvas, canvas)
        XCTAssertFalse(session.foundTornRecord)
        DocTest.assertSame(session.drawables, expected.drawables)
        DocTest.assertSameHistory(session.displayList, expected)
    }

    func testALiveSessionIsNotRecovered() throws {
        let journal = try makeJournal()
        journal.record(.add(DocTest.path([.move(Point(1, 1)), .line(Point(5, 5))])))
        XCTAssertNil(recover(), "its lock is held")
        let other = try makeJournal()
        XCTAssertEqual(sessions.count, 2, "each instance has its own session")
        journal.close()
        XCTAssertNotNil(recover())
        other.markCleanExit()
    }

    func testARecoveredSessionIsLockedUntilReleased() throws {
        let journal = try makeJournal()
        journal.record(.add(DocTest.path([.move(Point(1, 1))])))
        journal.close()
        let first = try XCTUnwrap(recover())
        XCTAssertNil(recover(), "another instance must not recover the same session")
        first.release()
        let second = try XCTUnwrap(recover())
        second.discard()
        XCTAssertEqual(sessions, [])
        XCTAssertNil(recover())
    }

    func testCleanExitLeavesNothing() throws {
        let journal = try makeJournal(drawables: [DocTest.path([.move(Point(1, 1))])], compactAfter: 3)
        for c in workload(count: 20, seed: 2) { journal.record(c) }
        journal.markCleanExit()
        journal.record(.clear)  // ignored after the exit
        XCTAssertEqual(sessions, [])
        XCTAssertNil(recover())
    }

    func testBlankSessionsAreDeletedNotOffered() throws {
        let journal = try makeJournal()
        journal.record(.undo)  // nothing to undo: not recorded
        journal.close()
        XCTAssertNil(recover())
        XCTAssertEqual(sessions, [], "an empty crashed session is cleaned up")
    }

    func testOpenedDocumentIsTheStartingState() throws {
        let start = DocTest.sampleDrawables()
        let journal = try makeJournal(drawables: start)
        journal.record(.undo)  // no history yet: ignored, as DisplayList ignores it
        journal.record(.add(DocTest.path([.move(Point(3, 3))])))
        journal.record(.undo)
        journal.close()
        let session = try XCTUnwrap(recover())
        DocTest.assertSame(session.drawables, start)
        XCTAssertFalse(session.displayList.canUndo)
        XCTAssertTrue(session.displayList.canRedo)
    }

    /// A crash in the middle of writing the last record: cut the journal at every byte of that
    /// record; everything before it is recovered, and the tear is reported.
    func testTornLastRecordLosesOnlyThatRecord() throws {
        let journal = try makeJournal()
        let changes = workload(count: 40, seed: 3) + [.add(DocTest.path([.move(Point(7, 7)), .line(Point(9, 9))]))]
        for c in changes { journal.record(c) }
        let dir = journal.sessionDirectory
        journal.close()
        let path = dir + "/journal-0.log"
        let bytes = try XCTUnwrap(DocTest.read(path))
        var lastStart = bytes.count - 1
        while lastStart > 0 && bytes[lastStart - 1] != 0x0A { lastStart -= 1 }
        var before = DisplayList()
        apply(Array(changes.dropLast()), to: &before)
        var after = before
        apply([changes.last!], to: &after)

        for cut in lastStart..<bytes.count {
            DocTest.write(Array(bytes.prefix(cut)), to: path)
            let session = try XCTUnwrap(recover(), "cut at \(cut)")
            DocTest.assertSameHistory(session.displayList, before, "cut at \(cut)")
            XCTAssertEqual(session.foundTornRecord, cut > lastStart, "cut at \(cut)")
            session.release()
        }
        // A flipped bit inside the record fails its checksum.
        var damaged = bytes
        damaged[lastStart + 20] ^= 0x04
        DocTest.write(damaged, to: path)
        let session = try XCTUnwrap(recover())
        DocTest.assertSameHistory(session.displayList, before)
        XCTAssertTrue(session.foundTornRecord)
        session.release()
        // The whole file again: everything.
        DocTest.write(bytes, to: path)
        DocTest.assertSameHistory(try XCTUnwrap(recover()).displayList, after)
    }

    /// A tear in the middle of the journal: the records before it are kept, the rest ignored.
    func testTornRecordInTheMiddle() throws {
        let journal = try makeJournal()
        let changes = effective(workload(count: 30, seed: 4))
        for c in changes { journal.record(c) }
        let path = journal.sessionDirectory + "/journal-0.log"
        journal.close()
        let lines = try XCTUnwrap(DocTest.read(path)).split(separator: 0x0A, omittingEmptySubsequences: false)
        // Header, then records; drop the newline of record 10 (11th line) so it runs into the next.
        var text: [UInt8] = []
        for (i, line) in lines.enumerated() where i < lines.count - 1 {
            text += line
            if i != 11 { text.append(0x0A) }
        }
        DocTest.write(text, to: path)
        let session = try XCTUnwrap(recover())
        XCTAssertTrue(session.foundTornRecord)
        let imageRecords = lines.prefix(11).filter { String(decoding: $0, as: UTF8.self).contains("\"op\": \"image\"") }.count
        var expected = DisplayList()
        apply(Array(changes.prefix(10 - imageRecords)), to: &expected)
        DocTest.assertSameHistory(session.displayList, expected)
    }

    func testCompactionKeepsStateAndHistory() throws {
        let journal = try makeJournal(compactAfter: 7)
        let changes = workload(count: 400, seed: 5)
        var expected = DisplayList()
        for (i, c) in changes.enumerated() {
            journal.record(c)
            apply([c], to: &expected)
            if i % 97 == 0 { journal.waitForBackgroundWork() }
        }
        journal.waitForBackgroundWork()
        XCTAssertNil(journal.lastError)
        let files = try FileManager.default.contentsOfDirectory(atPath: journal.sessionDirectory).sorted()
        XCTAssertEqual(files.filter { $0.hasPrefix("snapshot-") }.count, 1, "older generations are deleted: \(files)")
        XCTAssertEqual(files.filter { $0.hasPrefix("journal-") }.count, 1, "\(files)")
        journal.close()
        let session = try XCTUnwrap(recover())
        DocTest.assertSameHistory(session.displayList, expected)
        // A snapshot is a document whose images name the session's image files.
        let snapshot = try XCTUnwrap(files.first { $0.hasPrefix("snapshot-") })
        let bytes = try XCTUnwrap(DocTest.read(session.sessionDirectory + "/" + snapshot))
        let state = try XCTUnwrap(JournalSnapshot.decode(bytes, folder: session.sessionDirectory))
        XCTAssertEqual(state.canvas, canvas)
        XCTAssertEqual(state.images.problems, [])
    }

    /// A crash right after rotations whose snapshots are not written yet: the older generations
    /// are still there and give the whole state.
    func testRecoveryBeforeTheSnapshotsAreWritten() throws {
        let journal = try makeJournal(compactAfter: 10)
        let changes = workload(count: 95, seed: 6)
        var expected = DisplayList()
        apply(changes, to: &expected)
        journal.suspendBackgroundWork()
        for c in changes { journal.record(c) }
        // "Crash" now: copy the session as it is on disk.
        let copy = folder + "/session-copy"
        try FileManager.default.copyItem(atPath: journal.sessionDirectory, toPath: copy)
        journal.resumeBackgroundWork()
        journal.markCleanExit()
        let names = try FileManager.default.contentsOfDirectory(atPath: copy)
        XCTAssertFalse(names.contains { $0.hasPrefix("snapshot-") }, "\(names)")
        XCTAssertGreaterThan(names.filter { $0.hasPrefix("journal-") }.count, 3, "\(names)")
        let session = try XCTUnwrap(recover())
        DocTest.assertSameHistory(session.displayList, expected)
    }

    /// A session whose base snapshot is gone cannot be replayed: it is left alone, not deleted.
    func testDamagedSessionIsLeftAlone() throws {
        let journal = try makeJournal(compactAfter: 5)
        for c in workload(count: 30, seed: 10) { journal.record(c) }
        journal.waitForBackgroundWork()
        let dir = journal.sessionDirectory
        journal.close()
        for name in try FileManager.default.contentsOfDirectory(atPath: dir) where name.hasPrefix("snapshot-") {
            _ = unlink(dir + "/" + name)
        }
        XCTAssertNil(recover())
        XCTAssertEqual(sessions.count, 1)
    }

    /// A write that fails half way (a full disk, here a file size limit) leaves a torn record;
    /// once writing works again the journal starts a new generation whose snapshot holds
    /// everything, the failed change included.
    func testFailedWritesAreMadeGoodLater() throws {
        let journal = try makeJournal()
        let adds = workload(count: 60, seed: 11).filter { if case .add = $0 { return true } else { return false } }
        let changes = Array(adds.prefix(20)) + effective(workload(count: 10, seed: 12))
        var expected = DisplayList()
        for c in changes.prefix(20) { journal.record(c) }
        apply(Array(changes.prefix(20)), to: &expected)
        let size = try XCTUnwrap(DocTest.read(journal.sessionDirectory + "/journal-0.log")).count

        var limit = rlimit()
        XCTAssertEqual(getrlimit(Int32(RLIMIT_FSIZE.rawValue), &limit), 0)
        var saved = limit
        let previousHandler = signal(SIGXFSZ, SIG_IGN)
        limit.rlim_cur = rlim_t(size + 40)
        XCTAssertEqual(setrlimit(Int32(RLIMIT_FSIZE.rawValue), &limit), 0)
        let big = DocTest.path(Array(Path.polyline((0..<300).map { Point(Double($0) + 0.5, 1.25) }).elements))
        journal.record(.add(big))  // torn half way
        journal.waitForBackgroundWork()  // the new generation's snapshot fails too
        XCTAssertEqual(setrlimit(Int32(RLIMIT_FSIZE.rawValue), &saved), 0)
        _ = signal(SIGXFSZ, previousHandler)
        expected.add(big)
        XCTAssertNotNil(journal.lastError)
        let during = try FileManager.default.contentsOfDirectory(atPath: journal.sessionDirectory).sorted()
            .filter { !$0.hasPrefix("image-") }
        XCTAssertEqual(during, ["journal-0.log", "journal-1.log", "lock"], "the snapshot could not be written either")

        for c in changes.dropFirst(20) { journal.record(c) }
        apply(Array(changes.dropFirst(20)), to: &expected)
        journal.waitForBackgroundWork()
        journal.close()
        let session = try XCTUnwrap(recover())
        DocTest.assertSameHistory(session.displayList, expected)
    }

    func testSyncWithDisplayList() throws {
        var list = DisplayList()
        let journal = try makeJournal(compactAfter: 50)
        var g = SplitMix64(seed: 8)
        let changes = workload(count: 500, seed: 9)
        var i = 0
        while i < changes.count {
            let n = Int(1 + g.next() % 6)
            apply(Array(changes[i..<min(i + n, changes.count)]), to: &list)
            journal.sync(with: list)
            i += n
        }
        journal.waitForBackgroundWork()
        DocTest.assertSame(journal.drawables, list.drawables)
        journal.close()
        DocTest.assertSameHistory(try XCTUnwrap(recover()).displayList, list)
    }

    func testSyncAfterTooManyChangesStartsOver() throws {
        var list = DisplayList()
        let journal = try makeJournal()
        let star = DocTest.image(2, 2, seed: 4)
        for i in 0..<(2 * DisplayList.changeLogLimit + 10) {
            list.add(i % 100 == 0 ? .stamp(StampDrawable(image: star, center: Point(Double(i), 5)))
                     : DocTest.path([.move(Point(Double(i), 0))]))
        }
        XCTAssertTrue(list.changes(since: 0) == nil, "older than the log")
        XCTAssertEqual(list.changes(since: list.revision - UInt64(DisplayList.changeLogLimit))?.count, DisplayList.changeLogLimit)
        journal.sync(with: list)
        list.undo()
        journal.sync(with: list)
        XCTAssertNil(journal.lastError)
        journal.close()
        let session = try XCTUnwrap(recover())
        DocTest.assertSame(session.drawables, list.drawables)
    }

    func testDisplayListChangeLog() {
        var list = DisplayList()
        XCTAssertEqual(list.changes(since: 0), [])
        let d = DocTest.path([.move(Point(1, 2))])
        list.add(d)
        list.undo()
        list.undo()  // nothing: not a change
        list.redo()
        list.clear()
        XCTAssertEqual(list.revision, 4)
        XCTAssertEqual(list.changes(since: 0), [.add(d), .undo, .redo, .clear])
        XCTAssertEqual(list.changes(since: 2), [.redo, .clear])
        XCTAssertNil(list.changes(since: 5))
    }

    func testRecordFormatIsChecksummedJSONLines() throws {
        let journal = try makeJournal()
        journal.record(.add(DocTest.path([.move(Point(1, 2))], stroke: .red)))
        journal.record(.undo)
        let path = journal.sessionDirectory + "/journal-0.log"
        journal.close()
        let text = String(decoding: try XCTUnwrap(DocTest.read(path)), as: UTF8.self)
        let lines = text.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 3)
        XCTAssertEqual(lines[0].dropFirst(9), ##"{"journal": "scrawl", "version": 4, "generation": 0, "canvas": {"width": 320, "height": 200, "background": "#010203"}}"##)
        XCTAssertEqual(lines[2], String(format: "%08x", CRC32.checksum(Array(#"{"op": "undo"}"#.utf8))) + #" {"op": "undo"}"#)
        XCTAssertEqual(CRC32.checksum(Array("123456789".utf8)), 0xCBF4_3926, "the standard CRC-32 check value")
    }

    func testUnwritableStateFolderThrows() {
        let blocker = folder + "/file"
        DocTest.write([1], to: blocker)
        XCTAssertThrowsError(try Journal(directory: blocker + "/scrawl", canvas: canvas)) { error in
            XCTAssertTrue("\(error)".contains("Not a directory"), "\(error)")
        }
    }

    /// A journal file that cannot be read is not a torn or empty one: the session stays on disk
    /// untouched (its lock included), and is neither offered nor deleted. Tests run as root, where
    /// permission bits do not stop reads, so the file is made unreadable other ways: a folder in
    /// its place, a (sparse) file over the size limit.
    func testUnreadableJournalLeavesTheSessionAlone() throws {
        func files(_ dir: String) -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted() }
        for (kind, start) in [("folder", [Drawable]()), ("too large", []), ("folder after a snapshot", DocTest.sampleDrawables())] {
            let journal = try makeJournal(drawables: start)
            journal.record(.add(DocTest.path([.move(Point(1, 1)), .line(Point(5, 5))])))
            let dir = journal.sessionDirectory
            journal.close()
            let log = dir + "/journal-0.log"
            XCTAssertEqual(unlink(log), 0)
            if kind == "too large" {
                let fd = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
                XCTAssertGreaterThanOrEqual(fd, 0)
                XCTAssertEqual(ftruncate(fd, off_t(Document.maxFileSize + 1)), 0)
                close(fd)
            } else {
                XCTAssertEqual(mkdir(log, 0o700), 0)
            }
            let before = files(dir)
            XCTAssertTrue(before.contains("lock"), kind)
            XCTAssertNil(recover(), kind)
            XCTAssertEqual(files(dir), before, "\(kind): the session is left as it was")
            XCTAssertEqual(sessions.count, 1, kind)
            DocTest.remove(dir)
        }
    }

    /// An empty first journal (a crash before its header was written) or a torn header is nothing
    /// recorded: the session is deleted.
    func testEmptyOrTornHeaderJournalIsNothing() throws {
        for kind in ["empty", "torn header"] {
            let journal = try makeJournal()
            journal.record(.add(DocTest.path([.move(Point(1, 1))])))
            let log = journal.sessionDirectory + "/journal-0.log"
            journal.close()
            let bytes = try XCTUnwrap(DocTest.read(log))
            let header = bytes.prefix(through: try XCTUnwrap(bytes.firstIndex(of: 0x0A)))
            DocTest.write(kind == "empty" ? [] : Array(header.dropLast(3)), to: log)
            XCTAssertNil(recover(), kind)
            XCTAssertEqual(sessions, [], kind)
        }
    }

    /// The session's files but its image files.
    private func files(_ dir: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted().filter { !$0.hasPrefix("image-") }
    }

    /// The JSON of each record in `journal-<g>.log` after the header.
    private func records(_ dir: String, generation g: Int = 0) throws -> [String] {
        let text = String(decoding: try XCTUnwrap(DocTest.read(dir + "/journal-\(g).log")), as: UTF8.self)
        return text.split(separator: "\n").dropFirst().map { String($0.dropFirst(9)) }
    }

    /// A journal started from a recovered display list keeps its undo and redo history: undo and
    /// redo into that history, and new drawings, are appended as records (no snapshot rewrite),
    /// and recovering again gives the same list, history included.
    func testJournalFromARecoveredListAppendsUndoIntoItsHistory() throws {
        let a = DocTest.path([.move(Point(1, 1)), .line(Point(9, 9))])
        let b = Drawable.stamp(StampDrawable(image: DocTest.image(3, 2, seed: 5), center: Point(20, 20), opacity: 0.5))
        let c = DocTest.path([.move(Point(2, 7))], stroke: .red)
        let d = DocTest.path([.move(Point(4, 4)), .line(Point(5, 1))], stroke: .blue)
        let e = DocTest.path([.move(Point(8, 3))], stroke: .green)
        let first = try makeJournal()
        for change: DisplayList.Change in [.add(a), .add(b), .clear, .add(c), .add(d), .undo] { first.record(change) }
        first.close()
        let session = try XCTUnwrap(recover())
        var list = session.displayList
        XCTAssertTrue(list.canUndo && list.canRedo)

        let journal = try Journal(directory: folder, canvas: session.canvas, displayList: list)
        session.discard()
        let dir = journal.sessionDirectory
        XCTAssertEqual(files(dir), ["journal-0.log", "lock", "snapshot-0.scrawl"])
        list.undo()  // c
        journal.sync(with: list)
        list.undo()  // the clear: a and b are back
        journal.sync(with: list)
        list.redo()  // the clear again
        journal.sync(with: list)
        list.add(e)
        journal.sync(with: list)
        journal.waitForBackgroundWork()
        XCTAssertNil(journal.lastError)
        XCTAssertEqual(files(dir), ["journal-0.log", "lock", "snapshot-0.scrawl"], "no new snapshot generation")
        let ops = try records(dir)
        XCTAssertEqual(Array(ops.prefix(3)), [#"{"op": "undo"}"#, #"{"op": "undo"}"#, #"{"op": "redo"}"#])
        XCTAssertEqual(ops.count, 4)
        XCTAssertTrue(ops[3].hasPrefix(#"{"op": "add""#), ops[3])
        DocTest.assertSame(journal.drawables, [e])
        journal.close()

        let again = try XCTUnwrap(recover())
        XCTAssertEqual(again.recordsApplied, 4)
        XCTAssertFalse(again.foundTornRecord)
        DocTest.assertSameHistory(again.displayList, list)
        var back = again.displayList
        back.undo(); back.undo()
        DocTest.assertSame(back.drawables, [a, b], "undo reaches the recovered history")
    }

    /// When `sync(with:)` has to start over (here `list` is not the list the journal followed),
    /// the new snapshot keeps the list's history, so undoing into it afterwards is recorded, not
    /// another start-over.
    func testSyncThatStartsOverKeepsTheHistory() throws {
        var list = DisplayList()
        let journal = try Journal(directory: folder, canvas: canvas, revision: 1000)
        for i in 0..<30 { list.add(DocTest.path([.move(Point(Double(i), 0))])) }
        list.clear()
        list.undo()
        journal.sync(with: list)  // starts over: generation 1
        journal.waitForBackgroundWork()
        let dir = journal.sessionDirectory
        XCTAssertEqual(files(dir), ["journal-1.log", "lock", "snapshot-1.scrawl"])
        for _ in 0..<5 {
            list.undo()
            journal.sync(with: list)
        }
        journal.waitForBackgroundWork()
        XCTAssertNil(journal.lastError)
        XCTAssertEqual(files(dir), ["journal-1.log", "lock", "snapshot-1.scrawl"], "undo is a record, not another start-over")
        XCTAssertEqual(try records(dir, generation: 1).count, 5)
        journal.close()
        DocTest.assertSameHistory(try XCTUnwrap(recover()).displayList, list)
    }
}
