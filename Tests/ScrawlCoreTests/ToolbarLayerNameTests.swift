import XCTest
@testable import ScrawlCore

/// The current layer's name beside the layers button: where it sits, that it never overlaps the
/// bar's other controls, that a click on it is the layers button, and how a long name is cut.
final class ToolbarLayerNameTests: XCTestCase {
    private func layout(_ width: Double, name: String? = "Ink") -> ToolbarLayout {
        ToolbarLayout(canvas: CanvasSpec(width: width, height: 600), visible: true, layerName: name)
    }

    /// The colour bar's controls left to right (the name's box after the commands).
    private func colourRects(_ l: ToolbarLayout) -> [Rect] {
        var rects = l.commandRects + [l.layerNameRect].compactMap { $0 } + l.swatchRects + [l.colorIndicatorRect] + l.recentRects
        if let ink = l.inkRects { rects += [ink.pressure, ink.stabilizer] }
        return rects
    }

    func testAtTheDefaultWidthTheNameSitsAfterTheLayersButtonAndTheToolOptionsStillShow() throws {
        let l = layout(800)
        let r = try XCTUnwrap(l.layerNameRect)
        XCTAssertGreaterThan(r.minX, l.commandRects.last!.maxX, "after the layers button")
        XCTAssertLessThan(r.maxX, l.commandSeparatorX, "before the line and the swatches")
        XCTAssertLessThan(r.maxX, l.swatchRects[0].minX)
        XCTAssertEqual(l.hit(r.center), .command(.layers), "a click on it is the layers button")
        XCTAssertTrue(l.showsToolOptions, "the pressure and steady labels keep their place at 800 points")
        XCTAssertGreaterThanOrEqual(l.recentRects.count, ToolbarLayout.minRecentSlotsBesideName)
        let labels = l.labels(style: DrawingSettings.defaults[.pen])
        let label = try XCTUnwrap(labels.first { $0.text == "Ink" })
        XCTAssertFalse(label.onShapeBar)
        XCTAssertTrue(label.cutToFit)
        XCTAssertTrue(r.contains(label.rect.center) && label.rect.maxX <= r.maxX)
    }

    func testWithoutANameTheBarIsAsBefore() {
        let plain = ToolbarLayout(canvas: CanvasSpec(width: 800, height: 600), visible: true)
        XCTAssertEqual(layout(800, name: nil).swatchRects, plain.swatchRects)
        XCTAssertNil(plain.layerNameRect)
        XCTAssertFalse(plain.labels(style: DrawingSettings.defaults[.pen]).contains { !$0.onShapeBar })
        XCTAssertNil(ToolbarLayout(canvas: CanvasSpec(width: 800, height: 600), visible: false, layerName: "Ink").layerNameRect)
    }

    /// From 160 points up the name's box overlaps nothing and stays in the bar; on a narrow window
    /// it is left out (and a click there is no layers button).
    func testTheNameNeverOverlapsTheColourBarsControls() {
        var shownFrom: Double?
        for w in stride(from: 160.0, through: 2000, by: 7) {
            let l = layout(w)
            let rects = colourRects(l)
            for (a, b) in zip(rects, rects.dropFirst()) {
                XCTAssertLessThanOrEqual(a.maxX, b.minX + 1e-9, "width \(w): \(a) overlaps \(b)")
            }
            for r in rects {
                XCTAssertTrue(r.minX >= 0 && r.maxX <= w + 1e-9 && r.minY >= l.colorBar.minY && r.maxY <= l.colorBar.maxY, "width \(w): \(r)")
            }
            if l.showsLayerName, shownFrom == nil { shownFrom = w }
            if shownFrom != nil { XCTAssertTrue(l.showsLayerName, "shown at every width above the first at \(w)") }
        }
        XCTAssertLessThan(shownFrom ?? .infinity, 600)
        XCTAssertFalse(layout(300).showsLayerName)
    }

    func testALongNameIsCutWithAnEllipsis() {
        XCTAssertEqual(ToolbarLayout.layerNameText("Layer 2"), "Layer 2")
        XCTAssertEqual(ToolbarLayout.layerNameText("123456789012"), "123456789012")
        XCTAssertEqual(ToolbarLayout.layerNameText("Background sketch"), "Background …")
        XCTAssertEqual(ToolbarLayout.layerNameText("Background sketch").count, ToolbarLayout.layerNameCharacters)
        let labels = layout(800, name: "Background sketch").labels(style: DrawingSettings.defaults[.pen])
        XCTAssertTrue(labels.contains { $0.text == "Background …" })
    }

    /// `fitted` cuts by measure: each character 10 wide here.
    func testFittedCutsUntilTheWordsFit() {
        let measure = { (s: String) in Double(s.count) * 10 }
        XCTAssertEqual(ToolbarLabel.fitted("abc", room: 30, measure: measure), "abc")
        XCTAssertEqual(ToolbarLabel.fitted("abcdef", room: 40, measure: measure), "abc…")
        XCTAssertEqual(ToolbarLabel.fitted("ab cdef", room: 40, measure: measure), "ab…", "no space before the ellipsis")
        XCTAssertEqual(ToolbarLabel.fitted("abcdefghijk…", room: 50, measure: measure), "abcd…")
        XCTAssertEqual(ToolbarLabel.fitted("abcdef", room: 5, measure: measure), "…")
    }

    func testTheEditorGivesTheNameOnlyWithMoreThanOneLayer() {
        let editor = ToolHelpers.editor()
        XCTAssertNil(editor.barLayerName, "one layer: no name in the bar")
        editor.apply(.add(name: "Ink"))
        XCTAssertEqual(editor.barLayerName, "Ink")
        editor.apply(.makeCurrent(0))
        XCTAssertEqual(editor.barLayerName, "Layer 1")
    }
}
