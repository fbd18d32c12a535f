import XCTest
@testable import ScrawlCore
@testable import ScrawlStorage

/// Drawable ids in documents: written always, read back exactly, numbered 1…n in documents
/// written before ids, refused with the drawable's index when duplicate or invalid, and continued
/// above the largest by the restored display list.
final class DocumentIDTests: XCTestCase {
    private let a = DocTest.path([.move(Point(1, 2)), .line(Point(3, 4))])
    private let b = DocTest.path([.move(Point(5, 6))], stroke: .red)

    private func document(_ drawables: String) -> [UInt8] {
        Array((#"{"format": "scrawl", "version": 1, "canvas": {"width": 10, "height": 20}, "images": [{"png": ""#
               + DocTest.onePixelBase64 + #""}], "drawables": ["# + drawables + "]}").utf8)
    }

    private func message(_ drawables: String) -> String {
        do {
            _ = try Document.decode(document(drawables))
            XCTFail("decoded")
            return ""
        } catch {
            return error.message(file: "d.scrawl")
        }
    }

    func testIdsRoundTripAndTheListContinuesAboveTheLargest() throws {
        var list = DisplayList()
        list.add(a)
        list.add(b)
        list.append([a, b, a])
        list.remove([1, 4])
        list.replace([3: [b]])
        let doc = Document(canvas: CanvasSpec(), items: list.items)
        let back = try Document.decode(try doc.encoded())
        XCTAssertEqual(back.items.map(\.id), [2, 6, 5])
        XCTAssertEqual(back.items.map(\.id), list.items.map(\.id))
        DocTest.assertSame(back.drawables, list.drawables)
        var opened = back.displayList
        XCTAssertFalse(opened.canUndo)
        XCTAssertEqual(opened.add(a).id, 7)
        XCTAssertEqual(opened.replace([2: [b]])?.inserted.map(\.item.id), [8])
    }

    func testSavingItemsThroughTheStoreKeepsTheirIds() throws {
        let folder = DocTest.makeTempFolder()
        defer { DocTest.remove(folder) }
        let items = [DisplayItem(id: 12, drawable: a), DisplayItem(id: 3, drawable: b)]
        try DocumentStore.standard.save(items: items, canvas: CanvasSpec(), to: folder + "/d.scrawl")
        XCTAssertEqual(try DocumentStore.standard.open(folder + "/d.scrawl").items.map(\.id), [12, 3])
        try DocumentStore.standard.save([a, b], canvas: CanvasSpec(), to: folder + "/e.scrawl")
        XCTAssertEqual(try DocumentStore.standard.open(folder + "/e.scrawl").items.map(\.id), [1, 2])
    }

    func testIdsAreWrittenFirstInEveryDrawable() throws {
        let stamp = Drawable.stamp(StampDrawable(image: DocTest.image(1, 1, seed: 1), center: Point(5, 5), opacity: 1))
        let text = String(decoding: try Document(items: [DisplayItem(id: 9, drawable: a), DisplayItem(id: 4, drawable: stamp)]).encoded(),
                          as: UTF8.self)
        XCTAssertTrue(text.contains(#"{"id": 9, "type": "path", "d": [["M", 1, 2], ["L", 3, 4]]"#), text)
        XCTAssertTrue(text.contains(#"{"id": 4, "type": "image", "image": 0"#), text)
    }

    func testOldDocumentsWithoutIdsOpenNumbered() throws {
        let doc = try Document.decode(document(#"{"type": "path", "d": []}, {"type": "image", "image": 0, "left": 0, "top": 0, "right": 1, "bottom": 1}"#))
        XCTAssertEqual(doc.items.map(\.id), [1, 2])
        XCTAssertEqual(doc.drawables.count, 2)
        var list = doc.displayList
        XCTAssertEqual(list.add(a).id, 3)
        // Ids written by hand on some drawables only: the others follow the largest, in order.
        let mixed = try Document.decode(document(#"{"type": "path", "d": []}, {"id": 5, "type": "path", "d": []}, {"type": "path", "d": []}"#))
        XCTAssertEqual(mixed.items.map(\.id), [6, 5, 7])
    }

    func testDuplicateAndInvalidIdsAreRefusedNamingTheDrawable() {
        XCTAssertEqual(message(#"{"id": 3, "type": "path", "d": []}, {"id": 4, "type": "path", "d": []}, {"id": 3, "type": "path", "d": []}"#),
                       "d.scrawl: drawables[2].id: duplicate id 3 (drawables[0] has it too)")
        let range = "expected an integer id from 1 to 9007199254740992"
        XCTAssertEqual(message(#"{"id": 0, "type": "path", "d": []}"#), "d.scrawl: drawables[0].id: \(range), found 0")
        XCTAssertEqual(message(#"{"type": "path", "d": []}, {"id": -2, "type": "path", "d": []}"#),
                       "d.scrawl: drawables[1].id: \(range), found -2")
        XCTAssertEqual(message(#"{"id": 1.5, "type": "path", "d": []}"#), "d.scrawl: drawables[0].id: \(range), found 1.5")
        XCTAssertEqual(message(#"{"id": 9007199254740993, "type": "path", "d": []}"#),
                       "d.scrawl: drawables[0].id: \(range), found 9007199254740993")
        XCTAssertEqual(message(#"{"id": "7", "type": "path", "d": []}"#), "d.scrawl: drawables[0].id: expected an integer id, found a string")
    }

    func testSavingDuplicateIdsIsRefused() {
        let doc = Document(items: [DisplayItem(id: 2, drawable: a), DisplayItem(id: 2, drawable: b)])
        XCTAssertThrowsError(try doc.encoded()) { error in
            XCTAssertEqual((error as? DocumentError)?.message(file: "d"), "d: drawables[1].id: duplicate id 2 (drawables[0] has it too)")
        }
    }
}
