import CXInput2
import ScrawlCore

/// Why there is no pen or touch input: said only when asked (`--verbose`, the help overlay).
public struct XInputUnavailable: Error, Hashable, Sendable, CustomStringConvertible {
    public var reason: String
    public var description: String { reason }
}

/// Pen and touch input read through XInput2 on an X connection of the window's own, beside GLFW's
/// (GLFW's event loop drops XInput2's events). On the GLFW window it selects, per pen device, the
/// pen's motion and buttons (so the pointer keeps its core events and GLFW its mouse), touch
/// events on the master devices (so the server stops emulating the pointer from fingers), and
/// XInput 1's proximity events of each pen (XInput2 has none); on the root window the hierarchy
/// changes (devices plugged in or out) and its size. `drain` hands on what arrived as
/// `WindowInput`s, through `XInputTranslator`.
public final class XInputConnection {
    private let display: OpaquePointer
    private let window: Window
    private let root: Window
    private let opcode: Int32
    /// The XInput version the server speaks (2.2 for touch; pens need 2.0).
    public let major: Int, minor: Int
    private var translator: XInputTranslator
    /// Pens whose events are selected, and the XInput 1 proximity event types of the opened ones.
    private var selected: Set<Int> = []
    private var proximityIn: Int32 = -1, proximityOut: Int32 = -1
    private var proximityClasses: [Int: [XEventClass]] = [:]
    private var atomNames: [Atom: String] = [:]
    private let toolTypeAtom: Atom

    /// A connection for the X window `window` (`glfwGetX11Window`), or why there is none.
    public static func open(window: UInt) -> Result<XInputConnection, XInputUnavailable> {
        guard let display = XOpenDisplay(nil) else { return .failure(XInputUnavailable(reason: "the X display cannot be opened")) }
        var opcode: Int32 = 0, event: Int32 = 0, error: Int32 = 0
        guard XQueryExtension(display, "XInputExtension", &opcode, &event, &error) != 0 else {
            XCloseDisplay(display)
            return .failure(XInputUnavailable(reason: "the X server has no XInput extension"))
        }
        var major: Int32 = 2, minor: Int32 = 2
        guard XIQueryVersion(display, &major, &minor) == Success, major >= 2 else {
            XCloseDisplay(display)
            return .failure(XInputUnavailable(reason: "the X server's XInput is older than 2.0"))
        }
        return .success(XInputConnection(display: display, window: Window(window), opcode: opcode, major: Int(major), minor: Int(minor)))
    }

    private init(display: OpaquePointer, window: Window, opcode: Int32, major: Int, minor: Int) {
        self.display = display; self.window = window; self.opcode = opcode; self.major = major; self.minor = minor
        root = XDefaultRootWindow(display)
        toolTypeAtom = XInternAtom(display, "Wacom Tool Type", 1)
        let screen = XDefaultScreen(display)
        translator = XInputTranslator(screenWidth: Double(XDisplayWidth(display, screen)), screenHeight: Double(XDisplayHeight(display, screen)))
        XSelectInput(display, root, 1 << 17)  // StructureNotifyMask (a macro Swift does not import): the screen's size
        withErrorsIgnored {
            select([XI_HierarchyChanged], device: XIAllDevices, on: root)
            if supportsTouch { select([XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd], device: XIAllMasterDevices, on: window) }
        }
        _ = rescan(time: 0)
    }

    /// Touch needs XInput 2.2.
    public var supportsTouch: Bool { major > 2 || minor >= 2 }
    /// Some pen is known: the window then catches up with this connection before each pointer input.
    public var hasPens: Bool { !translator.pens.isEmpty }
    /// Some touchscreen is known.
    public var hasTouchscreen: Bool { !translator.touchscreens.isEmpty }
    /// The connection's socket, for the thread that wakes the window when something arrives.
    public var fileDescriptor: Int32 { XConnectionNumber(display) }

    /// "XInput 2.2: pen "Wacom Pen stylus", eraser "Wacom Pen eraser"; touchscreen "ELAN Touchscreen"".
    public var status: String {
        let pens = translator.pens.values.sorted { $0.id < $1.id }.map { "\($0.eraser ? "eraser" : "pen") \"\($0.name)\"" }
        let screens = translator.touchscreens.sorted { $0.key < $1.key }.map { "touchscreen \"\($0.value)\"" }
        let found = pens + screens
        return "XInput \(major).\(minor): " + (found.isEmpty ? "no pen or touchscreen" : found.joined(separator: ", "))
            + (supportsTouch ? "" : " (touch needs XInput 2.2)")
    }

    /// Hands on everything that has arrived, in order, without waiting.
    public func drain(_ handle: (WindowInput) -> Void) {
        while XPending(display) > 0 {
            var event = XEvent()
            XNextEvent(display, &event)
            for input in inputs(from: &event) { handle(input) }
        }
    }

    /// Waits until the server has handled everything sent so far (so every event it made before
    /// the pointer event GLFW is handling has arrived here), then drains.
    public func sync(_ handle: (WindowInput) -> Void) {
        XSync(display, 0)
        drain(handle)
    }

