import Foundation
import XCTest

/// The real-input harness on its own, no Scrawl: Xorg starts with the inputtest pen, eraser,
/// touchscreen and keyboard; XI2 shows their pressure and touch classes; events injected through
/// the sockets reach an XI2 client (`xinput test-xi2`) with the positions and pressures sent; a pen
/// enabled after start takes a client; a server that cannot start fails with Xorg's reason.
final class RealInputServerTests: XCTestCase {
    func testTheServerHasAPenWithPressureAndATouchscreen() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let pen = try server.xinput(["list", "--long", TestDevice.pen.name])
        XCTAssertTrue(pen.contains("Label: Abs Pressure"), "the pen has an Abs Pressure valuator:\n\(pen)")
        XCTAssertTrue(pen.contains("Range: 0.000000 - 1000.000000"), "pressure 0...1000:\n\(pen)")
        XCTAssertTrue(try server.xinput(["list", "--long", TestDevice.eraser.name]).contains("Label: Abs Pressure"))
        let touch = try server.xinput(["list", "--long", TestDevice.touch.name])
        XCTAssertTrue(touch.contains("XITouchClass"), "the touchscreen has a touch class:\n\(touch)")
        XCTAssertTrue(touch.contains("Label: Abs MT Position X"), touch)
        let lines = try server.deviceLines()
        for device in TestDevice.allCases where device.enabledAtStart {
            let line = try XCTUnwrap(lines[device.name], "\(device.name) is listed")
            XCTAssertTrue(line.contains(device.isPointer ? "slave  pointer" : "slave  keyboard"), "attached: \(line)")
        }
        // A disabled device floats (and is attached again when enabled).
        XCTAssertTrue(lines[TestDevice.laterPen.name]?.contains("floating slave") == true, "\(lines)")
        let enabled = try server.xinput(["list-props", TestDevice.laterPen.name])
        XCTAssertTrue(enabled.contains("Device Enabled (") && enabled.contains("):\t0"), "the later pen starts disabled:\n\(enabled)")
    }

    func testInjectedPenAndTouchEventsReachAnXI2Client() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let reader = try XI2Reader(server: server)
        defer { reader.stop() }
        let penID = try server.id(of: .pen), touchID = try server.id(of: .touch)
        let pen = try server.connect(.pen), touch = try server.connect(.touch)
        try reader.waitUntilListening(pen, source: penID)

        try pen.proximity(in: true, x: 300, y: 200)
        try pen.button(pressed: true, x: 300, y: 200, pressure: 0.1)
        let pressures = [0.1, 0.3, 0.5, 0.7, 0.9]
        for (i, p) in pressures.enumerated() { try pen.motion(x: 310 + Double(i) * 20, y: 200, pressure: p) }
        try pen.button(pressed: false, x: 390, y: 200, pressure: 0)
        try pen.proximity(in: false, x: 390, y: 200)
        try pen.sync()
        try touch.touch(1, .begin, x: 100, y: 500)
        try touch.touch(2, .begin, x: 600, y: 500)
        try touch.touch(1, .update, x: 150, y: 520)
        try touch.touch(2, .update, x: 650, y: 520)
        try touch.touch(1, .end, x: 150, y: 520)
        try touch.touch(2, .end, x: 650, y: 520)
        try touch.sync()
        let log = try reader.wait(for: "both touches to end") { $0.events("TouchEnd", from: touchID).count >= 2 }

        // The master pointer's motion events: one per injected motion, at the position sent (the
        // driver's 0...65535 across the screen), with the pressure sent (valuator 4, 0...1000).
        // (The slave device's own events carry the pointer's previous root position; the master's
        // carry the new one.)
        let motions = log.events("Motion", from: penID).filter { $0.device == 2 && ($0.root?.x ?? 0) >= 305 }
        XCTAssertEqual(motions.map { $0.valuators[4] ?? -1 }, pressures.map { $0 * 1000 }, "pressures in order")
        for (i, event) in motions.enumerated() {
            XCTAssertEqual(event.root?.x ?? -1, 310 + Double(i) * 20, accuracy: 0.01, "motion \(i) x")
            XCTAssertEqual(event.root?.y ?? -1, 200, accuracy: 0.01, "motion \(i) y")
        }
        XCTAssertEqual(log.events("ButtonPress", from: penID).first?.valuators[4], 100, "the press carries its pressure")
        let begins = log.events("TouchBegin", from: touchID).filter { $0.device == touchID }
        XCTAssertEqual(begins.map(\.detail).sorted(), [1, 2], "two touches with their ids")
        let first = try XCTUnwrap(begins.first { $0.detail == 1 }?.root)
        XCTAssertEqual(first.x, 100, accuracy: 0.01)
        XCTAssertEqual(first.y, 500, accuracy: 0.01)
        XCTAssertEqual(log.events("TouchUpdate", from: touchID).filter { $0.device == touchID }.count, 2)
    }

    /// The pen disabled at start takes a client once enabled, and its events arrive: how a test
    /// plugs a tablet in while the app runs.
    func testAPenEnabledAfterStartTakesAClient() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let reader = try XI2Reader(server: server)
        defer { reader.stop() }
        let id = try server.id(of: .laterPen)
        let pen = try server.plugIn(.laterPen)
        try reader.waitUntilListening(pen, source: id)
        try pen.motion(x: 512, y: 384, pressure: 0.625)
        try pen.sync()
        let log = try reader.wait(for: "the plugged-in pen's motion") {
            $0.events("Motion", from: id).contains { $0.valuators[4] == 625 }
        }
        XCTAssertFalse(log.events("Motion", from: id).isEmpty)
    }

    /// A server that cannot start fails the test with Xorg's own reason, from its log.
    func testAServerThatCannotStartFailsWithXorgsReason() throws {
        XCTAssertThrowsError(try XorgServer(videoDriver: "scrawl-no-such-driver")) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("before it was ready"), text)
            XCTAssertTrue(text.contains("scrawl-no-such-driver"), "the log tail names the missing driver: \(text)")
        }
    }
}

