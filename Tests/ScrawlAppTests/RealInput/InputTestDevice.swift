import CInputTest
import Foundation

/// One client of an Xorg `inputtest` device: a connection to the socket the driver made at its
/// `SocketPath`, speaking the driver's protocol with the structs of its own header (`CInputTest`).
/// Positions are screen pixels (the driver's x/y valuators span 0...65535 across the screen), pen
/// pressure is 0...1 (the valuator's 0...1000). Events reach the X server in order; `sync()` returns
/// once the server has processed every one of them (WaitForSync answered by SyncFinished).
///
/// The driver takes one client per device for as long as the device is on: when that client hangs
/// up, the driver keeps polling the dead connection (a busy server) and accepts no other until the
/// device is disabled and enabled again (`xinput disable` / `enable` drop and renew the connection).
/// So a test keeps one `InputTestDevice` per device for the server's life, and the server is
/// stopped before the connections close.
final class InputTestDevice {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    enum TouchPhase: UInt32 {
        // XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd: what the driver passes to xf86PostTouchEvent.
        case begin = 18, update = 19, end = 20
    }

    /// The driver's valuator numbers (inputtestdrv(4)).
    private enum Axis {
        static let x = 0, y = 1, pressure = 4
    }

    let name: String
    private let screen: (width: Double, height: Double)
    private var fd: Int32
    private let timeout: Double

