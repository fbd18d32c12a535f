/// Bézier (Dudel's Freehand tool): each tap-and-drag adds a point at touch-down and sets its control
/// handle with the drag; the segment P1 -> P2 is a cubic with controls C1 and the release point
/// mirrored through P2. Follows the first touch down only. `b` again, `enter` or another tool
/// finishes the path; `escape` drops it. While a path is built its anchor points and handles
/// show (`BezierTool+Marks.swift`), and the pointer previews the segment a click there would add.
public final class BezierTool: Tool {
    public let kind = ToolKind.bezier
    /// The path finished so far (starts with a move to the first point).
    public private(set) var working = Path()
    private(set) var touchID: Int?
    private var settingFirstPoint = true
    /// The last anchor and its outgoing handle; the point being placed and its dragged handle.
    private(set) var p1 = Point.zero, c1 = Point.zero, p2 = Point.zero, c2 = Point.zero

    public init() {}

    /// Dashed red guide: #ff0000, 1.5 points wide, 10 on 7 off from the dragged point.
    public static let guideColor = Color.red
    public static let guideWidth = 1.5
    public static let guideDash = DashPattern(on: 10, off: 7)

    public func activate(_ context: ToolContext) { reset() }

    public func deactivate(_ context: ToolContext) { finish(context) }

    public func cancelAll(_ context: ToolContext) { reset() }

    private func reset() {
        working = Path(); touchID = nil; settingFirstPoint = true
    }

    public func handle(_ touches: [Touch], _ context: ToolContext) {
        for t in touches {
            switch t.phase {
            case .began:
                guard touchID == nil else { continue }
                touchID = t.id
                _ = context.beginStyle()  // a drawing touch: draws random colours in order
                began(t.location)
            case .moved:
                guard t.id == touchID else { continue }
                if settingFirstPoint { c1 = t.location } else { c2 = t.location }
            case .ended:
                guard t.id == touchID else { continue }
                touchID = nil
                ended(t.location)
            case .cancelled:
                guard t.id == touchID else { continue }
                touchID = nil
                c2 = p2
                if settingFirstPoint { working = Path() }
            }
        }
    }

    private func began(_ p: Point) {
        p2 = p; c2 = p
        if working.isEmpty {
            p1 = p; c1 = p
            working.move(to: p)
        }
    }

    private func ended(_ p: Point) {
        if settingFirstPoint {
            c1 = p
            settingFirstPoint = false
            // The first point's handle: keep showing its guide until the next touch.
            p2 = p1; c2 = p
        } else {
            c2 = p
            working.cubic(c1, p2 * 2 - c2, to: p2)
            p1 = p2; c1 = c2
        }
    }

    /// `ctrl+z` while a path is being built: drops the point being placed, else the last point
    /// (the next point continues from the new last point's handle; the guide goes); false when no
    /// path is in progress.
    public func undoOwnStep(_ context: ToolContext) -> Bool {
        guard !working.isEmpty else { return false }
        if touchID != nil {
            touchID = nil
            c2 = p2
            if settingFirstPoint { reset() }
            return true
        }
        guard working.elements.count > 1, case .cubic(let h, _, _)? = working.elements.last else {
            reset()
            return true
        }
        working.removeLastElement()
        p1 = working.currentPoint ?? p1
        c1 = h
        p2 = p1; c2 = p1  // no guide after an undo, as after any other
        return true
    }

    /// Commits the path (fill, then round-capped stroke, with the colours current now) if it has at
    /// least two points, and starts over.
    public func finish(_ context: ToolContext) {
        defer { reset() }
        guard working.elements.count >= 2 else { return }
        let style = context.currentStyle()
        context.commit(.path(PathDrawable(path: working, stroke: style.stroke, fill: style.fill,
                                          style: .round(width: style.width))))
    }

    public func liveItems(_ context: ToolContext) -> [LiveItem] {
        let style = context.currentStyle()
        var path = working
        if touchID != nil, !settingFirstPoint {
            path.cubic(c1, p2 * 2 - c2, to: p2)
        }
        var items: [LiveItem] = []
        if !path.isEmpty {
            items.append(.drawable(.path(PathDrawable(path: path, stroke: style.stroke, fill: nil,
                                                      style: .round(width: style.width)))))
        }
        if let guide = guidePath {
            let size = context.screenPointSize, dash = BezierTool.guideDash
            items.append(.dashed(guide, color: BezierTool.guideColor, width: BezierTool.guideWidth * size,
                                 pattern: DashPattern(on: dash.on * size, off: dash.off * size,
                                                      phase: dash.phase * size)))
        }
        return items + marks(of: path, context)
    }

    /// The segment a click at `p` would add, from the last anchor along its handle (nothing while
    /// a touch is down or before the first point).
    public func cursorFeedback(at p: Point, pointerDown: Bool, _ context: ToolContext) -> CursorFeedback {
        guard !pointerDown, touchID == nil, !working.isEmpty, !settingFirstPoint else { return .none }
        var next = Path()
        next.move(to: p1)
        next.cubic(c1, p, to: p)
        let style = context.currentStyle()
        return .segment(next, color: style.stroke, width: style.width)
    }

    /// The guide from the dragged point through its anchor to the mirror, or nil when there is none.
    public var guidePath: Path? {
        guard let anchor = guidedAnchor else { return nil }
        let handle = settingFirstPoint ? c1 : c2
        return .polyline([handle, anchor * 2 - handle])
    }

    /// The anchor whose handle the guide shows, or nil when there is no guide.
    var guidedAnchor: Point? {
        guard !working.isEmpty else { return nil }
        let (anchor, handle) = settingFirstPoint ? (p1, c1) : (p2, c2)
        return handle != anchor ? anchor : nil
    }
}
