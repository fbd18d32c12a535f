import XCTest
@testable import ScrawlCore

/// The touch mode's label on the shape bar: where it sits, that it never covers another item, that
/// it gives way to the mirror indicator, and that only a shown label is a button.
final class ToolbarTouchModeTests: XCTestCase {
    private func bars(_ width: Double) -> ToolbarLayout { ToolbarLayout(canvas: CanvasSpec(width: width, height: 600), visible: true) }

    func testTheLabelFitsTheDefaultWindowBetweenTheOpacityAndTheRecordingIndicator() throws {
        let b = bars(800)
        let r = try XCTUnwrap(b.touchModeRect(), "it fits the default 800-point window")
        XCTAssertGreaterThan(r.minX, b.opacityRect.maxX)
        XCTAssertLessThan(r.maxX, b.recordingRect.minX)
        XCTAssertEqual(b.hit(r.center), .touchMode)
        XCTAssertNil(b.touchModeRect(mirror: true), "at 800 points the mirror indicator takes its place")
        let wide = try XCTUnwrap(bars(1400).touchModeRect(mirror: true), "a wide window shows both")
        XCTAssertLessThan(wide.maxX, bars(1400).mirrorRect.minX)
        let narrow = try XCTUnwrap(bars(500).touchModeRect(), "a narrow window: the mark alone")
        XCTAssertEqual(narrow.width, narrow.height, accuracy: 1e-9)
        XCTAssertGreaterThan(wide.width, wide.height, "a wide window: the mark and the words")
        XCTAssertNil(bars(320).touchModeRect(), "a very narrow window has no room")
    }

    func testTheLabelIsDrawnOnlyWhenTheStatusHasAMode() throws {
        let b = bars(1400), style = DrawingSettings().style(for: .pen)
        XCTAssertFalse(b.labels(style: style).contains { $0.text.hasPrefix("touch") }, "render and Xvfb: no touchscreen, no label")
        let shown = b.labels(style: style, status: BarStatus(touchMode: .navigate))
        XCTAssertTrue(shown.contains { $0.text == "touch pans" })
        XCTAssertTrue(b.labels(style: style, status: BarStatus(mirror: true, touchMode: .draw)).contains { $0.text == "touch draws" }, "room for both")
        let small = bars(800)
        XCTAssertFalse(small.labels(style: style, status: BarStatus(touchMode: .draw)).contains { $0.text == "touch draws" }, "800 points: the mark alone")
        let marks = small.drawables(style: style, tool: .pencil, status: BarStatus(touchMode: .draw)).shapeBar.count
        XCTAssertGreaterThan(marks, small.drawables(style: style, tool: .pencil).shapeBar.count, "the mark is drawn")
    }

    func testOnlyAShownLabelIsAButton() throws {
        let b = bars(800), p = try XCTUnwrap(b.touchModeRect()).center
        var screen = InputScreen(bars: b)
        XCTAssertNil(screen.button(at: p), "not shown: bar space")
        screen.touchModeShown = true
        XCTAssertEqual(screen.button(at: p), .touchMode)
        var router = InputRouter()
        XCTAssertEqual(router.route(.press(.left, at: Point(p.x, p.y), modifiers: []), on: screen), .bars(.click(.touchMode, shift: false)))
    }
}