    private func inputs(from event: inout XEvent) -> [WindowInput] {
        let type = event.type
        if type == proximityIn || type == proximityOut {
            let p = withUnsafeBytes(of: &event) { $0.load(as: XProximityNotifyEvent.self) }
            return translator.proximity(of: Int(p.deviceid), entered: type == proximityIn, at: Point(Double(p.x), Double(p.y)),
                                        time: UInt32(truncatingIfNeeded: p.time))
        }
        if type == ConfigureNotify, event.xconfigure.window == root {
            translator.screenWidth = Double(event.xconfigure.width)
            translator.screenHeight = Double(event.xconfigure.height)
            return []
        }
        guard type == GenericEvent, event.xcookie.extension == opcode, XGetEventData(display, &event.xcookie) != 0 else { return [] }
        defer { XFreeEventData(display, &event.xcookie) }
        guard let data = event.xcookie.data else { return [] }
        if event.xcookie.evtype == XI_HierarchyChanged {
            let h = data.assumingMemoryBound(to: XIHierarchyEvent.self).pointee
            return rescan(time: UInt32(truncatingIfNeeded: h.time))
        }
        guard let e = XIPointerEvent(data.assumingMemoryBound(to: XIDeviceEvent.self).pointee) else { return [] }
        return translator.translate(e)
    }

    /// Reads the devices again: new pens get their events selected, pens and touchscreens that
    /// went away end what they were doing.
    private func rescan(time: UInt32) -> [WindowInput] {
        var count: Int32 = 0
        var summaries: [XIDeviceSummary] = []
        withErrorsIgnored {
            guard let infos = XIQueryDevice(display, XIAllDevices, &count) else { return }
            defer { XIFreeDeviceInfo(infos) }
            for i in 0..<Int(count) {
                var s = XIDeviceSummary(infos[i], atomName: atomName)
                if s.axis("Abs Pressure") != nil { s.toolType = toolType(of: s.id) }
                summaries.append(s)
            }
        }
        let out = translator.update(devices: summaries, time: time)
        selected.formIntersection(translator.pens.keys)
        proximityClasses = proximityClasses.filter { translator.pens[$0.key] != nil }
        let fresh = translator.pens.keys.filter { !selected.contains($0) }.sorted()
        if !fresh.isEmpty { withErrorsIgnored { for id in fresh { selectPen(id) } } }
        return out
    }

    /// Selects pen `id`'s motion and buttons, and its XInput 1 proximity events where it has them.
    private func selectPen(_ id: Int) {
        selected.insert(id)
        select([XI_Motion, XI_ButtonPress, XI_ButtonRelease], device: Int32(id), on: window)
        guard let device = XOpenDevice(display, XID(id)) else { translator.setReportsProximity(false, for: id); return }
        var inType: Int32 = 0, outType: Int32 = 0, inClass: XEventClass = 0, outClass: XEventClass = 0
        scrawl_proximity_classes(device, &inType, &inClass, &outType, &outClass)
        guard inType != 0, outType != 0 else { translator.setReportsProximity(false, for: id); return }
        proximityIn = inType
        proximityOut = outType
        proximityClasses[id] = [inClass, outClass]
        var classes = proximityClasses.sorted { $0.key < $1.key }.flatMap { $0.value }
        XSelectExtensionEvent(display, window, &classes, Int32(classes.count))
    }

    /// Selects XInput2 event types `types` of `device` on `target`.
    private func select(_ types: [Int32], device: Int32, on target: Window) {
        var bits = [UInt8](repeating: 0, count: Int(XI_LASTEVENT) / 8 + 1)
        for t in types { bits[Int(t) >> 3] |= UInt8(1 << (t & 7)) }
        bits.withUnsafeMutableBufferPointer { b in
            var mask = XIEventMask(deviceid: device, mask_len: Int32(b.count), mask: b.baseAddress)
            _ = XISelectEvents(display, target, &mask, 1)
        }
    }

    /// The "Wacom Tool Type" of device `id` ("STYLUS", "ERASER", ...), where it has one.
    private func toolType(of id: Int) -> String? {
        guard toolTypeAtom != 0 else { return nil }
        var type: Atom = 0, format: Int32 = 0, items: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard XIGetProperty(display, Int32(id), toolTypeAtom, 0, 32, 0, Atom(AnyPropertyType), &type, &format, &items, &after, &data)
                == Success, let data else { return nil }
        defer { XFree(data) }
        guard items > 0 else { return nil }
        if type == 4 {  // XA_ATOM
            let atom = UnsafeRawPointer(data).loadUnaligned(as: Atom.self)
            return atom == 0 ? nil : atomName(atom)
        }
        return type == 31 && format == 8 ?  // XA_STRING
            String(decoding: UnsafeBufferPointer(start: data, count: Int(items)), as: UTF8.self) : nil
    }

    private func atomName(_ atom: Atom) -> String {
        if let name = atomNames[atom] { return name }
        guard let raw = XGetAtomName(display, atom) else { return "" }
        defer { XFree(raw) }
        let name = String(cString: raw)
        atomNames[atom] = name
        return name
    }

    /// Runs `body` with X errors ignored (a device unplugged between two requests), then waits for
    /// the server, so any error arrives under the handler, and puts the handler back.
    private func withErrorsIgnored(_ body: () -> Void) {
        let previous = XSetErrorHandler { _, _ in 0 }
        body()
        XSync(display, 0)
        XSetErrorHandler(previous)
    }
}
