import Foundation
import XCTest
@testable import ScrawlCore
@testable import ScrawlStorage

/// Edits in the autosave journal: random sessions mixing add, undo, redo, clear, splits,
/// removals, in-place transforms and multi-appends are recovered with the same items, the same
/// ids and the same undo and redo behaviour, through records and snapshots alike; a torn last
/// edit loses only itself; images first used by an edit come back.
final class JournalEditTests: XCTestCase {
    private var folder = ""
    private let canvas = CanvasSpec(width: 320, height: 200)
    private let stampImage = DocTest.image(3, 2, seed: 5)

    override func setUp() { folder = DocTest.makeTempFolder("scrawl-journal-edit") }
    override func tearDown() { DocTest.remove(folder) }

    private func stroke(_ g: inout SplitMix64) -> Drawable {
        let points = (0..<Int(1 + g.next() % 6)).map { _ in Point(Double(g.next() % 3200) / 10, Double(g.next() % 2000) / 10) }
        return DocTest.path(Array(Path.polyline(points).elements), stroke: .blue, style: .round(width: Double(1 + g.next() % 8)))
    }

    private func piece(_ g: inout SplitMix64) -> Drawable {
        g.next() % 5 == 0
            ? .stamp(StampDrawable(image: stampImage, center: Point(Double(g.next() % 300), 40), opacity: 0.5))
            : stroke(&g)
    }

    /// Some shown ids, at random.
    private func someIDs(_ list: DisplayList, _ g: inout SplitMix64) -> [UInt64] {
        list.items.map(\.id).filter { _ in g.next() % 3 == 0 }
    }

    /// One random operation on `list`, as the editor's tools make them.
    private func randomEdit(_ list: inout DisplayList, _ g: inout SplitMix64) {
        switch g.next() % 10 {
        case 0: list.undo()
        case 1: list.redo()
        case 2 where g.next() % 4 == 0: list.clear()
        case 3:  // split one drawable into several (or none)
            guard let id = list.items.randomElement(using: &g)?.id else { fallthrough }
            list.replace([id: (0..<Int(g.next() % 4)).map { _ in piece(&g) }])
        case 4: list.remove(Set(someIDs(list, &g)))
        case 5:  // transform or restyle a set: each replaced in place by one changed drawable
            let ids = someIDs(list, &g)
            list.replace(Dictionary(uniqueKeysWithValues: ids.map { ($0, [piece(&g)]) }))
        case 6: list.append((0..<Int(2 + g.next() % 3)).map { _ in piece(&g) })
        default: list.add(piece(&g))
        }
    }

    private var stampDrawable: Drawable { .stamp(StampDrawable(image: stampImage, center: Point(1, 1), opacity: 1)) }

    /// Plays a random session into a journal (synced after each operation, as the window does),
    /// "kills" it and recovers it.
    private func playAndRecover(seed: UInt64, count: Int, compactAfter: Int) throws -> (DisplayList, RecoveredSession) {
        var g = SplitMix64(seed: seed)
        var list = DisplayList()
        let journal = try Journal(directory: folder, canvas: canvas, displayList: list, compactAfter: compactAfter)
        for _ in 0..<count {
            randomEdit(&list, &g)
            journal.sync(with: list)
        }
        XCTAssertNil(journal.lastError)
        journal.waitForBackgroundWork()
        journal.close()
        return (list, try XCTUnwrap(Journal.recover(directory: folder)))
    }

    func testRandomEditSessionsAreRecoveredWithTheirIdsAndHistory() throws {
        for seed: UInt64 in 1...12 {
            let compactAfter = seed % 3 == 0 ? 7 : 1000  // some sessions end in snapshots, some in records
            let (list, recovered) = try playAndRecover(seed: seed, count: 150, compactAfter: compactAfter)
            XCTAssertFalse(recovered.foundTornRecord, "seed \(seed)")
            DocTest.assertSameIDHistory(recovered.displayList, list, "seed \(seed)", sameNextID: compactAfter == 1000)
            recovered.discard()
        }
    }

