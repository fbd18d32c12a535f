/// What a key press did.
public enum KeyOutcome: Equatable, Sendable {
    /// The editor acted on it.
    case handled
    /// A well-formed key with no editor action (the window may still use it, e.g. `ctrl+q`).
    case ignored
}

extension Editor {
    /// Acts on a key press: tools, colours, width, opacity, undo, redo, clear, finish, cancel, bars.
    @discardableResult
    public func perform(_ key: KeyPress) -> KeyOutcome {
        if key.alt { return .ignored }
        if key.ctrl { return performControl(key) }
        if key.shift { return performShifted(key.key) }
        if let kind = ToolKind.forKey(key.key) { select(kind); return .handled }
        if let choice = ColorChoice.forDigit(key.key) { setStroke(choice); return .handled }
        switch key.key {
        case "[": stepWidth(-1)
        case "]": stepWidth(1)
        case "enter": tool.finish(self)
        case "escape": tool.cancelAll(self)
        case "delete": clear()
        case "tab": toggleBars()
        default: return .ignored
        }
        return .handled
    }

    private func performShifted(_ key: String) -> KeyOutcome {
        if key == "9" { setFill(nil); return .handled }
        if let choice = ColorChoice.forDigit(key) { setFill(choice); return .handled }
        switch key {
        case "[": stepOpacity(-1)
        case "]": stepOpacity(1)
        default: return .ignored
        }
        return .handled
    }

    private func performControl(_ key: KeyPress) -> KeyOutcome {
        switch (key.key, key.shift) {
        case ("z", false): undo()
        case ("z", true), ("y", false): redo()
        default: return .ignored
        }
        return .handled
    }

    /// One line for the window title: tool, colours, width, opacity.
    public var statusLine: String {
        let fill = settings.fill?.name ?? "none"
        let width = settings.width == settings.width.rounded() ? String(Int(settings.width)) : String(settings.width)
        return "\(tool.kind.title) — stroke \(settings.stroke.name), fill \(fill), width \(width), "
            + "opacity \(Int((settings.opacity * 100).rounded()))%"
    }
}
