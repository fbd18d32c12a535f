/// The pen: proximity, its tip and buttons as the pointer's, and the pointer's duplicates of it
/// (see `InputRouter`).
extension InputRouter {
    /// Whether GLFW's pointer inputs go nowhere now: a drag of the pen's is on the canvas (the
    /// mouse never takes it over), or there is none and the pen is near and moves the pointer (its
    /// moves and clicks are the pen's duplicates). A drag the mouse began keeps its inputs.
    public var mouseIsPens: Bool {
        if let drag = canvasDrag { return drag.pen != nil }
        return pen.near && pen.movesPointer
    }

    mutating func pen(_ input: PenInput, on screen: InputScreen) -> InputRoute {
        let p = input.at, mods = input.modifiers
        pen.movesPointer = input.movesPointer
        switch input.action {
        case .enter:
            pen.near = true
            return holdsNothing ? .hover(p) : .none
        case .leave:
            return penLeft(input)
        case .move:
            if let drag = canvasDrag {
                guard drag.pen != nil else { return .none }  // the mouse's drag
                canvasDrag?.pen = input.sample
            }
            return move(to: p, modifiers: mods)
        case .press(let button):
            if input.movesPointer { expectDuplicate(button, pressed: true) }
            if let drag = canvasDrag, drag.pen == nil { return .none }
            return press(button, at: p, modifiers: mods, on: screen, pen: input.sample)
        case .release(let button):
            if input.movesPointer { expectDuplicate(button, pressed: false) }
            if button == .left, let drag = canvasDrag, drag.pen == nil { return .none }
            return release(button, at: p, modifiers: mods)
        }
    }

    /// Notes a pen press or release whose pointer duplicate is still to come.
    private mutating func expectDuplicate(_ button: PointerButton, pressed: Bool) {
        pendingDuplicates.append(PenButtonEvent(button: button, pressed: pressed))
        if pendingDuplicates.count > InputRouter.pendingLimit { pendingDuplicates.removeFirst() }
    }

    /// Whether a pointer press or release is the duplicate of a pen one not yet matched (then it
    /// is matched: each pen event has one duplicate). The pointer's position cannot tell: GLFW gives
    /// a press the pointer's position when it is handled, wherever the pen has moved since.
    mutating func takeDuplicate(_ button: PointerButton, pressed: Bool) -> Bool {
        guard let i = pendingDuplicates.firstIndex(where: { $0.button == button && $0.pressed == pressed }) else { return false }
        pendingDuplicates.remove(at: i)
        return true
    }

    /// Nothing is held: no pan, no drag in the picker or on the canvas.
    private var holdsNothing: Bool { panFrom == nil && pickerDrag == nil && canvasDrag == nil }

    /// The pen went away (or was unplugged): a stroke it was drawing ends where it was, a pan it
    /// held ends, and the cursor feedback goes. Fingers are palms for `palmDelay` from now.
    private mutating func penLeft(_ input: PenInput) -> InputRoute {
        pen.near = false
        pen.leftAt = input.time
        if let drag = canvasDrag, drag.pen != nil {
            canvasDrag = nil
            return .canvas(.touches(.ended, at: input.at, modifiers: input.modifiers, mirrored: drag.mirrored, pen: drag.pen))
        }
        if panFrom != nil, canvasDrag == nil {
            panFrom = nil
            return .view(.endPan)
        }
        return holdsNothing ? .hoverEnded : .none
    }
}