    func testAKilledSessionIsRecoveredFromWhatItWroteSoFar() throws {
        // As after kill -9: no close(), no final fsync; the session's files are copied as they
        // are (once background snapshots are done, so the copy is not racing their clean-up)
        // and recovered elsewhere.
        var g = SplitMix64(seed: 42)
        var list = DisplayList()
        let journal = try Journal(directory: folder, canvas: canvas, displayList: list, compactAfter: 25)
        for _ in 0..<120 {
            randomEdit(&list, &g)
            journal.sync(with: list)
        }
        journal.waitForBackgroundWork()
        let copy = DocTest.makeTempFolder("scrawl-journal-killed")
        defer { DocTest.remove(copy) }
        let session = try sessionFolder()
        let target = copy + "/" + (session as NSString).lastPathComponent
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: session) where name != "lock" {
            try? FileManager.default.copyItem(atPath: session + "/" + name, toPath: target + "/" + name)
        }
        let recovered = try XCTUnwrap(Journal.recover(directory: copy))
        XCTAssertFalse(recovered.foundTornRecord)
        DocTest.assertSameIDHistory(recovered.displayList, list, "killed", sameNextID: false)
        recovered.release()
        journal.markCleanExit()
    }

    func testARecoveredSessionJournalsOnWithTheSameIds() throws {
        let (list, recovered) = try playAndRecover(seed: 99, count: 80, compactAfter: 1000)
        var editor = recovered.displayList
        let journal = try Journal(directory: folder, canvas: recovered.canvas, displayList: editor)
        recovered.discard()
        var g = SplitMix64(seed: 7)
        for _ in 0..<60 {
            randomEdit(&editor, &g)
            journal.sync(with: editor)
        }
        journal.waitForBackgroundWork()
        journal.close()
        let again = try XCTUnwrap(Journal.recover(directory: folder))
        DocTest.assertSameIDHistory(again.displayList, editor, "second session")
        XCTAssertGreaterThan(editor.items.map(\.id).max() ?? 0, list.items.map(\.id).max() ?? 0)
        again.discard()
    }

    func testEditsAreWrittenAsEditRecordsWithIds() throws {
        var list = DisplayList()
        let journal = try Journal(directory: folder, canvas: canvas, displayList: list)
        let a = DocTest.path([.move(Point(1, 2))]), b = DocTest.path([.move(Point(3, 4))]), c = DocTest.path([.move(Point(5, 6))])
        list.add(a)
        list.add(b)
        list.replace([1: [c, a]])
        list.remove([2])
        journal.sync(with: list)
        journal.close()
        let text = try lastJournal()
        let json = { (d: Drawable, id: Int) -> String in
            var w = JSONWriter()
            try! DrawableCoding.encode(d, path: "", id: UInt64(id), imageIndex: { _ throws(DocumentError) in 0 }, into: &w)
            return w.text
        }
        let ops = text.split(separator: "\n").dropFirst().map { String($0.dropFirst(9)) }
        XCTAssertEqual(ops, [#"{"op": "add", "drawable": "# + json(a, 1) + "}",
                             #"{"op": "add", "drawable": "# + json(b, 2) + "}",
                             #"{"op": "edit", "removed": [[0, 1]], "inserted": [[0, "# + json(c, 3) + "], [1, " + json(a, 4) + "]]}",
                             #"{"op": "edit", "removed": [[2, 2]], "inserted": []}"#])
    }

    func testATornLastEditLosesOnlyItself() throws {
        var list = DisplayList()
        let journal = try Journal(directory: folder, canvas: canvas, displayList: list)
        var g = SplitMix64(seed: 3)
        list.append([stroke(&g), stroke(&g), stroke(&g)])
        journal.sync(with: list)
        let before = list
        list.replace([list.items[1].id: [stroke(&g), stroke(&g)]])
        journal.sync(with: list)
        journal.close()
        let path = try journalPath()
        var bytes = try XCTUnwrap(DocTest.read(path))
        bytes.removeLast(7)  // the edit record loses its end
        DocTest.write(bytes, to: path)
        let recovered = try XCTUnwrap(Journal.recover(directory: folder))
        XCTAssertTrue(recovered.foundTornRecord)
        DocTest.assertSameIDHistory(recovered.displayList, before, "torn edit")
        recovered.discard()
    }

    func testImagesFirstUsedByAnEditAreRecovered() throws {
        var list = DisplayList()
        let journal = try Journal(directory: folder, canvas: canvas, displayList: list)
        list.add(DocTest.path([.move(Point(1, 2)), .line(Point(5, 5))]))
        let fresh = DocTest.image(4, 4, seed: 77)
        list.replace([list.items[0].id: [.stamp(StampDrawable(image: fresh, center: Point(9, 9), opacity: 0.25)),
                                         .stamp(StampDrawable(image: fresh, center: Point(19, 9), opacity: 1))]])
        list.append([.stamp(StampDrawable(image: fresh, center: Point(29, 9), opacity: 1)), stampDrawable])
        journal.sync(with: list)
        journal.close()
        let text = try lastJournal()
        XCTAssertEqual(text.components(separatedBy: #""op": "image""#).count - 1, 2, "each image recorded once")
        let recovered = try XCTUnwrap(Journal.recover(directory: folder))
        XCTAssertFalse(recovered.foundTornRecord)
        DocTest.assertSameIDHistory(recovered.displayList, list, "stamps in edits")
        recovered.discard()
    }

    func testAnEditThatDoesNotFitTheJournalRestartsItFromTheList() throws {
        // The journal started from other ids than the editor's list: the first edit cannot be
        // mirrored, so the journal starts over from the list, which recovery then gives back.
        var list = Document(items: [DisplayItem(id: 40, drawable: stampDrawable),
                                        DisplayItem(id: 7, drawable: DocTest.path([]))]).displayList
        let journal = try Journal(directory: folder, canvas: canvas, drawables: list.drawables, revision: list.revision)
        list.remove([40])
        journal.sync(with: list)
        XCTAssertNil(journal.lastError)
        journal.close()
        let recovered = try XCTUnwrap(Journal.recover(directory: folder))
        DocTest.assertSameIDHistory(recovered.displayList, list, "restarted")
        recovered.discard()
    }

    // MARK: Files

    private func sessionFolder() throws -> String {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("session-") }
        return folder + "/" + (try XCTUnwrap(names.first))
    }

    private func journalPath() throws -> String {
        let session = try sessionFolder()
        let logs = try FileManager.default.contentsOfDirectory(atPath: session).filter { $0.hasSuffix(".log") }.sorted()
        return session + "/" + (try XCTUnwrap(logs.last))
    }

    private func lastJournal() throws -> String {
        String(decoding: try XCTUnwrap(DocTest.read(try journalPath())), as: UTF8.self)
    }
}

extension DocTest {
    /// Same items (ids and drawables) now and after every undo and every redo from here.
    /// With `sameNextID`, also that the next new item gets the same id in both (a snapshot does not
    /// keep ids of items no step holds any more, so its list may number new items lower; never
    /// below an id it holds).
    static func assertSameIDHistory(_ a: DisplayList, _ b: DisplayList, _ message: String, sameNextID: Bool = true,
                                     file: StaticString = #filePath, line: UInt = #line) {
        func same(_ x: DisplayList, _ y: DisplayList, _ what: String) {
            XCTAssertEqual(x.items.map(\.id), y.items.map(\.id), "ids \(what) \(message)", file: file, line: line)
            XCTAssertEqual(x.items.map(\.layer), y.items.map(\.layer), "item layers \(what) \(message)", file: file, line: line)
            XCTAssertEqual(x.layers, y.layers, "layers \(what) \(message)", file: file, line: line)
            DocTest.assertSame(x.drawables, y.drawables, "\(what) \(message)", file: file, line: line)
        }
        same(a, b, "now")
        for direction in ["undo", "redo"] {
            var x = a, y = b, steps = 0
            while true {
                let moved = direction == "undo" ? (x.undo(), y.undo()) : (x.redo(), y.redo())
                XCTAssertEqual(moved.0, moved.1, "\(direction) \(steps + 1) possible in one only \(message)", file: file, line: line)
                guard moved.0 && moved.1 else { break }
                steps += 1
                same(x, y, "after \(steps) x \(direction)")
            }
        }
        var x = a, y = b
        let next = DocTest.path([.move(Point(1, 1))])
        let (nx, ny) = (x.add(next).id, y.add(next).id)
        XCTAssertGreaterThan(nx, a.history.allItems.map(\.id).max() ?? 0, "next id \(message)", file: file, line: line)
        if sameNextID { XCTAssertEqual(nx, ny, "next id \(message)", file: file, line: line) }
    }
}
