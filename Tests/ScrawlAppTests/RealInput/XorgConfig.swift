import Foundation

/// The devices of the real-input tests' Xorg: each an `inputtest` InputDevice with its own socket.
enum TestDevice: CaseIterable {
    /// A tablet stylus: absolute x/y, proximity, "Abs Pressure" (valuator 4, 0...1000).
    case pen
    /// The stylus's eraser end: the same kind of device, with "eraser" in its name.
    case eraser
    /// A second stylus, disabled once the server is up: `XorgServer.plugIn` enables it while the app
    /// runs (the app sees an XI_HierarchyChanged for it, as for a tablet plugged in).
    case laterPen
    /// A touchscreen: "Abs MT Position X/Y", 15 touches.
    case touch
    case keyboard

    /// The device's name in XI2 (XIQueryDevice, `xinput list`): the config's Identifier.
    var name: String {
        switch self {
        case .pen: "Scrawl test pen"
        case .eraser: "Scrawl test pen eraser"
        case .laterPen: "Scrawl test pen plugged in later"
        case .touch: "Scrawl test touchscreen"
        case .keyboard: "Scrawl test keyboard"
        }
    }

    var socketName: String {
        switch self {
        case .pen: "pen.socket"
        case .eraser: "eraser.socket"
        case .laterPen: "later-pen.socket"
        case .touch: "touch.socket"
        case .keyboard: "keyboard.socket"
        }
    }

    fileprivate var options: [(String, String)] {
        switch self {
        case .pen, .eraser, .laterPen: [("DeviceType", "PointerAbsoluteProximity"), ("PointerHasPressure", "true")]
        case .touch: [("DeviceType", "Touch")]
        case .keyboard: [("DeviceType", "Keyboard")]
        }
    }

    /// How the ServerLayout attaches it: every pointer sends core events (the master pointer moves).
    fileprivate var layoutRole: String {
        switch self {
        case .pen: "CorePointer"
        case .keyboard: "CoreKeyboard"
        case .eraser, .laterPen, .touch: "SendCoreEvents"
        }
    }

    var isPointer: Bool { self != .keyboard }

    /// Whether the server starts with it enabled (`laterPen` is enabled by the test).
    var enabledAtStart: Bool { self != .laterPen }
}

/// The xorg.conf of the real-input tests: a dummy screen, no hotplugged devices (AutoAddDevices
/// off: only the devices below, none of the machine's), and one inputtest device per `TestDevice`.
struct XorgConfig {
    static let width = 1024, height = 768

    /// The folder that holds the sockets.
    let folder: String
    /// The screen's driver (a test of the harness's failure names one that does not exist).
    var videoDriver = "dummy"

    func socketPath(_ device: TestDevice) -> String { folder + "/" + device.socketName }

    var text: String {
        var lines = [
            "Section \"ServerFlags\"",
            "  Option \"AutoAddDevices\" \"false\"",
            "  Option \"AutoEnableDevices\" \"false\"",
            "  Option \"DontVTSwitch\" \"true\"",
            "EndSection",
            "Section \"Device\"",
            "  Identifier \"dummy\"",
            "  Driver \"\(videoDriver)\"",
            "  VideoRam 16384",
            "EndSection",
            "Section \"Monitor\"",
            "  Identifier \"monitor\"",
            "  HorizSync 5.0-1000.0",
            "  VertRefresh 5.0-200.0",
            "  Modeline \"\(Self.width)x\(Self.height)\" 65.00 1024 1048 1184 1344 768 771 777 806 -hsync -vsync",
            "EndSection",
            "Section \"Screen\"",
            "  Identifier \"screen\"",
            "  Device \"dummy\"",
            "  Monitor \"monitor\"",
            "  DefaultDepth 24",
            "  SubSection \"Display\"",
            "    Depth 24",
            "    Modes \"\(Self.width)x\(Self.height)\"",
            "    Virtual \(Self.width) \(Self.height)",
            "  EndSubSection",
            "EndSection",
        ]
        for device in TestDevice.allCases {
            lines += ["Section \"InputDevice\"", "  Identifier \"\(device.name)\"", "  Driver \"inputtest\"",
                      "  Option \"SocketPath\" \"\(socketPath(device))\""]
            lines += device.options.map { "  Option \"\($0.0)\" \"\($0.1)\"" }
            lines.append("EndSection")
        }
        lines += ["Section \"ServerLayout\"", "  Identifier \"layout\"", "  Screen \"screen\""]
        lines += TestDevice.allCases.map { "  InputDevice \"\($0.name)\" \"\($0.layoutRole)\"" }
        lines.append("EndSection")
        return lines.joined(separator: "\n") + "\n"
    }
}
