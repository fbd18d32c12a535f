import Foundation
import XCTest
@testable import ScrawlCore
@testable import ScrawlStorage

/// Layers in files: documents round-trip their layers (and a plain one-layer drawing is written as
/// before layers), older documents read as one layer, and the journal recovers every layer
/// operation, from records and from snapshots, with its undo history.
final class LayerStorageTests: XCTestCase {
    private var folder = ""
    private let canvas = CanvasSpec(width: 320, height: 200)

    override func setUp() { folder = DocTest.makeTempFolder("scrawl-layers") }
    override func tearDown() { DocTest.remove(folder) }

    private func line(_ y: Double) -> Drawable {
        DocTest.path([.move(Point(10, y)), .line(Point(200, y))], stroke: .blue, style: .round(width: 4))
    }

    /// A list with three layers, a renamed, hidden, locked and half-opaque one among them.
    private func layeredList() -> DisplayList {
        var list = DisplayList()
        list.add(line(10))
        let b = list.addLayer(above: .first, name: "Ink")!
        list.append([line(20), line(30)], to: b)
        let c = list.addLayer(above: b)!
        list.append([line(40)], to: c)
        list.updateLayer(b) { $0.opacity = 0.5; $0.locked = true }
        list.updateLayer(c) { $0.visible = false }
        list.append([line(15)], to: .first)
        return list
    }

    func testALayeredDocumentRoundTripsItsLayersAndDrawables() throws {
        let list = layeredList()
        let doc = Document(canvas: canvas, items: list.items, layers: list.layers)
        let text = String(decoding: try doc.encoded(), as: UTF8.self)
        XCTAssertTrue(text.contains(#""version": 3"#), text)
        XCTAssertTrue(text.contains(#""layers": ["#), text)
        XCTAssertFalse(text.contains(#""drawables": [{"#) && text.contains("\n\"drawables\""), text)
        let back = try Document.decode(Array(text.utf8))
        XCTAssertEqual(back.layers, list.layers)
        XCTAssertEqual(back.items, list.items)
        let reopened = back.displayList
        XCTAssertEqual(reopened.layers, list.layers)
        XCTAssertEqual(reopened.items.map(\.layer), list.items.map(\.layer))
    }

    func testAOneLayerDrawingIsWrittenAsBeforeLayersAndOlderDocumentsReadAsOneLayer() throws {
        var list = DisplayList()
        list.add(line(10))
        let plain = try Document(canvas: canvas, items: list.items, layers: list.layers).encoded()
        XCTAssertEqual(plain, try Document(canvas: canvas, items: list.items).encoded())
        XCTAssertFalse(String(decoding: plain, as: UTF8.self).contains("layers"))
        let old = ##"{"format": "scrawl", "version": 1, "canvas": {"width": 10, "height": 10}, "drawables": [{"type": "path", "d": [["M", 1, 2], ["L", 3, 4]], "stroke": "#000000", "width": 3}]}"##
        let doc = try Document.decode(Array(old.utf8))
        XCTAssertEqual(doc.layers, [.initial])
        XCTAssertEqual(doc.displayList.layers, [.initial])
        XCTAssertEqual(doc.displayList.items.map(\.layer), [.first])
    }

    func testBadLayersAreRefusedWithTheirPath() {
        func message(_ layers: String) -> String {
            let text = #"{"format": "scrawl", "version": 3, "canvas": {"width": 10, "height": 10}, "layers": "# + layers + "}"
            do {
                _ = try Document.decode(Array(text.utf8))
                return "decoded"
            } catch {
                return error.message(file: "d.scrawl")
            }
        }
        XCTAssertEqual(message("[]"), "d.scrawl: layers: must hold at least one layer")
        XCTAssertEqual(message(#"[{"id": 1, "name": "A", "drawables": []}, {"id": 1, "name": "B", "drawables": []}]"#),
                       "d.scrawl: layers[1].id: duplicate layer id 1")
        XCTAssertEqual(message(#"[{"id": 1, "name": "A", "opacity": 2, "drawables": []}]"#),
                       "d.scrawl: layers[0].opacity: must be from 0 to 1, found 2")
        XCTAssertEqual(message(#"[{"id": 1, "name": "A"}]"#), "d.scrawl: layers[0].drawables: missing")
    }

    /// One random list operation, layer operations among them.
    private func randomEdit(_ list: inout DisplayList, _ g: inout SplitMix64) {
        let layers = list.layers
        let some = layers[Int(g.next() % UInt64(layers.count))].id
        switch g.next() % 14 {
        case 0: list.undo()
        case 1: list.redo()
        case 2: list.addLayer(above: some, name: g.next() % 2 == 0 ? nil : "L\(g.next() % 100)")
        case 3: list.deleteLayer(some)
        case 4: list.moveLayer(some, by: g.next() % 2 == 0 ? 1 : -1)
        case 5: list.updateLayer(some) { $0.opacity = Double(g.next() % 11) / 10 }
        case 6: list.updateLayer(some) { $0.visible.toggle() }
        case 7: list.mergeDown(some)
        case 8: list.moveItems(Set(list.items.map(\.id).filter { _ in g.next() % 3 == 0 }), to: some)
        case 9: list.remove(Set(list.items.map(\.id).filter { _ in g.next() % 4 == 0 }))
        case 10: list.updateLayer(some) { $0.name = "N\(g.next() % 50)"; $0.locked.toggle() }
        default: list.append((0..<Int(1 + g.next() % 2)).map { _ in line(Double(g.next() % 190)) }, to: some)
        }
    }

    func testKilledSessionsWithLayerOperationsAreRecoveredWithTheirHistory() throws {
        for seed: UInt64 in 1...10 {
            let compactAfter = seed % 2 == 0 ? 9 : 1000  // some end in snapshots, some in records
            var g = SplitMix64(seed: seed)
            var list = DisplayList()
            let journal = try Journal(directory: folder, canvas: canvas, displayList: list, compactAfter: compactAfter)
            for _ in 0..<120 {
                randomEdit(&list, &g)
                journal.sync(with: list)
            }
            XCTAssertNil(journal.lastError, "seed \(seed)")
            journal.waitForBackgroundWork()
            journal.close()
            let recovered = try XCTUnwrap(Journal.recover(directory: folder))
            XCTAssertGreaterThan(list.layers.count + list.history.undo.filter { $0.layers != nil }.count, 1, "seed \(seed) used layers")
            DocTest.assertSameIDHistory(recovered.displayList, list, "seed \(seed)", sameNextID: compactAfter == 1000)
            recovered.discard()
        }
    }
}
