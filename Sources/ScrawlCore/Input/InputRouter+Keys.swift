/// Keys: the prompt, space, the picker, then the key table (see `InputRouter`).
extension InputRouter {
    mutating func key(_ press: KeyPress?, down: Bool, on screen: InputScreen) -> InputRoute {
        if screen.promptOpen { return down ? .prompt(.key) : .none }
        if screen.textEditing, screen.picker == nil, let press, !press.ctrl {
            return down ? .canvas(.key(press, nil)) : .none  // the text takes it (its character comes as text)
        }
        if screen.renamingLayer, let press, !press.ctrl {
            return down ? .layers(.key(press)) : .none  // the name takes it (its character comes as text)
        }
        if press?.key == "space" {
            spaceHeld = down
            return .view(.space(held: down))
        }
        guard down, let press else { return .none }
        if screen.picker != nil, !press.ctrl { return .picker(.key(press)) }
        let action = KeyTable.binding(for: press)?.action
        if case .window(let windowAction)? = action { return InputRouter.route(windowAction) }
        if canvasDrag != nil, action == .undo || action == .redo || action == .clear {
            canvasDrag = nil  // the editor cancels the touches; later moves must not revive them
        }
        return .canvas(.key(press, action))
    }

    /// Who performs a window-level key binding.
    static func route(_ action: KeyAction.WindowAction) -> InputRoute {
        switch action {
        case .toggleHelp: return .overlay
        case .zoomIn, .zoomOut, .zoomToFit, .zoomToActualSize: return .view(.zoom(action))
        case .colorPicker: return .picker(.toggle(fill: false))
        case .colorPickerFill: return .picker(.toggle(fill: true))
        case .toggleLayers: return .layers(.toggle)
        case .save, .quit, .toggleMirror, .toggleTouchMode, .open, .saveAs, .export, .revert, .insertImage: return .window(action)
        }
    }
}
