import XCTest
@testable import ScrawlCore

/// `DisplayList.items(of:)` finds a layer's block by bisection: through random sequences of
/// strokes and layer operations (empty layers, moves, deletes, merges, undo and redo), it gives
/// exactly the items that are on the layer, in the list's order.
final class LayerItemRangeTests: XCTestCase {
    private typealias H = ToolHelpers

    private func checkRanges(_ e: Editor, _ step: Int) {
        let list = e.displayList
        for layer in list.layers {
            let expected = list.items.filter { $0.layer == layer.id }.map(\.id)
            XCTAssertEqual(list.items(of: layer.id).map(\.id), expected, "step \(step), layer \(layer.id.value)")
        }
        XCTAssertTrue(list.items(of: LayerID(999_999)).isEmpty)
    }

    func testItemsOfEachLayerMatchAFilterThroughRandomOperations() {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<8 {
            let e = H.editor()
            for step in 0..<60 {
                let y = Double.random(in: 10...400, using: &rng)
                switch Int.random(in: 0..<10, using: &rng) {
                case 0...3: H.run(e, H.drag([(20, y), (80, y + 1), (160, y)]))
                case 4: _ = e.apply(.add(name: nil))
                case 5: _ = e.apply(.makeCurrent(Int.random(in: 0..<e.displayList.layers.count, using: &rng)))
                case 6: _ = e.apply(.move(Bool.random(using: &rng) ? 1 : -1))
                case 7: _ = e.apply(Bool.random(using: &rng) ? .delete : .mergeDown)
                case 8: e.undo()
                default: e.redo()
                }
                checkRanges(e, step)
            }
        }
    }
}
