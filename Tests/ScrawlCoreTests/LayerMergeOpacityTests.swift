import XCTest
@testable import ScrawlCore

/// Merge down bakes the upper layer's opacity into its drawables (scaled by upper over lower, each
/// alpha at most opaque), is one undo step, and is refused while either layer is hidden.
final class LayerMergeOpacityTests: XCTestCase {
    private typealias H = ToolHelpers

    private let path = Drawable.path(PathDrawable(path: .rectangle(Rect(x: 10, y: 10, width: 40, height: 30)),
                                                  stroke: Color(r: 200, g: 0, b: 0), fill: Color(r: 0, g: 0, b: 200, a: 100),
                                                  style: StrokeOptions(width: 2)))
    private let stamp = Drawable.stamp(StampDrawable(image: ToolHelpers.image, center: Point(100, 100), opacity: 0.8))
    private let text = Drawable.text(TextDrawable(string: "Hi", family: "Sans", size: 12, position: Point(150, 50),
                                                  colour: Color(r: 0, g: 90, b: 0, a: 200), outline: Path(), box: Rect(x: 150, y: 40, width: 20, height: 12)))

    /// A drawing of two layers: the lower at `lower`, the upper at `upper` holding `drawables`,
    /// the upper current.
    private func editor(lower: Double, upper: Double, _ drawables: [Drawable]) -> Editor {
        let e = Editor(canvas: CanvasSpec(width: 400, height: 300), seed: 0, stampImage: H.image,
                       displayList: DisplayList(layers: [(Layer(id: LayerID(1), name: "Low", opacity: lower), []),
                                                         (Layer(id: LayerID(2), name: "Up", opacity: upper), drawables)]))
        return e
    }

    private func alphas(_ d: Drawable) -> [Double] {
        switch d {
        case .path(let p): return [p.stroke, p.fill].compactMap { $0.map { Double($0.a) } }
        case .stamp(let s): return [(s.opacity * 255).rounded()]
        case .text(let t): return [Double(t.colour.a)]
        }
    }

    func testALessOpaqueUpperLayersOpacityIsBakedIntoEachAlpha() {
        let e = editor(lower: 1, upper: 0.5, [path, stamp, text])
        XCTAssertTrue(e.apply(.mergeDown))
        XCTAssertEqual(e.displayList.layers.map(\.name), ["Low"])
        let merged = e.displayList.drawables
        XCTAssertEqual(merged.map(alphas), [[128, 50], [102], [100]], "255 and 100 halved, the stamp 0.8 to 0.4, the text 200 to 100")
        XCTAssertEqual(merged[0].paintedBounds, path.paintedBounds, "only the alphas change")
    }

    /// Where the merged drawables overlap nothing they look as before: alpha × layer opacity.
    func testWhatShowsOfAMergedDrawableIsWhatShowedBefore() {
        for (lower, upper) in [(1.0, 0.5), (0.8, 0.2), (0.6, 0.6), (1, 0.1)] {
            let e = editor(lower: lower, upper: upper, [path])
            e.apply(.mergeDown)
            let shown = alphas(e.displayList.drawables[0]).map { $0 * lower }
            let before = alphas(path).map { $0 * upper }
            for (a, b) in zip(shown, before) { XCTAssertEqual(a, b, accuracy: 0.5 * lower + 1e-9, "\(lower), \(upper)") }
        }
    }

    func testAMoreOpaqueUpperLayerRaisesTheAlphasUpToOpaque() {
        let e = editor(lower: 0.5, upper: 1, [path, stamp])
        XCTAssertTrue(e.apply(.mergeDown))
        XCTAssertEqual(e.displayList.drawables.map(alphas), [[255, 200], [255]], "100 doubled; 255 and the stamp's 0.8 at most opaque")
    }

    func testEqualOpacitiesMergeTheDrawablesAsTheyAre() {
        let e = editor(lower: 0.7, upper: 0.7, [path, stamp, text])
        XCTAssertTrue(e.apply(.mergeDown))
        XCTAssertEqual(e.displayList.drawables, [path, stamp, text])
    }

    func testTheMergeIsOneUndoStep() {
        let e = editor(lower: 1, upper: 0.5, [path, text])
        let before = (e.displayList.items, e.displayList.layers)
        XCTAssertTrue(e.apply(.mergeDown))
        e.undo()
        XCTAssertEqual(e.displayList.items, before.0)
        XCTAssertEqual(e.displayList.layers, before.1)
        XCTAssertFalse(e.displayList.canUndo)
        e.redo()
        XCTAssertEqual(e.displayList.drawables.map(alphas), [[128, 50], [100]])
    }

    func testAHiddenLayerIsNotMergedAndTheEditorSaysWhy() {
        for hide in [1, 0] {
            let e = editor(lower: 1, upper: 0.5, [path])
            e.apply(.makeCurrent(hide))
            e.apply(.visible(false))
            e.apply(.makeCurrent(1))
            _ = e.takeNotices()
            let before = (e.displayList.items, e.displayList.layers, e.displayList.state)
            XCTAssertFalse(e.apply(.mergeDown), "hidden \(hide)")
            XCTAssertEqual(e.displayList.items, before.0)
            XCTAssertEqual(e.displayList.layers, before.1)
            XCTAssertEqual(e.displayList.state, before.2, "no step")
            let name = hide == 1 ? "Up" : "Low"
            XCTAssertEqual(e.takeNotices(), [.mergeHidden(name: name)])
            XCTAssertEqual(EditorNotice.mergeHidden(name: name).message, "Layer \"\(name)\" is hidden — show it to merge")
        }
    }

    func testFadedByScalesEachAlphaApart() {
        XCTAssertEqual(alphas(path.faded(by: 0.5)), [128, 50])
        XCTAssertEqual(alphas(path.faded(by: 3)), [255, 255])
        XCTAssertEqual(alphas(path.faded(by: 0)), [0, 0])
        XCTAssertEqual(path.faded(by: .nan), path)
        XCTAssertEqual(DisplayList.mergeFactor(upper: Layer(id: .first, name: "a", opacity: 0.3), lower: Layer(id: .first, name: "b", opacity: 0)), 1)
    }
}
