import Foundation
import ScrawlCore
import XCTest

/// The real window on a real Xorg, with pen and touch input injected through the inputtest
/// devices, checked in what the app made: its `--record` replay (the raw JSON: `device`, `pressure`)
/// and the document it saved at the quit.
final class RealInputWindowTests: XCTestCase {
    /// The key that switches between *touch draws* and *touch navigates* (KeyTable).
    static let touchModeKey = "n"

    private func touchSamples(_ recording: Recording, device: String) -> [Recording.Sample] {
        recording.samples.filter { $0.device == device }
    }

    /// A pen stroke whose pressure rises from 0.1 to 0.9 arrives with those pressures, one sample
    /// per pen event, all from the pen: GLFW's emulated mouse events for the same motion add nothing.
    func testAPenStrokeArrivesWithItsPressuresAndNoMouseSamples() throws {
        let app = try RealInputApp()
        let pen = try app.server.connect(.pen)
        let pressures = (1...9).map { Double($0) / 10 }
        let points = pressures.indices.map { (100 + Double($0) * 50, 300.0) }
        try app.penStroke(pen, points, pressures: pressures)
        try app.harness.waitForTitle(containing: " *")
        let (recording, drawables) = try app.quit()

        let samples = recording.samples
        XCTAssertEqual(Set(samples.map(\.device)), ["pen"], "every sample is the pen's: \(recording.text)")
        XCTAssertEqual(samples.filter { $0.phase == "began" }.count, 1, "one stroke began")
        XCTAssertEqual(samples.filter { $0.phase == "ended" }.count, 1, "one stroke ended")
        let drawn = samples.filter { $0.phase != "ended" }
        XCTAssertEqual(drawn.count, pressures.count, "one sample per pen event, none twice: \(recording.text)")
        for (sample, (expected, point)) in zip(drawn, zip(pressures, points)) {
            XCTAssertEqual(sample.pressure ?? -1, expected, accuracy: 0.001, "pressure at x = \(point.0)")
            XCTAssertEqual(sample.x, point.0, accuracy: 0.5, "x of the sample at pressure \(expected)")
            XCTAssertEqual(sample.y, point.1, accuracy: 0.5, "y of the sample at pressure \(expected)")
        }
        XCTAssertEqual(drawables.count, 1, "one stroke in the saved document")
        let widths = try XCTUnwrap(drawables.first?.kind(as: PathDrawable.self)?.widths, "the stroke has widths from the pressure")
        XCTAssertLessThan(try XCTUnwrap(widths.first), try XCTUnwrap(widths.last), "it widens as the pressure rises")
        XCTAssertEqual(try app.replayed(), drawables, "the recording renders to the document the window saved")
    }

    /// Two fingers drawing at once make two Pencil strokes, each its own touch in the recording.
    func testTwoFingersAtOnceDrawTwoStrokes() throws {
        let app = try RealInputApp()
        let touch = try app.server.connect(.touch)
        let xs = stride(from: 100.0, through: 500.0, by: 50).map { $0 }
        try app.touches(touch, [xs.map { ($0, 200) }, xs.map { ($0, 400) }])
        try app.harness.waitForTitle(containing: " *")
        let (recording, drawables) = try app.quit()

        let samples = recording.samples
        XCTAssertEqual(Set(samples.map(\.device)), ["touch"], "every sample is a finger's: \(recording.text)")
        let ids = Set(samples.map(\.id))
        XCTAssertEqual(ids.count, 2, "two touch ids")
        let firstEnd = try XCTUnwrap(recording.touchEvents.firstIndex { $0.contains { $0.phase == "ended" } })
        let begunBefore = Set(recording.touchEvents[..<firstEnd].joined().filter { $0.phase == "began" }.map(\.id))
        XCTAssertEqual(begunBefore, ids, "both fingers were down at once")
        XCTAssertEqual(drawables.count, 2, "two strokes in the saved document")
        let rows = drawables.compactMap { $0.paintedBounds?.center.y }.sorted()
        XCTAssertEqual(rows.first ?? 0, 200, accuracy: 2, "one stroke along y = 200")
        XCTAssertEqual(rows.last ?? 0, 400, accuracy: 2, "one stroke along y = 400")
    }