    /// Connects to `socketPath` and does the version handshake (ClientVersion 1.1, answered by the
    /// driver's version). The driver answers only while its device is enabled; `timeout` bounds the wait.
    init(socketPath: String, name: String, screenWidth: Int, screenHeight: Int, timeout: Double = 15) throws {
        self.name = name
        self.screen = (Double(screenWidth), Double(screenHeight))
        self.timeout = timeout
        fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "\(name): socket(): \(String(cString: strerror(errno)))") }
        do {
            try connect(to: socketPath)
            try handshake()
        } catch {
            Glibc.close(fd)
            fd = -1
            throw error
        }
    }

    deinit { close() }

    /// Hangs up (see the type's note: the driver then needs its device re-enabled for a new client).
    func close() {
        if fd >= 0 { Glibc.close(fd) }
        fd = -1
    }

    // MARK: Events

    /// The pen comes into proximity (hovers) at (x, y), or leaves it. The position goes with both:
    /// the server drops a proximity event without valuators (an out with none never arrives).
    func proximity(in inside: Bool, x: Double, y: Double) throws {
        var event = xf86ITEventProximity()
        event.is_prox_in = inside ? 1 : 0
        event.valuators = valuators(x: x, y: y, pressure: 0)
        try send(&event, type: XF86IT_EVENT_PROXIMITY)
    }

    /// Absolute motion to (x, y), with the pen's pressure (0...1) when given.
    func motion(x: Double, y: Double, pressure: Double? = nil) throws {
        var event = xf86ITEventMotion()
        event.is_absolute = 1
        event.valuators = valuators(x: x, y: y, pressure: pressure)
        try send(&event, type: XF86IT_EVENT_MOTION)
    }

    /// A button press or release at (x, y) (button 1: the pen's tip touches or lifts).
    func button(_ button: Int32 = 1, pressed: Bool, x: Double, y: Double, pressure: Double? = nil) throws {
        var event = xf86ITEventButton()
        event.is_absolute = 1
        event.button = button
        event.is_press = pressed ? 1 : 0
        event.valuators = valuators(x: x, y: y, pressure: pressure)
        try send(&event, type: XF86IT_EVENT_BUTTON)
    }

    /// A touch (`id` as the driver's touch id) beginning, moving or ending at (x, y).
    func touch(_ id: UInt32, _ phase: TouchPhase, x: Double, y: Double) throws {
        var event = xf86ITEventTouch()
        event.touchid = id
        event.touch_type = phase.rawValue
        event.valuators = valuators(x: x, y: y, pressure: nil)
        try send(&event, type: XF86IT_EVENT_TOUCH)
    }

    /// A key press or release by X keycode (evdev code + 8).
    func key(code: Int32, pressed: Bool) throws {
        var event = xf86ITEventKey()
        event.key_code = code
        event.is_press = pressed ? 1 : 0
        try send(&event, type: XF86IT_EVENT_KEY)
    }

    /// Returns once the X server has processed every event sent so far (and delivered what they
    /// made to its clients' connections).
    func sync() throws {
        var event = xf86ITEventWaitForSync()
        try send(&event, type: XF86IT_EVENT_WAIT_FOR_SYNC)
        let type = try readResponse()
        guard type == XF86IT_RESPONSE_SYNC_FINISHED.rawValue else {
            throw Failure(description: "\(name): the driver answered WaitForSync with response type \(type), not SyncFinished")
        }
    }

    // MARK: Valuators

    /// The mask and values for x and y (always) and the pen's pressure (when given).
    private func valuators(x: Double, y: Double, pressure: Double?) -> xf86ITValuatorData {
        var data = xf86ITValuatorData()
        // The server maps an axis of 0...65535 onto the screen as value * width / 65536.
        var set: [(Int, Double)] = [(Axis.x, x * 65536 / screen.width), (Axis.y, y * 65536 / screen.height)]
        if let pressure { set.append((Axis.pressure, (pressure * 1000).rounded())) }
        withUnsafeMutableBytes(of: &data.mask) { mask in
            for (axis, _) in set { mask[axis / 8] |= UInt8(1 << (axis % 8)) }
        }
        withUnsafeMutablePointer(to: &data.valuators) { tuple in
            tuple.withMemoryRebound(to: Double.self, capacity: Int(XF86IT_MAX_VALUATORS)) { values in
                for (axis, value) in set { values[axis] = value }
            }
        }
        return data
    }

    // MARK: Socket

    private func connect(to path: String) throws {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            throw Failure(description: "\(name): socket path too long: \(path)")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard status == 0 else {
            throw Failure(description: "\(name): cannot connect to \(path): \(String(cString: strerror(errno)))")
        }
    }

    private func handshake() throws {
        var hello = xf86ITEventClientVersion()
        hello.major = UInt16(XF86IT_PROTOCOL_VERSION_MAJOR)
        hello.minor = UInt16(XF86IT_PROTOCOL_VERSION_MINOR)
        try send(&hello, type: XF86IT_EVENT_CLIENT_VERSION)
        let type = try readResponse(while: "the driver's version (is the device enabled?)")
        guard type == XF86IT_RESPONSE_SERVER_VERSION.rawValue else {
            throw Failure(description: "\(name): the driver answered ClientVersion with response type \(type)")
        }
    }

    /// Writes `event` whole, its header filled in. MSG_NOSIGNAL: a connection the server dropped
    /// is an error here, not a SIGPIPE that ends the test process.
    private func send<Event>(_ event: inout Event, type: xf86ITEventType) throws {
        let length = MemoryLayout<Event>.stride
        var header = xf86ITEventHeader(length: UInt32(length), type: type)
        withUnsafeMutableBytes(of: &event) { raw in
            withUnsafeBytes(of: &header) { raw.copyMemory(from: $0) }
        }
        try withUnsafeBytes(of: &event) { raw in
            var sent = 0
            while sent < length {
                let n = Glibc.send(fd, raw.baseAddress! + sent, length - sent, Int32(MSG_NOSIGNAL))
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else {
                    throw Failure(description: "\(name): sending event type \(type.rawValue): \(String(cString: strerror(errno)))")
                }
                sent += n
            }
        }
    }

    /// Reads one response and returns its type; fails after `timeout` seconds without one.
    private func readResponse(while what: String = "SyncFinished") throws -> UInt32 {
        var header = xf86ITResponseHeader()
        try withUnsafeMutableBytes(of: &header) { try readExactly($0, what) }
        let rest = Int(header.length) - MemoryLayout<xf86ITResponseHeader>.stride
        guard rest >= 0, rest <= 4096 else { throw Failure(description: "\(name): response of length \(header.length)") }
        if rest > 0 {
            var body = [UInt8](repeating: 0, count: rest)
            try body.withUnsafeMutableBytes { try readExactly($0, what) }
        }
        return header.type.rawValue
    }

    private func readExactly(_ buffer: UnsafeMutableRawBufferPointer, _ what: String) throws {
        let deadline = Date().addingTimeInterval(timeout)
        var got = 0
        while got < buffer.count {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { throw Failure(description: "\(name): no answer within \(Int(timeout)) s waiting for \(what)") }
            if poll(&poller, 1, Int32(left * 1000) + 1) <= 0 { continue }
            let n = read(fd, buffer.baseAddress! + got, buffer.count - got)
            if n < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            guard n > 0 else {
                throw Failure(description: "\(name): the driver closed the connection while we waited for \(what)")
            }
            got += n
        }
    }
}
