/// A tool that follows every touch on its own (Dudel's Pencil pattern): began starts, moved extends,
/// ended commits, cancelled discards; events for unknown ids are ignored, and a `began` for an id
/// already down ends the old touch first.
open class MultiTouchTool: Tool {
    public let kind: ToolKind
    /// Touches down, in the order they began.
    public private(set) var touches: [TrackedTouch] = []
    /// The same touches by id (events name touches by id; thousands may be down at once).
    private var byID: [Int: TrackedTouch] = [:]

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
        var removed = false
        for t in events {
            let tracked = byID[t.id]
            switch t.phase {
            case .began:
                if let tracked { end(tracked, context); removed = true }
                let new = TrackedTouch(id: t.id, liveID: context.makeLiveID(), style: context.beginStyle(),
                                       ink: ink(context), start: t.location, pressure: t.pressure, shift: t.shift)
                began(new)
                touches.append(new)
                byID[t.id] = new
            case .moved:
                tracked?.shift = t.shift
                tracked?.add(t.location, pressure: t.pressure)
            case .ended:
                guard let tracked else { continue }
                tracked.shift = t.shift
                tracked.addLast(t.location, pressure: t.pressure)
                end(tracked, context)
                removed = true
            case .cancelled:
                guard let tracked else { continue }
                byID[t.id] = nil
                tracked.isDone = true
                removed = true
            }
        }
        if removed { touches.removeAll { $0.isDone } }
    }

    /// The pressure and stabilizer settings a touch beginning now keeps: those the tool uses, from
    /// its record (the pen's where it keeps none).
    private func ink(_ context: ToolContext) -> InkSettings {
        style(context).ink.masked(by: ToolCatalog[kind].ink)
    }

    private func end(_ t: TrackedTouch, _ context: ToolContext) {
        byID[t.id] = nil
        t.isDone = true
        if let d = drawable(for: t, ended: true) { context.commit(d) }
    }

    public func cancelAll(_ context: ToolContext) { touches.removeAll(); byID.removeAll() }

    public func liveItems(_ context: ToolContext) -> [LiveItem] { touches.compactMap(liveItem(for:)) }

    // The `Tool` defaults, open so that the tools below can answer for themselves.
    open func touchStyle(_ style: ToolStyle) -> TouchStyle { style.touchStyle }
    open func shownStyle(_ style: ToolStyle) -> ToolStyle { style }
    open func cursorFeedback(at p: Point, pointerDown: Bool, _ context: ToolContext) -> CursorFeedback { .none }
    open func statusLine(_ context: ToolContext) -> String { styleStatusLine(context) }
}
