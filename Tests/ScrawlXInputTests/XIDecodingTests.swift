import CXInput2
import XCTest
import ScrawlCore
@testable import ScrawlXInput

/// XInput2's C structs, built by hand as libXi hands them over, read into plain values: devices
/// found by their classes, packed valuators, ranges, and the event's own fields.
final class XIDecodingTests: XCTestCase {
    /// Atoms the hand-built devices use, and their names.
    private let names: [Atom: String] = [1: "Abs X", 2: "Abs Y", 3: "Abs Pressure", 4: "Abs Tilt X", 5: "Abs Tilt Y",
                                         6: "Rel Vert Scroll", 7: "Abs MT Position X", 8: "Abs MT Position Y"]

    /// A device `XIQueryDevice` could return, with a valuator class per (number, label, min, max,
    /// resolution), and a touch class when `touch` is given; `body` reads it.
    private func withDevice<R>(id: Int32, name: String, use: Int32, enabled: Bool = true,
                               axes: [(Int32, Atom, Double, Double, Int32)], touch: Int32? = nil,
                               _ body: (XIDeviceInfo) -> R) -> R {
        var valuators = axes.map { a in
            XIValuatorClassInfo(type: XIValuatorClass, sourceid: id, number: a.0, label: a.1, min: a.2, max: a.3, value: 0,
                                resolution: a.4, mode: XIModeAbsolute)
        }
        var touchClass = XITouchClassInfo(type: XITouchClass, sourceid: id, mode: touch ?? 0, num_touches: 10)
        return valuators.withUnsafeMutableBufferPointer { v in
            withUnsafeMutablePointer(to: &touchClass) { t in
                var classes: [UnsafeMutablePointer<XIAnyClassInfo>?] = v.indices.map {
                    UnsafeMutableRawPointer(v.baseAddress! + $0).assumingMemoryBound(to: XIAnyClassInfo.self)
                }
                if touch != nil { classes.append(UnsafeMutableRawPointer(t).assumingMemoryBound(to: XIAnyClassInfo.self)) }
                return classes.withUnsafeMutableBufferPointer { c in
                    name.withCString { n in
                        body(XIDeviceInfo(deviceid: id, name: UnsafeMutablePointer(mutating: n), use: use, attachment: 2,
                                          enabled: enabled ? 1 : 0, num_classes: Int32(c.count), classes: c.baseAddress))
                    }
                }
            }
        }
    }

    private func summary(id: Int32 = 6, name: String, use: Int32 = XISlavePointer, enabled: Bool = true,
                         axes: [(Int32, Atom, Double, Double, Int32)], touch: Int32? = nil) -> XIDeviceSummary {
        withDevice(id: id, name: name, use: use, enabled: enabled, axes: axes, touch: touch) { info in
            XIDeviceSummary(info, atomName: { self.names[$0] ?? "" })
        }
    }

    /// The inputtest driver's pen: x and y 0...65535, scroll axes, pressure 0...1000 as valuator 4.
    private var testPenAxes: [(Int32, Atom, Double, Double, Int32)] {
        [(0, 1, 0, 65535, 0), (1, 2, 0, 65535, 0), (2, 0, -1, -1, 0), (3, 6, -1, -1, 0), (4, 3, 0, 1000, 1)]
    }

    func testADeviceWithAnAbsPressureValuatorIsAPenWithItsRange() throws {
        let s = summary(name: "test pen", axes: testPenAxes)
        XCTAssertEqual(s.axes.map(\.label), ["Abs X", "Abs Y", "", "Rel Vert Scroll", "Abs Pressure"])
        guard case .pen(let pen) = s.role else { return XCTFail("not a pen: \(s.role)") }
        XCTAssertEqual(pen.id, 6)
        XCTAssertEqual(pen.pressure.number, 4)
        XCTAssertEqual(pen.pressure.max, 1000)
        XCTAssertFalse(pen.eraser)
        XCTAssertNil(pen.tiltX)
        XCTAssertEqual(pen.x?.number, 0)
        XCTAssertEqual(pen.y?.max, 65535)
    }

    func testOnlyEnabledPhysicalPointersArePens() {
        XCTAssertEqual(summary(name: "Virtual core pointer", use: XIMasterPointer, axes: testPenAxes).role, .other,
                       "the master pointer carries its slaves' axes but is not a pen")
        XCTAssertEqual(summary(name: "test pen", enabled: false, axes: testPenAxes).role, .other, "a disabled pen")
        XCTAssertEqual(summary(name: "mouse", axes: [(0, 1, 0, 65535, 0), (1, 2, 0, 65535, 0)]).role, .other)
        if case .pen = summary(name: "floating pen", use: XIFloatingSlave, axes: testPenAxes).role {} else {
            XCTFail("a floating pen is a pen")
        }
    }