/// `xinput test-xi2 --root` on the server, printing into a file the test reads.
final class XI2Reader {
    private let process = Process()
    private let output: String

    init(server: XorgServer) throws {
        output = server.folder + "/test-xi2-\(UInt32.random(in: 0...UInt32.max)).txt"
        _ = FileManager.default.createFile(atPath: output, contents: nil)
        process.executableURL = URL(fileURLWithPath: XorgServer.xinputTool)
        process.arguments = ["test-xi2", "--root"]
        process.environment = ProcessInfo.processInfo.environment.merging(["DISPLAY": server.display]) { $1 }
        process.standardOutput = FileHandle(forWritingAtPath: output)
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    func stop() {
        if process.isRunning { process.terminate(); process.waitUntilExit() }
    }

    var log: XI2EventLog { XI2EventLog(text: (try? String(contentsOfFile: output, encoding: .utf8)) ?? "") }

    /// Moves `device` (a pen) in small steps until the reader prints a motion from it: it has then
    /// selected its events, and nothing sent afterwards is missed.
    func waitUntilListening(_ device: InputTestDevice, source: Int) throws {
        var step = 0.0
        try WindowHarness.wait(timeout: 15, poll: 0.1, for: "xinput test-xi2 to print an event from \(device.name)") {
            step += 1
            try? device.motion(x: 1 + step.truncatingRemainder(dividingBy: 8), y: 1)
            try? device.sync()
            return !log.events("Motion", from: source).isEmpty
        }
    }

    /// Waits until the log satisfies `condition`, and returns it.
    func wait(for what: String, _ condition: (XI2EventLog) -> Bool) throws -> XI2EventLog {
        try WindowHarness.wait(timeout: 15, for: what) { condition(log) }
        return log
    }
}
