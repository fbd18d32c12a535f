import XCTest
import ScrawlCore
@testable import ScrawlXInput

/// The translator as plain event sequences: a pen's proximity, moves and buttons with its samples,
/// several pen devices as one pen, pens without proximity, fingers, and devices unplugged.
final class XInputTranslatorTests: XCTestCase {
    private let penAxes = [XIAxis(number: 0, label: "Abs X", min: 0, max: 65535), XIAxis(number: 1, label: "Abs Y", min: 0, max: 65535),
                           XIAxis(number: 4, label: "Abs Pressure", min: 0, max: 1000)]
    private var pen: XIDeviceSummary { XIDeviceSummary(id: 6, name: "test pen", use: .slavePointer, axes: penAxes) }
    private var eraser: XIDeviceSummary { XIDeviceSummary(id: 7, name: "test eraser", use: .slavePointer, axes: penAxes) }
    private var touch: XIDeviceSummary { XIDeviceSummary(id: 8, name: "test touch", use: .slavePointer, directTouch: true) }
    private var mouse: XIDeviceSummary { XIDeviceSummary(id: 4, name: "mouse", use: .slavePointer) }

    private func translator(_ devices: [XIDeviceSummary]) -> XInputTranslator {
        var t = XInputTranslator(screenWidth: 1024, screenHeight: 768)
        XCTAssertEqual(t.update(devices: devices, time: 0), [])
        return t
    }

    /// A pen event at device position (x, y) (0...65535), pressure 0...1000.
    private func penEvent(_ kind: XIPointerEvent.Kind, _ id: Int = 6, button: Int = 0, x: Double, y: Double, pressure: Double,
                          time: UInt32 = 1000) -> XIPointerEvent {
        let sx = x * 1024 / 65536, sy = y * 768 / 65536
        return XIPointerEvent(kind: kind, deviceID: id, detail: button, time: time, root: Point(sx, sy),
                              valuators: PackedValuators(mask: [0b1_0011], values: [x, y, pressure]))
    }

    private func pens(_ inputs: [WindowInput]) -> [PenInput] {
        inputs.compactMap { if case .pen(let p) = $0 { return p } else { return nil } }
    }

    func testAPenStrokeArrivesWithItsPressuresAndItsProximity() {
        var t = translator([mouse, pen, touch])
        XCTAssertEqual(t.pens.keys.sorted(), [6])
        XCTAssertEqual(t.touchscreens.keys.sorted(), [8])
        let entered = pens(t.proximity(of: 6, entered: true, at: Point(10, 10), time: 900))
        XCTAssertEqual(entered.map(\.action), [.enter])
        var out = t.translate(penEvent(.motion, x: 16384, y: 16384, pressure: 0))
        out += t.translate(penEvent(.buttonPress, button: 1, x: 16384, y: 16384, pressure: 100))
        out += t.translate(penEvent(.motion, x: 20000, y: 16384, pressure: 500))
        out += t.translate(penEvent(.motion, x: 24000, y: 16384, pressure: 900))
        out += t.translate(penEvent(.buttonRelease, button: 1, x: 24000, y: 16384, pressure: 0))
        let p = pens(out)
        XCTAssertEqual(p.map(\.action), [.move, .press(.left), .move, .move, .release(.left)])
        XCTAssertEqual(p.map(\.sample.pressure), [0, 0.1, 0.5, 0.9, 0])
        XCTAssertEqual(p[0].at, Point(256, 192))
        XCTAssertEqual(p[2].at.x, 20000 * 1024 / 65536, accuracy: 1e-9)
        XCTAssertFalse(p.contains { $0.sample.eraser })
        let left = pens(t.proximity(of: 6, entered: false, at: Point(0, 0), time: 1300))
        XCTAssertEqual(left.map(\.action), [.leave])
        XCTAssertEqual(left.first?.at.x ?? 0, 24000 * 1024 / 65536, accuracy: 1e-9, "where the pen was last")
        XCTAssertEqual(left.first!.time - entered.first!.time, 0.4, accuracy: 1e-9, "server seconds")
        XCTAssertFalse(t.penNear)
    }

    func testAPenEventBeforeItsProximityBringsItNearAndWheelButtonsAreDropped() {
        var t = translator([pen])
        XCTAssertEqual(pens(t.translate(penEvent(.motion, x: 100, y: 100, pressure: 0))).map(\.action), [.enter, .move])
        XCTAssertEqual(t.translate(penEvent(.buttonPress, button: 4, x: 100, y: 100, pressure: 0)), [], "scroll emulation")
        XCTAssertEqual(pens(t.translate(penEvent(.buttonPress, button: 2, x: 100, y: 100, pressure: 0))).map(\.action), [.press(.middle)])
    }

