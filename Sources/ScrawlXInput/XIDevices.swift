/// One valuator (axis) of an input device, as `XIQueryDevice` describes it.
public struct XIAxis: Hashable, Sendable {
    /// Its number: its bit in an event's valuator mask.
    public var number: Int
    /// Its label's atom name ("Abs Pressure", "Abs Tilt X"); empty when it has none.
    public var label: String
    public var min: Double
    public var max: Double
    /// Units per metre for positions (per radian for tilt, where a driver says so); 0 when unknown.
    public var resolution: Int
    public var absolute: Bool

    public init(number: Int, label: String, min: Double, max: Double, resolution: Int = 0, absolute: Bool = true) {
        self.number = number; self.label = label; self.min = min; self.max = max
        self.resolution = resolution; self.absolute = absolute
    }
}

/// An input device as `XIQueryDevice` describes it, in plain values (`XIDevices+C` reads them).
public struct XIDeviceSummary: Hashable, Sendable {
    /// What the device is in the hierarchy.
    public enum Use: Hashable, Sendable {
        case masterPointer, masterKeyboard, slavePointer, slaveKeyboard, floatingSlave
    }

    public var id: Int
    public var name: String
    public var use: Use
    public var enabled: Bool
    public var axes: [XIAxis]
    /// It has a touch class for a direct-touch device (a touchscreen; touchpads are dependent).
    public var directTouch: Bool
    /// Its "Wacom Tool Type" property ("STYLUS", "ERASER", ...), where it has one.
    public var toolType: String?

    public init(id: Int, name: String, use: Use, enabled: Bool = true, axes: [XIAxis] = [], directTouch: Bool = false,
                toolType: String? = nil) {
        self.id = id; self.name = name; self.use = use; self.enabled = enabled; self.axes = axes
        self.directTouch = directTouch; self.toolType = toolType
    }

    /// The axis labelled `label`, if it has one.
    public func axis(_ label: String) -> XIAxis? { axes.first { $0.label == label } }

    /// What Scrawl reads from the device: a pen (a physical pointer that measures pressure, the
    /// way SDL tells them), a touchscreen, or nothing.
    public var role: XIDeviceRole {
        guard enabled else { return .other }
        if directTouch, use == .slavePointer || use == .floatingSlave { return .touchscreen }
        guard use == .slavePointer || use == .floatingSlave, let pressure = axis("Abs Pressure") else { return .other }
        var pen = PenDevice(id: id, name: name, eraser: isEraser, pressure: pressure, tiltX: axis("Abs Tilt X"),
                            tiltY: axis("Abs Tilt Y"), x: position(0, "Abs X"), y: position(1, "Abs Y"))
        pen.movesPointer = use == .slavePointer
        return .pen(pen)
    }

    /// An eraser end: its tool type says so, or its name has "eraser" in it (drivers that give each
    /// end of the stylus a device of its own name them so).
    var isEraser: Bool {
        if let type = toolType { return type.lowercased() == "eraser" }
        return name.lowercased().contains("eraser")
    }

    /// The absolute position axis `number` (its label `label`, or none), which maps onto the screen.
    private func position(_ number: Int, _ label: String) -> XIAxis? {
        guard let a = axes.first(where: { $0.number == number }), a.absolute, a.max > a.min,
              a.label == label || a.label.isEmpty else { return nil }
        return a
    }
}

/// What a device is to Scrawl.
public enum XIDeviceRole: Hashable, Sendable {
    case pen(PenDevice)
    case touchscreen
    case other
}

/// A pen: a stylus end (or its eraser end) with a pressure axis, maybe tilt, and the position axes
/// the X server maps onto the screen.
public struct PenDevice: Hashable, Sendable {
    public var id: Int
    public var name: String
    public var eraser: Bool
    public var pressure: XIAxis
    public var tiltX: XIAxis?
    public var tiltY: XIAxis?
    public var x: XIAxis?
    public var y: XIAxis?
    /// It has XInput 1's proximity class (its enter and leave are reported); without, the pen is
    /// taken to be near only while its tip touches.
    public var reportsProximity = true
    /// It is attached to the master pointer (not floating), so the X server moves the pointer with it.
    public var movesPointer = true

    public init(id: Int, name: String, eraser: Bool, pressure: XIAxis, tiltX: XIAxis? = nil, tiltY: XIAxis? = nil,
                x: XIAxis? = nil, y: XIAxis? = nil) {
        self.id = id; self.name = name; self.eraser = eraser; self.pressure = pressure
        self.tiltX = tiltX; self.tiltY = tiltY; self.x = x; self.y = y
    }
}
