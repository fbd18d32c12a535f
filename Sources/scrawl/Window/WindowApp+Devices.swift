import CGLFW
import ScrawlCore
import ScrawlXInput

/// The pen and the touchscreens, through XInput2 on the window's own X connection
/// (`XInputConnection`), woken for by `XInputWake`. Without XInput2 the window works as before and
/// says why only when asked (`--verbose`, the help overlay's last line).
final class WindowDevices {
    let connection: XInputConnection
    let wake: XInputWake

    init(_ connection: XInputConnection) {
        self.connection = connection
        wake = XInputWake(fileDescriptor: connection.fileDescriptor) { glfwPostEmptyEvent() }
    }
}

extension WindowApp {
    /// Opens the XInput connection for the window; `verbose` prints what it found, or why there is none.
    func startDevices(verbose: Bool) {
        switch XInputConnection.open(window: UInt(glfwGetX11Window(window))) {
        case .success(let connection):
            devices = WindowDevices(connection)
            serviceDevices()
        case .failure(let why):
            deviceProblem = why.reason
        }
        if verbose { printError("scrawl: pen and touch: " + deviceStatus) }
    }

    /// What the pen and touch input has: the devices found, or why there are none.
    var deviceStatus: String {
        devices?.connection.status ?? "off (\(deviceProblem ?? "no XInput2"))"
    }

    /// Hands on what the pen and the touchscreens did since the last look, then arms the wake-up
    /// for what comes next (each turn of the run loop, before it waits).
    func serviceDevices() {
        guard let d = devices else { return }
        d.connection.drain { handleDevice($0) }
        d.wake.arm()
    }

    /// Before GLFW's pointer input is routed: hands on the pen's events that came before it, so
    /// that GLFW's duplicate of a pen event finds the pen near or touching (a press or release
    /// waits for the server first: `sync`). Nothing to do without a pen.
    func catchUpWithPen(sync: Bool) {
        guard let d = devices, d.connection.hasPens else { return }
        if sync { d.connection.sync { handleDevice($0) } } else { d.connection.drain { handleDevice($0) } }
    }

    /// One input of the pen or a finger: the pen places the cursor feedback while it is near.
    func handleDevice(_ input: WindowInput) {
        if case .pen(let pen) = input, pen.action != .leave {
            ui.cursor = pen.at
            ui.pointerSeen = true
        }
        handle(input)
    }

    /// The touch mode shows in the bar while a touchscreen is known, or when it is not the default.
    var shownTouchMode: TouchMode? {
        devices?.connection.hasTouchscreen == true || ui.touchMode != .draw ? ui.touchMode : nil
    }

    /// Whether the bar draws the touch mode's label now (it gives way to the mirror indicator
    /// where both do not fit).
    func touchModeLabelShown(in layout: ToolbarLayout) -> Bool {
        shownTouchMode != nil && layout.touchModeRect(mirror: ui.mirror) != nil
    }
}