    func testTheEraserEndIsItsOwnDeviceAndTwoPenDevicesAreOnePen() {
        var t = translator([pen, eraser])
        XCTAssertEqual(pens(t.proximity(of: 6, entered: true, at: Point(1, 1), time: 0)).map(\.action), [.enter])
        XCTAssertEqual(t.proximity(of: 7, entered: true, at: Point(1, 1), time: 10), [], "already near")
        let e = pens(t.translate(penEvent(.buttonPress, 7, button: 1, x: 100, y: 100, pressure: 300)))
        XCTAssertEqual(e.map(\.sample.eraser), [true])
        XCTAssertEqual(t.proximity(of: 6, entered: false, at: Point(1, 1), time: 20), [], "the eraser is still near")
        XCTAssertEqual(pens(t.proximity(of: 7, entered: false, at: Point(1, 1), time: 30)).map(\.action), [.leave])
    }

    func testAPenWithoutProximityIsNearWhileItsTipTouches() {
        var t = translator([pen])
        t.setReportsProximity(false, for: 6)
        XCTAssertEqual(pens(t.translate(penEvent(.motion, x: 100, y: 100, pressure: 0))).map(\.action), [.move], "hovering is not near")
        XCTAssertEqual(pens(t.translate(penEvent(.buttonPress, button: 1, x: 100, y: 100, pressure: 200))).map(\.action),
                       [.enter, .press(.left)])
        XCTAssertEqual(pens(t.translate(penEvent(.buttonRelease, button: 1, x: 100, y: 100, pressure: 0))).map(\.action),
                       [.release(.left), .leave])
        var again = t
        XCTAssertEqual(again.update(devices: [pen], time: 5), [])
        XCTAssertFalse(again.pens[6]!.reportsProximity, "a rescan keeps what was found when the pen was opened")
    }

    func testAPenUnpluggedWhileNearLeaves() {
        var t = translator([pen, touch])
        _ = t.translate(penEvent(.buttonPress, button: 1, x: 100, y: 100, pressure: 300))
        XCTAssertTrue(t.penNear)
        let out = pens(t.update(devices: [touch], time: 2000))
        XCTAssertEqual(out.map(\.action), [.leave])
        XCTAssertTrue(t.pens.isEmpty)
        XCTAssertEqual(t.translate(penEvent(.motion, x: 1, y: 1, pressure: 0)), [], "an unknown device")
        XCTAssertEqual(t.update(devices: [pen, touch], time: 3000), [], "plugged in again")
        XCTAssertEqual(pens(t.translate(penEvent(.motion, x: 1, y: 1, pressure: 0))).map(\.action), [.enter, .move])
    }

    private func finger(_ kind: XIPointerEvent.Kind, id: Int, at p: Point, source: Int = 8) -> XIPointerEvent {
        XIPointerEvent(kind: kind, deviceID: 2, sourceID: source, detail: id, time: 500, root: p)
    }

    func testFingersOfATouchscreenAreFingerInputsWithTheirIds() {
        var t = translator([touch, pen])
        var out = t.translate(finger(.touchBegin, id: 1, at: Point(10, 10)))
        out += t.translate(finger(.touchBegin, id: 2, at: Point(50, 50)))
        out += t.translate(finger(.touchUpdate, id: 1, at: Point(12, 10)))
        out += t.translate(finger(.touchEnd, id: 1, at: Point(12, 10)))
        XCTAssertEqual(out, [.finger(FingerInput(id: 1, phase: .began, at: Point(10, 10))),
                             .finger(FingerInput(id: 2, phase: .began, at: Point(50, 50))),
                             .finger(FingerInput(id: 1, phase: .moved, at: Point(12, 10))),
                             .finger(FingerInput(id: 1, phase: .ended, at: Point(12, 10)))])
        XCTAssertEqual(t.translate(finger(.touchBegin, id: 3, at: Point(1, 1), source: 9)), [], "not a known touchscreen")
        XCTAssertEqual(t.update(devices: [pen], time: 600), [.finger(FingerInput(id: 2, phase: .ended, at: Point(50, 50), time: 0.1))],
                       "a finger of an unplugged touchscreen ends where it was")
    }
}
