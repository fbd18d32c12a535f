/// One touch of the selection tool, from began to ended.
struct SelectGesture {
    /// What the touch does.
    enum Mode: Equatable {
        /// Not yet moved past the click slop: a click, or a move of the box when it began inside it.
        case pending(inBox: Bool, grab: UInt64?)
        /// Moves the selection by the drag.
        case move
        /// Scales the selection with handle `k` (`SelectGeometry.handleUnits`).
        case scale(handle: Int, box: Rect)
        /// Draws a lasso through `points`.
        case lasso
    }

    let touchID: Int
    let start: Point
    var current: Point
    var shift: Bool
    var alt: Bool
    var mode: Mode
    /// The lasso's points (the touch's path).
    var lasso: [Point]

    init(_ touch: Touch, mode: Mode) {
        touchID = touch.id; start = touch.location; current = touch.location
        shift = touch.shift; alt = touch.alt; self.mode = mode
        lasso = [touch.location]
    }

    /// Whether the gesture shows the selection transformed (moved or scaled) live.
    var transforms: Bool {
        switch mode {
        case .move, .scale: return true
        case .pending, .lasso: return false
        }
    }

    /// `d` as the gesture transforms it now.
    func transform(_ d: Drawable) -> Drawable {
        switch mode {
        case .move: return d.translated(by: current - start)
        case .scale(let k, let box):
            let s = SelectGeometry.scale(handle: k, box: box, delta: current - start, uniform: shift)
            return d.scaled(about: SelectGeometry.anchor(k, of: box), sx: s.sx, sy: s.sy, scalingWidths: !alt)
        case .pending, .lasso: return d
        }
    }
}
