/// Fingers on a touchscreen: palm rejection, the bars, and the touch mode (see `InputRouter`).
extension InputRouter {
    mutating func finger(_ input: FingerInput, on screen: InputScreen) -> InputRoute {
        switch input.phase {
        case .began:
            if fingers[input.id] != nil { return fingerMoved(input) }  // a begin for a finger down: a move
            let (role, route) = fingerBegan(input, on: screen)
            fingers[input.id] = role
            return route
        case .moved:
            return fingerMoved(input)
        case .ended, .cancelled:
            let route = fingerMoved(input)
            guard let role = fingers.removeValue(forKey: input.id) else { return .none }
            if case .draws(let id, _) = role { return .canvas(.fingers([FingerTouch(id: id, phase: input.phase, at: input.at)])) }
            return route
        }
    }

    /// Whether a finger beginning at `time` is a palm: the pen is near, or left less than `palmDelay` ago.
    func isPalm(at time: Double) -> Bool {
        if pen.near { return true }
        guard let left = pen.leftAt else { return false }
        return time < left + InputRouter.palmDelay
    }

    /// What a new finger does, decided once: a palm or the prompt, the picker, the bars, then the canvas.
    private func fingerBegan(_ input: FingerInput, on screen: InputScreen) -> (FingerRole, InputRoute) {
        let p = input.at
        if screen.promptOpen || isPalm(at: input.time) { return (.ignored, .none) }
        if let picker = screen.picker {
            if picker.hit(p) != nil { return (.ignored, .none) }
            if case .colorIndicator? = screen.bars.hit(p) {} else { return (.ignored, .picker(.close)) }
        }
        if let part = screen.layerPanel?.hit(p) { return (.ignored, .layers(.press(part, shift: false))) }
        if let hit = screen.button(at: p) { return (.ignored, .bars(.click(hit, shift: false))) }
        if screen.isOverBars(p) { return (.ignored, .none) }
        switch screen.touchMode {
        case .draw:
            let id = freeTouchID()
            return (.draws(id: id, at: p), .canvas(.fingers([FingerTouch(id: id, phase: .began, at: p)])))
        case .navigate:
            let navigating = fingers.values.filter { if case .navigates = $0 { return true } else { return false } }.count
            return navigating < 2 ? (.navigates(at: p), .none) : (.ignored, .none)
        }
    }

    /// A finger moved: a drawing finger's touch moves; a navigating one pans, or with the other
    /// navigating finger pans and pinch-zooms about their centre.
    private mutating func fingerMoved(_ input: FingerInput) -> InputRoute {
        guard let role = fingers[input.id] else { return .none }
        let p = input.at
        switch role {
        case .ignored:
            return .none
        case .draws(let id, let last):
            guard p != last else { return .none }
            fingers[input.id] = .draws(id: id, at: p)
            return .canvas(.fingers([FingerTouch(id: id, phase: .moved, at: p)]))
        case .navigates(let last):
            fingers[input.id] = .navigates(at: p)
            guard p != last else { return .none }
            guard let other = otherNavigatingFinger(than: input.id) else {
                return .view(.touchGesture(from: last, to: p, scale: 1))
            }
            let before = last.distance(to: other), after = p.distance(to: other)
            let scale = before > 1e-9 && after > 1e-9 ? after / before : 1
            return .view(.touchGesture(from: (last + other) / 2, to: (p + other) / 2, scale: scale))
        }
    }

    /// The lowest touch id from 2 up that no drawing finger has.
    private func freeTouchID() -> Int {
        var taken = Set<Int>()
        for role in fingers.values { if case .draws(let id, _) = role { taken.insert(id) } }
        var id = 2
        while taken.contains(id) { id += 1 }
        return id
    }

    /// The position of the other navigating finger, if one is down.
    private func otherNavigatingFinger(than id: Int) -> Point? {
        for (key, role) in fingers where key != id { if case .navigates(let at) = role { return at } }
        return nil
    }
}
