/// Buttons, moves and the wheel: panning, the picker, the bars, then the canvas (see `InputRouter`).
extension InputRouter {
    /// Whether a button input belongs to a pan: the middle button, or the left one while a pan is
    /// held or pressed with space held and no drag on the canvas.
    func pans(_ button: PointerButton, pressed: Bool) -> Bool {
        button == .middle || (button == .left && (panFrom != nil || (pressed && spaceHeld && canvasDrag == nil)))
    }

    mutating func press(_ button: PointerButton, at p: Point, modifiers: InputModifiers, on screen: InputScreen,
                        pen: PenSample? = nil) -> InputRoute {
        if pans(button, pressed: true) {
            guard panFrom == nil else { return .none }
            panFrom = p
            return .view(.beginPan(at: p))
        }
        guard button == .left else { return .none }
        if canvasDrag == nil, let picker = screen.picker {
            if let part = picker.hit(p) {
                if [.square, .hue, .alpha].contains(part) { pickerDrag = part }
                return .picker(.press(part, at: p))
            }
            if case .colorIndicator? = screen.bars.hit(p) {} else { return .picker(.close) }
        }
        if canvasDrag == nil, let panel = screen.layerPanel {
            if let part = panel.hit(p) { return .layers(.press(part, shift: modifiers.contains(.shift))) }
            if panel.isRenaming { return .layers(.endRename) }
        }
        if let hit = screen.button(at: p) {
            return .bars(.click(hit, shift: modifiers.contains(.shift), ctrl: modifiers.contains(.ctrl)))
        }
        if screen.isOverBars(p) { return .none }
        let mirrored = screen.toolDraws && (screen.mirror || modifiers.contains(.alt))
        canvasDrag = CanvasDrag(mirrored: mirrored, pen: pen)
        return .canvas(.touches(.began, at: p, modifiers: modifiers, mirrored: mirrored, pen: pen))
    }

    mutating func release(_ button: PointerButton, at p: Point, modifiers: InputModifiers) -> InputRoute {
        if pans(button, pressed: false) {
            panFrom = nil
            return .view(.endPan)
        }
        guard button == .left else { return .none }
        if canvasDrag == nil, let part = pickerDrag {
            pickerDrag = nil
            return .picker(.release(part, at: p))
        }
        guard let drag = canvasDrag else { return .none }
        canvasDrag = nil
        return .canvas(.touches(.ended, at: p, modifiers: modifiers, mirrored: drag.mirrored, pen: drag.pen))
    }

    mutating func move(to p: Point, modifiers: InputModifiers) -> InputRoute {
        if let from = panFrom {
            panFrom = p
            return .view(.pan(from: from, to: p))
        }
        if let part = pickerDrag { return .picker(.drag(part, to: p)) }
        if let drag = canvasDrag { return .canvas(.touches(.moved, at: p, modifiers: modifiers, mirrored: drag.mirrored, pen: drag.pen)) }
        return .hover(p)
    }

    func wheel(dx: Double, dy: Double, at p: Point, on screen: InputScreen) -> InputRoute {
        if let panel = screen.layerPanel, let part = panel.hit(p) {
            guard dy != 0 else { return .none }
            if case .opacity(let position) = part { return .layers(.step(position, up: dy > 0)) }
            return panel.scrolls ? .layers(.scroll(dy > 0 ? -1 : 1)) : .none
        }
        guard let value = screen.bars.hit(p), value == .width || value == .opacity else {
            return .view(.wheel(dx: dx, dy: dy, at: p))
        }
        return dy == 0 ? .none : .bars(.step(value, up: dy > 0))
    }
}
