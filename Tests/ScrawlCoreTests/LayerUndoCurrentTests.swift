import XCTest
@testable import ScrawlCore

/// Undo and redo of a layer operation bring back the current layer of before and after it, even
/// when another layer was made current in between.
final class LayerUndoCurrentTests: XCTestCase {
    private typealias H = ToolHelpers

    private func stroke(_ e: Editor, y: Double) { H.run(e, H.drag([(20, y), (110, y + 1), (200, y)])) }

    /// A drawing with layers named `names` (bottom to top), the top one current.
    private func editor(_ names: [String]) -> Editor {
        let e = H.editor()
        e.apply(.rename(names[0]))
        for n in names.dropFirst() { e.apply(.add(name: n)) }
        return e
    }

    private func current(_ e: Editor) -> String { e.currentLayer.name }
    private func make(_ e: Editor, current name: String) {
        e.apply(.makeCurrent(e.displayList.layers.firstIndex { $0.name == name }!))
    }

    func testUndoingAnAddBringsBackTheLayerThatWasCurrent() {
        let e = editor(["A", "B"])
        make(e, current: "A")
        e.apply(.add(name: "New"))
        make(e, current: "B")
        e.undo()
        XCTAssertEqual(current(e), "A", "current before the add")
        e.redo()
        XCTAssertEqual(current(e), "New", "current after the add")
    }

    func testUndoingADeleteMakesTheDeletedLayerCurrentAgain() {
        let e = editor(["A", "B", "C"])
        make(e, current: "B")
        e.apply(.delete)
        XCTAssertEqual(current(e), "A")
        e.undo()
        XCTAssertEqual(current(e), "B")
        e.redo()
        XCTAssertEqual(current(e), "A")
    }

    func testUndoingAMergeMakesTheUpperLayerCurrentAgain() {
        let e = editor(["A", "B", "C"])
        make(e, current: "B")
        e.apply(.mergeDown)
        XCTAssertEqual(current(e), "A")
        e.undo()
        XCTAssertEqual(current(e), "B")
        e.redo()
        XCTAssertEqual(current(e), "A")
    }

    func testUndoingAMoveBringsBackTheMovedLayerAsCurrent() {
        let e = editor(["A", "B"])
        e.apply(.move(-1))
        make(e, current: "A")
        e.undo()
        XCTAssertEqual(e.displayList.layers.map(\.name), ["A", "B"])
        XCTAssertEqual(current(e), "B")
        make(e, current: "A")
        e.redo()
        XCTAssertEqual(current(e), "B")
    }

    func testUndoingMovingTheSelectionBringsBackItsLayer() {
        let e = editor(["A", "B"])
        stroke(e, y: 40)
        e.select(.select)
        e.handle(H.key("ctrl+a"))
        XCTAssertTrue(e.apply(.moveSelection(-1)))
        XCTAssertEqual(current(e), "A")
        e.undo()
        XCTAssertEqual(current(e), "B")
        XCTAssertEqual(e.displayList.items(of: e.currentLayer.id).count, 1)
        e.redo()
        XCTAssertEqual(current(e), "A")
    }

    /// Steps that are no layer operation, and the panel's changes to a row's layer, leave the
    /// current layer alone when undone.
    func testOtherStepsLeaveTheCurrentLayerAsItIs() {
        let e = editor(["A", "B"])
        e.apply(.opacity(0.5))
        make(e, current: "A")
        e.undo()
        XCTAssertEqual(e.currentLayer.name, "A")
        XCTAssertEqual(e.displayList.layers[1].opacity, 1)
        stroke(e, y: 60)
        make(e, current: "B")
        e.undo()
        XCTAssertEqual(current(e), "B")
    }
}