    func testTheEraserEndIsKnownByItsNameOrItsToolType() {
        guard case .pen(let byName) = summary(name: "Wacom Intuos Pen eraser", axes: testPenAxes).role else { return XCTFail() }
        XCTAssertTrue(byName.eraser)
        var stylus = summary(name: "Wacom Intuos Pen", axes: testPenAxes)
        stylus.toolType = "ERASER"
        guard case .pen(let byType) = stylus.role else { return XCTFail() }
        XCTAssertTrue(byType.eraser, "the Wacom Tool Type property says so")
        stylus.toolType = "STYLUS"
        guard case .pen(let tip) = stylus.role else { return XCTFail() }
        XCTAssertFalse(tip.eraser)
    }

    func testADirectTouchDeviceIsATouchscreenAndATouchpadIsNot() {
        let mt: [(Int32, Atom, Double, Double, Int32)] = [(0, 7, 0, 65535, 0), (1, 8, 0, 65535, 0)]
        XCTAssertEqual(summary(id: 8, name: "test touch", axes: mt, touch: XIDirectTouch).role, .touchscreen)
        XCTAssertEqual(summary(id: 8, name: "touchpad", axes: mt, touch: XIDependentTouch).role, .other)
    }

    func testTiltAxesAreFoundAndReadInDegrees() {
        let wacom = testPenAxes + [(5, 4, -64, 63, 57), (6, 5, -64, 63, 57)]
        guard case .pen(let pen) = summary(name: "Wacom pen", axes: wacom).role, let tx = pen.tiltX, let ty = pen.tiltY else {
            return XCTFail("no tilt axes")
        }
        XCTAssertEqual(tx.number, 5)
        XCTAssertEqual(ty.number, 6)
        XCTAssertEqual(tx.degrees(57), 180 / .pi, accuracy: 1e-9, "57 units per radian: one radian")
        XCTAssertEqual(XIAxis(number: 5, label: "Abs Tilt X", min: -64, max: 64).degrees(-30), -30, "libinput's ±64 are degrees")
        XCTAssertEqual(XIAxis(number: 5, label: "Abs Tilt X", min: 0, max: 1000).degrees(750), 45, accuracy: 1e-9,
                       "another range is mapped onto ±90")
        XCTAssertEqual(XIAxis(number: 5, label: "Abs Tilt X", min: -64, max: 64, resolution: 1).degrees(200), 90, "clamped")
    }

    func testPackedValuatorsAreFoundByCountingTheBitsBelow() {
        // Valuators 0, 1 and 4 set: values packed as [x, y, pressure].
        let v = PackedValuators(mask: [0b0001_0011], values: [12000, 13000, 250])
        XCTAssertEqual(v.value(0), 12000)
        XCTAssertEqual(v.value(1), 13000)
        XCTAssertEqual(v.value(4), 250, "the third value, not the fifth")
        XCTAssertNil(v.value(2), "not in the mask")
        XCTAssertNil(v.value(40), "past the mask")
        // Bits in the second byte count those of the first.
        let wide = PackedValuators(mask: [0b0000_0101, 0b0000_0010], values: [1, 2, 3])
        XCTAssertEqual(wide.value(9), 3)
        XCTAssertNil(PackedValuators(mask: [0b11], values: [1]).value(1), "a short values array gives nothing")
    }

    /// A device event as libXi hands it over: valuators `set` with their values, packed.
    private func withEvent<R>(_ evtype: Int32, device: Int32 = 6, detail: Int32 = 0, at: (Double, Double) = (0, 0),
                              set: [(Int, Double)], mods: Int32 = 0, _ body: (XIDeviceEvent) -> R) -> R {
        var mask = [UInt8](repeating: 0, count: 2)
        for (n, _) in set { mask[n / 8] |= UInt8(1 << (n % 8)) }
        var values = set.sorted { $0.0 < $1.0 }.map(\.1)
        return mask.withUnsafeMutableBufferPointer { m in
            values.withUnsafeMutableBufferPointer { v in
                var e = XIDeviceEvent()
                e.type = GenericEvent
                e.evtype = evtype
                e.deviceid = device
                e.sourceid = device
                e.detail = detail
                e.time = 4_000_000_123
                e.root_x = at.0 + 100; e.root_y = at.1 + 50
                e.event_x = at.0; e.event_y = at.1
                e.valuators = XIValuatorState(mask_len: Int32(m.count), mask: m.baseAddress, values: v.baseAddress)
                e.mods = XIModifierState(base: 0, latched: 0, locked: 0, effective: mods)
                return body(e)
            }
        }
    }

