/// One touch followed by a multitouch tool: its input points and the style it began with.
public final class TrackedTouch {
    public let id: Int
    public let liveID: LiveStrokeID
    public let style: TouchStyle
    /// Input points, consecutive duplicates dropped.
    public private(set) var points: [Point]
    /// Shift was held at the latest event.
    public var shift: Bool
    /// Incremental smoothing state, for the Smooth brush and the Arrow.
    public var smooth: SmoothPathBuilder?

    init(id: Int, liveID: LiveStrokeID, style: TouchStyle, start: Point, shift: Bool) {
        self.id = id; self.liveID = liveID; self.style = style; self.points = [start]; self.shift = shift
    }

    public var first: Point { points[0] }
    public var last: Point { points[points.count - 1] }

    /// Adds an input point unless it equals the previous one; returns whether it was added.
    @discardableResult
    func add(_ p: Point) -> Bool {
        guard p != last else { return false }
        points.append(p)
        smooth?.add(p)
        return true
    }
}

/// A tool that follows every touch on its own (Dudel's Pencil pattern): began starts, moved extends,
/// ended commits, cancelled discards; events for unknown ids are ignored, and a `began` for an id
/// already down ends the old touch first.
open class MultiTouchTool: Tool {
    public let kind: ToolKind
    /// Touches down, in the order they began.
    public private(set) var touches: [TrackedTouch] = []

    public init(kind: ToolKind) { self.kind = kind }

    /// Called once a touch starts (e.g. to set up smoothing).
    open func began(_ touch: TrackedTouch) {}
    /// The drawable a finished touch leaves, or nil for none.
    open func drawable(for touch: TrackedTouch, ended: Bool) -> Drawable? { nil }
    /// The live-layer item for a touch still down.
    open func liveItem(for touch: TrackedTouch) -> LiveItem? {
        drawable(for: touch, ended: false).map { .drawable($0) }
    }

    public func handle(_ events: [Touch], _ context: ToolContext) {
        for t in events {
            let index = touches.firstIndex { $0.id == t.id }
            switch t.phase {
            case .began:
                if let i = index { end(at: i, context) }
                let tracked = TrackedTouch(id: t.id, liveID: context.makeLiveID(), style: context.beginStyle(),
                                           start: t.location, shift: t.shift)
                began(tracked)
                touches.append(tracked)
            case .moved:
                guard let i = index else { continue }
                touches[i].shift = t.shift
                touches[i].add(t.location)
            case .ended:
                guard let i = index else { continue }
                touches[i].shift = t.shift
                touches[i].add(t.location)
                end(at: i, context)
            case .cancelled:
                if let i = index { touches.remove(at: i) }
            }
        }
    }

    private func end(at index: Int, _ context: ToolContext) {
        let t = touches.remove(at: index)
        if let d = drawable(for: t, ended: true) { context.commit(d) }
    }

    public func cancelAll(_ context: ToolContext) { touches.removeAll() }

    public func liveItems(_ context: ToolContext) -> [LiveItem] { touches.compactMap(liveItem(for:)) }
}

/// Pencil (Dudel): a polyline per touch, round caps and joins, a dot on a tap, no fill.
public final class PencilTool: MultiTouchTool {
    public init() { super.init(kind: .pencil) }

    public override func drawable(for t: TrackedTouch, ended: Bool) -> Drawable? {
        .path(PathDrawable(path: .polyline(t.points), stroke: t.style.stroke, fill: nil,
                           style: .round(width: t.style.width)))
    }

    public override func liveItem(for t: TrackedTouch) -> LiveItem? {
        .polyline(id: t.liveID, points: t.points, color: t.style.stroke, style: .round(width: t.style.width))
    }
}

/// Line (Dudel): a straight segment from where the touch began to where it is; a dot on a tap.
public final class LineTool: MultiTouchTool {
    public init() { super.init(kind: .line) }

    public override func drawable(for t: TrackedTouch, ended: Bool) -> Drawable? {
        let pts = t.first == t.last ? [t.first] : [t.first, t.last]
        return .path(PathDrawable(path: .polyline(pts), stroke: t.style.stroke, fill: nil,
                                  style: .round(width: t.style.width)))
    }
}
