import XCTest
@testable import ScrawlCore

/// Layers as event sequences: new ink goes to the current layer, tools act on it only, hidden and
/// locked layers are never changed, and every layer operation is one undo step.
final class LayerEditorTests: XCTestCase {
    private typealias H = ToolHelpers

    private func stroke(_ e: Editor, y: Double, from x0: Double = 20, to x1: Double = 200) {
        H.run(e, H.drag([(x0, y), ((x0 + x1) / 2, y + 1), (x1, y)]))
    }

    private func layerNames(_ e: Editor) -> [String] { e.displayList.layers.map(\.name) }
    private func itemLayers(_ e: Editor) -> [LayerID] { e.displayList.items.map(\.layer) }

    /// A state to compare before and after undo: the items (ids, drawables, layers) and the table.
    private func snapshot(_ e: Editor) -> ([DisplayItem], [Layer]) { (e.displayList.items, e.displayList.layers) }

    func testNewInkGoesToTheCurrentLayerAndStaysGroupedByLayer() {
        let e = H.editor()
        stroke(e, y: 20)
        XCTAssertTrue(e.apply(.add(name: "Top")))
        XCTAssertEqual(layerNames(e), ["Layer 1", "Top"])
        stroke(e, y: 40)
        XCTAssertTrue(e.apply(.makeCurrent(0)))
        XCTAssertEqual(e.currentLayer.name, "Layer 1")
        stroke(e, y: 60)
        let l1 = e.displayList.layers[0].id, top = e.displayList.layers[1].id
        XCTAssertEqual(itemLayers(e), [l1, l1, top])
        // The new stroke on the lower layer stacks above that layer's first and below the top's.
        let ys = e.displayList.drawables.map { ($0.paintedBounds!.center.y / 20).rounded(.down) }
        XCTAssertEqual(ys, [1, 3, 2])
        XCTAssertEqual(e.displayList.orders, e.displayList.orders.sorted())
        XCTAssertEqual(e.displayList.items(of: l1).count, 2)
    }

    func testEveryLayerOperationIsOneUndoStepThatRedoes() {
        let ops: [LayerEvent] = [.add(name: nil), .rename("Ink"), .visible(false), .locked(true), .opacity(0.5),
                                 .move(-1), .delete, .mergeDown]
        for op in ops {
            let e = H.editor()
            stroke(e, y: 20)
            e.apply(.add(name: "B"))
            stroke(e, y: 40)
            let before = snapshot(e)
            XCTAssertTrue(e.apply(op), "\(op)")
            let after = snapshot(e)
            XCTAssertFalse(after == before, "\(op) changed nothing")
            e.undo()
            XCTAssertTrue(snapshot(e) == before, "\(op) undone")
            e.redo()
            XCTAssertTrue(snapshot(e) == after, "\(op) redone")
            e.undo()
            XCTAssertTrue(snapshot(e) == before, "\(op) undone again")
        }
    }

    func testTheLastLayerCannotBeDeletedAndTheBottomOneNotMergedDown() {
        let e = H.editor()
        stroke(e, y: 20)
        XCTAssertFalse(e.apply(.delete))
        XCTAssertFalse(e.apply(.mergeDown))
        XCTAssertFalse(e.apply(.move(1)))
        XCTAssertEqual(e.displayList.count, 1)
        XCTAssertFalse(e.displayList.canRedo)
    }

    func testDeleteRemovesTheLayersDrawablesAndMergeDownKeepsTheirOrder() {
        let e = H.editor()
        stroke(e, y: 20)
        e.apply(.add(name: "B"))
        stroke(e, y: 40)
        stroke(e, y: 60)
        let drawables = e.displayList.drawables
        XCTAssertTrue(e.apply(.mergeDown))
        XCTAssertEqual(layerNames(e), ["Layer 1"])
        XCTAssertEqual(e.displayList.drawables, drawables)
        XCTAssertEqual(Set(itemLayers(e)), [e.displayList.layers[0].id])
        e.undo()
        XCTAssertEqual(layerNames(e), ["Layer 1", "B"])
        XCTAssertEqual(e.currentLayer.name, "B", "undo brings back the layer current before the merge")
        e.apply(.makeCurrent(1))
        XCTAssertTrue(e.apply(.delete))
        XCTAssertEqual(e.displayList.drawables, [drawables[0]])
        XCTAssertEqual(e.currentLayer.name, "Layer 1")
    }

    func testMovingALayerMovesItsDrawablesInTheStackingOrder() {
        let e = H.editor()
        stroke(e, y: 20)
        e.apply(.add(name: "B"))
        stroke(e, y: 40)
        stroke(e, y: 60)
        let d = e.displayList.drawables
        XCTAssertTrue(e.apply(.move(-1)))
        XCTAssertEqual(layerNames(e), ["B", "Layer 1"])
        XCTAssertEqual(e.displayList.drawables, [d[1], d[2], d[0]])
        XCTAssertEqual(e.currentLayer.name, "B")
        XCTAssertTrue(e.apply(.move(1)))
        XCTAssertEqual(e.displayList.drawables, d)
    }