    func testADeviceEventReadsItsKindTimePositionModifiersAndValuators() throws {
        let e = try XCTUnwrap(withEvent(XI_ButtonPress, detail: 1, at: (187.5, 140.625), set: [(0, 12000), (4, 100), (1, 12000)],
                                        mods: Int32(ShiftMask | Mod1Mask)) { XIPointerEvent($0) })
        XCTAssertEqual(e.kind, .buttonPress)
        XCTAssertEqual(e.detail, 1)
        XCTAssertEqual(e.sourceID, 6)
        XCTAssertEqual(e.time, 4_000_000_123)
        XCTAssertEqual(e.window, Point(187.5, 140.625))
        XCTAssertEqual(e.root, Point(287.5, 190.625))
        XCTAssertEqual(e.modifiers, [.shift, .alt])
        XCTAssertEqual(e.valuators.mask, [0b0001_0011, 0])
        XCTAssertEqual(e.valuators.values, [12000, 12000, 100])
        XCTAssertEqual(e.valuators.value(4), 100)
        XCTAssertNil(withEvent(XI_Enter, set: []) { XIPointerEvent($0) }, "an event type Scrawl does not read")
        let touch = try XCTUnwrap(withEvent(XI_TouchUpdate, device: 2, detail: 7, set: []) { XIPointerEvent($0) })
        XCTAssertEqual(touch.kind, .touchUpdate)
        XCTAssertEqual(touch.detail, 7, "the touch id")
    }

    func testThePenSampleIsNormalisedFromTheDeviceRange() throws {
        guard case .pen(let pen) = summary(name: "test pen", axes: testPenAxes + [(5, 4, -64, 64, 0)]).role else { return XCTFail() }
        let s = withEvent(XI_Motion, set: [(0, 100), (4, 250), (5, 32)]) { pen.sample(PackedValuators($0.valuators), last: nil) }
        XCTAssertEqual(s.pressure, 0.25, accuracy: 1e-12)
        XCTAssertEqual(s.tiltX ?? .nan, 32, accuracy: 1e-12)
        XCTAssertNil(s.tiltY, "the device has no tilt y")
        let kept = pen.sample(PackedValuators(mask: [0b1], values: [200]), last: s)
        XCTAssertEqual(kept.pressure, 0.25, "an event without the pressure valuator keeps the last pressure")
        XCTAssertEqual(pen.sample(PackedValuators(mask: [0b1_0000], values: [1700]), last: s).pressure, 1, "clamped to the range")
    }

    func testThePenIsPlacedByItsPositionAxesNotTheEventsStalePixel() throws {
        guard case .pen(let pen) = summary(name: "test pen", axes: testPenAxes).role else { return XCTFail() }
        // The X server sends a slave's motion with the pointer's whole pixel from before it moved
        // (187 of 187.5) and the new fraction (.75 of 218.75); the window is at (100, 50) on the root.
        let v = PackedValuators(mask: [0b11], values: [14000, 14000])
        let p = pen.position(v, root: Point(287.75, 190.0625), window: Point(187.75, 140.0625), screen: (1024, 768))
        XCTAssertEqual(p.x, 14000 * 1024 / 65536 - 100, accuracy: 1e-9)
        XCTAssertEqual(p.y, 14000 * 768 / 65536 - 50, accuracy: 1e-9)
        let pressureOnly = PackedValuators(mask: [0b1_0000], values: [500])
        XCTAssertEqual(pen.position(pressureOnly, root: Point(300, 200), window: Point(200, 150), screen: (1024, 768)), Point(200, 150),
                       "without position axes the pointer did not move: the event's position is right")
    }

    func testTheServerClockCountsOnThroughItsWrap() {
        var clock = ServerClock()
        XCTAssertEqual(clock.seconds(UInt32.max - 99), 0)
        XCTAssertEqual(clock.seconds(200), 0.3, accuracy: 1e-9, "300 ms later, across the wrap")
        XCTAssertEqual(clock.seconds(100), 0.2, accuracy: 1e-9, "an earlier time reads as earlier")
    }
}
