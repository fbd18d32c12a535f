import Foundation
import XCTest
@testable import ScrawlCore
@testable import ScrawlStorage

/// A valid document or journal holding ids up to 2^53 (the largest the format allows) stays
/// editable: opened, it is renumbered so that every new drawable gets an id that can be saved and
/// journaled, and it round-trips through save, journal and recovery.
final class DocumentIDRoomTests: XCTestCase {
    private var folder = ""
    private let canvas = CanvasSpec(width: 100, height: 80)
    private let a = DocTest.path([.move(Point(1, 2)), .line(Point(3, 4))])
    private let b = DocTest.path([.move(Point(5, 6))], stroke: .red)
    private let c = DocTest.path([.move(Point(7, 8)), .line(Point(9, 1))], stroke: .blue)

    override func setUp() { folder = DocTest.makeTempFolder("scrawl-id-room") }
    override func tearDown() { DocTest.remove(folder) }

    private func documentAtTheTop() throws -> Document {
        let bytes = Array((##"{"format": "scrawl", "version": 1, "canvas": {"width": 100, "height": 80}, "drawables": ["##
                           + ##"{"id": 9007199254740992, "type": "path", "d": [["M", 1, 2], ["L", 3, 4]], "stroke": "#000000", "width": 2},"##
                           + ##"{"id": 3, "type": "path", "d": [["M", 5, 6]], "stroke": "#ff0000", "width": 2}]}"##).utf8)
        return try Document.decode(bytes)
    }

    func testADocumentWithId2Pow53OpensTakesNewDrawablesAndSaves() throws {
        let document = try documentAtTheTop()
        XCTAssertEqual(document.items.map(\.id), [DisplayList.maxID, 3])
        var list = document.displayList
        list.add(c)
        list.replace([list.items[0].id: [b, a]])
        XCTAssertTrue(list.items.allSatisfy { $0.id <= DisplayList.maxID }, "\(list.items.map(\.id))")
        let path = folder + "/top.scrawl"
        try DocumentStore.standard.save(items: list.items, canvas: canvas, to: path)
        let back = try DocumentStore.standard.open(path)
        XCTAssertEqual(back.items.map(\.id), list.items.map(\.id))
        DocTest.assertSame(back.drawables, list.drawables)
    }

    func testSuchADocumentJournalsAndRecoversWithItsHistory() throws {
        var list = try documentAtTheTop().displayList
        let journal = try Journal(directory: folder, canvas: canvas, displayList: list)
        list.add(c)
        list.replace([list.items[1].id: [a]])
        list.undo()
        journal.sync(with: list)
        XCTAssertNil(journal.lastError)
        journal.close()
        let recovered = try XCTUnwrap(Journal.recover(directory: folder))
        XCTAssertFalse(recovered.foundTornRecord)
        XCTAssertNil(recovered.leftOut)
        DocTest.assertSameIDHistory(recovered.displayList, list, "recovered")
        recovered.discard()
    }

    func testASessionWhoseRecordsCarryId2Pow53IsRenumberedWhenRecovered() throws {
        // A session whose last new id is 2^53: valid, written, and leaving no new id to give.
        var list = try DisplayList(restoring: DisplayList.History(items: [DisplayItem(id: DisplayList.maxID - 1, drawable: a)]))
        let journal = try Journal(directory: folder, canvas: canvas, displayList: list)
        XCTAssertEqual(list.add(b).id, DisplayList.maxID)
        list.undo()
        journal.sync(with: list)
        XCTAssertNil(journal.lastError)
        journal.close()
        let recovered = try XCTUnwrap(Journal.recover(directory: folder))
        XCTAssertNil(recovered.leftOut)
        var back = recovered.displayList
        XCTAssertEqual(back.drawables, [a])
        XCTAssertEqual(back.history.allItems.map(\.id), [1, 2], "renumbered in the order of the ids")
        XCTAssertTrue(back.redo())
        XCTAssertEqual(back.drawables, [a, b], "the history is kept")
        // The recovered drawing journals and saves like any other.
        let again = try Journal(directory: folder, canvas: canvas, displayList: recovered.displayList)
        recovered.discard()
        var next = recovered.displayList
        next.add(c)
        again.sync(with: next)
        XCTAssertNil(again.lastError)
        again.close()
        try DocumentStore.standard.save(items: next.items, canvas: canvas, to: folder + "/again.scrawl")
        let final = try XCTUnwrap(Journal.recover(directory: folder))
        DocTest.assertSameIDHistory(final.displayList, next, "recovered twice")
        final.discard()
    }
}