    func testHiddenAndLockedLayersRefuseDrawingWithANotice() {
        for op in [LayerEvent.visible(false), .locked(true)] {
            let e = H.editor()
            stroke(e, y: 20)
            e.apply(op)
            _ = e.takeNotices()
            stroke(e, y: 40)
            XCTAssertEqual(e.displayList.count, 1, "\(op)")
            let notices = e.takeNotices()
            XCTAssertEqual(notices.count, 1)
            XCTAssertTrue(notices[0].message.contains("Layer 1"), notices[0].message)
            XCTAssertTrue(notices[0].message.contains(op == .locked(true) ? "locked" : "hidden"), notices[0].message)
        }
    }

    func testTheEraserNeverChangesAnotherLayerOrALockedOne() {
        let e = H.editor()
        stroke(e, y: 50)
        e.apply(.add(name: "B"))
        e.select(.eraser)
        H.run(e, H.drag([(100, 20), (100, 50), (100, 80)]))
        XCTAssertEqual(e.displayList.count, 1, "the stroke below is on another layer")
        e.apply(.makeCurrent(0))
        e.apply(.locked(true))
        H.run(e, H.drag([(100, 20), (100, 50), (100, 80)]))
        XCTAssertEqual(e.displayList.count, 1, "the current layer is locked")
        e.apply(.locked(false))
        H.run(e, H.drag([(100, 20), (100, 50), (100, 80)]))
        XCTAssertNotEqual(e.displayList.items.map(\.id), [1], "the unlocked current layer's stroke was erased")
    }

    func testSelectionActsOnTheCurrentLayerOnly() {
        let e = H.editor()
        stroke(e, y: 50)
        e.apply(.add(name: "B"))
        stroke(e, y: 100)
        e.select(.select)
        let select = e.tool as! SelectTool
        e.handle(H.key("ctrl+a"))
        XCTAssertEqual(select.selectedIDs, [e.displayList.items[1].id])
        // A click on the lower layer's stroke picks nothing; a box round both takes the top one.
        e.handle(.key(KeyPress(name: "escape")!))
        H.run(e, [H.touch(0, .began, 100, 50), H.touch(0, .ended, 100, 50)])
        XCTAssertEqual(select.selectedIDs, [])
        H.run(e, H.drag([(5, 5), (150, 80), (300, 150)]))  // a box (the selection's default mode)
        XCTAssertEqual(select.selectedIDs, [e.displayList.items[1].id])
    }

    func testMovingTheSelectionDownKeepsItsOrderAndItStaysSelected() {
        let e = H.editor()
        stroke(e, y: 20)
        e.apply(.add(name: "B"))
        stroke(e, y: 40)
        stroke(e, y: 60)
        let d = e.displayList.drawables
        e.select(.select)
        e.handle(H.key("ctrl+a"))
        XCTAssertTrue(e.apply(.moveSelection(-1)))
        XCTAssertEqual(e.currentLayer.name, "Layer 1")
        XCTAssertEqual(e.displayList.drawables, d)
        XCTAssertEqual(Set(itemLayers(e)), [e.displayList.layers[0].id])
        XCTAssertEqual((e.tool as! SelectTool).selectedIDs.count, 2)
        XCTAssertEqual(e.displayList.items(of: e.displayList.layers[1].id).count, 0)
        e.undo()
        XCTAssertEqual(e.displayList.items(of: e.displayList.layers[1].id).count, 2)
    }

    func testMovingTheSelectionToALockedLayerIsRefused() {
        let e = H.editor()
        e.apply(.locked(true))
        e.apply(.add(name: "B"))
        stroke(e, y: 40)
        e.select(.select)
        e.handle(H.key("ctrl+a"))
        _ = e.takeNotices()
        XCTAssertFalse(e.apply(.moveSelection(-1)))
        XCTAssertEqual(e.takeNotices().map(\.message), ["Layer \"Layer 1\" is locked — unlock it to draw on it"])
        XCTAssertEqual(e.displayList.items(of: e.displayList.layers[1].id).count, 1)
    }

    func testTheEyedropperAndFollowSeeTheCurrentLayerOnly() {
        let e = H.editor()
        stroke(e, y: 50)
        let ink = e.colour(at: Point(110, 50.5))
        e.apply(.add(name: "B"))
        XCTAssertNotEqual(e.colour(at: Point(110, 50.5)), ink)
        XCTAssertNil(e.lastDrawablePath)
        e.apply(.makeCurrent(0))
        XCTAssertEqual(e.colour(at: Point(110, 50.5)), ink)
        XCTAssertNotNil(e.lastDrawablePath)
    }

    func testAPasteGoesToTheCurrentLayer() {
        let e = H.editor()
        stroke(e, y: 20)
        e.select(.select)
        e.handle(H.key("ctrl+a"))
        e.handle(H.key("ctrl+c"))
        e.apply(.add(name: "B"))
        e.apply(.makeCurrent(0))
        e.handle(H.key("ctrl+v"))
        XCTAssertEqual(itemLayers(e), [e.displayList.layers[0].id, e.displayList.layers[0].id])
    }

