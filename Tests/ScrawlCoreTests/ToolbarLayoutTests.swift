import XCTest
@testable import ScrawlCore

/// The bars' layout: the command buttons, the zoom, the tool options, and nothing overlapping or
/// leaving its bar at any window width.
final class ToolbarLayoutTests: XCTestCase {
    private func layout(_ width: Double) -> ToolbarLayout {
        ToolbarLayout(canvas: CanvasSpec(width: width, height: 600), visible: true)
    }

    func testTheCommandsComeFirstOnTheColourBarAndEachHasAKey() {
        let l = layout(800)
        XCTAssertEqual(l.commandRects.count, ToolbarCommand.allCases.count)
        for (command, r) in zip(ToolbarCommand.allCases, l.commandRects) {
            XCTAssertEqual(l.hit(r.center), .command(command))
            XCTAssertTrue(l.colorBar.contains(r.center))
            XCTAssertNotNil(KeyTable.chord(for: command.action), "\(command) is its key's button")
        }
        XCTAssertLessThan(l.commandRects.last!.maxX, l.swatchRects[0].minX, "then the swatches")
        XCTAssertEqual(ToolbarCommand.allCases.map { KeyTable.chord(for: $0.action)!.name }, ["ctrl+s", "ctrl+e", "ctrl+i", "ctrl+z", "ctrl+shift+z", "ctrl+l"])
    }

    func testTheZoomSitsAtTheShapeBarsRightEndAndSaysThePercent() {
        let l = layout(800)
        XCTAssertEqual(l.hit(l.zoomRect.center), .zoom)
        XCTAssertEqual(l.zoomRect.maxX, 796, accuracy: 1e-9)
        XCTAssertTrue(l.shapeBar.contains(l.zoomRect.center))
        XCTAssertEqual(ToolbarLayout.zoomText(1), "100 %")
        XCTAssertEqual(ToolbarLayout.zoomText(pow(2, 0.5)), "141 %")
        XCTAssertEqual(ToolbarLayout.zoomText(Viewport.minZoom), "3.1 %")
        XCTAssertEqual(ToolbarLayout.zoomText(Viewport.maxZoom), "6400 %")
        var status = BarStatus()
        status.zoom = 2
        let labels = l.labels(style: DrawingSettings.defaults[.pen], status: status)
        XCTAssertEqual(labels.map(\.text), ["2 pt", "100 %", "200 %"], "width, opacity, zoom")
        XCTAssertTrue(labels.allSatisfy(\.onShapeBar))
        XCTAssertGreaterThan(labels[2].rect.minX, labels[1].rect.maxX, "the zoom's words are not the opacity's")
    }

    func testTheSelectionsModeTakesThePressureLabelsPlace() throws {
        let l = layout(800)
        let r = try XCTUnwrap(l.selectModeRect)
        XCTAssertEqual(l.hit(r.center, selectMode: true), .selectMode)
        XCTAssertEqual(l.hit(r.center), .pressure)
        var screen = InputScreen(bars: l)
        XCTAssertNil(screen.button(at: r.center), "bar space for a tool without options")
        screen.selectMode = true
        XCTAssertEqual(screen.button(at: r.center), .selectMode)
        var status = BarStatus()
        status.selectMode = .lasso
        XCTAssertTrue(l.labels(style: DrawingSettings.defaults[.pen], status: status).contains { $0.text == "lasso select" && !$0.onShapeBar })
        XCTAssertNil(layout(600).selectModeRect, "no room for the tool options")
    }

    /// From 160 points up, the buttons and boxes of each bar lie inside it, one after another
    /// without overlapping; the values that do not fit are not shown (nor hit).
    func testNothingOverlapsAndEverythingShownStaysInItsBar() {
        for w in stride(from: 160.0, through: 2000, by: 7) {
            let l = layout(w)
            var colour = l.commandRects + l.swatchRects + [l.colorIndicatorRect] + l.recentRects
            if let ink = l.inkRects { colour += [ink.pressure, ink.stabilizer] }
            var shape = l.toolRects + l.shownValues.map(\.rect)
            if l.showsIndicators { shape.insert(contentsOf: [l.mirrorRect, l.recordingRect], at: shape.count - 1) }
            for (name, rects, bar) in [("colour", colour, l.colorBar), ("shape", shape, l.shapeBar)] {
                for (a, b) in zip(rects, rects.dropFirst()) {
                    XCTAssertLessThanOrEqual(a.maxX, b.minX + 1e-9, "\(name) bar at width \(w): \(a) overlaps \(b)")
                }
                for r in rects {
                    XCTAssertTrue(r.minX >= 0 && r.maxX <= w + 1e-9 && r.minY >= bar.minY && r.maxY <= bar.maxY,
                                  "\(name) bar at width \(w): \(r) leaves the bar")
                }
            }
            let shown = l.shownValues.map(\.hit)
            for (hit, r) in [(ToolbarHit.width, l.widthRect), (.opacity, l.opacityRect), (.zoom, l.zoomRect)] where !shown.contains(hit) {
                XCTAssertNotEqual(l.hit(r.center), hit, "width \(w): a value not shown is not hit")
            }
        }
        XCTAssertEqual(layout(800).shownValues.map(\.hit), [.width, .opacity, .zoom], "all shown at the default width")
        XCTAssertTrue(layout(800).showsIndicators)
    }
}
