import XCTest
@testable import ScrawlCore

final class EditorKeysTests: XCTestCase {
    func testColourKeys() {
        let e = ToolHelpers.editor()
        let expected: [(String, Color)] = [("1", .red), ("2", .blue), ("3", .yellow), ("4", .green),
                                           ("6", .lightGray), ("7", .white), ("0", .black)]
        for (k, c) in expected {
            e.perform(KeyPress(name: k)!)
            XCTAssertEqual(e.settings[.pen].stroke, .fixed(c), k)
        }
        e.perform(KeyPress(name: "shift+2")!)
        XCTAssertEqual(e.settings[.pen].fill, .fixed(.blue))
        e.perform(KeyPress(name: "shift+9")!)
        XCTAssertNil(e.settings[.pen].fill)
    }

    func testWidthAndOpacityStepAndStopAtTheEnds() {
        let e = ToolHelpers.editor()
        var seen: [Double] = []
        for _ in 0..<15 { e.perform(KeyPress(name: "]")!); seen.append(e.settings[.pen].width) }
        XCTAssertEqual(Array(seen.prefix(11)), [3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 64])
        for _ in 0..<20 { e.perform(KeyPress(name: "[")!) }
        XCTAssertEqual(e.settings[.pen].width, 1)
        e.perform(KeyPress(name: "shift+]")!)
        XCTAssertEqual(e.settings[.pen].opacity, 1)
        for (expected) in [0.75, 0.5, 0.25, 0.25] {
            e.perform(KeyPress(name: "shift+[")!)
            XCTAssertEqual(e.settings[.pen].opacity, expected)
        }
    }

    func testWellFormedKeyWithoutActionIsIgnored() {
        let e = ToolHelpers.editor()
        XCTAssertEqual(e.perform(KeyPress(name: "ctrl+q")!), .ignored)
        XCTAssertEqual(e.perform(KeyPress(name: "j")!), .ignored)
    }

    func testUndoRedoClear() {
        let e = ToolHelpers.editor()
        ToolHelpers.run(e, ToolHelpers.drag([(0, 0), (1, 1)]) + ToolHelpers.drag([(5, 5), (6, 6)]))
        XCTAssertEqual(e.displayList.count, 2)
        e.perform(KeyPress(name: "ctrl+z")!)
        XCTAssertEqual(e.displayList.count, 1)
        e.perform(KeyPress(name: "ctrl+shift+z")!)
        XCTAssertEqual(e.displayList.count, 2)
        e.perform(KeyPress(name: "ctrl+shift+delete")!)
        XCTAssertEqual(e.displayList.count, 0)
        e.perform(KeyPress(name: "ctrl+z")!)
        XCTAssertEqual(e.displayList.count, 2)
        e.perform(KeyPress(name: "ctrl+y")!)
        XCTAssertEqual(e.displayList.count, 0)
        e.perform(KeyPress(name: "ctrl+z")!)
        ToolHelpers.run(e, ToolHelpers.drag([(9, 9), (8, 8)]))
        XCTAssertFalse(e.displayList.canRedo, "a new drawable empties the redo stack")
    }

    /// A slip of the keyboard never loses a drawing: delete and backspace with nothing selected do
    /// nothing, whatever the tool; only ctrl+shift+delete clears.
    func testDeleteAndBackspaceWithNothingSelectedDoNothing() {
        for tool in ["p", "r", "b", "x", "v"] {
            let e = ToolHelpers.editor()
            ToolHelpers.run(e, ToolHelpers.drag([(0, 0), (30, 30)]) + ToolHelpers.drag([(50, 50), (60, 60)]) + [ToolHelpers.key(tool)])
            for key in ["delete", "backspace", "shift+delete", "ctrl+delete"] {
                e.perform(KeyPress(name: key)!)
                XCTAssertEqual(e.displayList.count, 2, "\(tool) \(key)")
            }
            XCTAssertEqual(e.takeNotices(), [], tool)
            e.perform(KeyPress(name: "ctrl+shift+delete")!)
            XCTAssertTrue(e.displayList.isEmpty, tool)
            XCTAssertEqual(e.takeNotices(), [.cleared], tool)
        }
    }

    func testDeleteOnEmptyCanvasIsNotAStep() {
        let e = ToolHelpers.editor()
        e.perform(KeyPress(name: "delete")!)
        e.perform(KeyPress(name: "ctrl+shift+delete")!)
        XCTAssertFalse(e.displayList.canUndo)
        XCTAssertEqual(e.takeNotices(), [], "nothing was cleared, nothing to say")
    }

    func testUndoCancelsTouchesStillDown() {
        let e = ToolHelpers.editor()
        ToolHelpers.run(e, ToolHelpers.drag([(0, 0), (1, 1)]) + [ToolHelpers.touch(1, .began, 5, 5), ToolHelpers.key("ctrl+z"), ToolHelpers.touch(1, .ended, 6, 6)])
        XCTAssertTrue(e.displayList.isEmpty)
        XCTAssertTrue(e.liveItems.isEmpty)
    }

    func testRandomColoursFollowSplitMix64FromTheSeed() {
        var g = SplitMix64(seed: 7)
        let v = g.next()
        let e = ToolHelpers.editor(seed: 7)
        ToolHelpers.run(e, [ToolHelpers.key("5")] + ToolHelpers.drag([(0, 0), (3, 3)]))
        let c = ToolHelpers.paths(e)[0].stroke!
        XCTAssertEqual(c, Color(r: UInt8(v >> 56), g: UInt8(v >> 48 & 0xff), b: UInt8(v >> 40 & 0xff)))
        // Reference value of SplitMix64 for seed 0 (first output 0xE220A8397B1DCDAF).
        var z = SplitMix64(seed: 0)
        XCTAssertEqual(z.next(), 0xE220_A839_7B1D_CDAF)
    }

    func testRandomFillDrawsAfterStrokeInArrayOrder() {
        let e = ToolHelpers.editor(seed: 3)
        ToolHelpers.run(e, [ToolHelpers.key("r"), ToolHelpers.key("5"), ToolHelpers.key("shift+5")])
        e.handle(.touches([Touch(id: 0, phase: .began, location: Point(0, 0)),
                           Touch(id: 1, phase: .began, location: Point(50, 50))]))
        e.handle(.touches([Touch(id: 0, phase: .ended, location: Point(10, 10)),
                           Touch(id: 1, phase: .ended, location: Point(60, 60))]))
        var g = SplitMix64(seed: 3)
        let expected = (0..<4).map { _ in g.nextColor() }
        let p = ToolHelpers.paths(e)
        XCTAssertEqual(p.map(\.stroke), [expected[0], expected[2]])
        XCTAssertEqual(p.map(\.fill), [expected[1], expected[3]])
    }

    func testStatusLineNamesToolColoursWidthOpacity() {
        let e = ToolHelpers.editor()
        XCTAssertEqual(e.statusLine, "Pencil — stroke black, fill light gray, width 2, opacity 100%")
    }
}