    func testARestoredHistoryKeepsTheLayersAndUndoesThroughThem() throws {
        let e = H.editor()
        stroke(e, y: 20)
        e.apply(.add(name: "B"))
        stroke(e, y: 40)
        e.apply(.opacity(0.25))
        var restored = try DisplayList(restoring: e.displayList.history)
        XCTAssertEqual(restored.layers, e.displayList.layers)
        XCTAssertEqual(restored.items, e.displayList.items)
        XCTAssertTrue(restored.undo())
        XCTAssertEqual(restored.layers[1].opacity, 1)
        XCTAssertTrue(restored.undo())
        XCTAssertTrue(restored.undo())
        XCTAssertEqual(restored.layers.map(\.name), ["Layer 1"])
        XCTAssertEqual(restored.addLayer(above: .first), LayerID(3), "new layer ids never repeat one in the history")
    }

    func testAHistoryWhoseLayersDoNotFitIsRefused() {
        let item = DisplayItem(id: 1, drawable: SelectTestSupport.line(Point(0, 0), Point(10, 0)), layer: LayerID(7))
        XCTAssertThrowsError(try DisplayList(restoring: .init(items: [item]))) { error in
            XCTAssertEqual(error as? HistoryError, .layersDoNotFit)
        }
    }
}

/// The layer keys: each acts on the current layer and says where it leaves it.
final class LayerKeyTests: XCTestCase {
    private typealias H = ToolHelpers

    func testTheLayerKeysWorkTheCurrentLayerAndSayWhereItIs() {
        let e = H.editor()
        H.run(e, H.drag([(20, 20), (60, 21), (100, 20)]))
        e.handle(H.key("ctrl+shift+n"))
        XCTAssertEqual(e.takeNotices(), [.layerStatus("Layer 2 of 2: Layer 2")])
        XCTAssertTrue(e.statusLine.hasSuffix(" — Layer 2"), e.statusLine)
        e.handle(H.key("alt+["))
        e.handle(H.key("alt+["))
        XCTAssertEqual(e.currentLayer.opacity, 0.8, accuracy: 1e-9)
        e.handle(H.key("alt+h"))
        e.handle(H.key("alt+l"))
        XCTAssertEqual(e.takeNotices().last, .layerStatus("Layer 2 of 2: Layer 2 (80 %, hidden, locked)"))
        e.handle(H.key("alt+down"))
        XCTAssertEqual(e.currentLayer.name, "Layer 1")
        e.handle(H.key("shift+alt+up"))
        XCTAssertEqual(e.displayList.layers.map(\.name), ["Layer 2", "Layer 1"])
        _ = e.takeNotices()
        e.handle(H.key("alt+m"))  // refused: Layer 2, below, is hidden
        XCTAssertEqual(e.displayList.layers.map(\.name), ["Layer 2", "Layer 1"])
        XCTAssertEqual(e.takeNotices().first, .mergeHidden(name: "Layer 2"))
        e.handle(H.key("alt+down"))
        e.handle(H.key("alt+h"))
        e.handle(H.key("alt+up"))
        e.handle(H.key("alt+m"))
        XCTAssertEqual(e.displayList.layers.map(\.name), ["Layer 2"])
        XCTAssertEqual(e.displayList.count, 1)
        e.handle(H.key("ctrl+z"))  // the merge undone: Layer 1 current again
        XCTAssertEqual(e.currentLayer.name, "Layer 1")
        e.handle(H.key("alt+down"))
        e.handle(H.key("alt+delete"))
        XCTAssertEqual(e.displayList.layers.map(\.name), ["Layer 1"])
        XCTAssertEqual(e.displayList.count, 1)
    }
}

/// Clearing the canvas clears the current layer only, and never a hidden or locked one.
final class LayerClearTests: XCTestCase {
    private typealias H = ToolHelpers

    func testClearTakesTheCurrentLayerOnlyAndNeverALockedOne() {
        let e = H.editor()
        H.run(e, H.drag([(20, 20), (60, 21), (100, 20)]))
        e.apply(.add(name: "B"))
        H.run(e, H.drag([(20, 40), (60, 41), (100, 40)]))
        e.handle(H.key("ctrl+shift+delete"))
        XCTAssertEqual(e.displayList.items.map(\.layer), [.first], "the lower layer's stroke stays")
        e.handle(H.key("ctrl+z"))
        e.apply(.makeCurrent(0))
        e.apply(.locked(true))
        _ = e.takeNotices()
        e.handle(H.key("ctrl+shift+delete"))
        XCTAssertEqual(e.displayList.count, 2, "a locked layer is not cleared")
        XCTAssertEqual(e.takeNotices().map(\.message), ["Layer \"Layer 1\" is locked — unlock it to draw on it"])
    }
}
