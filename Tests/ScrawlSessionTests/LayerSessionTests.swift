import Foundation
import XCTest
import ScrawlCore
import ScrawlSession
import ScrawlStorage

/// Layers through the session: a save keeps them, a drawing kept at a quit (a hot exit) comes back
/// with them, and Revert to saved puts back the saved layers as one undo step.
final class LayerSessionTests: XCTestCase {
    func testLayersAreSavedKeptAtQuitAndReverted() throws {
        let box = try SessionSandbox()
        let path = box.root + "/docs/layers.scrawl"
        try box.makeDocument(path, count: 1)
        let s = try box.start(path)
        s.editor.apply(.add(name: "Ink"))
        s.draw(2)
        s.editor.apply(.opacity(0.5))
        XCTAssertTrue(s.save())
        let saved = try DocumentStore.standard.open(path)
        XCTAssertEqual(saved.layers.map(\.name), ["Layer 1", "Ink"])
        XCTAssertEqual(saved.layers[1].opacity, 0.5)
        XCTAssertEqual(saved.items.map(\.layer), [LayerID(1), LayerID(2), LayerID(2)])
        // Unsaved layer changes, kept at the quit and back at the next start.
        s.editor.apply(.visible(false))
        s.editor.apply(.add(name: "Notes"))
        s.autosave()
        XCTAssertTrue(s.quit())
        let next = try box.start(path)
        XCTAssertEqual(next.editor.displayList.layers.map(\.name), ["Layer 1", "Ink", "Notes"])
        XCTAssertFalse(next.editor.displayList.layers[1].visible)
        XCTAssertTrue(next.revert())
        XCTAssertEqual(next.editor.displayList.layers, saved.layers)
        XCTAssertEqual(next.editor.displayList.items.map(\.layer), saved.items.map(\.layer))
        next.editor.undo()
        XCTAssertEqual(next.editor.displayList.layers.map(\.name), ["Layer 1", "Ink", "Notes"], "undo brings the changes back")
        XCTAssertTrue(next.quit())
    }
}
