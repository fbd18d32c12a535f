/// Follow: a red ring handle on the centre line of the most recent drawable (or a figure-8 on
/// an empty canvas) that a drag slides along the path without jumping across crossings.
public final class FollowTool: Tool {
    public let kind = ToolKind.follow
    public static let handleRadius = 13.0
    public static let handleLineWidth = 2.0
    public static let grabDistance = 22.0

    public private(set) var samples = PathSamples(path: Path())
    public private(set) var handleIndex = 0
    private var shownPath = Path()
    private var showsFigureEight = false
    private var touchID: Int?
    private var grabbed = false
    private var grabStart = Point.zero, handleAtGrab = Point.zero

    public init() {}

    /// Where the handle is, in canvas points.
    public var handle: Point? { samples.points.isEmpty ? nil : samples.points[handleIndex] }

    public func activate(_ context: ToolContext) { displayListChanged(context) }

    /// The handle's grab zone while the pointer is within reach of it and no button is down.
    public func cursorFeedback(at p: Point, pointerDown: Bool, _ context: ToolContext) -> CursorFeedback {
        guard let h = handle, !pointerDown, h.distance(to: p) <= FollowTool.grabDistance * context.screenPointSize else { return .none }
        return .grabZone(center: h, radius: FollowTool.grabDistance)
    }

    public func displayListChanged(_ context: ToolContext) {
        touchID = nil
        if let path = context.lastDrawablePath {
            shownPath = path; showsFigureEight = false
        } else {
            shownPath = .figureEight(width: context.canvas.width, height: context.canvas.height)
            showsFigureEight = true
        }
        samples = PathSamples(path: shownPath)
        handleIndex = 0
    }

    public func cancelAll(_ context: ToolContext) { touchID = nil }

    public func handle(_ touches: [Touch], _ context: ToolContext) {
        for t in touches {
            switch t.phase {
            case .began:
                guard touchID == nil else { continue }
                touchID = t.id
                let reach = FollowTool.grabDistance * context.screenPointSize
                guard let h = handle, h.distance(to: t.location) <= reach else { grabbed = false; continue }
                grabbed = true; grabStart = t.location; handleAtGrab = h
            case .moved, .ended:
                guard t.id == touchID else { continue }
                if t.phase == .ended { touchID = nil }
                guard grabbed else { continue }
                let target = handleAtGrab + (t.location - grabStart)
                handleIndex = samples.slide(from: handleIndex, towards: target)
            case .cancelled:
                if t.id == touchID { touchID = nil; grabbed = false }
            }
        }
    }

    public func liveItems(_ context: ToolContext) -> [LiveItem] {
        var items: [LiveItem] = []
        if showsFigureEight {
            items.append(.mark(.path(PathDrawable(path: shownPath, stroke: .black, fill: nil,
                                                      style: StrokeOptions(width: 1, cap: .butt, join: .round)))))
        }
        if let h = handle {
            var ring = Path()
            let size = context.screenPointSize
            ring.addArc(center: h, radius: FollowTool.handleRadius * size, startAngle: 0, endAngle: 2 * .pi,
                        clockwise: true)
            ring.close()
            items.append(.mark(.path(PathDrawable(path: ring, stroke: .red, fill: nil,
                                                      style: .round(width: FollowTool.handleLineWidth * size)))))
        }
        return items
    }
}
