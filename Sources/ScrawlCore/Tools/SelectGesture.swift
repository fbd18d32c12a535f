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
        /// Draws a box from `start` to `current`.
        case box
    }

    let touchID: Int
    let start: Point
    var current: Point
    var shift: Bool
    var alt: Bool
    var mode: Mode
    /// The lasso's points (the touch's path).
    var lasso: [Point]
    /// The bounds of the selection's coordinates when it began to move or scale: the canvas limit
    /// shortens the move or scale so that they stay inside it.
    var limits: Rect?

    init(_ touch: Touch, mode: Mode) {
        touchID = touch.id; start = touch.location; current = touch.location
        shift = touch.shift; alt = touch.alt; self.mode = mode
        lasso = [touch.location]
    }

    /// Whether the gesture shows the selection transformed (moved or scaled) live.
    var transforms: Bool {
        switch mode {
        case .move, .scale: return true
        case .pending, .lasso, .box: return false
        }
    }

    /// The drag's offset for a move, shortened so that the selection stops at the canvas limit.
    var offset: Point {
        let wanted = current - start
        return limits.map { CanvasLimit.clamp(offset: wanted, moving: $0) } ?? wanted
    }

    /// The factors a scale with handle `k` of `box` asks for, and those it gets (shortened so that
    /// the selection stops at the canvas limit).
    func factors(_ k: Int, _ box: Rect) -> (wanted: (sx: Double, sy: Double), got: (sx: Double, sy: Double)) {
        let s = SelectGeometry.scale(handle: k, box: box, delta: current - start, uniform: shift)
        guard let limits else { return (s, s) }
        return (s, CanvasLimit.clamp(sx: s.sx, sy: s.sy, about: SelectGeometry.anchor(k, of: box), scaling: limits,
                                     uniform: shift && SelectGeometry.isCorner(k)))
    }

    /// Whether the canvas limit shortens the move or scale now.
    var isLimited: Bool {
        switch mode {
        case .move: return offset != current - start
        case .scale(let k, let box):
            let f = factors(k, box)
            return f.wanted != f.got
        case .pending, .lasso, .box: return false
        }
    }

    /// `d` as the gesture transforms it now, inside the canvas limit.
    func transform(_ d: Drawable) -> Drawable {
        switch mode {
        case .move: return d.translated(by: offset).keptInsideCanvasLimit()
        case .scale(let k, let box):
            let s = factors(k, box).got
            return d.scaled(about: SelectGeometry.anchor(k, of: box), sx: s.sx, sy: s.sy, scalingWidths: !alt)
                .keptInsideCanvasLimit()
        case .pending, .lasso, .box: return d
        }
    }
}
