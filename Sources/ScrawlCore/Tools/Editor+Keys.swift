/// What a key press did.
public enum KeyOutcome: Equatable, Sendable {
    /// The editor acted on it.
    case handled
    /// A well-formed key with no editor action (the window may still use it, e.g. `ctrl+q`).
    case ignored
}

extension Editor {
    /// Acts on a key press through `KeyTable`: tools, colours, width, opacity, undo, redo, clear,
    /// finish, cancel, bars. Keys the table lacks, and the window's own, are ignored.
    @discardableResult
    public func perform(_ key: KeyPress) -> KeyOutcome {
        if textKey(key) { return .handled }
        guard let action = KeyTable.binding(for: key)?.action else { return .ignored }
        if tool.perform(action, self) { return .handled }
        switch action {
        case .selectTool(let kind): eyedropperArmed = false; eraserEnd = nil; select(kind)
        case .strokeColor(let choice): setStroke(choice)
        case .fillColor(let choice): setFill(choice)
        case .stepWidth(let delta): stepWidth(delta)
        case .stepOpacity(let delta): stepOpacity(delta)
        case .stepStabilizer: stepStabilizer()
        case .finish: tool.finish(self)
        case .cancel: eyedropperArmed = false; tool.cancelAll(self)
        case .undo: undo()
        case .redo: redo()
        case .clear: clear()
        case .toggleBars: toggleBars()
        case .eyedropper: armEyedropper()
        case .toggleEraserMode, .selectAll, .deleteSelection, .copy, .cut, .paste, .duplicate, .nudge:
            return .ignored  // only the eraser and the selection act on these (Tool.perform)
        case .layer(let key): perform(key)
        case .window: return .ignored
        }
        return .handled
    }

    /// One line for the window title: the eyedropper's prompt while it is armed, else the current
    /// tool's (its title, style and state).
    public var statusLine: String {
        if eyedropperArmed { return "Eyedropper — click to take a colour (shift+click: as the fill)" }
        let line = tool.statusLine(self)
        return displayList.layers.count > 1 ? line + " — " + currentLayer.name : line  // the layer, once there are several
    }
}