    /// In *touch navigates*, two fingers spreading apart zoom in about their centre and draw nothing.
    func testAPinchInTouchNavigatesZoomsAboutTheFingersCentreAndDrawsNothing() throws {
        let app = try RealInputApp()
        let touch = try app.server.connect(.touch)
        try app.harness.key(Self.touchModeKey)
        let centre = (x: 400.0, y: 300.0)
        let spreads = stride(from: 50.0, through: 100.0, by: 10).map { $0 }
        try app.touches(touch, [spreads.map { (centre.x - $0, centre.y) }, spreads.map { (centre.x + $0, centre.y) }])
        let (recording, drawables) = try app.quit()

        XCTAssertEqual(drawables.count, 0, "a pinch draws nothing")
        XCTAssertFalse(recording.samples.contains { $0.phase == "began" }, "no touch recorded as drawing: \(recording.text)")
        let view = try XCTUnwrap(recording.views.last, "the pinch changed the view: \(recording.text)")
        XCTAssertEqual(view.zoom, 2, accuracy: 0.1, "the fingers moved twice as far apart")
        // The canvas point under the fingers' centre stays under it (origins are snapped to whole
        // device pixels: within a pixel).
        XCTAssertEqual(view.x + centre.x / view.zoom, centre.x, accuracy: 1, "x under the centre")
        XCTAssertEqual(view.y + centre.y / view.zoom, centre.y, accuracy: 1, "y under the centre")
    }

    /// A touch while the pen hovers draws nothing (palm rejection); the same touch before the pen
    /// came near did draw.
    func testATouchWhileThePenHoversDrawsNothing() throws {
        let app = try RealInputApp()
        let touch = try app.server.connect(.touch), pen = try app.server.connect(.pen)
        try app.touches(touch, [[(100, 150), (200, 150), (300, 150)]])
        try app.harness.waitForTitle(containing: " *")
        try app.hover(pen, 500, 450)
        try app.touches(touch, [[(100, 350), (200, 350), (300, 350)]], firstID: 5)
        let (recording, drawables) = try app.quit()

        XCTAssertEqual(drawables.count, 1, "only the touch before the pen came near drew")
        XCTAssertEqual(drawables.first?.paintedBounds?.center.y ?? 0, 150, accuracy: 2, "the stroke at y = 150")
        XCTAssertEqual(touchSamples(recording, device: "touch").filter { $0.phase == "began" }.count, 1,
                       "the touch under the hovering pen is not recorded as drawing: \(recording.text)")
        XCTAssertTrue(touchSamples(recording, device: "pen").isEmpty, "the hovering pen drew nothing")
    }

    /// The stylus's eraser end erases the stroke it crosses with the Eraser, and the Pencil is back
    /// once it lifts: the next pen stroke draws.
    func testTheEraserEndErasesAStrokeAndTheToolIsBackAfter() throws {
        let app = try RealInputApp()
        let pen = try app.server.connect(.pen), eraser = try app.server.connect(.eraser)
        try app.harness.waitForTitle(containing: "Pencil")
        try app.penStroke(pen, [(100, 300), (300, 300), (500, 300)], pressures: [0.5, 0.5, 0.5])
        try app.penStroke(eraser, [(300, 250), (300, 300), (300, 350)], pressures: [0.5, 0.5, 0.5])
        try app.harness.waitForTitle(containing: "Pencil")
        try app.penStroke(pen, [(100, 450), (300, 450), (500, 450)], pressures: [0.5, 0.5, 0.5])
        let (recording, drawables) = try app.quit()

        XCTAssertEqual(drawables.count, 1, "the crossed stroke is erased, the one after it drawn")
        XCTAssertEqual(drawables.first?.paintedBounds?.center.y ?? 0, 450, accuracy: 2, "what is left is the second stroke")
        XCTAssertFalse(touchSamples(recording, device: "eraser").isEmpty, "the eraser's samples are recorded as the eraser's")
        XCTAssertEqual(try app.replayed(), drawables, "the recording, eraser and all, renders to the document the window saved")
        XCTAssertEqual(touchSamples(recording, device: "pen").filter { $0.phase == "began" }.count, 2, "two pen strokes")
    }

    /// A pen plugged in while the app runs (enabled after the window opened) draws with its pressure.
    func testAPenPluggedInAfterStartDraws() throws {
        let app = try RealInputApp()
        let pen = try app.server.plugIn(.laterPen)
        try app.harness.waitUntilIdle()
        let pressures = [0.2, 0.4, 0.6, 0.8]
        try app.penStroke(pen, pressures.indices.map { (150 + Double($0) * 100, 250) }, pressures: pressures)
        try app.harness.waitForTitle(containing: " *")
        let (recording, drawables) = try app.quit()

        let drawn = recording.samples.filter { $0.phase != "ended" }
        XCTAssertEqual(Set(recording.samples.map(\.device)), ["pen"], "the new pen's samples are a pen's: \(recording.text)")
        XCTAssertEqual(drawn.count, pressures.count, "one sample per pen event")
        for (sample, expected) in zip(drawn, pressures) {
            XCTAssertEqual(sample.pressure ?? -1, expected, accuracy: 0.001)
        }
        XCTAssertEqual(drawables.count, 1)
    }
}
